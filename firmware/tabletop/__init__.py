"""Portable core of the tabletop board controller.

Runs unchanged on MicroPython and CPython. Import the part you need, e.g.
``from tabletop.rules import pyraos``; this package itself imports nothing.
"""

VERSION = "0.1.0"

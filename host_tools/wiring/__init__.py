"""``python -m host_tools wiring``: a board's pin table and wiring diagram,
from the profile the firmware loads (a maker's own profile gets its own).

table.py     every GPIO, mux channel, shift-register bit and LED, and what it serves
diagram.py   the same drawn (schemdraw): the Pico, the parts, the nets; SVG and PDF
command.py   the command: the table printed, the diagram written with --out
"""

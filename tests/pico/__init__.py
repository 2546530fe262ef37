"""The emulated Pico: the real rp2 MicroPython firmware in rp2040js (harness.py, run.mjs)."""

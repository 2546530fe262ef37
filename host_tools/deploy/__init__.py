"""``python -m host_tools deploy``: the firmware and a profile onto a board.

install.py  compile (mpy-cross), copy only what changed (mpremote), safely
mplib.py    the MicroPython libraries the firmware needs, pinned and checked
"""

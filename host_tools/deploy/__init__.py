"""``python -m host_tools deploy``: the firmware and a profile onto a board.

install.py  compile (mpy-cross), copy only what changed (mpremote), safely
remote.py   the board's end: its REPL (mpremote), its files, its hello before and after
mplib.py    the MicroPython libraries the firmware needs, pinned and checked
"""

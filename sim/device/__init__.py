"""The device side: the whole board as a host sees it.

virtual_device.py  the firmware's device on the virtual board, across boots
device_parts.py    ... its hal with faults, watchdog and serial link
pty_device.py      the virtual device behind a pseudo terminal
pico_pty.py        an emulated Pico (real rp2 MicroPython) behind one
"""

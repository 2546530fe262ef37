"""The virtual hardware: what a board is made of, in software.

physics/        the pieces and the sensors under them (magnets, noise, drift, bounce)
flash/          virtual flashes that cut the power at any byte
virtual_hal.py  the virtual board's hal: the firmware's only contact with it
lights.py       the LED chain read by name, as a person sees it
sensor_log.py   a recorded sensor stream, and the hal that gives it back
wiring.py       a board wired in another order than the reference profile
"""

"""The simulator's desktop window (pygame-ce): ``python -m sim`` (sim.cli).

launch.py       the options, the table, and the window (or the terminal version)
app.py          the window, its events and frames
layout.py       where things are, scaled to the window
pyraos_view.py  the Pyraos board drawn from above
panel.py        the side panel, the status display, the help page
style.py        colours, fonts, what an LED shows
"""

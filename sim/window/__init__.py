"""The simulator's desktop window (pygame-ce): ``python -m sim`` (sim.commands.play).

app.py          the window, its events and frames; asks the game's view
view.py         what the window asks of a game's view, written once (View, AppSide)
pyraos.py       each game's view, chosen by the game's name (sim.part(game, "window")):
pacal.py        its places, the mouse and keys at its board, who sees which hand,
diabolo.py      what the panel says of its seats, its help page
*_scene.py      each game's board drawn from a scene (live, or a record's position)
panel.py        the side panel, the status display, the pages over the window
layout.py       where things are, scaled to the window
style.py        colours, fonts, what an LED shows
"""

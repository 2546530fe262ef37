"""The simulator in a terminal (textual): ``python -m sim --text``.

app.py       the terminal version of the window: the table, typed and clicked moves;
             asks the game's view
view.py      what the terminal asks of a game's view, written once (TerminalView, AppSide)
pyraos.py    each game's view, chosen by the game's name (sim.part(game, "terminal")):
pacal.py     its board as text (LEDs in colour, cells to click), its moves as typed
diabolo.py   and clicked, who sees which hand, what the side says of its seats
"""

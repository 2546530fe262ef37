"""The ``python -m sim`` commands (cli.py parses them).

play.py         no command: the board in a window (or the terminal)
screenshots.py  ``make screenshots``
hint.py, arena.py (tally.py: what it sums up), soak.py, sweep.py: the commands of those names
text_view.py    plain-text pictures of a position (demo)
"""

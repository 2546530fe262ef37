"""The ``python -m sim`` commands (cli.py parses them).

play.py         no command: the board in a window (or the terminal)
screenshots.py  ``make screenshots``
hint.py, arena.py (tally.py: what it sums up), soak.py, sweep.py, device.py:
                the commands of those names
options.py      option types they share (finite_float: a number, never NaN or infinity)
profile_file.py ``--profile NAME|FILE``: a maker's own profile, checked by the firmware's loader
text_view.py    plain-text pictures of a position (demo)
"""

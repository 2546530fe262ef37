"""Headless runs: games played without a window.

board_play.py   a record played on the virtual board through the real firmware
power_cycle.py  ... its power cuts (power_cuts.py: when they come)
referee.py      ... the firmware's journal judged against the record
selfplay.py     random legal games from a seed, no board at all
"""

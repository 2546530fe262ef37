"""Watching a board: ``monitor`` (a game as it is played, saved as a record)
and ``replay`` (a record stepped through on the board's LEDs).
"""

"""A board over its USB serial port, as every command talks to it.

link.py       the JSON Lines link: commands out, events and replies in
lights.py     the host drawing on the board's LEDs (the lights mode)
positions.py  what each LED shows for a game position (pyraos.py, pacal.py, diabolo.py: each game's)
profile_file.py  a profile named as the commands take it (``--profile``), read and checked
"""

"""``python -m host_tools map``: the wiring wizard that writes a board's profile.

wizard.py   the questions and the profile written (steps.py: what each game's part uses)
pyraos.py, pacal.py   each game's sensors and lights, asked for in turn
"""

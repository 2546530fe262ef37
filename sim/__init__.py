"""The desktop side: the virtual board, self-play and record tools (CPython only).

Run ``python -m sim --help`` for the commands.
"""

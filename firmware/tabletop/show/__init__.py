"""What the board shows: the LED chain's pixel buffer (``pixels``), the LED
frame for a board's state (``render`` and one module per game) and the status
text (``status`` and one module per game, ``text`` for what they share)."""

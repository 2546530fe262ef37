"""The two push buttons, MENU and BACK: short and long presses for the game
(``presses``) and both held together for the device (``chord``)."""

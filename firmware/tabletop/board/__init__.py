"""Board controllers: what the board expects next, one module per game."""

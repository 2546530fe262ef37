"""Game rules, one module per game: ``pacal``, ``pyraos``."""

"""What the board keeps on flash: the games (``store``), the game in play as a
record (``journal``) and the error log (``errorlog``)."""

"""What the status display says (and the serial link, as a status line).

    text = status.for_game(game)   # the module for this game: status_pyraos, status_pacal, ...
                                   # (status_diabolo)
    lines = text.lines(board)      # a tuple of at most text.ROWS strings of text.COLS

The lines fit an SSD1306 of 128x64 pixels in its 8x8 font: 8 rows of 16
characters (tabletop.show.text). They are worked out when what the board
shows changes (never on an idle tick), so they may allocate. One module per
game, loaded only when something shows the text.
"""


def for_game(game):
    if game == "diabolo":
        from tabletop.show import status_diabolo

        return status_diabolo
    if game == "pacal":
        from tabletop.show import status_pacal

        return status_pacal
    from tabletop.show import status_pyraos

    return status_pyraos

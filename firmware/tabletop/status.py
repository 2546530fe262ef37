"""What the status display says (and the serial link, as a status line).

    text = status.for_game(game)   # the module for this game: status_pyraos, status_pacal
    lines = text.lines(board)      # a tuple of at most ROWS strings, each at most COLS long

The lines fit an SSD1306 of 128x64 pixels in its 8x8 font: 8 rows of 16
characters. They are worked out when what the board shows changes (never
on an idle tick), so they may allocate. One module per game, loaded only
when something shows the text.
"""

COLS = 16
ROWS = 8


def for_game(game):
    if game == "pacal":
        from tabletop import status_pacal

        return status_pacal
    from tabletop import status_pyraos

    return status_pyraos


def select_screen(name, variant, number, count):
    """The game-select screen: the game, the variant and the buttons."""
    return (
        name,
        "%s %d/%d" % (variant, number, count),
        "",
        "MENU: start",
        "hold MENU: next",
        "BACK: undo",
    )

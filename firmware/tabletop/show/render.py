"""What each LED shows for a board's state.

    draw = render.for_game(profile.game)   # the module for this game
    draw.render(board, pixels, now_ms)     # fills the pixel buffer; the caller shows it
    draw.animating(board)                  # True while the frame changes with time

One module per game (render_pyraos, render_pacal, render_diabolo), loaded only for the game a
board plays. Each writes every LED it owns on every call, in a fixed order of
priority (error over hint over target), so a frame depends only on the
board's state and the time. Glows and blinks take their level from
tabletop.show.pixels.pulse.
"""


def for_game(game):
    if game == "diabolo":
        from tabletop.show import render_diabolo

        return render_diabolo
    if game == "pacal":
        from tabletop.show import render_pacal

        return render_pacal
    from tabletop.show import render_pyraos

    return render_pyraos

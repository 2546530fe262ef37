"""What each LED shows for a board's state.

    draw = render.for_game(profile.game)   # the module for this game
    draw.render(board, pixels, now_ms)     # fills the pixel buffer; the caller shows it
    draw.animating(board)                  # True while the frame changes with time

One module per game (render_pyraos, render_pacal), loaded only for the game a
board plays. Each writes every LED it owns on every call, in a fixed order of
priority (error over hint over target), so a frame depends only on the
board's state and the time. Nothing is allocated.
"""


def for_game(game):
    if game == "pacal":
        from tabletop import render_pacal

        return render_pacal
    from tabletop import render_pyraos

    return render_pyraos


def pulse(now_ms, period_ms=1200):
    """A triangle wave 40..255 for glows and blinking targets."""
    t = now_ms % period_ms
    half = period_ms >> 1
    if t >= half:
        t = period_ms - t
    return 40 + 215 * t // half


def variant_number(prof, variant):
    # 1-based place of the variant in the profile's list (no allocation)
    games = prof.games
    for i in range(len(games)):
        if games[i][1] == variant:
            return i + 1
    return 1

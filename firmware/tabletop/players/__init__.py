"""Computer players, one call for every game.

    from tabletop import players
    from tabletop.rules.rng import Rng
    moves = players.choose(state, "strong", 20000, Rng(1))   # the whole turn
    for move in moves:
        state.apply(move)

    thinking = players.start(state, "strong", 800, Rng(1), clock=ticks_ms)
    moves = thinking.step(200)      # None while it thinks: call again next tick

``level`` is one of LEVELS; ``budget`` counts positions looked at, or
milliseconds when ``clock`` (a callable giving milliseconds) is given;
``rng`` a tabletop.rules.rng.Rng (the random and easy levels draw from it).
The moves are the rules' move tuples of one whole turn, in order (for
Pyraos a place or raise, and its take-back when it makes a square; for
Pacal an offer, a take and its build, a build or keep, or a solo build:
tabletop.players.pacal_player; for Diabolo a card laid or put out, or
while a round is scored a double, or none: tabletop.players.diabolo_player).
``tt_bits`` sets the size of the search's memory, taken only while it
thinks. Each game's player loads on first use.
"""

LEVELS = ("random", "easy", "medium", "strong")
_SLICE = 1000  # positions per step when choose() runs a search to its end


class NoPlayer(ValueError):
    """There is no computer player for this game (yet)."""


def start(state, level, budget, rng, clock=None, tt_bits=None):
    """Begin choosing a turn for the player to move in ``state``; returns an
    object whose ``step(nodes)`` is None until the turn's moves are found."""
    if level not in LEVELS:
        raise ValueError("level must be one of %s, not %r" % (", ".join(LEVELS), level))
    if state.is_over():
        raise ValueError("the game is over: there is no turn to choose")
    player = _player(state)
    if tt_bits is None:
        return player.start(state, level, budget, rng, clock)
    return player.start(state, level, budget, rng, clock, tt_bits)


def choose(state, level, budget, rng, clock=None, tt_bits=None):
    """The moves of the whole turn for the player to move (see start)."""
    thinking = start(state, level, budget, rng, clock, tt_bits)
    while True:
        moves = thinking.step(_SLICE)
        if moves is not None:
            return moves


def _player(state):
    name = type(state).__name__
    if name == "Pyraos":
        from tabletop.players import pyraos_player

        return pyraos_player
    if name == "Pacal":
        from tabletop.players import pacal_player

        return pacal_player
    if name == "Diabolo":
        from tabletop.players import diabolo_player

        return diabolo_player
    raise NoPlayer("no %s player yet" % name)

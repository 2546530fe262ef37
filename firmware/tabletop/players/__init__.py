"""Computer players, one call for every game.

    from tabletop import players
    from tabletop.rules.rng import Rng
    moves = players.choose(state, "strong", 20000, Rng(1))   # the whole turn
    for move in moves:
        state.apply(move)

    thinking = players.start(state, "strong", 800, Rng(1), clock=ticks_ms)
    moves = thinking.step(200)      # None while it thinks: call again next tick

    p = players.mover(state)        # whose decision comes next (ValueError: none now)
    moves = players.choose(state, "medium", 2000, Rng(1), seat=q)   # q's, where moves
                                    # may be left unmade and several decide (doubles)

``level`` is one of LEVELS; ``budget`` counts positions looked at, or
milliseconds when ``clock`` (a callable giving milliseconds) is given;
``rng`` a tabletop.rules.rng.Rng (the random and easy levels draw from it).
The moves are the rules' move tuples of one whole turn, in order (for
Pyraos a place or raise, and its take-back when it makes a square; for
Pacal an offer, a take and its build, a build or keep, or a solo build:
tabletop.players.pacal_player; for Diabolo a card laid or put out, or
while a round is scored a double, or none: tabletop.players.diabolo_player).
``tt_bits`` sets the size of the search's memory, taken only while it
thinks. Each game's player (its part ``player``, tabletop.games: chosen by
the ``GAME`` of the state's class) loads on first use.

What every game's player provides: ``start(state, level, budget, rng,
clock[, tt_bits])`` for the player ``mover(state)`` names (the one whose
decision comes next: Pyraos the player to move; Pacal the offerer, the
taker or the first still to build; Diabolo the player to move, while a
round is scored the first who may still declare a double; ValueError when
nobody decides now: a chance event comes first, or the game is over). A
game whose moves may be left unmade (``state.may_pass()``: Diabolo's
doubles) lets each of the seats ``state.to_move()`` names decide: its
``start`` takes a last argument ``seat``, and ``[]`` is the seat's pass.
Such moves may follow the end (doubles on the last round), so a game over
is refused only when it has no legal move left.
"""

from tabletop import games

LEVELS = ("random", "easy", "medium", "strong")
_SLICE = 1000  # positions per step when choose() runs a search to its end


class NoPlayer(ValueError):
    """There is no computer player for this game (yet)."""


def start(state, level, budget, rng, clock=None, tt_bits=None, seat=None):
    """Begin choosing a turn for the player whose decision comes next in
    ``state`` (``seat``: another of the seats that may decide, where the
    moves may be left unmade); returns an object whose ``step(nodes)`` is
    None until the turn's moves are found."""
    if level not in LEVELS:
        raise ValueError("level must be one of %s, not %r" % (", ".join(LEVELS), level))
    if state.is_over() and not (state.may_pass() and state.legal_moves()):
        raise ValueError("the game is over: there is no turn to choose")
    player = _player(state)
    if seat is not None and seat != player.mover(state):
        if not state.may_pass() or seat not in state.to_move():
            raise ValueError("seat %r has no decision now" % (seat,))
        return player.start(state, level, budget, rng, clock, tt_bits, seat)
    if tt_bits is None:
        return player.start(state, level, budget, rng, clock)
    return player.start(state, level, budget, rng, clock, tt_bits)


def choose(state, level, budget, rng, clock=None, tt_bits=None, seat=None):
    """The moves of the whole turn for the player whose decision comes next
    (or for ``seat``: see start)."""
    thinking = start(state, level, budget, rng, clock, tt_bits, seat)
    while True:
        moves = thinking.step(_SLICE)
        if moves is not None:
            return moves


def mover(state):
    """The seat whose decision comes next in ``state``; ValueError when
    nobody decides now (a chance event comes first, or the game is over)."""
    return _player(state).mover(state)


def _player(state):
    # The game's player (tabletop.games), by the name its state class gives.
    game = getattr(type(state), "GAME", None)
    if not games.known(game):
        raise NoPlayer("no %s player yet" % type(state).__name__)
    return games.part(game, "player")

"""The Pyraos player at each level, over a rules state (tabletop.rules.pyraos).

    from tabletop.players import pyraos_player
    thinking = pyraos_player.start(game, "strong", 20000, rng)   # 20,000 positions
    events = thinking.step(500)        # None until done, then the turn's moves
    events = thinking.step(500, until, 600)  # ... or until less than 600 us before ``until``
    thinking.value, thinking.solved    # what the search found (None for random)

Use it through tabletop.players (``choose``/``start``/``mover``), which
picks the game.
Levels: ``random`` a uniformly random legal turn; ``easy`` two turns deep with
noise on its choice; ``medium`` four turns deep on a quarter of the budget;
``strong`` the whole budget, as deep as it reaches; in a kids endgame
(EXACT_EMPTY) it searches a quarter of it, then proves the result on the
rest (tabletop.players.pyraos_exact), its search's turn first, plays a
proven win, and never a turn proven lost while another is not.
``budget`` counts positions, or milliseconds when ``clock`` (a callable
giving milliseconds) is given. A turn found by the search is a place or raise and, when it makes a
square, its take-back; a state waiting for a take-back gets only that.
"""

from micropython import const

from tabletop.players.pyraos_search import WIN, WON, Search, Seen
from tabletop.players.pyraos_turns import MOVE, events, take_turns, turns
from tabletop.rules.pyraos import KIDS, LINES, P_REMOVE

_BITS = const(30)
_POSITION = const((1 << 30) - 1)
_NIBBLE = const(15)
# level: (turns deep at most, noise in hundredths of a marble, budget divisor)
_LEVELS = {
    "easy": (2, 60, 8),
    "medium": (4, 0, 4),
    "strong": (59, 0, 1),
}
_MS_NODES = const(1 << 28)  # the position cap when the budget is in milliseconds
TT_BITS = const(12)  # the transposition table's size, as a power of 2
# A kids position with this many empty spots or fewer: the strong level
# tries to prove it first (pyraos_exact), its table 2**(2 tt_bits - 11)
# positions, 2**_KEYS_BITS at most: 512 at a board's 10 bits (big-int keys:
# some 25 KB, estimated, about the search's table, which is made after it).
EXACT_EMPTY = const(22)
_KEYS_BITS = const(20)


def mover(state):
    """The player whose decision comes next: the player to move (ValueError
    once the game is over)."""
    if state.is_over():
        raise ValueError("no decision now: the game is over")
    return state.turn


def start(state, level, budget, rng, clock=None, tt_bits=TT_BITS):
    """Begin thinking about ``state`` (see the module's docstring)."""
    p = state.turn
    me, you = state.marbles[p], state.marbles[1 - p]
    if state.phase == P_REMOVE:
        first = take_turns(me, you)
    else:
        first = turns(me, you, state.reserve[p], state.variant != KIDS, state.variant == LINES)
    if level == "random":
        from tabletop.players.chosen import Chosen  # (this level's only)

        return Chosen(events(rng.choice(first) & MOVE, p))
    if level not in _LEVELS:
        raise ValueError("no Pyraos level %r" % (level,))
    depth, noise, share = _LEVELS[level]
    budget = max(1, budget // share)
    nodes, ms = (_MS_NODES, budget) if clock is not None else (budget, 0)
    root = (me, you, state.reserve[p], state.reserve[1 - p], p)
    seen = _seen(state.history)

    def search(turns, nodes, ms):
        return Search(root, turns, seen, state.variant != KIDS, state.variant == LINES,
                      nodes, clock, ms, depth, noise, rng, tt_bits)  # fmt: skip

    if level == "strong" and state.variant == KIDS and _empty(me | you) <= EXACT_EMPTY:
        from tabletop.players.pyraos_exact import Proving  # (this level's only)

        keys = 1 << min(2 * tt_bits - 11, _KEYS_BITS)
        return Proving(root, first, nodes, clock, ms, keys, search, p)
    return Thinking(search(first, nodes, ms), p)


def _empty(occ):
    n = 30
    while occ:
        occ &= occ - 1
        n -= 1
    return n


def _seen(history):
    """The rules' start-of-turn positions (big ints) as the search keeps them."""
    seen = Seen()
    for key in history:
        light, dark = key & _POSITION, key >> _BITS & _POSITION
        rest = key >> (2 * _BITS)
        r0, r1, colour = rest & _NIBBLE, rest >> 4 & _NIBBLE, rest >> 8
        if colour:
            seen.note(dark, light, r1 | r0 << 4 | 1 << 8, 1)
        else:
            seen.note(light, dark, r0 | r1 << 4, 1)
    return seen


class Thinking:
    """A search under way: ``step(nodes)`` is None until the turn is chosen,
    then its moves. ``value`` (hundredths of a marble for the mover, or
    about +-WIN when proven), ``solved``, ``depth`` and ``nodes`` say how."""

    def __init__(self, search, player):
        self.search = search
        self.player = player

    def step(self, nodes, until=None, margin=0):
        best = self.search.step(nodes, until, margin)
        return None if best is None else events(best & MOVE, self.player)

    @property
    def value(self):
        return self.search.value

    @property
    def solved(self):
        return self.search.solved

    @property
    def depth(self):
        return self.search.depth

    @property
    def nodes(self):
        return self.search.nodes

    def facts(self):
        """What the search found (a hint tells it): ``score`` (hundredths of a
        marble, the mover's view), ``depth`` (turns looked ahead), ``nodes``;
        when it proved the outcome, ``value`` ("win", "loss" or "draw") and
        for a win or a loss ``turns`` (both players', until the game ends)."""
        v = self.value
        if v is None:
            return {}
        out = {"score": v, "depth": self.depth, "nodes": self.nodes}
        if v > WON or v < -WON:
            out["value"] = "win" if v > 0 else "loss"
            out["turns"] = WIN - abs(v)
        elif self.solved:  # every line looked at ends in a repetition
            out["value"] = "draw"
        return out

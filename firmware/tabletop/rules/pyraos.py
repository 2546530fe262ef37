"""Pyraos (the game Gigamic sells as Pylos): variants standard, kids and lines.

    from tabletop.rules import pyraos
    from tabletop.rules.pyraos_geometry import position_index as index
    game = pyraos.Pyraos("standard")
    game.placement_mask()          # where a reserve marble may go now
    game.raise_sources()           # own marbles that may be raised
    game.raise_targets(src)        # and where to
    game.removable_mask()          # own marbles that may be taken back now
    game.apply((pyraos.PLACE, 0, index("b2"), -1))
    game.outcome()                 # None while the game goes on
    pyraos.new_state("kids"), pyraos.seats("kids"), pyraos.result(game)   # (tabletop.games)

Moves are tuples ``(kind, player, a, b)`` of ints, positions as indices of
``pyraos_geometry`` (b is -1 where unused):

    (PLACE, p, pos, -1)    (RAISE, p, src, dst)    (REMOVE, p, first, second or -1)

After a move that forms a square (or, in "lines", a line) of the mover's
colour, the same player must take back one or two marbles: the next move is a
REMOVE. docs/RULES.md has the rules and every decision.
"""

from tabletop.rules.common import Game, seated
from tabletop.rules.pyraos_geometry import (
    ABOVE,
    LEVEL,
    LEVEL_START,
    LINE_MASKS,
    POSITIONS,
    SUPPORT,
    TOP,
)
from tabletop.rules.values import is_int

PLACE = 1
RAISE = 2
REMOVE = 3

STANDARD = "standard"
KIDS = "kids"
LINES = "lines"
VARIANTS = (STANDARD, KIDS, LINES)

MARBLES = 15  # per colour; player 0 plays light and moves first
REPEATS_FOR_DRAW = 3

# Phases
P_MOVE = 0  # place or raise
P_REMOVE = 1  # the mover formed a square or line and takes back 1 or 2
P_OVER = 2


def seats(variant):
    """The fewest and most players ``variant`` seats: two, always."""
    return (2, 2)


def new_state(variant=STANDARD, players=0):
    """A new game of ``variant`` (``players``: 0 or 2)."""
    if type(players) is not int or players:  # (0: not given)
        seated(Pyraos.GAME, variant, seats(variant), players)
    return Pyraos(variant)


def chance(state, rng):
    """The chance event due now (a deal), or None: Pyraos has none."""
    return None


def result(state):
    """The record's ``result`` (docs/RECORDS.md): the ``winner`` so far."""
    out = state.outcome()
    return {"winner": None if out is None else out.winner}


_LEVEL2 = LEVEL_START[1]
_LEVEL1 = (1 << _LEVEL2) - 1
# _HIGHER[k]: every position above level k.
_HIGHER = tuple(((1 << POSITIONS) - 1) & ~((1 << LEVEL_START[k]) - 1) for k in range(5))


class Pyraos(Game):
    """A game of Pyraos in one of the VARIANTS."""

    GAME = "pyraos"  # its name in tabletop.games
    OVER = P_OVER

    def __init__(self, variant=STANDARD):
        if variant not in VARIANTS:
            raise ValueError("unknown Pyraos variant %r" % (variant,))
        self.variant = variant
        self.marbles = [0, 0]  # bit mask of each player's marbles on the board
        self.reserve = [MARBLES, MARBLES]
        self.turn = 0
        self.phase = P_MOVE
        self.plies = 0  # moves made (a take-back counts as its own move)
        self.history = [self._key()]  # position at the start of every turn

    # -- reading the state ---------------------------------------------------

    def mid_turn(self):
        return self.phase == P_REMOVE  # (the take-back after a square is the turn's)

    def occupied(self):
        return self.marbles[0] | self.marbles[1]

    def owner(self, pos):
        """0 or 1 for the colour at ``pos``, None when empty."""
        bit = 1 << pos
        if self.marbles[0] & bit:
            return 0
        if self.marbles[1] & bit:
            return 1
        return None

    def to_move(self):
        return () if self.phase == P_OVER else (self.turn,)

    def _key(self):
        r = self.reserve
        return self.marbles[0] | self.marbles[1] << 30 | (r[0] | r[1] << 4 | self.turn << 8) << 60

    def copy(self):
        c = object.__new__(Pyraos)  # a bare instance: __init__ is not run
        c.variant = self.variant
        c.marbles = list(self.marbles)
        c.reserve = list(self.reserve)
        c.turn = self.turn
        c.phase = self.phase
        c.plies = self.plies
        c.history = list(self.history)
        c._outcome = self._outcome
        return c

    # -- the board's questions (bit masks; no allocation) ------------------------

    def _free(self, occ):
        """Empty positions with a full square under them (or on level 1)."""
        mask = ~occ & _LEVEL1
        i = _LEVEL2
        while i < POSITIONS:
            s = SUPPORT[i]
            if occ & s == s and not occ >> i & 1:
                mask |= 1 << i
            i += 1
        return mask

    def _loose(self, own, occ):
        """Those of ``own`` that carry nothing."""
        carrying = 0
        upper = occ >> _LEVEL2
        i = _LEVEL2
        while upper:
            if upper & 1:
                carrying |= SUPPORT[i]
            upper >>= 1
            i += 1
        return own & ~carrying

    def placement_mask(self):
        """Positions where the player to move may put a reserve marble."""
        if self.phase != P_MOVE or not self.reserve[self.turn]:
            return 0
        return self._free(self.occupied())

    def raise_targets(self, src):
        """Where the player to move may raise their marble at ``src``."""
        if self.phase != P_MOVE:
            return 0
        occ = self.occupied()
        if not self.marbles[self.turn] >> src & 1 or occ & ABOVE[src]:
            return 0
        return self._targets(src, self._free(occ))

    def _targets(self, src, free):
        # Free positions on a higher level that do not rest on src itself.
        return free & _HIGHER[LEVEL[src]] & ~ABOVE[src]

    def raise_sources(self):
        """The player's own marbles that may be raised somewhere now."""
        if self.phase != P_MOVE:
            return 0
        occ = self.occupied()
        loose = self._loose(self.marbles[self.turn], occ)
        free = self._free(occ)
        mask = 0
        i = 0
        while loose >> i:
            if loose >> i & 1 and self._targets(i, free):
                mask |= 1 << i
            i += 1
        return mask

    def removable_mask(self, after=-1):
        """Own marbles that may be taken back now; with ``after``, those that
        may be the second once the marble at ``after`` has been taken."""
        if self.phase != P_REMOVE:
            return 0
        own = self.marbles[self.turn]
        occ = self.occupied()
        if after >= 0:
            bit = 1 << after
            if not self._loose(own, occ) & bit:
                return 0
            own &= ~bit
            occ &= ~bit
        return self._loose(own, occ)

    def forms(self, player, pos, own=None):
        """True if the player's marble at ``pos`` completes a square (or, in
        "lines", a line) of their colour."""
        if self.variant == KIDS:
            return False
        if own is None:
            own = self.marbles[player]
        above = ABOVE[pos]
        i = _LEVEL2
        while above >> i:
            if above >> i & 1 and own & SUPPORT[i] == SUPPORT[i]:
                return True
            i += 1
        if self.variant == LINES:
            for line in LINE_MASKS:
                if own & line == line and line >> pos & 1:
                    return True
        return False

    # -- moves -----------------------------------------------------------------------

    def _generate(self):
        p = self.turn
        if self.phase == P_MOVE:
            occ = self.occupied()
            free = self._free(occ)
            if self.reserve[p]:
                m = free
                i = 0
                while m:
                    if m & 1:
                        yield (PLACE, p, i, -1)
                    m >>= 1
                    i += 1
            loose = self._loose(self.marbles[p], occ)
            i = 0
            while loose:
                if loose & 1:
                    targets = self._targets(i, free) >> _LEVEL2
                    j = _LEVEL2
                    while targets:
                        if targets & 1:
                            yield (RAISE, p, i, j)
                        targets >>= 1
                        j += 1
                loose >>= 1
                i += 1
        elif self.phase == P_REMOVE:
            first = self.removable_mask()
            i = 0
            while first:
                if first & 1:
                    yield (REMOVE, p, i, -1)
                    second = self.removable_mask(i)
                    j = 0
                    while second:
                        if second & 1:
                            yield (REMOVE, p, i, j)
                        second >>= 1
                        j += 1
                first >>= 1
                i += 1

    def fault(self, move):
        """None when ``move`` is legal now, else the fault ``(code, arg, ...)``
        (see tabletop.rules.reasons). Allocates nothing for a legal move."""
        if type(move) is not tuple or len(move) != 4:
            return ("not_event", repr(move))
        kind, p, a, b = move
        if not (is_int(kind) and is_int(p) and is_int(a) and is_int(b)):
            return ("not_event", repr(move))
        if kind != PLACE and kind != RAISE and kind != REMOVE:
            return ("unknown_kind", kind)
        if not 0 <= a < POSITIONS or not -1 <= b < POSITIONS:
            return ("not_position",)
        if self.phase == P_OVER:
            return ("over",)
        if p != self.turn:
            if self.phase == P_REMOVE:
                return ("takeback_due", self.turn)
            return ("turn", self.turn, p)
        occ = self.occupied()
        own = self.marbles[p]
        if kind == REMOVE:
            if self.phase != P_REMOVE:
                return ("no_takeback_lines" if self.variant == LINES else "no_takeback",)
            why = self._not_loose(own, occ, a)
            if why is None and b >= 0:
                if b == a:
                    return ("twice", a)
                bit = 1 << a
                why = self._not_loose(own & ~bit, occ & ~bit, b)
            return why
        if self.phase == P_REMOVE:
            return ("takeback_due", p)
        if kind == PLACE:
            if b != -1:
                return ("place_one",)
            if not self.reserve[p]:
                return ("no_marbles", p)
            return self._not_free(occ, a)
        # RAISE
        why = self._not_loose(own, occ, a)
        if why is not None:
            return why
        if b < 0:
            return ("raise_to",)
        if LEVEL[b] <= LEVEL[a]:
            return ("raise_up",)
        if SUPPORT[b] >> a & 1:
            return ("on_itself", a, b)
        return self._not_free(occ, b)

    def _not_loose(self, own, occ, pos):
        if not own >> pos & 1:
            return ("not_own", pos, self.turn)
        if occ & ABOVE[pos]:
            return ("carries", pos)
        return None

    def _not_free(self, occ, pos):
        if occ >> pos & 1:
            return ("taken", pos)
        s = SUPPORT[pos]
        if occ & s != s:
            return ("unsupported", pos, s & ~occ)
        return None

    def _apply(self, move):
        kind, p, a, b = move
        self.plies += 1
        if kind == PLACE:
            self.marbles[p] |= 1 << a
            self.reserve[p] -= 1
            if a == TOP:
                self._finish(p, "player %d placed the top marble" % p)
                return
            landed = a
        elif kind == RAISE:
            self.marbles[p] ^= 1 << a | 1 << b
            landed = b
        else:  # REMOVE
            taken = 1 << a
            if b >= 0:
                taken |= 1 << b
            self.marbles[p] &= ~taken
            self.reserve[p] += 1 if b < 0 else 2
            self._end_turn()
            return
        if self.forms(p, landed):
            self.phase = P_REMOVE
        else:
            self._end_turn()

    def _end_turn(self):
        self.turn = 1 - self.turn
        self.phase = P_MOVE
        if not self.reserve[self.turn]:
            # A player who must play and has no marble loses, raise or not.
            # (Losing as soon as the reserve empties would leave the top
            # unreachable: it needs 29 marbles below while the mover still
            # has one, so the opponent's reserve is empty by then.)
            self._finish(1 - self.turn, "player %d has no marbles left" % self.turn)
            return
        key = self._key()
        self.history.append(key)
        if self.history.count(key) >= REPEATS_FOR_DRAW:
            self._finish(None, "the same position came up %d times" % REPEATS_FOR_DRAW)

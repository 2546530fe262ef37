"""The Pyraos search: negamax with alpha-beta over whole turns, deepened one
turn at a time, run in slices so that a board can think between its ticks.

    s = Search(root, turns, seen, take, lines, nodes=20000)
    while s.step(300) is None:    # at most 300 positions per call
        ...                       # the board's tick runs here
    s.step(300, until, 600)       # ... none begun with less than 600 us left before until
    s.best, s.value, s.depth, s.solved, s.nodes

``root`` is ``(me, you, my_reserve, your_reserve, colour)`` (see
pyraos_turns; ``colour``: 0 light, 1 dark, for the repetition rule), ``turns``
the root's turns, ``seen`` the repetition counts (``Seen``). The search stops
when the budget is spent (``nodes``, and with ``clock``, a callable giving
milliseconds, ``ms``), when the value is proven (``solved``: no position
was judged by the evaluation, so the value is exact), or at ``max_depth``
turns. Its transposition table (``tt_bits``) is taken at the start and given
back at the end. With ``noise`` (and ``rng``) each root turn's value gets a
random number in -noise..noise added: the easy level's mistakes.

Values are in hundredths of a marble (pyraos_bits.MARBLE) for the mover;
a win ``n`` turns from the root is ``WIN - n``, a loss ``-(WIN - n)``.
"""

from micropython import const

from tabletop.clock import ticks_diff, ticks_us
from tabletop.players.pyraos_bits import evaluate, judge, shapes
from tabletop.players.pyraos_turns import NONE
from tabletop.players.pyraos_turns import turns as all_turns
from tabletop.rules.pyraos import PLACE, RAISE

WIN = const(10000)
MAX_PLY = const(60)
WON = const(WIN - MAX_PLY)  # a value beyond this is a proven win
SOLVED = const(255)  # the depth of a table entry whose value is exact
_INF = const(30000)
_NO_TURNS = []  # a ply's turns when no position is searched there (never changed)
_CLOCK_EVERY = const(128)  # positions between two looks at the clock
_NEVER = const(1 << 30)  # ... without a clock
# The transposition table (Table): what a table entry's value is.
EXACT = const(0)  # the value is exact
LOWER = const(1)  # the value is at least this (the search was cut off above)
UPPER = const(2)  # the value is at most this (nothing reached the window)
_BITS = const(30)
_HASH = const(40503)
_LOW23 = const((1 << 23) - 1)
_TOP_PLACED = const(1 << 20 | 29)  # a turn that places on the top (pyraos.PLACE, geometry.TOP)
_KIND_AND_A = const(3 << 20 | 31)
# The other's shapes at a leaf, kept by marbles in _KEPT slots (marbles %
# _KEPT: a prime of which 2 is a primitive root, so masks one marble apart
# never share a slot): a leaf's other has just moved, and the same turns of
# theirs come again below each of the mover's turns before.
_KEPT = const(67)

# What the loop in step() does next.
_ENTER = const(0)  # look at the position at ply sp
_NEXT = const(1)  # try the next turn at ply sp, or finish it
_BACK = const(2)  # the position at ply sp is done, its value in ret
_FOLD = const(3)  # take the value ret of a turn into ply sp


class Search:
    def __init__(self, root, turns, seen, take, lines, nodes, clock=None, ms=0,
                 max_depth=MAX_PLY - 1, noise=0, rng=None, tt_bits=14):  # fmt: skip
        self.take = take
        self.lines = lines
        self.seen = seen
        self.colour = root[4]
        self.max_nodes = nodes
        self.clock = clock
        self.deadline = clock() + ms if clock is not None else 0
        self.max_depth = min(max_depth, MAX_PLY - 1)
        self.noise = noise
        self.rng = rng if noise else None
        turns.sort(reverse=True)
        self.turns = turns
        self.best = 0  # the best turn of the deepest finished iteration
        self.value = 0
        self.depth = 0  # turns looked ahead by that iteration
        self.solved = False
        self.nodes = 0
        n = MAX_PLY + 1
        self.me = [0] * n
        self.you = [0] * n
        self.mine = bytearray(n)  # the mover's reserve
        self.yours = bytearray(n)
        self.left = bytearray(n)  # turns left to look ahead
        self.alpha = [0] * n
        self.beta = [0] * n
        self.alpha0 = [0] * n
        self.top = [0] * n  # the best value so far
        self.top_turn = [0] * n
        self.moves = [_NO_TURNS] * n
        self.next = [0] * n  # index of the next turn to try
        self.rough = bytearray(n)  # 1 when the evaluation judged a position below
        # the squares the mover of ply p's leaves (and of its other turns'
        # positions) may complete (pyraos_bits.shapes), and the marbles they are of
        self.shapes = [0] * n
        self.shapes_of = [-1] * n
        self.kept = [0] * _KEPT  # the other's shapes at a leaf (_KEPT), and whose they are
        self.kept_of = [-1] * _KEPT
        self.me[0], self.you[0], self.mine[0], self.yours[0] = root[0], root[1], root[2], root[3]
        self.tt = Table(tt_bits)
        self._begin(1)

    def _begin(self, depth):
        self.sp = 0
        self.mode = _ENTER
        self.ret = 0
        self.left[0] = depth
        self.alpha[0] = -_INF
        self.beta[0] = _INF

    def _over(self):
        """True when the budget is spent (once one iteration has finished)."""
        if not self.best:
            return False
        if self.nodes >= self.max_nodes:
            return True
        return self.clock is not None and self.clock() >= self.deadline

    def _finish(self):
        self.tt = None  # the memory goes back
        self.moves = []
        self.turns = []

    def step(self, budget, until=None, margin=0):
        """Look at up to ``budget`` more positions, and with ``until`` (a
        tabletop.clock.ticks_us time) none begun with less than ``margin``
        us left before it; None while the search goes on, then the best
        turn."""
        tt = self.tt
        if tt is None:
            return self.best
        # (bound three at a time at most: on MicroPython four names or more
        # at once build a tuple, and the search allocates as little as it can)
        ME, YOU, LEFT = self.me, self.you, self.left
        MINE, YOURS = self.mine, self.yours
        ALPHA, BETA, ALPHA0 = self.alpha, self.beta, self.alpha0
        TOP_V, TOP_T = self.top, self.top_turn
        MOVES, NEXT, ROUGH = self.moves, self.next, self.rough
        seen = self.seen
        rows = seen.rows  # (a position met before has its row: most are not)
        SHAPES, SHAPES_OF = self.shapes, self.shapes_of
        KEPT, KEPT_OF = self.kept, self.kept_of
        TA, TB, TC = tt.a, tt.b, tt.c
        TV, TD, TBOUND = tt.value, tt.depth, tt.bound
        TM, mask, shift = tt.move, tt.mask, tt.shift
        take, lines = self.take, self.lines
        rng, colour0 = self.rng, self.colour
        # (module globals fetched once a slice, not once a position)
        placing, raising = PLACE, RAISE
        now_us, diff, leaf = ticks_us, ticks_diff, judge
        nodes = self.nodes
        stop = min(nodes + budget, self.max_nodes) if self.best else nodes + budget
        clock = self.clock
        look = nodes + _CLOCK_EVERY if clock is not None else _NEVER
        sp, mode, ret = self.sp, self.mode, self.ret
        while True:
            if mode == _NEXT:
                p = sp
                moves = MOVES[p]
                i = NEXT[p]
                if i >= len(moves) or ALPHA[p] >= BETA[p]:
                    ret = v = TOP_V[p]
                    if p:
                        keep = v + p if v > WON else v - p if v < -WON else v
                        bound = EXACT
                        if v <= ALPHA0[p]:
                            bound = UPPER
                        elif v >= BETA[p]:
                            bound = LOWER
                        depth = LEFT[p] if ROUGH[p] else SOLVED
                        # kept in its slot, unless that holds the same position searched deeper
                        me, you, c = ME[p], YOU[p], MINE[p] | YOURS[p] << 4
                        h = me ^ (you & _LOW23) << 7 ^ you >> 23 ^ c * _HASH
                        slot = (h ^ h >> shift) & mask
                        if TA[slot] != me or TB[slot] != you or TC[slot] != c or TD[slot] <= depth:
                            TA[slot], TB[slot], TC[slot] = me, you, c
                            TV[slot], TD[slot], TBOUND[slot] = keep, depth, bound
                            TM[slot] = TOP_T[p]  # (with its ordering score: _first finds it)
                        if ROUGH[p]:
                            ROUGH[p - 1] = 1
                        MOVES[p] = _NO_TURNS
                    mode = _BACK
                    continue
                m = moves[i]
                NEXT[p] = i + 1
                mine = YOURS[p]  # (the next position's mover is the other)
                if m & _KIND_AND_A == _TOP_PLACED or not mine:
                    ret = p + 1 - WIN  # the other has lost
                    mode = _FOLD
                    continue
                # The turn played (pyraos_turns' encoding): the mover's marbles and reserve.
                you = ME[p]
                yours = MINE[p]
                kind = m >> 20 & 3
                if kind == placing:
                    you |= 1 << (m & 31)
                    yours -= 1
                elif kind == raising:
                    you ^= 1 << (m & 31) | 1 << (m >> 5 & 31)
                r = m >> 10 & 31
                if r != NONE:
                    you &= ~(1 << r)
                    yours += 1
                    r = m >> 15 & 31
                    if r != NONE:
                        you &= ~(1 << r)
                        yours += 1
                me = YOU[p]
                q = p + 1
                c = mine | yours << 4 | (colour0 ^ (q & 1)) << 8
                if me in rows and seen.count(me, you, c) >= 2:
                    ret = 0  # the third time: a draw
                    mode = _FOLD
                    continue
                if LEFT[p] == 1 and nodes < stop and nodes + 1 < look:
                    if until is not None and diff(until, now_us()) < margin:
                        # The slice is over: the next one tries this turn
                        # again and judges its leaf here (entered, the leaf
                        # would be judged there as a position of its own).
                        NEXT[p] = i
                        break
                    # A leaf, judged here as _ENTER would judge it (and on
                    # no path in ``seen``: nothing is searched below it).
                    nodes += 1
                    c = mine | yours << 4
                    h = me ^ (you & _LOW23) << 7 ^ you >> 23 ^ c * _HASH
                    slot = (h ^ h >> shift) & mask
                    ret = _INF  # (nothing from the table yet)
                    if TA[slot] == me and TB[slot] == you and TC[slot] == c:
                        v = TV[slot]
                        v = v - q if v > WON else v + q if v < -WON else v
                        b = TBOUND[slot]
                        if (
                            b == EXACT
                            or (b == LOWER and v >= -ALPHA[p])
                            or (b == UPPER and v <= -BETA[p])
                        ):
                            if TD[slot] != SOLVED:
                                ROUGH[p] = 1
                            ret = v
                    if ret == _INF:
                        ROUGH[p] = 1
                        theirs = 0
                        if take:
                            if SHAPES_OF[p] != me:  # (the same for all of p's leaves)
                                SHAPES_OF[p] = me
                                SHAPES[p] = shapes(me, lines)
                            k = you % _KEPT
                            if KEPT_OF[k] != you:
                                KEPT_OF[k] = you
                                KEPT[k] = shapes(you, lines)
                            theirs = KEPT[k]
                        ret = leaf(SHAPES[p], theirs, me, you, mine, yours, take, lines)
                    s = -ret
                    if not p and rng is not None:
                        s += rng.below(2 * self.noise + 1) - self.noise
                    if s > TOP_V[p]:
                        TOP_V[p] = s
                        TOP_T[p] = m
                        if s > ALPHA[p] and (p or rng is None):
                            ALPHA[p] = s
                    continue
                left = LEFT[p] - 1
                if left > 1:  # (a repetition needs two turns more: one turn deep, it is never met)
                    seen.note(me, you, c, 1)
                ME[q], YOU[q] = me, you
                MINE[q], YOURS[q] = mine, yours
                LEFT[q] = left
                ALPHA[q] = -BETA[p]
                BETA[q] = -ALPHA[p]
                sp = q
                mode = _ENTER
            elif mode == _ENTER:
                if nodes >= stop or (until is not None and diff(until, now_us()) < margin):
                    break
                nodes += 1
                if nodes >= look:
                    look = nodes + _CLOCK_EVERY
                    if self.best and clock is not None and clock() >= self.deadline:
                        nodes -= 1
                        break
                p = sp
                ROUGH[p] = 0
                if p:
                    me, you = ME[p], YOU[p]
                    mine, yours = MINE[p], YOURS[p]
                    c = mine | yours << 4
                    h = me ^ (you & _LOW23) << 7 ^ you >> 23 ^ c * _HASH
                    slot = (h ^ h >> shift) & mask
                    best = 0
                    if TA[slot] == me and TB[slot] == you and TC[slot] == c:
                        best = TM[slot]
                        if TD[slot] >= LEFT[p]:
                            v = TV[slot]
                            v = v - p if v > WON else v + p if v < -WON else v
                            b = TBOUND[slot]
                            if (
                                b == EXACT
                                or (b == LOWER and v >= BETA[p])
                                or (b == UPPER and v <= ALPHA[p])
                            ):
                                if TD[slot] != SOLVED:
                                    ROUGH[p - 1] = 1
                                ret = v
                                mode = _BACK
                                continue
                    if not LEFT[p]:
                        ROUGH[p - 1] = 1
                        ret = evaluate(me, you, mine, yours, take, lines)
                        mode = _BACK
                        continue
                    if take and SHAPES_OF[p - 1] != me:  # (the same for p's siblings)
                        SHAPES_OF[p - 1] = me
                        SHAPES[p - 1] = shapes(me, lines)
                    moves = all_turns(me, you, mine, take, lines, SHAPES[p - 1])
                    moves.sort(reverse=True)
                    if best:
                        _first(moves, best)
                    MOVES[p] = moves
                else:
                    MOVES[0] = self.turns
                NEXT[p] = 0
                TOP_V[p] = -_INF
                TOP_T[p] = 0
                ALPHA0[p] = ALPHA[p]
                mode = _NEXT
            elif mode == _BACK:
                if not sp:
                    self.nodes = nodes
                    if self._iterated(ret):
                        return self.best
                    sp, mode, ret = self.sp, self.mode, self.ret
                    stop = min(stop, self.max_nodes)
                    continue
                if LEFT[sp] > 1:
                    c = MINE[sp] | YOURS[sp] << 4 | (colour0 ^ (sp & 1)) << 8
                    seen.note(ME[sp], YOU[sp], c, -1)
                sp -= 1
                mode = _FOLD
            else:  # _FOLD
                p = sp
                s = -ret
                if not p and rng is not None:
                    s += rng.below(2 * self.noise + 1) - self.noise
                if s > TOP_V[p]:
                    TOP_V[p] = s
                    TOP_T[p] = MOVES[p][NEXT[p] - 1]
                    if s > ALPHA[p] and (p or rng is None):
                        ALPHA[p] = s
                mode = _NEXT
        self.nodes = nodes
        self.sp, self.mode, self.ret = sp, mode, ret
        if self._over():
            if TOP_T[0]:
                self.best = TOP_T[0]  # the deeper look, over its first turns
            self._finish()
            return self.best
        return None

    def _iterated(self, value):
        """An iteration is over: keep its answer; True when the search is done."""
        self.best = self.top_turn[0]
        self.value = value
        self.depth = self.left[0]
        self.solved = not self.rough[0]
        _first(self.turns, self.best)
        if (
            self.solved
            or value > WON
            or value < -WON
            or self.depth >= self.max_depth
            or len(self.turns) == 1
            or self._over()
        ):
            self._finish()
            return True
        self._begin(self.depth + 1)
        return False


def _first(moves, turn):
    """Move ``turn`` (a turn of ``moves``, its ordering score too) to their front."""
    i = moves.index(turn)
    if i:
        moves.insert(0, moves.pop(i))


class Seen:
    """How often each start-of-turn position came up, in the game and on the
    search's path: ``count(me, you, c)``, ``note(me, you, c, +1 or -1)``.
    ``c`` holds the reserves and the colour to move: the rules' position."""

    def __init__(self):
        self.rows = {}  # me -> [you, c, count, you, c, count, ...]

    def count(self, me, you, c):
        row = self.rows.get(me)
        if row:
            for k in range(0, len(row), 3):
                if row[k] == you and row[k + 1] == c:
                    return row[k + 2]
        return 0

    def note(self, me, you, c, change):
        row = self.rows.get(me)
        if row is None:
            self.rows[me] = [you, c, change]
            return
        for k in range(0, len(row), 3):
            if row[k] == you and row[k + 1] == c:
                row[k + 2] += change
                if not row[k + 2]:
                    del row[k : k + 3]
                    if not row:
                        del self.rows[me]
                return
        row += [you, c, change]


class Table:
    """A transposition table: what the search learnt about positions it met,
    in ``1 << bits`` slots (about 20 bytes each), taken while a search runs
    and given back after. Slot ``i`` holds the position (``a[i]``, ``b[i]``,
    ``c[i]``: three ints below 2**30, small ints on MicroPython, kept whole,
    so a slot never answers for another position), its ``value``, ``depth``
    (SOLVED: exact), ``bound`` and best ``move``. The search finds a
    position's slot by its hash and keeps an entry there (inline, in its
    loop: no call per position), replacing the old one unless that is the
    same position searched deeper."""

    def __init__(self, bits):
        n = 1 << bits
        self.mask = n - 1
        self.shift = _BITS - bits
        self.a = [-1] * n
        self.b = [0] * n
        self.c = [0] * n
        self.value = [0] * n
        self.move = [0] * n
        self.depth = bytearray(n)
        self.bound = bytearray(n)

"""Exact kids endgames: who wins a Pyraos "kids" position with best play,
proven by looking at every line, run in slices like pyraos_search.

    e = Exact(me, you, mine, yours, turns, nodes=200000, keys=1 << 16)
    while e.step(300) is None:    # at most 300 positions per call
        ...                       # the board's tick runs here
    e.result                      # 1 the mover wins, -1 loses, 0 not proven (budget spent)
    e.best, e.length              # the turn that wins (or resists longest), the proven turns
    e.lost                        # the root turns proven to lose

Kids has no take-backs: every turn places a marble or raises one, so the
game never comes back to a position and each position has a value. The
search is depth first: a position is won as soon as one of its turns leaves
the other a lost position (the turns in pyraos_turns' order, the promising
first), lost once all its turns leave the other a won one. Its table keeps
what it proved by position up to the board's 8 symmetries (the least image
of the two masks), at most ``keys`` of them (then it starts again empty),
when the root is symmetric; else a position's images are out of its reach
(marbles stay on level 1 or go up) and it keys the position as it is (the
images saved 1 % of a 16-empty endgame's positions for 45 % more time).
A value is ``n`` (the mover wins within n turns, both players', following
the proof) or ``-n`` (loses within n). Loaded only by the strong level.
"""

from micropython import const

from tabletop.clock import ticks_diff, ticks_us
from tabletop.players.pyraos_search import WIN, WON
from tabletop.players.pyraos_turns import MOVE, events
from tabletop.players.pyraos_turns import turns as all_turns
from tabletop.rules.pyraos import PLACE, RAISE
from tabletop.rules.pyraos_geometry import LEVEL_SIZE, LEVEL_START, POSITIONS

_DEPTH = const(64)  # plies at most: a kids game has fewer turns than marbles and spots
_CLOCK_EVERY = const(128)  # positions between two looks at the clock
_TOP_PLACED = const(1 << 20 | 29)  # a turn that places on the top (pyraos.PLACE, geometry.TOP)
_KIND_AND_A = const(3 << 20 | 31)
_CHUNK = const(5)  # bits per lookup when a mask is mapped by a symmetry
_CHUNKS = const(6)
_NO_TURNS = []  # a ply's turns when no position is searched there (never changed)


def _symmetries():
    """SYM[s * 192 + c * 32 + v]: the bits ``v`` of chunk ``c`` (bits 5c..5c+4)
    mapped by symmetry s (1..7; 0, the identity, is not kept)."""
    image = []  # image[s][i]: where symmetry s takes spot i
    for s in range(8):
        row = bytearray(POSITIONS)
        for k in range(4):
            n = LEVEL_SIZE[k]
            for y in range(n):
                for x in range(n):
                    a, b = (x, y) if s < 4 else (y, x)
                    for _ in range(s & 3):
                        a, b = n - 1 - b, a
                    row[LEVEL_START[k] + y * n + x] = LEVEL_START[k] + b * n + a
        image.append(row)
    out = [0] * (8 * _CHUNKS * 32)
    for s in range(8):
        for c in range(_CHUNKS):
            o = (s * _CHUNKS + c) * 32
            for v in range(1, 32):  # (v's bits but its lowest, then that one: one OR each)
                low = v & -v
                j = (1, 2, 4, 8, 16).index(low)
                out[o + v] = out[o + (v ^ low)] | 1 << image[s][c * _CHUNK + j]
    return out


SYM = _symmetries()


def image(mask, s):
    """``mask`` mapped by symmetry ``s`` (1..7)."""
    t = SYM
    o = s * 192
    return (t[o + (mask & 31)] | t[o + 32 + (mask >> 5 & 31)] | t[o + 64 + (mask >> 10 & 31)]
            | t[o + 96 + (mask >> 15 & 31)] | t[o + 128 + (mask >> 20 & 31)]
            | t[o + 160 + (mask >> 25)])  # fmt: skip


def canonical(me, you):
    """The least ``me << 30 | you`` over the 8 images of the position."""
    best_a, best_b = me, you
    for s in range(1, 8):
        a = image(me, s)
        if a > best_a:
            continue
        b = image(you, s)
        if a < best_a or b < best_b:
            best_a, best_b = a, b
    return best_a << 30 | best_b


def symmetric(me, you):
    """True when one of the 7 symmetries but the identity maps the position
    onto itself: then its lines reach positions and their images alike."""
    for s in range(1, 8):
        if image(me, s) == me and image(you, s) == you:
            return True
    return False


class Exact:
    def __init__(self, me, you, mine, yours, turns, nodes, clock=None, ms=0, keys=1 << 16,
                 ordered=False):  # fmt: skip
        self.max_nodes = nodes
        self.clock = clock
        self.deadline = clock() + ms if clock is not None else 0
        self.keys = keys
        self.table = {}
        self.nodes = 0
        self.result = 0
        self.best = 0
        self.length = 0
        self.lost = []  # the root turns proven to lose, each with its value (-n: lost in n)
        self.lost_by = []
        self.done = False
        n = _DEPTH
        self.me = [0] * n
        self.you = [0] * n
        self.mine = bytearray(n)
        self.yours = bytearray(n)
        self.moves = [_NO_TURNS] * n
        self.next = bytearray(n)
        self.worst = bytearray(n)  # a position being proven lost: its longest loss so far
        self.key = [0] * n
        self.symmetric = symmetric(me, you)  # (else the table keys the position as it is)
        if not ordered:  # (ordered: the root's turns are tried in the order given)
            turns.sort(reverse=True)
        self.moves[0] = turns
        self.me[0], self.you[0], self.mine[0], self.yours[0] = me, you, mine, yours
        self.sp = 0
        self.entering = False  # True: the position at ply sp is to be looked at
        self.ret = 0

    def step(self, budget, until=None, margin=0):
        """Look at up to ``budget`` more positions (with ``until``, a
        ticks_us time, none begun with less than ``margin`` us left); None
        while it goes on, then ``result``."""
        if self.done:
            return self.result
        ME, YOU, MINE, YOURS = self.me, self.you, self.mine, self.yours
        MOVES, NEXT, WORST = self.moves, self.next, self.worst
        KEY, table, sym = self.key, self.table, self.symmetric
        placing, raising = PLACE, RAISE
        now_us, diff, key_of = ticks_us, ticks_diff, canonical
        nodes = self.nodes
        stop = min(nodes + budget, self.max_nodes)
        clock = self.clock
        look = nodes + _CLOCK_EVERY
        sp, entering, ret = self.sp, self.entering, self.ret
        while True:
            if entering:
                if nodes >= stop or (until is not None and diff(until, now_us()) < margin):
                    break
                nodes += 1
                if nodes >= look:
                    look = nodes + _CLOCK_EVERY
                    if clock is not None and clock() >= self.deadline:
                        nodes -= 1
                        break
                p = sp
                me, you = ME[p], YOU[p]
                k = (key_of(me, you) if sym else me << 30 | you) << 8 | MINE[p] << 4 | YOURS[p]
                v = table.get(k)
                entering = False
                if v is not None:
                    ret = v
                    sp -= 1
                    continue
                KEY[p] = k
                moves = all_turns(me, you, MINE[p], False, False)
                moves.sort(reverse=True)
                MOVES[p] = moves
                NEXT[p] = 0
                WORST[p] = 0
                continue
            # the turn NEXT[sp] - 1 of ply sp is done, its value ``ret`` (the
            # other's); none yet at a fresh ply (NEXT 0)
            p = sp
            i = NEXT[p]
            moves = MOVES[p]
            v = 0  # the position's value, once it is proven
            if i:
                if ret <= 0:  # the other loses: the mover wins
                    v = 1 - ret
                else:
                    if ret + 1 > WORST[p]:
                        WORST[p] = ret + 1
                    if not p:
                        self.lost.append(moves[i - 1])
                        self.lost_by.append(ret + 1)
            if not v and i >= len(moves):  # every turn lost
                v = -WORST[p]
            if v:
                if not p:
                    self.result, self.length = (1, v) if v > 0 else (-1, -v)
                    self.best = moves[i - 1] if v > 0 else self.lost[self.lost_by.index(-v)]
                    break
                if len(table) >= self.keys:
                    table.clear()
                table[KEY[p]] = v
                MOVES[p] = _NO_TURNS
                ret = v
                sp -= 1
                continue
            m = moves[i]
            NEXT[p] = i + 1
            if m & _KIND_AND_A == _TOP_PLACED or not YOURS[p]:
                ret = 0  # the top is the mover's, or the other has no marble left: lost
                continue
            # The turn played: the mover's marbles and reserve (as pyraos_search
            # plays it, inline: no call per position; no take-backs in kids).
            you = ME[p]
            yours = MINE[p]
            kind = m >> 20 & 3
            if kind == placing:
                you |= 1 << (m & 31)
                yours -= 1
            elif kind == raising:
                you ^= 1 << (m & 31) | 1 << (m >> 5 & 31)
            q = p + 1
            ME[q], YOU[q] = YOU[p], you
            MINE[q], YOURS[q] = YOURS[p], yours
            sp = q
            entering = True
        self.nodes = nodes
        self.sp, self.entering, self.ret = sp, entering, ret
        if (
            self.result
            or nodes >= self.max_nodes
            or (clock is not None and clock() >= self.deadline)
        ):
            self.done = True
            self.table = {}  # the memory goes back
            self.moves = []
            return self.result
        return None


class Proving:
    """The strong level in a kids endgame: ``search(turns, nodes, ms)`` (a
    pyraos_search.Search) first, on a quarter of the budget (``nodes``
    positions, or with ``clock`` ``ms`` milliseconds), then Exact on the
    rest, the search's turn tried first (a winning turn first made a proof
    of an 18-empty endgame 6 s long, not 36 s). Unproven, it plays the
    search's turn, or when the proof lost that one a new search's over the
    turns not proven lost, on what is left. The same face as
    pyraos_player.Thinking: ``step``, ``value``, ``solved``, ``depth``,
    ``nodes``, ``facts``."""

    def __init__(self, root, turns, nodes, clock, ms, keys, search, player):
        self.root, self.turns, self.player = root, list(turns), player
        self.budget, self.clock, self.ms, self.keys = nodes, clock, ms, keys
        self.started = clock() if clock is not None else 0
        self.make = search
        self.first = search(list(turns), max(1, nodes // 4), max(1, ms // 4))
        self.search = self.first  # the search whose turn is played unless proven
        self.exact = None
        self.done = 0  # positions of the searches and proofs over

    def _left(self):
        ms = self.ms - (self.clock() - self.started) if self.clock is not None else 0
        return max(1, self.budget - self.nodes), max(1, ms)

    def step(self, nodes, until=None, margin=0):
        s, e = self.search, self.exact
        if e is None:
            best = s.step(nodes, until, margin)
            if best is None:
                return None
            if s.solved or s.value > WON or s.value < -WON:  # (the search proved it already)
                return events(best & MOVE, self.player)
            order = [best] + [t for t in self.turns if t != best]
            self.done = s.nodes
            n, ms = self._left()
            r = self.root
            self.exact = Exact(r[0], r[1], r[2], r[3], order, n, self.clock, ms, self.keys, True)
            return None
        if s is self.first:
            if e.step(nodes, until, margin) is None:
                return None
            e.table = {}  # (the memory goes back)
            if e.result:
                return events(e.best & MOVE, self.player)
            if s.best not in e.lost:
                return events(s.best & MOVE, self.player)
            n, ms = self._left()
            self.done += e.nodes
            self.search = self.make([t for t in self.turns if t not in e.lost] or self.turns, n, ms)
            return None
        best = s.step(nodes, until, margin)
        return None if best is None else events(best & MOVE, self.player)

    def _proof(self):
        e = self.exact
        return e if e is not None and e.result else None

    @property
    def value(self):
        e = self._proof()
        return self.search.value if e is None else e.result * (WIN - e.length)

    @property
    def solved(self):
        return self._proof() is not None or self.search.solved

    @property
    def depth(self):
        e = self._proof()
        return self.search.depth if e is None else e.length

    @property
    def nodes(self):
        e = self.exact
        if e is None:
            return self.search.nodes
        if self.search is self.first:
            return self.done + e.nodes
        return self.done + self.search.nodes

    def facts(self):
        """As pyraos_player.Thinking's, and ``proved``: how many root turns
        the exact search proved lost."""
        v = self.value
        out = {"score": v, "depth": self.depth, "nodes": self.nodes}
        if v > WON or v < -WON:
            out["value"] = "win" if v > 0 else "loss"
            out["turns"] = WIN - abs(v)
        out["proved"] = len(self.exact.lost) if self.exact is not None else 0
        return out

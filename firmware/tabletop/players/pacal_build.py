"""One Pacal pyramid as the players see it: gaps, counts and where to build.

    sh = Shape(pyr, pool, cover)       # pyr: top[0..9] + under[10..19]; pool: values still to come
    j, r = sh.locate(card)             # the gap the card falls in, and its rank there
    opts = sh.options(j)               # 0..k-1: an empty field of gap j; UP, DOWN: a cover
    opt = sh.greedy(j, r)              # the simple player's choice (None: fits nowhere)
    field = sh.field(j, opt)           # that choice as a field 0..9
    sh.apply(j, r, opt)                # build it (the shape changes, the pyramid does not)

Only the order of the cards matters, and a card to come is any value of the
pool with equal chance, so a pyramid is summed up by its visible cards (each
covered or not) and, for each gap between two of them, how many empty fields
and how many pool values it holds. A card falls into one gap; it may go on an
empty field of that gap or cover the visible card just above or just below
it (docs/RULES.md). Building splits or moves the counts; nothing else is
needed to play on, which makes a rollout cheap (``play_out``).

The greedy choice keeps the most room for the values to come: a card goes to
the empty field of its gap in proportion to its rank among the pool values
there; without an empty field it covers the neighbour that leaves the fewer
values stranded.
"""

from micropython import const

from tabletop.rules.pacal_cards import FIELDS

UP = const(-1)  # cover the visible card above the gap
DOWN = const(-2)  # cover the visible card below the gap


class Shape:
    def __init__(self, pyr, pool, cover=True):
        self.cover = cover
        covs = []  # per visible card: 1 covered
        vis = []  # its field
        ns = []  # per gap: pool values in it
        ks = []  # per gap: empty fields in it
        hi = 0xFF
        k = 0
        for f in range(FIELDS + 1):
            v = pyr[f] if f < FIELDS else 0
            if f == FIELDS or v:
                n = 0
                for c in pool:
                    if v < c < hi:
                        n += 1
                ns.append(n)
                ks.append(k)
                if f < FIELDS:
                    covs.append(1 if pyr[FIELDS + f] else 0)
                    vis.append(f)
                hi = v
                k = 0
            else:
                k += 1
        self.covs = covs
        self.vis = vis
        self.ns = ns
        self.ks = ks
        self.empty = sum(ks)
        self.pyr = pyr
        self.pool = pool

    def locate(self, card):
        """The gap ``card`` falls in and how many pool values of it lie above."""
        pyr = self.pyr
        j = 0
        for f in self.vis:
            if pyr[f] > card:
                j += 1
        hi = pyr[self.vis[j - 1]] if j else 0xFF
        r = 0
        for c in self.pool:
            if card < c < hi:
                r += 1
        return j, r

    def options(self, j):
        out = list(range(self.ks[j]))
        if self.cover:
            if j >= 1 and not self.covs[j - 1]:
                out.append(UP)
            if j < len(self.covs) and not self.covs[j]:
                out.append(DOWN)
        return out

    def field(self, j, opt):
        """The field (0..9) of option ``opt`` for gap ``j``."""
        if opt == UP:
            return self.vis[j - 1]
        if opt == DOWN:
            return self.vis[j]
        f = self.vis[j - 1] + 1 if j else 0
        while opt:
            f += 1
            opt -= 1
        return f

    def greedy(self, j, r):
        return greedy(self.covs, self.ns, self.ks, j, r, self.cover)

    def apply(self, j, r, opt):
        apply(self.covs, self.ns, self.ks, j, r, opt)
        if opt >= 0:
            self.empty -= 1


def _stuck(covs, j):
    return 1 if j < 0 or j >= len(covs) else covs[j]


def _stranded(n, k, upper, lower):
    """How bad a gap is: values with nowhere to go, or too few values."""
    if k:
        return 4 * (k - n) if n < k else 0
    c = upper + lower
    return n * (6 if c == 2 else 2 if c == 1 else 1)


def greedy(covs, ns, ks, j, r, cover=True):
    """The simple player's option for a card of rank ``r`` in gap ``j``."""
    n = ns[j]
    k = ks[j]
    if k:
        i = (2 * r + 1) * k // (2 * n + 2)
        return i if i < k else k - 1
    up = cover and j >= 1 and not covs[j - 1]
    down = cover and j < len(covs) and not covs[j]
    if not (up and down):
        return UP if up else DOWN if down else None
    # Covering above moves the r values over the card into the gap above;
    # covering below moves the n-1-r under it into the gap below.
    a = ns[j - 1]
    b = ns[j + 1]
    cost_up = (
        _stranded(a + r, ks[j - 1], _stuck(covs, j - 2), 1)
        - _stranded(a, ks[j - 1], _stuck(covs, j - 2), 0)
        + _stranded(n - 1 - r, 0, 1, 0)
    )
    cost_down = (
        _stranded(b + n - 1 - r, ks[j + 1], 1, _stuck(covs, j + 1))
        - _stranded(b, ks[j + 1], 0, _stuck(covs, j + 1))
        + _stranded(r, 0, 0, 1)
    )
    return UP if cost_up <= cost_down else DOWN


def apply(covs, ns, ks, j, r, opt):
    n = ns[j]
    if opt >= 0:
        k = ks[j]
        covs.insert(j, 0)
        ns[j] = n - 1 - r
        ns.insert(j, r)
        ks[j] = k - 1 - opt
        ks.insert(j, opt)
    elif opt == UP:
        covs[j - 1] = 1
        ns[j - 1] += r
        ns[j] = n - 1 - r
    else:
        covs[j] = 1
        ns[j + 1] += n - 1 - r
        ns[j] = r


def play_out(covs, ns, ks, empty, rng, cover=True):
    """Play the greedy player on (copies of) a shape until the pyramid is
    complete or a card fits nowhere: (1 or 0, cards drawn)."""
    covs = list(covs)
    ns = list(ns)
    ks = list(ks)
    total = sum(ns)
    drawn = 0
    while empty and total:
        x = rng.below(total)
        j = 0
        while x >= ns[j]:
            x -= ns[j]
            j += 1
        drawn += 1
        opt = greedy(covs, ns, ks, j, x, cover)
        if opt is None:
            return 0, drawn
        apply(covs, ns, ks, j, x, opt)
        total -= 1
        if opt >= 0:
            empty -= 1
    return (0 if empty else 1), drawn

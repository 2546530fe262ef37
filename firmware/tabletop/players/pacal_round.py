"""A Pacal duel round played out fast, by quick rules of thumb: the rollouts
of the duel player, and its easy level.

    pyrs = [mine, theirs]            # pyramids: top[0..9] + under[10..19] (bytearrays)
    fit(pyr, card)                   # 2 an empty field takes it, 1 only a cover, 0 nowhere
    field = build(pyr, card)         # where the quick rule builds it (-1: nowhere)
    a, b = offer(pyrs, hand, p)      # the two cards p offers
    card = take(pyrs, p, a, b)       # the card p takes from the offer
    end = settle(pyrs, p, x, y)      # p gets x, the other y: -1 the round goes on, else WINNER
    won, turns = play_round(pyrs, hands, turn, done, me)   # to the end: 1, 0.5 or 0 for ``me``
    won, turns = yield from round_turns(pyrs, hands, turn, done, me)   # the same, a turn a yield

A quick rule sees the values, not who holds them: it is only used on
sampled deals (see pacal_duel). Building puts a card on the empty field of
its gap in proportion to its value between the gap's neighbours, or covers
the neighbour that strands fewer values. Taking prefers the card one can
build on an empty field and leaves the other the card they can build
worst; a card one cannot build loses the round, one the other cannot
build wins it. Offering chooses the two cards whose best take is worst
for the taker.
"""

from micropython import const

from tabletop.rules.pacal_cards import FIELDS

TURNS = const(14)
DRAW = const(2)  # settle's answer for a drawn round


def mask(pyr, card):
    """Fields (bit f) where ``card`` may be built on this pyramid."""
    m = 0
    above = 0xFF
    f = 0
    while f < FIELDS:
        v = pyr[f]
        if above > card and (v == 0 or pyr[FIELDS + f] == 0):
            below = 0
            g = f + 1
            while g < FIELDS:
                below = pyr[g]
                if below:
                    break
                g += 1
            if below < card:
                m |= 1 << f
        if v:
            above = v
            if v < card:
                break
        f += 1
    return m


def empty(pyr):
    """How many fields of the pyramid are empty."""
    n = 0
    for f in range(FIELDS):
        if not pyr[f]:
            n += 1
    return n


def fit(pyr, card):
    m = mask(pyr, card)
    if not m:
        return 0
    for f in range(FIELDS):
        if m >> f & 1 and not pyr[f]:
            return 2
    return 1


def build(pyr, card):
    m = mask(pyr, card)
    if not m:
        return -1
    empties = [f for f in range(FIELDS) if m >> f & 1 and not pyr[f]]
    if empties:
        hi = 51
        g = empties[0] - 1
        while g >= 0 and not pyr[g]:
            g -= 1
        if g >= 0:
            hi = pyr[g]
        lo = 0
        g = empties[-1] + 1
        while g < FIELDS and not pyr[g]:
            g += 1
        if g < FIELDS:
            lo = pyr[g]
        k = len(empties)
        return empties[(hi - card) * k // (hi - lo)]
    covers = [f for f in range(FIELDS) if m >> f & 1]
    if len(covers) == 1:
        return covers[0]
    up, down = covers[0], covers[1]
    # covering above strands the values between the card and the card below
    return up if card - pyr[down] <= pyr[up] - card else down


def place(pyr, card, f):
    if pyr[f]:
        pyr[FIELDS + f] = pyr[f]
    pyr[f] = card


def take(pyrs, p, a, b):
    return a if _take_score(pyrs, p, a, b) >= _take_score(pyrs, p, b, a) else b


def _take_score(pyrs, p, x, y):
    return score_take(fit(pyrs[p], x), fit(pyrs[1 - p], y))


def offer(pyrs, hand, p):
    t = 1 - p
    n = len(hand)
    ft = [fit(pyrs[t], c) for c in hand]
    fo = [fit(pyrs[p], c) for c in hand]
    best = None
    pair = (hand[0], hand[1])
    for i in range(n):
        for j in range(i + 1, n):
            s = max(score_take(ft[i], fo[j]), score_take(ft[j], fo[i]))
            if best is None or s < best:
                best = s
                pair = (hand[i], hand[j])
    return pair


def score_take(taker, offerer):
    """How good a take is for the taker: the card it takes fits its pyramid
    ``taker`` well (fit), the one left fits the offerer's ``offerer`` well."""
    if not taker:
        return -5 if offerer else 0
    if not offerer:
        return 10
    return taker - offerer


def settle(pyrs, p, x, y, tiebreak_smaller=True, p_field=-1):
    """p received x and the other y: the stuck check, then both build."""
    q = 1 - p
    stuck_p = not mask(pyrs[p], x)
    stuck_q = not mask(pyrs[q], y)
    if stuck_p or stuck_q:
        return DRAW if stuck_p and stuck_q else q if stuck_p else p
    place(pyrs[p], x, build(pyrs[p], x) if p_field < 0 else p_field)
    place(pyrs[q], y, build(pyrs[q], y))
    return complete(pyrs, tiebreak_smaller)


def complete(pyrs, tiebreak_smaller=True):
    """-1 while neither pyramid is complete, else the round's WINNER or DRAW."""
    done0 = not empty(pyrs[0])
    done1 = not empty(pyrs[1])
    if done0 and done1:
        s0 = pyrs[0][0] - pyrs[0][FIELDS - 1]
        s1 = pyrs[1][0] - pyrs[1][FIELDS - 1]
        if s0 == s1:
            return DRAW
        return 0 if (s0 < s1) == tiebreak_smaller else 1
    return 0 if done0 else 1 if done1 else -1


def last_cards(pyrs, lasts, tiebreak_smaller=True):
    """Each builds a last card (0: none) when it completes the pyramid."""
    for p in (0, 1):
        c = lasts[p]
        if c and fit(pyrs[p], c) == 2 and empty(pyrs[p]) == 1:
            place(pyrs[p], c, build(pyrs[p], c))
    end = complete(pyrs, tiebreak_smaller)
    return DRAW if end < 0 else end


def play_round(pyrs, hands, turn, done, me, tiebreak_smaller=True):
    """Play on from an offer due (``turn`` offers, ``done`` offers made) with
    the quick rules: (me's score 1, 0.5 or 0, turns played)."""
    run = round_turns(pyrs, hands, turn, done, me, tiebreak_smaller)
    while True:
        try:
            next(run)
        except StopIteration as end:
            return end.value


def round_turns(pyrs, hands, turn, done, me, tiebreak_smaller=True):
    """play_round a turn at a time (a generator: it yields after each turn
    but the last, and returns play_round's answer), so that a board can
    think between its ticks (tabletop.players.pacal_sample)."""
    turns = 0
    while done < TURNS:
        o = turn
        t = 1 - o
        a, b = offer(pyrs, hands[o], o)
        hands[o].remove(a)
        hands[o].remove(b)
        x = take(pyrs, t, a, b)
        end = settle(pyrs, t, x, b if x == a else a, tiebreak_smaller)
        turns += 1
        if end >= 0:
            return score(end, me), turns
        done += 1
        turn = t
        yield
    lasts = (hands[0][0] if hands[0] else 0, hands[1][0] if hands[1] else 0)
    return score(last_cards(pyrs, lasts, tiebreak_smaller), me), turns + 1


def score(end, me):
    return 0.5 if end == DRAW else 1.0 if end == me else 0.0

"""The Pacal duel player: what to offer, which card to take, where to build.

    thinking = start(view, level, budget, rng, clock)    # view: pacal_view.View
    moves = thinking.step(500)       # None while it samples, then the turn

Levels: ``random`` a uniformly random legal choice (an offer, a take and a
field, a field or keep); ``easy`` the quick rules of pacal_round, one
choice in four at random; ``medium`` and ``strong`` sample the other's hand
from the unseen values (a determinised deal: the rest is set aside) and
play the round out with the quick rules after each candidate offer (the
most promising OFFERS of all pairs) or take, on a quarter or all of the
budget; the candidate that wins the most sampled rounds is played.
``budget`` counts the duel turns of those rounds (or ms with a clock).

Building the card one received, and the last card, is never sampled: a
card goes where it keeps the most room for the values that may still come
to the player (its hand and the unseen values: pacal_build's greedy rule);
a last card is built when it completes the pyramid, and kept otherwise.
"""

from micropython import const

from tabletop.players import pacal_round as quick
from tabletop.players.chosen import Chosen
from tabletop.players.pacal_build import Shape
from tabletop.players.pacal_sample import Sampling
from tabletop.rules.pacal_state import P_BUILD, P_LAST, P_OFFER
from tabletop.rules.rng import Rng

OFFER = const(1)  # tabletop.rules.pacal's event kinds
TAKE = const(2)
PLACE = const(3)
KEEP = const(4)
OFFERS = const(6)  # candidate offers the sampling compares
MARGIN = 0.0


def start(view, level, budget, rng, clock=None):
    p = view.player
    pyrs = [None, None]
    pyrs[p] = view.mine
    pyrs[1 - p] = view.theirs
    ph = view.phase
    if ph == P_BUILD or ph == P_LAST:
        return Chosen(_build(view, level, rng))
    if ph == P_OFFER:
        moves, base = _offers(view, pyrs, level, rng)
    else:
        moves, base = _takes(view, pyrs, level, rng)
    if level == "random" or (level == "easy" and rng.below(4) == 0):
        return Chosen(moves[rng.below(len(moves))])
    if level == "easy":
        return Chosen(moves[base])
    share = 4 if level == "medium" else 1
    nodes, ms = (1 << 30, budget // share) if clock is not None else (budget // share, 0)
    trial = _trial(view, pyrs, moves)
    return Sampling(moves, trial, base, max(1, nodes), clock, ms, rng.next32() & 0xFFFFFF,
                    MARGIN)  # fmt: skip


def _field(view, card):
    """Where the greedy rule builds ``card`` (0..9), or -1 when it fits nowhere."""
    pool = [c for c in view.unseen if c != card] + [c for c in view.hand if c != card]
    sh = Shape(view.mine, pool, view.cover)
    j, r = sh.locate(card)
    opt = sh.greedy(j, r)
    return -1 if opt is None else sh.field(j, opt)


def _build(view, level, rng):
    p = view.player
    card = view.card
    m = quick.mask(view.mine, card)
    last = view.phase == P_LAST
    if level == "random":
        fields = [f for f in range(10) if m >> f & 1]
        n = len(fields) + (1 if last else 0)
        i = rng.below(n)
        return [(KEEP, p, card, 0)] if i == len(fields) else [(PLACE, p, card, fields[i] + 1)]
    if last:
        if quick.empty(view.mine) == 1:
            for f in range(10):
                if m >> f & 1 and not view.mine[f]:
                    return [(PLACE, p, card, f + 1)]
        return [(KEEP, p, card, 0)]
    if level == "easy" and rng.below(4) == 0:
        fields = [f for f in range(10) if m >> f & 1]
        return [(PLACE, p, card, fields[rng.below(len(fields))] + 1)]
    f = quick.build(view.mine, card) if level == "easy" else _field(view, card)
    return [(PLACE, p, card, f + 1)]


def _takes(view, pyrs, level, rng):
    p = view.player
    a, b = view.offer
    moves = []
    for x, y in ((a, b), (b, a)):
        goes_on = quick.mask(pyrs[p], x) and quick.mask(pyrs[1 - p], y)
        if not goes_on:
            moves.append([(TAKE, p, x, 0)])
        elif level == "random":
            fields = [f for f in range(10) if quick.mask(pyrs[p], x) >> f & 1]
            moves.append([(TAKE, p, x, 0), (PLACE, p, x, fields[rng.below(len(fields))] + 1)])
        else:
            f = quick.build(pyrs[p], x) if level == "easy" else _field(view, x)
            moves.append([(TAKE, p, x, 0), (PLACE, p, x, f + 1)])
    base = 0 if quick.take(pyrs, p, a, b) == a else 1
    return moves, base


def _offers(view, pyrs, level, rng):
    p = view.player
    hand = view.hand
    pairs = []
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            pairs.append((hand[i], hand[j]))
    if level == "random":
        return [[(OFFER, p, a, b)] for a, b in pairs], 0
    # The quick rule's view of each pair: the taker's best take (lower is
    # better for the offerer); ties in a random order, so that candidates vary.
    t = 1 - p
    ranked = []
    taker = {}  # how well each card fits the taker's pyramid, and the offerer's
    offerer = {}
    for c in hand:
        taker[c] = quick.fit(pyrs[t], c)
        offerer[c] = quick.fit(pyrs[p], c)
    for a, b in pairs:
        s = max(quick.score_take(taker[a], offerer[b]), quick.score_take(taker[b], offerer[a]))
        ranked.append((s, rng.below(1 << 16), a, b))
    ranked.sort()
    keep = 1 if level == "easy" else OFFERS
    return [[(OFFER, p, a, b)] for _, _, a, b in ranked[:keep]], 0


def _trial(view, pyrs, moves):
    """One sampled round after candidate i: (my score, turns played)."""
    p = view.player
    q = 1 - p
    unseen = view.unseen
    n = view.their_hand
    hand = view.hand
    smaller = view.smaller

    def trial(i, seed):  # a generator: a turn of the sampled round a yield
        rng = Rng(seed)
        pool = list(unseen)
        hands = [None, None]
        theirs = []
        for _ in range(n):  # a random hand of n unseen cards
            k = rng.below(len(pool))
            theirs.append(pool[k])
            pool[k] = pool[-1]
            pool.pop()
        hands[q] = theirs
        ps = [bytearray(pyrs[0]), bytearray(pyrs[1])]
        first = moves[i][0]
        if first[0] == OFFER:
            a, b = first[2], first[3]
            hands[p] = [c for c in hand if c != a and c != b]
            x = quick.take(ps, q, a, b)
            end = quick.settle(ps, q, x, b if x == a else a, smaller)
            turn = q
        else:
            x = first[2]
            y = view.offer[0] if x == view.offer[1] else view.offer[1]
            hands[p] = list(hand)
            f = moves[i][1][3] - 1 if len(moves[i]) > 1 else -1
            end = quick.settle(ps, p, x, y, smaller, f)
            turn = p
        if end >= 0:
            return quick.score(end, p), 1
        won, turns = yield from quick.round_turns(ps, hands, turn, view.done + 1, p, smaller)
        return won, turns + 1

    return trial

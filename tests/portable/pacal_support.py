"""Helpers shared by the Pacal rule tests (test_pacal_*.py); no tests here.

Positions are reached by real play: ``plan_round`` turns a plan of what each
player builds in each turn into a deal and the events of that round. The
oracle ``fits`` is the building rule written down directly from RULES.md
("after building, the visible cards fall strictly in field order 1..10; a
covered field takes nothing more"), independent of ``Pacal.field_mask``.
"""

from tabletop.rules import pacal
from tabletop.rules.common import IllegalMove
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE

CARDS = tuple(range(1, 51))
ROUND_BOUND = 1 + 14 * 4 + 2  # a deal, 14 turns of four events, two last cards

# The rule book's example, reached by play: player 0 ends with
# 48 40 33 21 18 16 12 9 _ _ where 33 covers 35 and 21 covers 23.
EXAMPLE0 = [
    (48, 1),
    (40, 2),
    (35, 3),
    (23, 4),
    (18, 5),
    (16, 6),
    (12, 7),
    (9, 8),
    (33, 3),
    (21, 4),
]
# Player 1 meanwhile: 44 (covering 43) 41 38 36 32 29 27 24 20 _.
EXAMPLE1 = [
    (43, 1),
    (44, 1),
    (41, 2),
    (38, 3),
    (36, 4),
    (32, 5),
    (29, 6),
    (27, 7),
    (24, 8),
    (20, 9),
]


# A last card that fits nowhere: it is kept without a line (plan_round's ``last``).
NOWHERE = "nowhere"
TURN_EVENTS = 14 * 4  # the events of fourteen turns in which both players build


def built_pyramid(builds):
    """The visible and covered cards (lists of 10) after ``builds``, a plan's
    (card, field) list; builds with field None are skipped."""
    top = [0] * 10
    under = [0] * 10
    for card, field in builds:
        if field is not None:
            i = field - 1
            if top[i]:
                under[i] = top[i]
            top[i] = card
    return top, under


def offerer(first, t):
    """Who offers in turn ``t`` (0-based) of a round that ``first`` starts."""
    return first if t % 2 == 0 else 1 - first


def plan_round(first, builds0, builds1, last=None, last_order=(0, 1), hold=((), ())):
    """The (deal, events) of a duel round played to a plan.

    ``builds0[t]`` / ``builds1[t]`` is the (card, field) player 0 / 1 builds in
    turn t (0-based). The offerer of turn t holds both cards of that turn and
    offers them; the other player takes the card the plan gives them. A field
    of None means the player receives the card but no place line follows (a
    stuck turn ends the round, so neither player has one then).
    ``last``: ((card, field), (card, field)) for the last cards after turn 14;
    field None means the player declines the card (a ``keep`` line: the card
    must fit somewhere), NOWHERE that the card fits nowhere and is kept without
    a line. ``last_order`` orders the lines that follow. ``hold``: further
    cards to deal into each hand. Hands are topped up to 15 with the lowest
    unused cards and the 20 cards left over go aside.
    """
    if len(builds0) != len(builds1):
        raise ValueError("both players build once per turn")
    builds = (builds0, builds1)
    hands = ([], [])
    events = []
    for t in range(len(builds0)):
        off = offerer(first, t)
        take = 1 - off
        mine = builds[off][t][0]
        theirs = builds[take][t][0]
        hands[off].append(mine)
        hands[off].append(theirs)
        # Vary the order of the offered cards and of the two place lines.
        if (t // 2) % 2:
            events.append((OFFER, off, theirs, mine))
        else:
            events.append((OFFER, off, mine, theirs))
        events.append((TAKE, take, theirs, 0))
        order = (take, off) if t % 4 in (1, 2) else (off, take)
        for p in order:
            card, field = builds[p][t]
            if field is not None:
                events.append((PLACE, p, card, field))
    if last is not None:
        if len(builds0) != pacal.TURNS:
            raise ValueError("last cards come after 14 turns")
        for p in (0, 1):
            hands[p].append(last[p][0])
            card, field = last[p]
            top, under = built_pyramid(builds[p])
            fits_somewhere = len([f for f in range(1, 11) if fits(top, under, card, f)]) > 0
            if fits_somewhere != (field is not NOWHERE):
                where = "somewhere" if fits_somewhere else "nowhere"
                raise ValueError(f"plan: player {p}'s last card {card} fits {where}, not {field!r}")
        for p in last_order:
            card, field = last[p]
            if field is None:
                events.append((KEEP, p, card, 0))
            elif field is not NOWHERE:
                events.append((PLACE, p, card, field))
    for p in (0, 1):
        hands[p].extend(hold[p])
    used = {}
    for c in hands[0] + hands[1]:
        if c in used or not 1 <= c <= 50:
            raise ValueError(f"plan deals card {c!r} twice or out of range")
        used[c] = 1
    spare = [c for c in CARDS if c not in used]
    for p in (0, 1):
        if len(hands[p]) > pacal.HAND_SIZE:
            raise ValueError(f"plan gives player {p} more than 15 cards")
        while len(hands[p]) < pacal.HAND_SIZE:
            hands[p].append(spare.pop(0))
    deal = (DEAL, first, (tuple(sorted(hands[0])), tuple(sorted(hands[1]))), tuple(spare))
    return deal, events


def play(game, events):
    for e in events:
        game.apply(e)
    return game


def start(first, builds0, builds1, game=None, **kw):
    """A duel game (new, or ``game`` waiting for a deal) after a planned round."""
    deal, events = plan_round(first, builds0, builds1, **kw)
    if game is None:
        game = pacal.Pacal(pacal.DUEL)
    game.apply(deal)
    return play(game, events)


def solo_deal(top):
    """A solo deal whose pile starts with the cards ``top`` (top first); the
    rest of the pile is the other cards, highest first, then 10 aside."""
    rest = [c for c in range(50, 0, -1) if c not in top]
    pile = tuple(top) + tuple(rest[: 40 - len(top)])
    return (DEAL, 0, pile, tuple(rest[40 - len(top) :]))


def snapshot(g):
    """Everything a move could change, as a comparable value."""
    return (
        bytes(g.loc),
        bytes(g.top),
        bytes(g.under),
        g.phase,
        g.turn,
        tuple(g.pending),
        tuple(g.results),
        tuple(g.wins),
        getattr(g, "offer", None),
        getattr(g, "turns_done", None),
        getattr(g, "drawn", None),
        tuple(g.pyramid(0)),
        tuple(g.pyramid(1)),
        tuple(g.covered(0)),
        tuple(g.covered(1)),
        tuple(g.hand(0)),
        tuple(g.hand(1)),
        g.to_move(),
        repr(g.outcome()),
    )


def assert_refused(tc, g, move):
    """``move`` raises IllegalMove with a reason and changes nothing."""
    before = snapshot(g)
    reason = g.why_illegal(move)
    tc.assertIsNotNone(reason, f"accepted: {move!r}")
    tc.assertIsInstance(reason, str)
    tc.assertTrue(len(reason) > 0)
    with tc.assertRaises(IllegalMove) as cm:
        g.apply(move)
    tc.assertTrue(len(str(cm.exception)) > 0)
    tc.assertEqual(snapshot(g), before, f"state changed by refused {move!r}")
    tc.assertFalse(move in g.legal_moves())


def visible_ok(top):
    seq = [v for v in top if v]
    for i in range(len(seq) - 1):
        if seq[i] <= seq[i + 1]:
            return False
    return True


def fits(top, under, card, field, cover=True):
    """The oracle: may ``card`` be built on ``field`` of a pyramid whose
    visible cards are ``top`` and covered cards ``under`` (lists of 10)?"""
    i = field - 1
    if under[i]:
        return False  # a covered field is closed
    if top[i] and not cover:
        return False
    after = list(top)
    after[i] = card
    return visible_ok(after)


def oracle_fields(g, p, card, cover=True):
    top = g.pyramid(p)
    under = g.covered(p)
    return [f for f in range(1, 11) if fits(top, under, card, f, cover)]


def check_places(tc, g, aside=None):
    """Every card 1..50 is in exactly one place, and ``loc`` agrees with the
    pyramids, the hands, the pending cards and the offer."""
    loc = g.loc
    players = (0, 1) if g.variant == pacal.DUEL else (0,)
    in_pyramid = {}
    for p in players:
        top = g.pyramid(p)
        under = g.covered(p)
        tc.assertTrue(visible_ok(top), f"order broken: {top!r}")
        for f in range(10):
            if under[f]:
                tc.assertTrue(top[f] != 0, f"covered field {f + 1} shows no card")
            for c in (top[f], under[f]):
                if c:
                    tc.assertFalse(c in in_pyramid, f"card {c} twice in pyramids")
                    in_pyramid[c] = p
                    tc.assertEqual(loc[c], pacal.L_PYRAMID + p)
    hands = {}
    for p in players:
        for c in g.hand(p):
            tc.assertFalse(c in in_pyramid)
            hands[c] = p
    pending = {}
    for p in players:
        c = g.pending[p]
        if c:
            tc.assertFalse(c in in_pyramid or c in hands)
            tc.assertEqual(loc[c], pacal.L_TO_BUILD + p)
            pending[c] = p
    offered = {}
    if g.phase == pacal.P_TAKE:
        for c in g.offer:
            offered[c] = 1
        tc.assertEqual(len(offered), 2)
    known = (
        pacal.L_ASIDE,
        pacal.L_PILE,
        pacal.L_OFFERED,
        pacal.L_HAND,
        pacal.L_HAND + 1,
        pacal.L_TO_BUILD,
        pacal.L_TO_BUILD + 1,
        pacal.L_PYRAMID,
        pacal.L_PYRAMID + 1,
        pacal.L_KEPT,
        pacal.L_KEPT + 1,
    )
    counts = {}
    for c in CARDS:
        where = loc[c]
        tc.assertIn(where, known)
        counts[where] = counts.get(where, 0) + 1
        if pacal.L_PYRAMID <= where <= pacal.L_PYRAMID + 1:
            tc.assertEqual(in_pyramid.get(c), where - pacal.L_PYRAMID)
        if pacal.L_TO_BUILD <= where <= pacal.L_TO_BUILD + 1:
            tc.assertEqual(pending.get(c), where - pacal.L_TO_BUILD)
        if where == pacal.L_OFFERED:
            tc.assertIn(c, offered)
        if where == pacal.L_ASIDE and aside is not None:
            tc.assertIn(c, aside)
    for c in offered:
        tc.assertEqual(loc[c], pacal.L_OFFERED)
    if aside is not None:
        for c in aside:
            tc.assertEqual(loc[c], pacal.L_ASIDE)
        tc.assertEqual(counts.get(pacal.L_ASIDE, 0), len(aside))


def filler(n, avoid):
    """n plain builds for the other player: the highest cards not in
    ``avoid``, falling, on fields 1..n (n <= 9, so never complete)."""
    cards = [c for c in range(50, 0, -1) if c not in avoid]
    return [(cards[i], i + 1) for i in range(n)]


def position(builds0, reserve=(), hold0=()):
    """A duel game (player 0 offered first) in which player 0 has built
    ``builds0`` in order while player 1 built plain filler; the next event is
    an offer by player 0 or 1. Cards in ``reserve`` and ``hold0`` stay out of
    the filler; ``hold0`` is dealt into player 0's hand."""
    avoid = [c for c, _ in builds0] + list(reserve) + list(hold0)
    return start(0, builds0, filler(len(builds0), avoid), hold=(hold0, ()))


def place_moves(g, p):
    return sorted(m[3] for m in g.legal_moves() if m[0] == PLACE and m[1] == p)


def to_json(event):
    """The record object of a Pacal event."""
    from tabletop.records import notation

    return notation.to_json("pacal", event)


def from_json(obj, variant):
    """The Pacal event of a record object; ValueError when malformed."""
    from tabletop.records import notation

    return notation.from_json("pacal", variant, obj)


# A full round of 14 turns in which nobody completes (both leave field 10 empty).
PLAN_A0 = [(49, 1), (45, 2), (41, 3), (37, 4), (33, 5), (29, 6), (25, 7)]


PLAN_A0 += [(21, 8), (17, 9), (50, 1), (47, 2), (43, 3), (39, 4), (35, 5)]


PLAN_A1 = [(44, 1), (40, 2), (36, 3), (32, 4), (28, 5), (24, 6), (20, 7)]


PLAN_A1 += [(16, 8), (12, 9), (46, 1), (42, 2), (38, 3), (34, 4), (30, 5)]

# Three-turn rounds ended by a stuck player (field 1 covered, then a card
# higher than the cover arrives).
P0_WINS = ([(30, 5), (20, 6), (10, None)], [(43, 1), (44, 1), (47, None)])


P1_WINS = ([(43, 1), (44, 1), (47, None)], [(30, 5), (20, 6), (10, None)])


DRAWN = ([(40, 1), (41, 1), (45, None)], [(43, 1), (44, 1), (47, None)])


def plain_deal(first=0):
    """Hands 1..15 and 16..30, aside 31..50."""
    return (DEAL, first, (tuple(range(1, 16)), tuple(range(16, 31))), tuple(range(31, 51)))


def dealt(first=0):
    g = pacal.Pacal(pacal.DUEL)
    g.apply(plain_deal(first))
    return g

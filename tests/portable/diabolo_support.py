"""Helpers for the Diabolo tests: cards by name, rounds played to a script
from a constructed pile, the worked examples of the rule book, snapshots and
an oracle for the scores.

    deal, events = scripted_round(4, 3, HANDS, TURNS)
    g = play(diabolo.Diabolo(4), [deal] + events)
"""

from tabletop.records import diabolo_notation as words
from tabletop.rules import diabolo
from tabletop.rules.common import IllegalMove
from tabletop.rules.diabolo import DISCARD, DOUBLE, HEAVEN, HELL, PLAY

SIDE = {"hell": HELL, "heaven": HEAVEN}


def card(name):
    return words.card_index(name)


def cards(text):
    """Card ints of names separated by spaces: ``cards("p4 p2")``."""
    return [card(x) for x in text.split()]


def deck_counts():
    counts = {}
    for c in diabolo.deck():
        counts[c] = counts.get(c, 0) + 1
    return counts


def scripted_round(players, dealer, hands, turns):
    """The (deal, events) of a round played to a script.

    ``hands[p]``: the six card names dealt to player p. ``turns``: one item per
    turn, in turn order from player dealer+1: ``(card, side)`` (the player
    draws ``card`` and lays it; side "hell" or "heaven"), ``(drawn, card,
    side)``, or ``(drawn, card, "discard")``. The pile is the hands dealt one
    card at a time from player dealer+1, then the cards drawn in turn order,
    then the rest of the deck in deck order.
    """
    n = players
    pile = [0] * (6 * n)
    for p in range(n):
        hand = cards(hands[p])
        if len(hand) != 6:
            raise ValueError("a hand has six cards")
        j = (p - dealer - 1) % n
        for k in range(6):
            pile[k * n + j] = hand[k]
    events = []
    for i in range(len(turns)):
        t = turns[i]
        drawn, laid, side = (t[0], t[0], t[1]) if len(t) == 2 else t
        pile.append(card(drawn))
        p = (dealer + 1 + i) % n
        if side == "discard":
            events.append((DISCARD, p, card(laid), 0))
        else:
            events.append((PLAY, p, card(laid), SIDE[side]))
    left = deck_counts()
    for c in pile:
        left[c] -= 1
        if left[c] < 0:
            raise ValueError("the script uses %s too often" % words.card_name(c))
    for c in diabolo.deck():
        if left[c]:
            left[c] -= 1
            pile.append(c)
    return (diabolo.DEAL, dealer, tuple(pile), 0), events


def play(game, events):
    for e in events:
        game.apply(e)
    return game


def double(p, letter):
    return (DOUBLE, p, words.LETTERS.index(letter), 0)


# The rule book's three worked examples in one round of four players: Marc
# (0), Herman (1), Anne (2) and Carl (3), Carl dealing so that Marc starts.
# Purple: hell 5 1, heaven 1 2 4 (6 against 7): Herman holds p5, Carl p4 p2.
# Green: hell 2 5, heaven 1 2 2 (7 against 5): Herman holds g3, Marc g1.
# Red: hell 3, heaven 1 2 (3 against 3): Anne's r5 scores nothing.
# Purple locks with the twelfth card, green with the thirteenth: the round ends.
MARC, HERMAN, ANNE, CARL = 0, 1, 2, 3
EXAMPLE_NAMES = ["Marc", "Herman", "Anne", "Carl"]
EXAMPLE_HANDS = [
    "g1 y1 y1 y1 y1 y2",
    "p5 g3 y2 y2 y3 y3",
    "r5 y3 y4 y4 y5 y5",
    "p4 p2 b1 b1 b1 b1",
]
EXAMPLE_TURNS = [
    ("r3", "hell"),  # Marc
    ("p5", "hell"),  # Herman
    ("g2", "hell"),  # Anne
    ("r1", "heaven"),  # Carl
    ("p1", "heaven"),
    ("g5", "hell"),
    ("p1", "hell"),
    ("g1", "heaven"),
    ("r2", "heaven"),
    ("p2", "heaven"),
    ("g2", "heaven"),
    ("p4", "heaven"),  # purple locked
    ("g2", "heaven"),  # green locked: the round ends
]


def example_round():
    """(deal, events) of the worked examples' round (without doubles)."""
    return scripted_round(4, CARL, EXAMPLE_HANDS, EXAMPLE_TURNS)


def snapshot(g):
    """Everything an event could change, as a comparable value."""
    return (
        g.phase,
        g.round,
        g.dealer,
        g.turn,
        g.drawn,
        g.pile,
        bytes(g.held),
        bytes(g.rows),
        bytes(g.laid),
        tuple(g.discarded),
        tuple(g.doubles),
        g.last_double,
        repr(g.scores),
        repr(g.outcome()),
        g.to_move(),
    )


def assert_refused(tc, g, move, code=None):
    """``move`` raises IllegalMove (with ``code`` when given) and changes nothing."""
    before = snapshot(g)
    reason = g.why_illegal(move)
    tc.assertIsNotNone(reason, "accepted: %r" % (move,))
    tc.assertTrue(len(reason) > 0)
    if code is not None:
        tc.assertEqual(g.fault(move)[0], code)
    with tc.assertRaises(IllegalMove) as cm:
        g.apply(move)
    tc.assertEqual(str(cm.exception), reason)
    tc.assertEqual(snapshot(g), before, "state changed by refused %r" % (move,))
    tc.assertFalse(move in g.legal_moves())
    return reason


def oracle_points(g):
    """The round's points per player worked out from the rows, the hands and
    the doubles (the scoring rule written out again, independently)."""
    n = g.players
    points = [0] * n
    for colour in range(5):
        hell, heaven = g.row(colour)
        down = 0
        up = 0
        for c in hell:
            down += c % 10
        for c in heaven:
            up += c % 10
        if up == down:
            continue
        sums = []
        for p in range(n):
            s = 0
            for c in g.hand(p):
                if c // 10 == colour:
                    s += c % 10
            sums.append(s)
        best = max(sums)
        if best == 0:
            continue
        for p in range(n):
            if sums[p] == best:
                if up < down:
                    points[p] -= best
                elif g.doubles[p] == colour:
                    points[p] += 2 * best
                else:
                    points[p] += best
    return points


def check_cards(tc, g):
    """Every one of the 70 cards is in exactly one place: the pile, a hand,
    a row or out of the round."""
    counts = {}
    for c in g.pile_left():
        counts[c] = counts.get(c, 0) + 1
    for p in range(g.players):
        for c in g.hand(p):
            counts[c] = counts.get(c, 0) + 1
    for colour in range(5):
        hell, heaven = g.row(colour)
        tc.assertTrue(len(hell) <= 3 and len(heaven) <= 3)
        tc.assertTrue(len(hell) + len(heaven) <= 5)
        for c in hell + heaven:
            tc.assertEqual(c // 10, colour)
            counts[c] = counts.get(c, 0) + 1
    for c in g.discarded:
        counts[c] = counts.get(c, 0) + 1
    tc.assertEqual(counts, deck_counts())

"""The Diabolo player: the card to lay and its side (or the card to put
out), and whether to declare the double, from what that player may know:
its own hand, the rows, the cards put out and how many cards each other
hand holds. The other hands and the pile's order are never looked at.

    thinking = start(state, level, budget, rng, clock)   # for mover(state)
    moves = thinking.step(500)   # None while it samples; then [(PLAY, p, card, side)],
                                 # [(DISCARD, p, card, 0)], [(DOUBLE, p, colour, 0)] or []

Levels: ``random`` any legal move; ``easy`` the rule of thumb, one choice
in four at random; ``medium`` the rule of thumb: a card goes to heaven when
the hand is strong in its colour (the hand keeps more than FAIR_SHARE points
of it), to hell when weak, the higher the card the more so, and the lowest
card is put out; ``strong`` samples: the unseen cards dealt afresh to the
other hands and the pile (the same futures for every candidate), each
candidate played out to the round's end with everybody on the rule of
thumb, and another move than the rule's taken only when it wins the round
clearly more often (tabletop.players.pacal_sample). ``budget`` counts the
turns of those play-outs (or ms with a clock). While a round is scored the
player to move is the first who may still declare a double: it declares
on the plus row whose colour it holds most of, if it holds any of it, and
otherwise declares nothing (``[]``), at every level; ``start(...,
seat=q)`` asks another of those who may (each decides, in seat order).
"""

from tabletop.players.chosen import Chosen
from tabletop.players.pacal_sample import Sampling
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng

FAIR_SHARE = 4  # a colour's points kept in hand above this hope to score it
MARGIN = 0.5  # another move needs this many more rounds won per sqrt(samples)


def mover(state):
    """The player whose decision comes next: the player to move; while a
    round is scored the first who may still declare a double (ValueError
    when nobody decides now: a deal comes first, or the game is over)."""
    if state.scoring():
        deciding = state.to_move()
        if not deciding:
            if state.is_over():
                raise ValueError("no decision now: the game is over")
            raise ValueError("no decision now: the next round's deal comes first")
        return deciding[0]
    if state.phase != diabolo.P_PLAY:
        raise ValueError("no decision now: a deal comes first")
    return state.turn


def start(state, level, budget, rng, clock=None, tt_bits=None, seat=None):
    """Begin choosing (``tt_bits``: no table is used; ``seat``: while a round
    is scored, the one of the players who may declare a double that decides,
    by default the first)."""
    p = mover(state)
    if state.scoring():
        if seat is not None:
            if seat not in state.to_move():
                raise ValueError("seat %r has no double to declare" % (seat,))
            p = seat
        colour = double_colour(state, p)
        return Chosen([] if colour < 0 else [(diabolo.DOUBLE, p, colour, 0)])
    moves = list(state.legal_moves())
    base = moves.index(rule_of_thumb(state, moves))
    if level == "random" or (level == "easy" and rng.below(4) == 0):
        return Chosen([moves[rng.below(len(moves))]])
    if level != "strong":
        return Chosen([moves[base]])
    unseen = _unseen(state, p)

    def trial(i, seed):  # a generator: a turn of the play-out a yield (a board's slice)
        g = _dealt_afresh(state, p, unseen, Rng(seed))
        g.apply(moves[i])
        turns = 0
        while g.phase == diabolo.P_PLAY:
            g.apply(rule_of_thumb(g, list(g.legal_moves())))
            turns += 1
            yield
        return _round_won(g.scores[-1], p), turns

    seed = rng.next32() & 0xFFFFFF
    nodes, ms = (1 << 30, budget) if clock is not None else (budget, 0)
    return Sampling([[m] for m in moves], trial, base, nodes, clock, ms, seed, MARGIN)


def gain(state, move):
    """How much the rule of thumb likes ``move`` (PLAY or DISCARD)."""
    kind, p, card, side = move
    value = diabolo.value_of(card)
    if kind != diabolo.PLAY:
        return -value  # a card put out: the lowest
    kept = state.colour_sum(p, diabolo.colour_of(card)) - value
    lean = kept - FAIR_SHARE  # > 0: the colour should go to heaven
    return value * (lean if side == diabolo.HEAVEN else -lean)


def rule_of_thumb(state, moves):
    """The move of ``moves`` the rule of thumb likes best (the first of equals)."""
    best = moves[0]
    top = gain(state, best)
    for m in moves:
        g = gain(state, m)
        if g > top:
            best, top = m, g
    return best


def double_colour(state, player):
    """While a round is scored: the colour ``player`` declares the double on
    (the plus row they may still double whose colour they hold the most
    points of, the first of equals), or -1 when they hold none of them."""
    mask = state.double_mask(player)
    best, top = -1, 0
    for colour in range(diabolo.COLOURS):
        if mask >> colour & 1:
            held = state.colour_sum(player, colour)
            if held > top:
                best, top = colour, held
    return best


def _unseen(state, me):
    """The cards ``me`` cannot see (the other hands and the pile), in an
    order that does not depend on where they are."""
    out = list(state.pile_left())
    for q in range(state.players):
        if q != me:
            out += state.hand(q)
    out.sort()
    return out


def _dealt_afresh(state, me, unseen, rng):
    """A copy of ``state`` with the unseen cards shuffled into the other
    hands (each keeping its size) and the rest of the pile."""
    g = state.copy()
    cards = list(unseen)
    rng.shuffle(cards)
    codes = diabolo.CARD_CODES
    k = 0
    for q in range(g.players):
        if q == me:
            continue
        size = g.hand_size(q)
        base = q * codes
        for c in range(codes):
            g.held[base + c] = 0
        for c in cards[k : k + size]:
            g.held[base + c] += 1
        k += size
    g.pile = tuple(g.pile[: g.drawn]) + tuple(cards[k:])
    return g


def _round_won(points, me):
    """1 when ``me`` scored the most points of the round, 0.5 shared, else 0."""
    mine = points[me]
    others = max(points[q] for q in range(len(points)) if q != me)
    return 1 if mine > others else 0.5 if mine == others else 0

"""The Pacal computer players (tabletop.players): every level's turn is legal
in every phase, the players read only what their player may see (states
that differ only in hidden cards give the same turn), the pyramid summary
agrees with the rules, and the solo advisor beats random play on seeded
deals. Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop import players
from tabletop.players.pacal_build import Shape, play_out
from tabletop.players.pacal_view import View, mover
from tabletop.rules import pacal
from tabletop.rules.pacal import DEAL, L_ASIDE, L_HAND, P_DEAL
from tabletop.rules.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = range(2) if MICROPYTHON else range(8)
BUDGET = 60 if MICROPYTHON else 300


def duel_states(seed, every=3):
    """(state copy, events so far, deal) along a duel match of random play."""
    rng = Rng(seed)
    g = pacal.Pacal("duel")
    events = []
    deal = None
    n = 0
    while not g.is_over() and n < 400:
        if g.phase == P_DEAL:
            deal = pacal.deal_duel(rng)
            g.apply(deal)
            events = [deal]
            continue
        if n % every == 0:
            yield g.copy(), list(events), deal
        moves = list(g.legal_moves())
        move = moves[rng.below(len(moves))]
        g.apply(move)
        events.append(move)
        n += 1


def play_turn(g, moves):
    p = mover(g)
    for move in moves:
        assert move[1] == p, (move, p)
        g.apply(move)  # IllegalMove if the player broke a rule


class LegalTest(unittest.TestCase):
    def test_every_level_plays_legal_duel_turns(self):
        for seed in SEEDS:
            for g, _, _ in duel_states(seed, 5 if MICROPYTHON else 2):
                for level in players.LEVELS:
                    c = g.copy()
                    play_turn(c, players.choose(c, level, BUDGET, Rng(seed)))

    def test_every_level_plays_whole_solo_games(self):
        for seed in SEEDS:
            for level in players.LEVELS:
                g = pacal.Pacal("solo")
                g.apply(pacal.deal_solo(Rng(seed)))
                while not g.is_over():
                    play_turn(g, players.choose(g, level, BUDGET, Rng(seed)))

    def test_a_deal_is_no_players_turn(self):
        g = pacal.Pacal("duel")
        with self.assertRaises(ValueError):
            players.choose(g, "strong", BUDGET, Rng(1))

    def test_a_time_budget_ends_the_sampling(self):
        ticks = [0]

        def clock():
            ticks[0] += 5  # 5 ms a look
            return ticks[0]

        for g, _, _ in duel_states(6, 9):
            ticks[0] = 0
            play_turn(g.copy(), players.choose(g, "strong", 50, Rng(2), clock))
            self.assertLess(ticks[0], 200)
        g = pacal.Pacal("solo")
        g.apply(pacal.deal_solo(Rng(3)))
        while not g.is_over():
            play_turn(g, players.choose(g, "strong", 50, Rng(2), clock))

    def test_thinking_in_slices_gives_the_same_turn(self):
        for g, _, _ in duel_states(3, 7):
            whole = players.choose(g, "strong", BUDGET, Rng(5))
            thinking = players.start(g, "strong", BUDGET, Rng(5))
            moves = None
            while moves is None:
                moves = thinking.step(7)
            self.assertEqual(moves, whole)


class DuelTest(unittest.TestCase):
    def test_a_winning_take_or_offer_is_played(self):
        """A take that leaves the other a card they cannot build, or an offer
        of two cards the other cannot build (while the card kept fits),
        wins the round at once: medium and strong find it."""
        found = 0
        for seed in range(40 if MICROPYTHON else 300):
            for g, _, _ in duel_states(seed, 1):
                p = mover(g)
                q = 1 - p
                if g.phase == pacal.P_TAKE:
                    a, b = g.offer
                    wins = [x for x, y in ((a, b), (b, a)) if _fits(g, p, x) and not _fits(g, q, y)]
                elif g.phase == pacal.P_OFFER:
                    wins = _winning_offers(g, p)
                else:
                    continue
                if not wins:
                    continue
                found += 1
                for level in ("medium", "strong"):
                    moves = players.choose(g, level, BUDGET, Rng(seed))
                    chosen = moves[0][2] if g.phase == pacal.P_TAKE else moves[0][2:]
                    self.assertIn(chosen, wins)
                    c = g.copy()
                    play_turn(c, moves)
                    if g.phase == pacal.P_TAKE:
                        self.assertEqual(c.rounds()[-1], p)
            if found >= (3 if MICROPYTHON else 25):
                break
        self.assertGreater(found, 2)


def _fits(g, p, card):
    return g.field_mask(p, card) != 0


def _winning_offers(g, p):
    hand = g.hand(p)
    out = []
    for a in hand:
        for b in hand:
            if a < b and not _fits(g, 1 - p, a) and not _fits(g, 1 - p, b):
                if _fits(g, p, a) and _fits(g, p, b):
                    out.append((a, b))
    return out


class HiddenTest(unittest.TestCase):
    def test_the_view_counts_the_other_hand_from_public_facts(self):
        for seed in SEEDS:
            for g, _, _ in duel_states(seed):
                p = mover(g)
                v = View(g, p)
                if g.phase != pacal.P_LAST:
                    self.assertEqual(v.their_hand, len(g.hand(1 - p)))
                self.assertEqual(v.hand, g.hand(p))
                for c in g.hand(1 - p):
                    self.assertIn(c, v.unseen)

    def test_a_board_seat_given_its_hand_sees_and_plays_as_with_the_deal(self):
        """A board's state never holds the hands: its computer seat gives
        the cards it read in. Replayed into such a state, each position of a
        match gives the seat the same view, the same count of the other's
        cards, and the same turn as the state that knows the deal."""
        from tabletop.players import pacal_player

        for seed in SEEDS:
            for g, events, deal in duel_states(seed, 4):
                if g.phase == pacal.P_LAST:
                    continue  # (a board reads last cards in: test_board_computer_pacal)
                first, hands, aside = deal[1], deal[2], deal[3]
                tops = sorted((aside[0], aside[pacal.FIELDS]))
                board = pacal.Pacal("duel")
                board.apply((DEAL, first, None, (tops[1], tops[0]) if first == 0 else tuple(tops)))
                for ev in events[1:]:
                    board.apply(ev)
                p = mover(g)
                hand = hands[p]
                a, b = View(g, p), View(board, p, hand)
                self.assertEqual((a.unseen, a.hand, a.their_hand), (b.unseen, b.hand, b.their_hand))
                self.assertEqual(
                    (a.mine, a.theirs, a.card, a.offer), (b.mine, b.theirs, b.card, b.offer)
                )
                self.assertEqual(board.held(p), len(g.hand(p)))
                self.assertEqual(board.held(1 - p), len(g.hand(1 - p)))
                for level in ("easy", "strong"):
                    want = players.choose(g, level, BUDGET, Rng(seed))
                    thinking = pacal_player.start_seat(board, p, hand, level, BUDGET, Rng(seed))
                    got = None
                    while got is None:
                        got = thinking.step(50)
                    self.assertEqual(got, want)

    def test_hidden_duel_cards_do_not_change_the_turn(self):
        """Swap the other's unplayed cards with cards set aside, replay the
        round: the player sees the same, and chooses the same."""
        for seed in SEEDS:
            for g, events, deal in duel_states(seed, 4):
                p = mover(g)
                other = _swapped(g, events, deal, 1 - p, Rng(seed + 99))
                if other is None:
                    continue
                self.assertNotEqual(other.hand(1 - p), g.hand(1 - p))
                a, b = View(g, p), View(other, p)
                self.assertEqual((a.unseen, a.hand, a.their_hand), (b.unseen, b.hand, b.their_hand))
                for level in ("easy", "strong"):
                    mine = players.choose(g, level, BUDGET, Rng(seed))
                    theirs = players.choose(other, level, BUDGET, Rng(seed))
                    self.assertEqual(mine, theirs)

    def test_the_solo_pile_order_does_not_change_the_build(self):
        for seed in SEEDS:
            g = pacal.Pacal("solo")
            _, _, pile, aside = pacal.deal_solo(Rng(seed))
            g.apply((DEAL, 0, pile, aside))
            rng = Rng(seed + 7)
            while not g.is_over():
                rest = list(pile[g.drawn + 1 :]) + list(aside)
                rng.shuffle(rest)
                other = pacal.Pacal("solo")
                other.apply((DEAL, 0, pile[: g.drawn + 1] + tuple(rest[: len(rest) - 10]),
                             tuple(rest[len(rest) - 10 :])))  # fmt: skip
                _replay_builds(g, other)
                mine = players.choose(g, "strong", BUDGET, Rng(seed))
                self.assertEqual(players.choose(other, "strong", BUDGET, Rng(seed)), mine)
                g.apply(mine[0])


def _replay_builds(g, other):
    """Build ``g``'s cards on ``other`` in the order they were drawn."""
    order = []
    for f in range(10):
        for c in (g.under[f], g.top[f]):
            if c:
                order.append((g.pile.index(c), c, f + 1))
    order.sort()
    for _, c, f in order:
        other.apply((pacal.PLACE, 0, c, f))


def _swapped(g, events, deal, q, rng):
    """The same round with q's cards still in hand swapped for aside cards."""
    held = [c for c in range(1, 51) if g.loc[c] == L_HAND + q]
    aside = [c for c in range(1, 51) if g.loc[c] == L_ASIDE]
    if not held:
        return None
    rng.shuffle(aside)
    swap = {}
    for i in range(min(len(held), len(aside))):
        swap[held[i]] = aside[i]
        swap[aside[i]] = held[i]
    _, first, hands, side = deal
    hands = tuple(tuple(swap.get(c, c) for c in h) for h in hands)
    side = tuple(swap.get(c, c) for c in side)
    other = pacal.Pacal("duel")
    other.wins = list(g.wins)
    other.apply((DEAL, first, hands, side))
    for ev in events[1:]:
        other.apply(ev)
    return other


class ShapeTest(unittest.TestCase):
    def test_the_options_are_the_rules_fields(self):
        rng = Rng(4)
        for _ in range(40 if MICROPYTHON else 300):
            g = pacal.Pacal("solo")
            g.apply(pacal.deal_solo(rng))
            steps = rng.below(14)
            while not g.is_over() and steps:
                moves = list(g.legal_moves())
                g.apply(moves[rng.below(len(moves))])
                steps -= 1
            if g.is_over():
                continue
            v = View(g, 0)
            sh = Shape(v.mine, v.unseen, True)
            for card in v.unseen:
                fields = g.fields(0, card)
                if not fields:
                    continue
                j, r = sh.locate(card)
                got = sorted(sh.field(j, o) + 1 for o in sh.options(j))
                self.assertEqual(got, fields)
                self.assertIn(sh.field(j, sh.greedy(j, r)) + 1, fields)


def best_chance(covs, ns, ks, memo):
    """The best possible chance of completing a small solo pyramid given as
    counts (see pacal_build), by trying every build of every card to come:
    a solver of its own, written from the rules, not from the player."""
    key = (covs, ns, ks)
    if key in memo:
        return memo[key]
    if not sum(ks):
        return 1.0
    total = sum(ns)
    won = 0.0
    for j in range(len(ns)):
        n, k = ns[j], ks[j]
        for r in range(n):  # the card has r unseen values of its gap above it
            best = 0.0
            for i in range(k):  # on the empty field with i empty fields above it
                nxt = (covs[:j] + (0,) + covs[j:], ns[:j] + (r, n - 1 - r) + ns[j + 1 :],
                       ks[:j] + (i, k - 1 - i) + ks[j + 1 :])  # fmt: skip
                best = max(best, best_chance(*nxt, memo))
            if j and not covs[j - 1]:  # covering the card above the gap
                nxt = (covs[: j - 1] + (1,) + covs[j:],
                       ns[: j - 1] + (ns[j - 1] + r, n - 1 - r) + ns[j + 1 :], ks)  # fmt: skip
                best = max(best, best_chance(*nxt, memo))
            if j < len(covs) and not covs[j]:  # covering the card below it
                nxt = (covs[:j] + (1,) + covs[j + 1 :],
                       ns[:j] + (r, ns[j + 1] + n - 1 - r) + ns[j + 2 :], ks)  # fmt: skip
                best = max(best, best_chance(*nxt, memo))
            won += best
    memo[key] = won / total
    return memo[key]


class SoloTest(unittest.TestCase):
    @unittest.skipIf(MICROPYTHON, "an exhaustive solver: CPython only")
    def test_the_greedy_rule_is_near_the_best_on_a_small_pyramid(self):
        """Four fields, twenty cards: the best possible play completes 89.0%
        of games; the greedy rule's play-outs come within 1.5 points."""
        best = best_chance((), (20,), (4,), {})
        self.assertAlmostEqual(best, 0.8897, places=3)
        rng = Rng(1)
        games = 20000
        won = sum(play_out([], [20], [4], 4, rng)[0] for _ in range(games))
        self.assertLess(abs(won / games - best), 0.015)

    def test_the_greedy_and_the_advisor_beat_random_play(self):
        deals = 6 if MICROPYTHON else 60
        won = {}
        for level in ("random", "medium", "strong"):
            won[level] = 0
            for seed in range(deals):
                g = pacal.Pacal("solo")
                g.apply(pacal.deal_solo(Rng(1000 + seed)))
                rng = Rng(seed)
                while not g.is_over():
                    play_turn(g, players.choose(g, level, BUDGET, rng))
                won[level] += g.outcome().winner == 0
        if not MICROPYTHON:
            self.assertGreater(won["medium"], won["random"] + deals // 4)
            self.assertGreater(won["strong"], won["random"] + deals // 4)

    def test_no_pile_is_read(self):
        """The view of a solo game holds no more than the pyramid and the card."""
        g = pacal.Pacal("solo")
        g.apply(pacal.deal_solo(Rng(2)))
        v = View(g, 0)
        self.assertEqual(len(v.unseen), 49)
        self.assertEqual(v.unseen, [c for c in range(1, 51) if c != v.card])
        self.assertEqual(v.hand, [])


if __name__ == "__main__":
    unittest.main()

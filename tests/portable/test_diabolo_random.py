"""Diabolo properties over random play (seeded ``tabletop.rules.rng.Rng``),
3, 4 and 5 players: the listed moves are exactly the legal ones (checked
against an oracle for every card in hand), refused events change nothing,
all 70 cards stay somewhere, hands hold six after each turn, rounds end at
the right lock, scores follow the oracle, dealers pass left, there are as
many rounds as players, and every game survives a trip through its record."""

import sys
import unittest

from diabolo_support import assert_refused, check_cards, oracle_points
from tabletop.records.record import Record
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DEAL, DISCARD, DOUBLE, HEAVEN, HELL, PLAY
from tabletop.rules.rng import Rng

MICRO = sys.implementation.name == "micropython"
GAMES = 3 if MICRO else 24


def oracle_play_moves(g):
    """The legal events of the player to move, from the rows and the hand."""
    p = g.turn
    hand = g.hand(p)
    out = []
    for c in hand:
        hell, heaven = g.row(c // 10)
        if len(hell) + len(heaven) >= 5:
            continue
        for side, cards in ((HELL, hell), (HEAVEN, heaven)):
            if len(cards) < 3 and (PLAY, p, c, side) not in out:
                out.append((PLAY, p, c, side))
    if not out:
        for c in hand:
            if (DISCARD, p, c, 0) not in out:
                out.append((DISCARD, p, c, 0))
    return sorted(out)


def oracle_doubles(g):
    out = []
    last = g.last_double
    for p in range(g.players):
        if g.doubles[p] >= 0:
            continue
        for colour in range(max(last, 0), 5):
            hell, heaven = g.row_sums(colour)
            if heaven > hell:
                out.append((DOUBLE, p, colour, 0))
    return out


class RandomGamesTest(unittest.TestCase):
    def check_listed(self, g, rng):
        moves = list(g.legal_moves())
        self.assertEqual(len(moves), len(set(moves)), "a move listed twice")
        self.assertEqual(g.legal_moves().count(), len(moves))
        self.assertEqual(bool(g.legal_moves()), len(moves) > 0)
        if g.phase == diabolo.P_PLAY:
            self.assertEqual(sorted(moves), oracle_play_moves(g))
            self.assertTrue(len(moves) > 0)
        else:
            self.assertEqual(moves, oracle_doubles(g))
        for m in moves:
            self.assertIsNone(g.why_illegal(m))
            self.assertTrue(m in g.legal_moves())
        # Everything near a legal move that is not listed is refused.
        tries = []
        p = g.turn if g.phase == diabolo.P_PLAY else rng.below(g.players)
        for c in diabolo.deck()[:: 5 if MICRO else 2]:
            for side in (HELL, HEAVEN):
                tries.append((PLAY, p, c, side))
            tries.append((DISCARD, p, c, 0))
        for colour in range(6):
            tries.append((DOUBLE, p, colour, 0))
        tries.append((PLAY, (p + 1) % g.players, g.hand((p + 1) % g.players)[0], HELL))
        tries.append((PLAY, p, 1, 2))
        tries.append((DEAL, (g.dealer + 2) % g.players, tuple(diabolo.deck()), 0))
        for m in tries:
            if m not in moves:
                if rng.below(4) == 0 or m[0] != PLAY:
                    assert_refused(self, g, m)
                else:
                    self.assertTrue(
                        g.fault(m) is not None
                    )  # (a tuple upsets MicroPython's assertIsNotNone)

    def play_game(self, rng, n, stats):
        names = ["p%d" % i for i in range(n)]
        rec = Record.new("diabolo", "standard", players=names)
        g = rec.state
        first = rng.below(n)
        deals = []
        while True:
            if g.phase == diabolo.P_DEAL or g.phase == diabolo.P_SCORE:
                dealer = first if not deals else (deals[-1] + 1) % n
                if deals:
                    assert_refused(self, g, diabolo.deal(rng, (dealer + 1) % n), "dealer")
                rec.add(diabolo.deal(rng, dealer))
                deals.append(dealer)
                self.assertEqual(g.turn, (dealer + 1) % n)
                turns = 0
                check_cards(self, g)
            while g.phase == diabolo.P_PLAY:
                self.check_listed(g, rng)
                p = g.turn
                self.assertEqual(g.hand_size(p), 7)
                move = rng.choice(list(g.legal_moves()))
                if move[0] == DISCARD:
                    stats["discards"] += 1
                rec.add(move)
                turns += 1
                check_cards(self, g)
                self.assertEqual(g.hand_size(p), 6)
                self.assertTrue(g.drawn < 70 or g.phase != diabolo.P_PLAY)
                if g.phase == diabolo.P_PLAY:
                    self.assertTrue(g.locked_rows() < diabolo.locks_to_end(n))
                    for q in range(n):
                        self.assertEqual(g.hand_size(q), 7 if q == g.turn else 6)
            self.assertTrue(turns <= 35)
            self.assertEqual(g.locked_rows(), diabolo.locks_to_end(n))
            self.assertEqual(g.round_scores()[-1], oracle_points(g))
            self.assertEqual(len(g.round_scores()), len(deals))
            self.assertEqual(g.is_over(), len(deals) == n)
            while True:  # random doubles
                self.check_listed(g, rng)
                doubles = list(g.legal_moves())
                if not doubles or rng.below(3) == 0:
                    break
                rec.add(rng.choice(doubles))
                stats["doubles"] += 1
                self.assertEqual(g.round_scores()[-1], oracle_points(g))
            if g.is_over():
                break
        self.assertEqual(len(deals), n)
        totals = g.totals()
        best = max(totals)
        top = [p for p in range(n) if totals[p] == best]
        winner = g.outcome().winner
        self.assertEqual(winner, top[0] if len(top) == 1 else tuple(top))
        text = rec.dumps()
        back = Record.read(text)
        self.assertEqual(back.events, rec.events)
        self.assertEqual(back.dumps(), text)
        rec.set_result()
        self.assertEqual(Record.read(rec.dumps()).summary(), rec.summary())
        stats["turns"] += len(rec.events)

    def test_random_games(self):
        rng = Rng(31)
        stats = {"discards": 0, "doubles": 0, "turns": 0}
        for i in range(GAMES):
            self.play_game(rng, 3 + i % 3, stats)
        self.assertTrue(stats["doubles"] > 0)
        self.assertTrue(stats["turns"] > 0)

    def test_copy_is_independent(self):
        rng = Rng(8)
        g = diabolo.Diabolo(4)
        g.apply(diabolo.deal(rng, 0))
        c = g.copy()
        before = (bytes(c.held), bytes(c.rows), c.turn)
        for _ in range(5):
            g.apply(rng.choice(list(g.legal_moves())))
        self.assertEqual((bytes(c.held), bytes(c.rows), c.turn), before)
        self.assertIs(type(c), diabolo.Diabolo)

"""Pacal properties over random play (seeded ``tabletop.rules.rng.Rng``): every
listed move applies, everything else is refused and changes nothing, every
card is in exactly one place, rounds end exactly when and how the rules say
and within their bound; and the LegalMoves view agrees with the rules."""

import sys
import unittest

from pacal_support import (
    ROUND_BOUND,
    assert_refused,
    check_places,
    oracle_fields,
    snapshot,
)
from tabletop.rules import pacal
from tabletop.rules.common import IllegalMove
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE
from tabletop.rules.rng import Rng

MICRO = sys.implementation.name == "micropython"
MATCHES = 3 if MICRO else 30
ROUND_CAP = 40  # rounds per random match before we call it a runaway


def natural(card):
    """The field a card would take in an evenly spread pyramid."""
    return 10 - (card - 1) // 5


def choose(rng, g, moves):
    """A random move, often a sensible one so that rounds also run long."""
    if rng.below(4) == 0:
        return moves[rng.below(len(moves))]
    ph = g.phase
    if ph == pacal.P_TAKE:
        taker = 1 - g.turn
        fitting = [m for m in moves if g.field_mask(taker, m[2])]
        if fitting:
            return fitting[rng.below(len(fitting))]
    if ph == pacal.P_BUILD or ph == pacal.P_LAST:
        p = g.to_move()[rng.below(len(g.to_move()))]
        mine = [m for m in moves if m[1] == p and m[0] == PLACE]
        if mine:
            best = mine[0]
            for m in mine:
                if abs(m[3] - natural(m[2])) < abs(best[3] - natural(best[2])):
                    best = m
            return best
    return moves[rng.below(len(moves))]


def mutations(move):
    kind, p, a, b = move
    out = [
        (kind, 1 - p, a, b),
        (kind, 2, a, b),
        (kind, p, a + 1, b),
        (kind, p, a - 1, b),
        (kind, p, b, a),
    ]
    if kind == OFFER or kind == PLACE:
        out.append((kind, p, a, b + 1))
        out.append((kind, p, a, b - 1))
    for k in (OFFER, TAKE, PLACE, KEEP):
        if k != kind:
            out.append((k, p, a, 0 if k in (TAKE, KEEP) else b))
    return out


def judge(before, move, g):
    """The oracle for the end of a round: None while it goes on, else
    (winner,) for the round just decided. ``before`` is the state before
    ``move``, ``g`` the state after it."""
    kind = move[0]
    if kind == TAKE:
        off = before.turn
        taker = move[1]
        other = before.offer[1] if move[2] == before.offer[0] else before.offer[0]
        got = {taker: move[2], off: other}
        stuck = [oracle_fields(before, p, got[p]) == [] for p in (0, 1)]
        if stuck[0] and stuck[1]:
            return (None,)
        if stuck[0] or stuck[1]:
            return (1 if stuck[0] else 0,)
        return None
    if kind == PLACE or kind == KEEP:
        if before.pending[1 - move[1]]:
            return None  # the other player has still to build
        done = [0 not in g.pyramid(p) for p in (0, 1)]
        if done[0] and done[1]:
            s = [g.pyramid(p)[0] - g.pyramid(p)[9] for p in (0, 1)]
            if s[0] == s[1]:
                return (None,)
            small = 0 if s[0] < s[1] else 1
            return (small if g.tiebreak == pacal.SMALLER_SPREAD else 1 - small,)
        if done[0] or done[1]:
            return (0 if done[0] else 1,)
        if before.phase == pacal.P_LAST:
            return (None,)
        if last_cards_fit(before, move, g) == [False, False]:
            return (None,)  # no last card can be built: nothing is left to play
    return None


def last_cards_fit(before, move, g):
    """After the builds of the fourteenth turn (each player then holds one
    card), whether each player's last card fits somewhere; None after any
    other event. ``before`` is the state before ``move``, ``g`` after it."""
    last = [before.hand(p) for p in (0, 1)]
    if before.phase != pacal.P_BUILD or move[0] != PLACE or before.pending[1 - move[1]]:
        return None  # not the last build of a turn
    if len(last[0]) != 1 or len(last[1]) != 1:
        return None  # not the fourteenth turn
    return [oracle_fields(g, p, last[p][0]) != [] for p in (0, 1)]


class RandomDuelTest(unittest.TestCase):
    def check_moves(self, g, moves, rng, takes, first):
        n = len(moves)
        legal = {}
        for m in moves:
            legal[m] = 1
        self.assertEqual(len(legal), n, "a move listed twice")
        self.assertEqual(g.legal_moves().count(), n)
        self.assertEqual(bool(g.legal_moves()), n > 0)
        self.assertTrue(n > 0)
        ph = g.phase
        if ph == pacal.P_OFFER:
            self.assertTrue(takes < 14)  # after 14 turns come the last cards
            who = first if takes % 2 == 0 else 1 - first
            self.assertEqual(g.to_move(), (who,))
            hand = g.hand(who)
            self.assertEqual(len(hand), 15 - 2 * (takes // 2))  # each has offered takes // 2 times
            self.assertEqual(n, len(hand) * (len(hand) - 1))
            for m in moves:
                self.assertEqual(m[:2], (OFFER, who))
                self.assertIn(m[2], hand)
                self.assertIn(m[3], hand)
            sample = [moves[rng.below(n)] for _ in range(2)]
        elif ph == pacal.P_TAKE:
            taker = 1 - g.turn
            self.assertEqual(sorted(moves), sorted([(TAKE, taker, c, 0) for c in g.offer]))
            sample = moves
        else:
            self.assertIn(ph, (pacal.P_BUILD, pacal.P_LAST))
            if ph == pacal.P_LAST:
                self.assertEqual(takes, 14)
            else:
                self.assertTrue(1 <= takes <= 14)
            for p in (0, 1):
                card = g.pending[p]
                places = sorted(m[3] for m in moves if m[1] == p and m[0] == PLACE)
                if card:
                    self.assertEqual(places, oracle_fields(g, p, card))
                    keeps = [m for m in moves if m[1] == p and m[0] == KEEP]
                    self.assertEqual(keeps, [(KEEP, p, card, 0)] if ph == pacal.P_LAST else [])
                    # a stuck player built nothing; a last card to decide on fits
                    self.assertTrue(len(places) > 0)
                else:
                    self.assertEqual([m for m in moves if m[1] == p], [])
            if ph == pacal.P_LAST:
                for p in (0, 1):
                    if not g.pending[p]:
                        # Nothing to decide: the last card fits nowhere and is
                        # kept (or was built or kept already this phase).
                        self.assertEqual(g.hand(p), [])
            sample = moves
        for m in sample:
            self.assertIsNone(g.why_illegal(m))
            self.assertTrue(m in g.legal_moves())
            g.copy().apply(m)
        # Mutated legal moves and random tuples: legal exactly when listed.
        tries = mutations(sample[rng.below(len(sample))])
        for _ in range(3):
            kind = rng.below(6)
            b = 0 if kind in (TAKE, KEEP) else rng.below(12)  # see test_take_and_keep_carry_zero
            tries.append((kind, rng.below(3), rng.below(53) - 1, b))
        for m in tries:
            if m in legal:
                self.assertIsNone(g.why_illegal(m))
            else:
                assert_refused(self, g, m)

    def check_last_cards(self, before, g, fit, stats):
        """After the fourteenth turn (nobody complete): a last card that fits
        waits for its player's place or keep; one that fits nowhere is kept
        without a line, and a keep for it is refused."""
        for p in (0, 1):
            card = before.hand(p)[0]
            self.assertEqual(g.hand(p), [])
            if fit[p]:
                self.assertEqual(g.pending[p], card)
                self.assertEqual(g.loc[card], pacal.L_TO_BUILD + p)
            else:
                stats["last fits nowhere"] += 1
                self.assertEqual(g.pending[p], 0)
                self.assertEqual(g.loc[card], pacal.L_KEPT + p)
                if g.phase == pacal.P_LAST:
                    self.assertEqual(g.fault((KEEP, p, card, 0)), ("last_fits_nowhere", p, card))
                assert_refused(self, g, (KEEP, p, card, 0))
        who = tuple(p for p in (0, 1) if fit[p])
        self.assertEqual(g.to_move(), who)
        self.assertEqual(g.phase, pacal.P_LAST if who else pacal.P_DEAL)
        if len(who) == 1:
            stats["one last card fits"] += 1

    def play_match(self, rng, tiebreak, stats):
        g = pacal.Pacal(pacal.DUEL, tiebreak=tiebreak)
        rounds = 0
        while not g.is_over():
            self.assertEqual(g.phase, pacal.P_DEAL)
            self.assertEqual(list(g.legal_moves()), [])
            deal = pacal.deal_duel(rng)
            g.apply(deal)
            first, aside = deal[1], deal[3]
            check_places(self, g, aside)
            events = 1
            takes = 0
            decided = None
            while decided is None:
                moves = list(g.legal_moves())
                self.check_moves(g, moves, rng, takes, first)
                move = choose(rng, g, moves)
                before = g.copy()
                n_results = len(g.rounds())
                g.apply(move)
                events += 1
                if move[0] == TAKE:
                    takes += 1
                check_places(self, g, aside)
                decided = judge(before, move, g)
                fit = last_cards_fit(before, move, g)
                if fit is not None and not g.complete(0) and not g.complete(1):
                    self.check_last_cards(before, g, fit, stats)
                if decided is None:
                    self.assertEqual(len(g.rounds()), n_results)
                    self.assertNotEqual(g.phase, pacal.P_DEAL)
                    self.assertFalse(g.is_over())
                else:
                    self.assertEqual(g.rounds()[n_results:], [decided[0]])
                    if move[0] == TAKE:
                        stats["stuck"] += 1
                    elif before.phase == pacal.P_LAST:
                        stats["last"] += 1
                    elif fit == [False, False] and decided == (None,):
                        stats["no last card fits"] += 1
                    else:
                        stats["complete"] += 1
                self.assertLessEqual(events, ROUND_BOUND)
            rounds += 1
            self.assertLessEqual(rounds, ROUND_CAP)
        wins = [g.rounds().count(0), g.rounds().count(1)]
        self.assertEqual(g.wins, wins)
        self.assertEqual(max(wins), 3)
        self.assertTrue(min(wins) < 3)
        self.assertEqual(g.outcome().winner, wins.index(3))
        self.assertEqual(g.phase, pacal.P_OVER)
        assert_refused(self, g, pacal.deal_duel(rng))
        stats["rounds"] += rounds

    def test_random_matches(self):
        rng = Rng(2024)
        stats = {"stuck": 0, "complete": 0, "last": 0, "rounds": 0}
        stats["no last card fits"] = 0
        stats["last fits nowhere"] = 0
        stats["one last card fits"] = 0
        for i in range(MATCHES):
            tiebreak = pacal.LARGER_SPREAD if i % 3 == 2 else pacal.SMALLER_SPREAD
            self.play_match(rng, tiebreak, stats)
        self.assertGreaterEqual(stats["rounds"], 3 * MATCHES)
        self.assertGreaterEqual(stats["stuck"], 1)
        if not MICRO:
            # The random games reach every way a round can end.
            self.assertGreaterEqual(stats["complete"], 1)
            self.assertGreaterEqual(stats["last"], 1)
            self.assertGreaterEqual(stats["last fits nowhere"], 1)
            self.assertGreaterEqual(stats["one last card fits"], 1)
            self.assertGreaterEqual(stats["no last card fits"], 1)


class RandomSoloTest(unittest.TestCase):
    def test_random_solo_games(self):
        rng = Rng(77)
        for i in range(8 if MICRO else 80):
            cover = i % 4 != 3
            g = pacal.Pacal(pacal.SOLO, solo_cover=cover)
            deal = pacal.deal_solo(rng)
            g.apply(deal)
            pile, aside = deal[2], deal[3]
            while not g.is_over():
                check_places(self, g, aside)
                moves = list(g.legal_moves())
                card = g.top_card()
                self.assertEqual(card, pile[g.cards_used()])
                self.assertEqual([m[3] for m in moves], oracle_fields(g, 0, card, cover))
                for m in moves:
                    self.assertEqual(m[:3], (PLACE, 0, card))
                for m in mutations(moves[0]) + [(PLACE, 0, pile[g.cards_used() + 1], 1)]:
                    if m not in moves:
                        assert_refused(self, g, m)
                g.apply(choose(rng, g, moves))
            check_places(self, g, aside)
            self.assertLessEqual(g.cards_used(), 19 if cover else 10)


class LegalMovesTest(unittest.TestCase):
    """``in`` agrees with why_illegal; count() and bool() with iteration;
    copy() is independent of the original."""

    def positions(self):
        rng = Rng(9)
        out = []
        g = pacal.Pacal()
        out.append(g.copy())
        g.apply(pacal.deal_duel(rng))
        while len(out) < 24:
            out.append(g.copy())
            moves = list(g.legal_moves())
            if not moves:
                g.apply(pacal.deal_duel(rng))
                continue
            g.apply(choose(rng, g, moves))
        return out

    def test_in_agrees_with_why_illegal(self):
        candidates = []
        for kind in (OFFER, TAKE, PLACE, KEEP):
            for p in (0, 1):
                for a in (1, 7, 23, 50):
                    for b in (0, 1, 5, 10, 23):
                        candidates.append((kind, p, a, b))
        for g in self.positions():
            listed = list(g.legal_moves())
            for m in candidates + listed:
                self.assertEqual(m in g.legal_moves(), g.why_illegal(m) is None)

    def test_count_and_bool_agree_with_iteration(self):
        for g in self.positions():
            moves = list(g.legal_moves())
            self.assertEqual(g.legal_moves().count(), len(moves))
            self.assertIs(bool(g.legal_moves()), len(moves) > 0)
            self.assertEqual(list(g.legal_moves()), moves)  # the same each time

    def test_take_and_keep_carry_zero(self):
        # (TAKE, p, card, 0) and (KEEP, p, card, 0): the form iteration lists.
        g = pacal.Pacal()
        g.apply((DEAL, 0, (tuple(range(1, 16)), tuple(range(16, 31))), tuple(range(31, 51))))
        g.apply((OFFER, 0, 4, 9))
        self.assertIn((TAKE, 1, 9, 0), g.legal_moves())
        self.assertFalse((TAKE, 1, 9, 4) in g.legal_moves())
        assert_refused(self, g, (TAKE, 1, 9, 4))

    def test_copy_is_independent(self):
        rng = Rng(3)
        g = pacal.Pacal()
        g.apply(pacal.deal_duel(rng))
        steps = 0
        while not g.is_over() and steps < 400:
            steps += 1
            if g.phase == pacal.P_DEAL:
                g.apply(pacal.deal_duel(rng))
                continue
            c = g.copy()
            self.assertEqual(snapshot(c), snapshot(g))
            before = snapshot(g)
            moves = list(c.legal_moves())
            c.apply(choose(rng, c, moves))
            self.assertEqual(snapshot(g), before)  # the copy moved alone
            c2 = g.copy()
            g.apply(moves[rng.below(len(moves))])
            self.assertEqual(snapshot(c2), before)  # and the original alone
        self.assertTrue(g.is_over() or steps == 400)

    def test_copy_keeps_options_and_match_state(self):
        g = pacal.Pacal(pacal.DUEL, tiebreak=pacal.LARGER_SPREAD)
        c = g.copy()
        self.assertEqual(c.tiebreak, pacal.LARGER_SPREAD)
        self.assertEqual(c.variant, pacal.DUEL)
        s = pacal.Pacal(pacal.SOLO, solo_cover=False).copy()
        self.assertEqual((s.variant, s.solo_cover), (pacal.SOLO, False))
        with self.assertRaises(IllegalMove):
            c.apply((OFFER, 0, 1, 2))


if __name__ == "__main__":
    unittest.main()

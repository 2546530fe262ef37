"""Pacal as a board plays it: without knowing the hands. A board deal names
only who offers first and the aside cards it has seen; any unseen card may be
offered; the last card of a round and every solo card are revealed when read.
Played this way, a game must go exactly as the same game with the deal known."""

import sys
import unittest

from pacal_support import NOWHERE, TURN_EVENTS, plan_round
from tabletop.rules import pacal
from tabletop.rules.common import IllegalMove
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, REVEAL, TAKE
from tabletop.rules.rng import Rng
from test_pacal_round_end import PLAN_A0, PLAN_A1

GAMES = 4 if sys.implementation.name == "micropython" else 40


def board_deal(deal):
    _, first, hands, aside = deal
    return (DEAL, first, None, (aside[0], aside[10]))


def pick(rng, state):
    moves = list(state.legal_moves())
    return rng.choice(moves)


class BoardModeTest(unittest.TestCase):
    def test_offers_need_unseen_cards(self):
        g = pacal.Pacal("duel")
        g.apply((DEAL, 1, None, (30, 7)))
        self.assertEqual(g.to_move(), (1,))
        for cards, code in (((30, 5), "seen"), ((5, 5), "same_cards")):
            with self.assertRaises(IllegalMove) as ctx:
                g.apply((OFFER, 1, cards[0], cards[1]))
            self.assertEqual(ctx.exception.code, code)
        g.apply((OFFER, 1, 12, 44))
        g.apply((TAKE, 0, 44, 0))
        g.apply((PLACE, 0, 44, 1))
        g.apply((PLACE, 1, 12, 1))
        with self.assertRaises(IllegalMove) as ctx:
            g.apply((OFFER, 0, 44, 3))  # 44 is built already
        self.assertEqual(ctx.exception.code, "seen")

    def test_reveal_only_where_a_card_is_awaited(self):
        g = pacal.Pacal("duel")
        g.apply((DEAL, 0, None, ()))
        with self.assertRaises(IllegalMove):
            g.apply((REVEAL, 0, 5, 0))
        known = pacal.Pacal("duel")
        known.apply(pacal.deal_duel(Rng(1)))
        with self.assertRaises(IllegalMove):
            known.apply((REVEAL, 0, 5, 0))

    def test_duel_rounds_go_as_with_the_deal_known(self):
        rng = Rng(21)
        for _ in range(GAMES):
            known = pacal.Pacal("duel")
            board = pacal.Pacal("duel")
            deal = pacal.deal_duel(rng)
            known.apply(deal)
            board.apply(board_deal(deal))
            while known.phase != pacal.P_DEAL and not known.is_over():
                if known.phase == pacal.P_LAST:
                    for p in (0, 1):
                        if board.awaiting[p]:
                            last = [c for c in deal[2][p] if known.loc[c] >= pacal.L_TO_BUILD]
                            card = known.pending[p] or last[0]
                            board.apply((REVEAL, p, card, 0))
                move = pick(rng, known)
                self.assertIn(move, board.legal_moves())
                known.apply(move)
                board.apply(move)
                self.assertEqual(
                    board.pyramid(0) + board.pyramid(1), known.pyramid(0) + known.pyramid(1)
                )
            self.assertEqual(board.rounds(), known.rounds())
            self.assertEqual(board.phase, known.phase)

    def test_last_cards_are_revealed_when_read(self):
        # Planned rounds (tests/portable/pacal_support): player 0's last card
        # 48 fits nowhere; player 1's 10 fits field 10 (built), 31 nowhere.
        for last, kept in (
            (((48, NOWHERE), (10, 10)), (0,)),
            (((48, NOWHERE), (31, NOWHERE)), (0, 1)),
        ):
            deal, events = plan_round(0, PLAN_A0, PLAN_A1, last=last)
            known = pacal.Pacal("duel")
            known.apply(deal)
            board = pacal.Pacal("duel")
            board.apply(board_deal(deal))
            for ev in events[:TURN_EVENTS]:
                known.apply(ev)
                board.apply(ev)
            self.assertEqual(board.phase, pacal.P_LAST)
            self.assertEqual(board.to_move(), (0, 1))
            self.assertEqual(list(board.legal_moves()), [])  # nothing known yet
            for p in (0, 1):
                board.apply((REVEAL, p, last[p][0], 0))
                if p in kept and p == 0:  # the round still waits for player 1
                    self.assertEqual(board.pending[p], 0)
                    with self.assertRaises(IllegalMove) as ctx:
                        board.apply((KEEP, p, last[p][0], 0))
                    self.assertEqual(ctx.exception.code, "last_fits_nowhere")
            for ev in events[TURN_EVENTS:]:
                known.apply(ev)
                board.apply(ev)
            self.assertEqual(board.phase, known.phase)
            self.assertEqual(board.rounds(), known.rounds())
            self.assertEqual(board.pyramid(1), known.pyramid(1))

    def test_solo_cards_are_read_one_by_one(self):
        rng = Rng(8)
        for _ in range(GAMES):
            deal = pacal.deal_solo(rng)
            known = pacal.Pacal("solo")
            known.apply(deal)
            board = pacal.Pacal("solo")
            board.apply((DEAL, 0, None, None))
            while not known.is_over():
                self.assertEqual(board.top_card(), 0)
                board.apply((REVEAL, 0, known.top_card(), 0))
                if board.is_over():
                    break
                move = pick(rng, known)
                known.apply(move)
                board.apply(move)
            if not board.is_over():  # the card that fits nowhere is still to be read
                board.apply((REVEAL, 0, known.pending[0], 0))
            self.assertTrue(board.is_over())
            self.assertEqual(board.outcome(), known.outcome())
            self.assertEqual(board.cards_used(), known.cards_used())

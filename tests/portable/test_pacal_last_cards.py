"""Pacal: the last card of a round: after fourteen turns each player holds
one, reads it on the slot, then builds or keeps it; a card that fits
nowhere is kept without a line (docs/RULES.md "A duel round")."""

import unittest

from pacal_support import (
    NOWHERE,
    PLAN_A0,
    PLAN_A1,
    ROUND_BOUND,
    TURN_EVENTS,
    assert_refused,
    place_moves,
    plan_round,
    play,
)
from tabletop.rules import pacal
from tabletop.rules.common import IllegalMove
from tabletop.rules.pacal import KEEP, OFFER, PLACE


class LastCardTest(unittest.TestCase):
    """After 14 turns each player holds one last card: build it where it fits
    or decline it (``keep``). A card that fits nowhere is kept without a line
    (a ``keep`` for it is refused) and does not lose; when neither last card
    fits, the round ends with the fourteenth turn's builds."""

    # After PLAN_A0 / PLAN_A1 (fields 1..5 covered on both sides):
    # 48 fits nowhere for either player, 31 fits player 0 (field 6) but not
    # player 1, 22 fits player 1 (fields 6 and 7).

    def fourteen_with(self, last, first=0, tiebreak=pacal.SMALLER_SPREAD, order=(0, 1)):
        """The game after the fourteen turns (and the last-card lines that follow)."""
        deal, events = plan_round(first, PLAN_A0, PLAN_A1, last=last, last_order=order)
        g = pacal.Pacal(pacal.DUEL, tiebreak=tiebreak)
        g.apply(deal)
        play(g, events[:TURN_EVENTS])
        return g, events[TURN_EVENTS:]

    def fourteen(self, first=0):
        # Player 0's last card 48 fits nowhere; player 1's 22 fits.
        g, tail = self.fourteen_with(((48, NOWHERE), (22, None)), first)
        self.assertEqual(tail, [(KEEP, 1, 22, 0)])
        self.assertEqual(g.phase, pacal.P_LAST)
        return g

    def test_after_14_turns_each_holds_one_last_card(self):
        for first in (0, 1):
            with self.subTest(first=first):
                g = self.fourteen(first)
                self.assertEqual(g.pyramid(0), [50, 47, 43, 39, 35, 29, 25, 21, 17, 0])
                self.assertEqual(g.pyramid(1), [46, 42, 38, 34, 30, 24, 20, 16, 12, 0])
                self.assertEqual(g.rounds(), [])
                self.assertEqual(g.hand(0), [])
                self.assertEqual(g.hand(1), [])
                # Player 0's 48 fits nowhere: kept already, nothing to decide.
                self.assertEqual(g.loc[48], pacal.L_KEPT)
                self.assertEqual(g.to_move(), (1,))
                self.assertEqual(g.pending, [0, 22])
                moves = sorted(g.legal_moves())
                self.assertEqual(moves, [(PLACE, 1, 22, 6), (PLACE, 1, 22, 7), (KEEP, 1, 22, 0)])
                # No more offers: the round has no fifteenth turn.
                assert_refused(self, g, (OFFER, first, 48, 22))
                assert_refused(self, g, (KEEP, 0, 22, 0))
                assert_refused(self, g, (KEEP, 1, 48, 0))
                assert_refused(self, g, (KEEP, 0, 48, 0))

    def test_both_last_cards_fit_nowhere_round_ends_after_turn_14(self):
        for first in (0, 1):
            with self.subTest(first=first):
                deal, events = plan_round(
                    first, PLAN_A0, PLAN_A1, last=((48, NOWHERE), (31, NOWHERE))
                )
                self.assertEqual(len(events), TURN_EVENTS)  # no last-card lines
                g = pacal.Pacal()
                g.apply(deal)
                play(g, events[:-1])
                self.assertEqual(g.rounds(), [])
                self.assertEqual(g.phase, pacal.P_BUILD)
                g.apply(events[-1])  # the fourteenth turn's second build
                self.assertEqual(g.rounds(), [None])  # nobody complete: drawn
                self.assertEqual(g.wins, [0, 0])
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertEqual(g.pending, [0, 0])
                self.assertEqual(g.to_move(), ())
                self.assertEqual(list(g.legal_moves()), [])
                self.assertIsNone(g.outcome())
                self.assertEqual(g.loc[48], pacal.L_KEPT)
                self.assertEqual(g.loc[31], pacal.L_KEPT + 1)
                self.assertEqual(g.fields(0, 48), [])
                self.assertEqual(g.fields(1, 31), [])
                # The next event must be a deal.
                for move in (
                    (KEEP, 0, 48, 0),
                    (KEEP, 1, 31, 0),
                    (PLACE, 0, 48, 10),
                    (PLACE, 1, 31, 10),
                    (OFFER, 1 - first, 48, 31),
                ):
                    assert_refused(self, g, move)
                    self.assertEqual(g.fault(move), ("deal_first",))
                deal, _ = plan_round(1, [], [])
                g.apply(deal)
                self.assertEqual(g.to_move(), (1,))
                self.assertEqual(g.pyramid(0), [0] * 10)

    def test_only_the_player_whose_last_card_fits_has_a_line(self):
        cases = (
            (((31, 6), (48, NOWHERE)), 0, (PLACE, 0, 31, 6), 48),
            (((31, None), (48, NOWHERE)), 0, (KEEP, 0, 31, 0), 48),
            (((48, NOWHERE), (22, 7)), 1, (PLACE, 1, 22, 7), 48),
            (((48, NOWHERE), (22, None)), 1, (KEEP, 1, 22, 0), 48),
        )
        for last, fitter, line, unfit in cases:
            with self.subTest(last=last):
                g, tail = self.fourteen_with(last)
                self.assertEqual(tail, [line])  # one line only
                other = 1 - fitter
                self.assertEqual(g.phase, pacal.P_LAST)
                self.assertEqual(g.to_move(), (fitter,))
                self.assertEqual(g.pending[other], 0)
                self.assertEqual(g.loc[unfit], pacal.L_KEPT + other)
                for m in g.legal_moves():
                    self.assertEqual(m[1], fitter)
                self.assertEqual(
                    g.fault((KEEP, other, unfit, 0)), ("last_fits_nowhere", other, unfit)
                )
                g.apply(line)
                self.assertEqual(g.rounds(), [None])
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertEqual(g.loc[unfit], pacal.L_KEPT + other)

    def test_keep_of_a_last_card_that_fits_nowhere_is_refused(self):
        g = self.fourteen()
        self.assertEqual(g.fields(0, 48), [])
        keep = (KEEP, 0, 48, 0)
        self.assertEqual(g.fault(keep), ("last_fits_nowhere", 0, 48))
        with self.assertRaises(IllegalMove) as cm:
            g.apply(keep)
        self.assertEqual(cm.exception.code, "last_fits_nowhere")
        self.assertTrue("48" in str(cm.exception))
        assert_refused(self, g, keep)  # and the state is unchanged
        for f in range(1, 11):
            assert_refused(self, g, (PLACE, 0, 48, f))
        self.assertEqual(g.rounds(), [])
        self.assertEqual(g.to_move(), (1,))
        # Still refused once player 1 has built, and the round has ended drawn.
        g.apply((PLACE, 1, 22, 6))
        self.assertEqual(g.rounds(), [None])
        assert_refused(self, g, keep)

    def test_no_line_for_a_card_out_of_range(self):
        # In the last-card phase a player with nothing to decide (their card
        # fits nowhere, or is built already) is refused for any card, also for
        # numbers that are no card at all: a refusal, never another error.
        g, _ = self.fourteen_with(((31, None), (48, NOWHERE)))
        built, _ = self.fourteen_with(((31, None), (22, None)))
        built.apply((PLACE, 0, 31, 6))
        for game, p in ((g, 1), (g, 0), (built, 0)):
            for card in (-1, 0, 51, 99):
                for move in ((KEEP, p, card, 0), (PLACE, p, card, 10)):
                    with self.subTest(move=move, pending=game.pending):
                        assert_refused(self, game, move)

    def test_last_card_that_fits_nowhere_is_kept_and_does_not_lose(self):
        g = self.fourteen()
        self.assertEqual(g.fields(0, 48), [])
        self.assertEqual(g.rounds(), [])
        self.assertEqual(g.wins, [0, 0])
        g.apply((KEEP, 1, 22, 0))
        self.assertEqual(g.rounds(), [None])  # nobody complete: drawn
        self.assertEqual(g.wins, [0, 0])
        self.assertEqual(g.loc[48], pacal.L_KEPT)
        self.assertEqual(g.loc[22], pacal.L_KEPT + 1)

    def test_a_fitting_last_card_is_kept_once(self):
        g, tail = self.fourteen_with(((31, None), (22, None)))
        self.assertEqual(tail, [(KEEP, 0, 31, 0), (KEEP, 1, 22, 0)])
        self.assertEqual(g.to_move(), (0, 1))
        self.assertEqual(g.pending, [31, 22])
        g.apply(tail[0])
        self.assertEqual(g.rounds(), [])
        self.assertEqual(g.to_move(), (1,))
        assert_refused(self, g, (KEEP, 0, 31, 0))  # once only
        # ... and not for the reason of a card that fits nowhere: 31 fits.
        self.assertEqual(g.fields(0, 31), [6])
        self.assertNotEqual(g.fault((KEEP, 0, 31, 0))[0], "last_fits_nowhere")
        assert_refused(self, g, (PLACE, 0, 31, 6))
        g.apply(tail[1])
        self.assertEqual(g.rounds(), [None])
        self.assertEqual(g.loc[31], pacal.L_KEPT)
        self.assertEqual(g.loc[22], pacal.L_KEPT + 1)

    def test_nobody_complete_after_the_last_cards_drawn(self):
        for order in ((0, 1), (1, 0)):
            with self.subTest(order=order):
                g, tail = self.fourteen_with(((31, 6), (22, 7)), order=order)
                self.assertEqual(place_moves(g, 0), [6])
                self.assertEqual(place_moves(g, 1), [6, 7])
                play(g, tail)
                self.assertEqual(g.pyramid(0)[5], 31)
                self.assertEqual(g.pyramid(1)[6], 22)
                self.assertEqual(g.rounds(), [None])
                self.assertEqual(g.phase, pacal.P_DEAL)

    def test_building_the_last_card_to_complete_wins(self):
        # Player 0's 48 fits nowhere: player 1's build decides at once.
        g, tail = self.fourteen_with(((48, NOWHERE), (8, 10)))
        self.assertEqual(g.to_move(), (1,))
        self.assertEqual(place_moves(g, 1), [9, 10])
        g.apply(tail[0])  # player 1 completes
        self.assertTrue(g.complete(1))
        self.assertEqual(g.rounds(), [1])
        # Player 0's 31 fits: the round waits for player 0's decision.
        g, tail = self.fourteen_with(((31, None), (8, 10)), order=(1, 0))
        g.apply(tail[0])  # player 1 completes
        self.assertTrue(g.complete(1))
        self.assertEqual(g.rounds(), [])  # player 0 has still to decide
        self.assertEqual(g.to_move(), (0,))
        g.apply(tail[1])
        self.assertEqual(g.rounds(), [1])

    def test_keeping_a_card_that_would_complete(self):
        g, tail = self.fourteen_with(((48, NOWHERE), (8, None)))
        self.assertEqual(place_moves(g, 1), [9, 10])
        play(g, tail)
        self.assertEqual(g.rounds(), [None])
        g, tail = self.fourteen_with(((31, None), (8, None)))
        play(g, tail)
        self.assertEqual(g.rounds(), [None])

    def test_both_complete_with_the_last_cards(self):
        # Player 0: 50 - 5 = 45, player 1: 46 - 8 = 38.
        g, tail = self.fourteen_with(((5, 10), (8, 10)))
        play(g, tail)
        self.assertEqual(g.rounds(), [1])
        g, tail = self.fourteen_with(((5, 10), (8, 10)), tiebreak=pacal.LARGER_SPREAD)
        play(g, tail)
        self.assertEqual(g.rounds(), [0])
        # 50 - 5 = 46 - 1: equal spreads, drawn.
        g, tail = self.fourteen_with(((5, 10), (1, 10)), order=(1, 0))
        play(g, tail)
        self.assertEqual(g.rounds(), [None])

    def test_a_round_has_at_most_its_events(self):
        for last, lines in (
            (((31, None), (22, None)), 2),
            (((48, NOWHERE), (22, None)), 1),
            (((48, NOWHERE), (31, NOWHERE)), 0),
        ):
            with self.subTest(last=last):
                deal, events = plan_round(0, PLAN_A0, PLAN_A1, last=last)
                self.assertEqual(len(events), TURN_EVENTS + lines)
                self.assertTrue(1 + len(events) <= ROUND_BOUND)
                g = pacal.Pacal()
                play(g, [deal] + events)
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertEqual(g.rounds(), [None])

    def test_plan_checks_its_last_cards(self):
        # The helper refuses a plan that keeps a fitting card without a line,
        # or declines one that fits nowhere.
        with self.assertRaises(ValueError):
            plan_round(0, PLAN_A0, PLAN_A1, last=((31, NOWHERE), (22, None)))
        with self.assertRaises(ValueError):
            plan_round(0, PLAN_A0, PLAN_A1, last=((48, None), (22, None)))


if __name__ == "__main__":
    unittest.main()

"""What a Pacal board has accepted (tabletop.board.pacal_played.Played):
events into the game and the journal, BACK within a round, the cards the
game implies on the board, who is stuck, and a journal replayed at power on.

Rounds are planned as in the rule tests (tests/portable/pacal_support), and
dealt as a board deals them: only the two base cards it read are known."""

import unittest

from pacal_support import plan_round
from tabletop.board.pacal_played import ANY_CARD, NOT_STUCK, Played
from tabletop.keep.journal import Journal
from tabletop.rules import pacal
from tabletop.rules.pacal import DEAL, OFFER, PLACE, TAKE
from test_pacal_round_end import P0_WINS

FIELDS = pacal.FIELDS


def board_deal(deal):
    aside = deal[3]
    return (DEAL, deal[1], None, (aside[0], aside[FIELDS]))


def stuck_round():
    """A round's events as a board journals them: player 1 receives 47 and
    cannot build it (a covered 44 on field 1), so player 0 wins the round."""
    deal, events = plan_round(0, *P0_WINS)
    return [board_deal(deal)] + events


class PlayedTest(unittest.TestCase):
    def setUp(self):
        self.journal = Journal("pacal", "duel")
        self.played = Played(self.journal, "duel")

    def test_accepted_events_go_to_the_journal_and_what_it_learnt_does_not(self):
        played = self.played
        played.deal(0, (45, 8))
        played.accept((OFFER, 0, 30, 12))
        self.assertEqual(self.journal.events[-1], (OFFER, 0, 30, 12))
        self.assertEqual(len(self.journal.events), 2)
        played.accept((TAKE, 1, 12, 0))
        played.accept((PLACE, 0, 30, 5))
        self.assertEqual(played.expected[4], 1)
        self.assertEqual(len(self.journal.events), 4)

    def test_undo_takes_back_the_rounds_last_event_from_game_and_journal(self):
        played = self.played
        self.assertFalse(played.undo())  # nothing yet
        played.deal(0, (45, 8))
        self.assertFalse(played.undo())  # a deal is not taken back
        for ev in ((OFFER, 0, 30, 12), (TAKE, 1, 12, 0), (PLACE, 0, 30, 5)):
            played.accept(ev)
        self.assertTrue(played.undo())  # the build
        self.assertEqual(played.game.pyramid(0)[4], 0)
        self.assertEqual(played.expected[4], 0)
        self.assertEqual(played.slot_expect, [ANY_CARD, ANY_CARD])  # cards being built
        self.assertEqual(self.journal.events[-1], (TAKE, 1, 12, 0))
        self.assertTrue(played.undo())  # the take: both cards back on the slots
        self.assertEqual(played.game.phase, pacal.P_TAKE)
        self.assertEqual(played.slot_expect, [30, 12])
        self.assertTrue(played.undo())  # the offer: the slots empty
        self.assertEqual(played.slot_expect, [0, 0])
        self.assertFalse(played.undo())
        self.assertEqual(len(self.journal.events), 1)

    def test_who_is_stuck_and_until_when(self):
        played = self.played
        events = stuck_round()
        played.deal(events[0][1], events[0][3])
        for ev in events[1:]:
            played.accept(ev)
            if ev[0] == TAKE and played.game.phase != pacal.P_DEAL:
                self.assertEqual(played.stuck, NOT_STUCK)
        self.assertEqual((played.game.phase, played.stuck), (pacal.P_DEAL, 1))
        played.undo()  # the take that left player 1 stuck
        self.assertEqual(played.stuck, NOT_STUCK)

    def test_resume_replays_a_journal_and_says_what_the_pieces_must_show(self):
        events = stuck_round()
        self.assertEqual(self.played.resume(events[:5]), 5)  # deal, then a whole turn
        self.assertEqual(self.played.game.phase, pacal.P_OFFER)
        self.assertEqual(sum(self.played.expected), 2)
        self.assertEqual(self.played.slot_expect, [0, 0])
        again = Played(Journal("pacal", "duel"), "duel")
        refused = (PLACE, 0, 50, 1)  # not the card player 0 has to build
        self.assertEqual(again.resume(events[:7] + [refused] + events[7:]), 7)

    def test_resume_after_a_stuck_round_and_the_next_deal_has_nobody_stuck(self):
        # As at the board: a stuck pyramid flashes until the board is
        # cleared for the next round, before that round's deal.
        events = stuck_round() + [(DEAL, 1, None, (8, 45))]
        self.assertEqual(self.played.resume(events), len(events))
        self.assertEqual(self.played.game.phase, pacal.P_OFFER)
        self.assertEqual(self.played.stuck, NOT_STUCK)

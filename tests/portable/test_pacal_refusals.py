"""Pacal: illegal events raise IllegalMove with a reason and change nothing,
in every phase of a duel (docs/RULES.md "A duel round")."""

import unittest

from pacal_support import (
    NOWHERE,
    PLAN_A0,
    PLAN_A1,
    assert_refused,
    dealt,
    plain_deal,
    plan_round,
    play,
    position,
    start,
)
from tabletop.rules import pacal
from tabletop.rules.common import IllegalMove
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE


class UnchangedTest(unittest.TestCase):
    """Illegal events raise IllegalMove with a reason and change nothing."""

    def positions(self):
        out = [("no deal", pacal.Pacal())]
        g = dealt()
        out.append(("offer", g.copy()))
        g.apply((OFFER, 0, 4, 9))
        out.append(("take", g.copy()))
        g.apply((TAKE, 1, 9, 0))
        out.append(("build", g.copy()))
        g.apply((PLACE, 1, 9, 5))
        out.append(("half built", g.copy()))
        deal, events = plan_round(0, PLAN_A0, PLAN_A1, last=((31, None), (22, None)))
        g = pacal.Pacal()
        g.apply(deal)
        play(g, events[:-2])
        out.append(("last cards", g.copy()))
        g.apply(events[-2])
        out.append(("one last card", g.copy()))
        g.apply(events[-1])
        out.append(("between rounds", g.copy()))
        # Player 0's last card 48 fits nowhere: kept without a line.
        deal, events = plan_round(0, PLAN_A0, PLAN_A1, last=((48, NOWHERE), (22, None)))
        g = pacal.Pacal()
        g.apply(deal)
        play(g, events[:-1])
        out.append(("last card fits nowhere", g.copy()))
        over = pacal.Pacal()
        for _ in range(3):
            start(0, [(30, 5), (20, 6), (10, None)], [(43, 1), (44, 1), (47, None)], game=over)
        out.append(("match over", over))
        return out

    def test_junk_events_refused_everywhere(self):
        junk = [
            None,
            "offer",
            [OFFER, 0, 4, 9],
            (OFFER, 0, 4),
            (OFFER, 0, 4, 9, 0),
            (),
            (OFFER, True, 4, 9),
            (OFFER, 0, True, 9),
            (True, 0, 4, 9),  # True == OFFER, but a bool is no event kind
            (PLACE, 0, 9.0, 5),
            (OFFER, "0", 4, 9),
            (OFFER, None, 4, 9),
            (7, 0, 4, 9),
            (-1, 0, 4, 9),
            (PLACE, 0, 22, None),
            (KEEP, 2, 48, 0),
            (TAKE, 0, 1, 0),
            (PLACE, 1, 50, 1),
            (KEEP, 0, 4, 0),
            (DEAL, 0, None, 7),  # a board deal's seen cards are a tuple
            (DEAL, 2, None, ()),
            (DEAL, 0, (), ()),
        ]
        for name, g in self.positions():
            for move in junk:
                with self.subTest(position=name, move=move):
                    assert_refused(self, g, move)

    def test_bool_deal_kind_refused(self):
        # False == DEAL == 0, but a bool is not an event kind (tuples of ints).
        _, first, hands, aside = plain_deal()
        assert_refused(self, pacal.Pacal(), (False, first, hands, aside))

    def test_refusal_leaves_the_game_playable(self):
        g = dealt()
        with self.assertRaises(IllegalMove):
            g.apply((OFFER, 0, 4, 4))
        g.apply((OFFER, 0, 4, 9))
        with self.assertRaises(IllegalMove):
            g.apply((TAKE, 1, 5, 0))
        g.apply((TAKE, 1, 4, 0))
        self.assertEqual(g.pending, [9, 4])

    def test_illegal_move_is_a_value_error(self):
        self.assertTrue(issubclass(IllegalMove, ValueError))
        g = dealt()
        try:
            g.apply((OFFER, 1, 16, 17))
        except IllegalMove as e:
            self.assertTrue(len(str(e)) > 0)
        else:
            self.fail("offer out of turn accepted")

    def test_position_helper_reaches_its_position(self):
        g = position([(40, 1), (30, 2)])
        self.assertEqual(g.pyramid(0)[:2], [40, 30])
        self.assertEqual(g.phase, pacal.P_OFFER)


if __name__ == "__main__":
    unittest.main()

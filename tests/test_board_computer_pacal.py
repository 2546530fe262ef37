"""The Pacal board's computer seat, on the virtual board through the real
firmware: its hand is read in on its slot at the deal, its turn is lit in
the profile's "computer" colour (the slot of the card it takes, the field it
builds on) and its offer named on the display, the player makes the move
for it, and nothing else is accepted. In a solo game it advises: its field
is lit in its colour among the card's legal fields.

The test's own state knows both hands (the deal), so every move the
computer asks for is checked against the rules and against its own hand:
an offer of a card it does not hold would not apply.
"""

from __future__ import annotations

import re

from sim.hand.pacal import base_tops
from sim.hardware.flash import LittleFlash
from sim.runs.board_play import BoardRun
from tabletop.board.seat import back_count
from tabletop.players import pacal_player
from tabletop.rules import pacal
from tabletop.rules.rng import Rng
from tabletop.show import status_pacal
from tests.board_ui import QUIET_MS, Event
from tests.test_board_ui import Pacal

THINK_MS = 800  # strong's time; medium, the profile's default level, thinks 200 ms
P2 = 1


class Seat(Pacal):
    """The reference Pacal board with the computer at ``seat`` (the journal
    on flash, so the game goes on after a power cut)."""

    def __init__(self, seat: int, variant: str = "duel") -> None:
        super().__init__(variant)
        self.profile.computer_seat = seat
        self.profile.think_ms = THINK_MS
        timing = self.run.hand.timing
        self.run = BoardRun(self.profile, "pacal", variant, seed=1, flash=LittleFlash())
        self.run.hand.timing = timing
        self.physics = self.run.physics  # type: ignore[assignment]
        self.seat = seat
        self.named_both = 0  # turns the display named both cards to build

    def text(self) -> list[str]:
        return list(status_pacal.lines(self.board))

    def chosen_fields(self, p: int) -> set[int]:
        return {f for f in range(1, 11) if self.shows(f"field{p}.{f}", "computer")}

    def chosen_slots(self) -> set[int]:
        return {s for s in (0, 1) if self.shows(f"slot{s}", "computer")}

    def wait_until(self, what: str, done: object) -> None:
        for _ in range(THINK_MS // QUIET_MS + 10):
            if done():  # type: ignore[operator]
                return
            self.wait(QUIET_MS)
        raise AssertionError(f"never: {what}; the display says {self.text()}")

    def read_in(self, card: int) -> None:
        """One of the computer's cards laid on its slot and put back in its hand."""
        self.to_slot(self.seat, card)
        self.physics.lift_from_slot(self.seat, self.now)
        self.physics.put_away(self.now)
        self.wait(QUIET_MS)

    def move(self, event: Event) -> None:
        """The hand makes ``event``; the journal must follow. When it ends
        the 14th turn, the computer may keep its last card at once (it needs
        no move at the board): that KEEP is in the journal too."""
        self.run.act(self.run.hand.perform(self.state.copy(), event))
        assert self.run.hand.timeouts == [], f"the board did not follow {event}"
        self.before.append(self.state.copy())
        self.state.apply(event)
        self.moves.append(event)
        s = self.state
        card = s.pending[self.seat]
        if s.phase == pacal.P_LAST and card and len(self.journal()) > len(self.moves):
            self.note((pacal.KEEP, self.seat, card, 0))
        assert self.journal() == self.moves, (self.journal()[-3:], self.moves[-3:])

    def lift_back(self, f: int) -> None:
        """The card just laid on field f (0..19) lifted off again, into the hand."""
        self.physics.lift_from_field(f, self.now)
        self.physics.hold_over_field(f, 40.0, self.now, 250)
        self.wait(250 + QUIET_MS)
        self.physics.hold_away(self.now)
        self.wait(QUIET_MS)

    def deal(self, seed: int) -> Event:
        deal: Event = pacal.deal_duel(Rng(seed))
        self.do(deal)
        return deal

    def field_of_choice(self) -> int:
        """The one field lit in the computer colour on its pyramid."""
        self.wait_until("its field lit", lambda: len(self.chosen_fields(self.seat)) == 1)
        (f,) = self.chosen_fields(self.seat)
        return f

    def offer_named(self) -> tuple[int, int]:
        """The two cards the display tells the player to offer for it."""
        found: list[tuple[int, int]] = []

        def named() -> bool:
            for line in self.text():
                m = re.fullmatch(r"Offer (\d+) and (\d+)", line)
                if m:
                    found.append((int(m[1]), int(m[2])))
                    return True
            return False

        self.wait_until("its offer named", named)
        return found[0]


def playing(seed: int) -> Seat:
    """A duel started with the computer as P2, dealt from ``seed``, its
    hand read in."""
    b = Seat(P2)
    b.start()
    deal = b.deal(seed)
    for card in deal[2][P2]:
        b.read_in(card)
    return b


def human_move(state: pacal.Pacal, p: int) -> Event:
    """What the human player does: the easy player's choice for p (it sees
    only p's own hand), one move of it at a time."""
    thinking = pacal_player.start_seat(state, p, None, "medium", 400, Rng(state.turns_done))
    moves = thinking.step(1000)
    assert moves is not None
    move: Event = moves[0]
    return move


def computer_move(b: Seat) -> None:
    """The computer's next move, read from the lights and the display as a
    player reads them, made for it by the hand."""
    s = b.state
    c = b.seat
    ph = s.phase
    if ph == pacal.P_OFFER:
        a, x = b.offer_named()
        b.move((pacal.OFFER, c, a, x))
    elif ph == pacal.P_TAKE:
        b.wait_until("the slot of its take lit", lambda: len(b.chosen_slots()) == 1)
        (slot,) = b.chosen_slots()
        b.move((pacal.TAKE, c, b.physics.slot_card(slot), 0))
    elif ph == pacal.P_BUILD:
        f = b.field_of_choice()
        said = b.text()
        assert f"Build {s.pending[c]}" in said, said
        if s.pending[1 - c]:  # the other player's card is named too
            b.named_both += 1
            assert f"P{2 - c}: build {s.pending[1 - c]}" in said, said
        b.move((pacal.PLACE, c, s.pending[c], f))
    else:  # its last card: kept without a move, or built where lit
        card = s.pending[c]
        n = len(b.journal())

        def kept_or_lit() -> bool:
            return len(b.journal()) > n or len(b.chosen_fields(c)) == 1

        b.wait_until("its last card kept or lit", kept_or_lit)
        if len(b.journal()) > n:
            b.note((pacal.KEEP, c, card, 0))
            return
        f = b.field_of_choice()
        b.physics.take_card(card, b.now)
        b.build(c, f)
        b.note((pacal.PLACE, c, card, f))


def play_round(b: Seat, stop_after: int = 10**6) -> None:
    """Both players to the round's end (or ``stop_after`` events): the
    human its rules' first move, the computer what it asks for."""
    start = len(b.moves)
    while b.state.phase not in (pacal.P_DEAL, pacal.P_OVER) and len(b.moves) - start < stop_after:
        s = b.state
        human = 1 - b.seat
        # (when both build, the computer's card first: the display names both)
        if human in s.to_move() and not (s.phase == pacal.P_BUILD and s.pending[b.seat]):
            b.move(human_move(s, human))
        else:
            computer_move(b)


def test_the_hand_is_read_in_and_the_computer_plays_a_round() -> None:
    b = Seat(P2)
    b.start()
    deal = b.deal(7)
    first, hands, aside = deal[1], deal[2], deal[3]
    hand = list(hands[P2])
    # its hand is asked for, its slot pulsing in its colour
    b.wait(QUIET_MS)
    assert "P2 computer's" in b.text() and "hand: 0 of 15" in b.text(), b.text()
    assert len(b.levels("slot1", 600)) > 2
    # a card the board has seen (a base top) is red, and not counted
    b.to_slot(P2, base_tops(first, aside)[0])
    assert b.shows("slot1", "error") and "hand: 0 of 15" in b.text()
    b.physics.lift_from_slot(P2, b.now)
    b.physics.put_away(b.now)
    b.wait(QUIET_MS)
    for i, card in enumerate(hand):
        b.read_in(card)
        if i == 0:  # the same card twice is red too
            b.to_slot(P2, card)
            assert b.shows("slot1", "error"), b.light("slot1")
            b.physics.lift_from_slot(P2, b.now)
            b.physics.put_away(b.now)
            b.wait(QUIET_MS)
        if i == 1:  # a card read by mistake (the other player's): BACK drops it
            b.read_in(deal[2][0][0])
            assert "hand: 3 of 15" in b.text(), b.text()
            b.press("back")
            assert "hand: 2 of 15" in b.text(), b.text()
    assert "hand: 15 of 15" not in b.text()  # play goes on: the display tells the turn
    assert b.journal() == b.moves  # reading its hand journals nothing
    play_round(b)
    assert b.state.phase == pacal.P_DEAL and len(b.state.results) == 1
    assert b.journal() == b.moves
    # the next round: the board cleared, a new deal, its new hand asked for
    deal = b.deal(8)
    b.wait(QUIET_MS)
    assert "hand: 0 of 15" in b.text(), b.text()
    for card in deal[2][P2]:
        b.read_in(card)
    play_round(b)
    assert len(b.state.results) == 2 and b.journal() == b.moves
    assert b.named_both > 5


def test_only_the_computers_move_is_accepted() -> None:
    b = playing(3)
    refused = {"offer": False, "take": False, "build": False, "its card": False}
    while not all(refused.values()) and b.state.phase not in (pacal.P_DEAL, pacal.P_OVER):
        s = b.state
        ph = s.phase
        n = len(b.journal())
        if ph == pacal.P_OFFER and s.turn == P2 and not refused["offer"]:
            a, x = b.offer_named()
            other = next(c for c in s.hand(P2) if c not in (a, x))
            b.to_slot(0, other)  # a card of its hand it did not choose
            assert b.shows("slot0", "error") and len(b.journal()) == n
            b.physics.lift_from_slot(0, b.now)
            b.physics.put_away(b.now)
            b.wait(QUIET_MS)
            refused["offer"] = True
        elif ph == pacal.P_OFFER and s.turn != P2 and not refused["its card"]:
            b.to_slot(0, s.hand(P2)[0])  # the human offers a card read into its hand
            assert b.shows("slot0", "error") and len(b.journal()) == n
            assert f"P2 holds {s.hand(P2)[0]}" in b.text(), b.text()
            b.physics.lift_from_slot(0, b.now)
            b.physics.put_away(b.now)
            b.wait(QUIET_MS)
            refused["its card"] = True
        elif ph == pacal.P_TAKE and s.turn != P2 and not refused["take"]:
            b.wait_until("its take lit", lambda: len(b.chosen_slots()) == 1)
            (slot,) = b.chosen_slots()
            b.physics.lift_from_slot(1 - slot, b.now)  # the card it did not take
            b.wait(QUIET_MS)
            assert b.shows(f"slot{1 - slot}", "hint") and len(b.journal()) == n
            b.physics.lay_on_slot(1 - slot, b.now)
            b.wait(QUIET_MS)
            assert b.chosen_slots() == {slot}
            refused["take"] = True
        elif ph == pacal.P_BUILD and s.pending[P2] and not refused["build"]:
            f = b.field_of_choice()
            card = s.pending[P2]
            elsewhere = [g for g in s.fields(P2, card) if g != f]
            if elsewhere:  # built on a legal field it did not choose: red
                b.physics.take_card(card, b.now)
                b.build(P2, elsewhere[0])
                i = 10 * P2 + elsewhere[0] - 1
                assert b.shows(f"field1.{elsewhere[0]}", "error") and len(b.journal()) == n
                b.lift_back(i)
                b.physics.put_away(b.now)
                assert b.chosen_fields(P2) == {f}
                refused["build"] = True
        play_round(b, stop_after=1)
    assert all(refused.values()), refused
    play_round(b)
    assert b.journal() == b.moves


def taken_back(b: Seat) -> int:
    """How many moves BACK against the computer takes back now, by
    docs/FIRMWARE.md (tabletop.board.seat.back_count) over the rules'
    own game: its moves at the end and the person's before them (a first
    round: ``before[0]`` is the state before the deal)."""
    n: int = back_count(b.moves, b.seat, lambda i: b.before[i + 1])
    return n


def back_and_put_back(b: Seat) -> int:
    """BACK against the computer: the rules follow, and the hand puts the
    pieces back as the board lights them. How many moves went back."""
    n = taken_back(b)
    have = b.state.copy()
    b.press("back")
    for _ in range(n):
        b.undone()
    assert b.journal() == b.moves
    hand = b.run.hand
    assert b.run.act(hand.restore(b.state.copy(), have, False)), b.text()
    assert b.run.act(hand.ready(b.state)) and hand.timeouts == [], b.text()
    return n


def test_back_takes_its_build_back_with_the_persons_move_and_it_waits() -> None:
    b = playing(5)
    while not (b.moves and b.moves[-1][0] == pacal.PLACE and b.moves[-1][1] == P2):
        play_round(b, stop_after=1)
    made = len(b.moves)
    assert back_and_put_back(b) >= 2  # its build (and what else it did since), the person's move
    assert len(b.journal()) < made - 1
    # the person is to move again, and the computer waits until they have
    s = b.state
    assert 1 - P2 in s.to_move()
    b.wait(2 * QUIET_MS)
    assert b.chosen_fields(P2) == set() and b.chosen_slots() == set()
    b.move(human_move(s, 1 - P2))
    play_round(b)
    assert b.journal() == b.moves


def test_back_to_both_building_the_computer_builds_after_the_person() -> None:
    """The person built first, then the computer: BACK takes both builds
    back; both are to build again, and the computer waits (nothing lit, the
    display says so) until the person has built."""
    b = playing(6)
    while not (b.state.phase == pacal.P_BUILD and all(b.state.pending)):
        play_round(b, stop_after=1)
    b.move(human_move(b.state, 1 - P2))  # the person first this time
    computer_move(b)
    assert [m[0] for m in b.moves[-2:]] == [pacal.PLACE, pacal.PLACE], b.moves[-3:]
    assert back_and_put_back(b) == 2
    assert all(b.state.pending)
    b.wait(2 * QUIET_MS)
    assert b.chosen_fields(P2) == set(), b.chosen_fields(P2)
    assert "waits for P1" in b.text() and f"P1: build {b.state.pending[0]}" in b.text(), b.text()
    b.move(human_move(b.state, 1 - P2))
    assert "waits for P1" not in b.text()
    computer_move(b)  # now its build is lit
    play_round(b)
    assert b.journal() == b.moves


def test_after_a_power_cut_the_cards_it_still_holds_are_read_in_again() -> None:
    b = playing(11)
    play_round(b, stop_after=7)
    b.run.reboot()
    b.wait(2 * QUIET_MS)
    held = b.state.hand(P2)
    assert f"hand: 0 of {len(held)}" in b.text(), (b.text(), len(held))
    for card in held:
        b.read_in(card)
    play_round(b)
    assert b.journal() == b.moves


def test_the_menu_chooses_the_seat_and_the_solo_advisor() -> None:
    b = Seat(-1)
    b.wait(1500)  # power on: the game select
    b.wait(QUIET_MS)
    said = []
    for _ in range(3):
        said.append(b.text()[-1])
        b.press("back")
    assert said == ["Computer: none", "Computer: P2", "Computer: P1"], said
    assert b.text()[-1] == "Computer: none"
    b.press("back")
    b.press("menu")  # a duel with the computer as P2: its hand is asked for
    b.deal(2)
    b.wait(QUIET_MS)
    assert "P2 computer's" in b.text(), b.text()
    solo = Seat(-1, "solo")
    solo.wait(1500)
    solo.wait(QUIET_MS)
    assert solo.text()[-1] == "Advice: off"
    solo.press("back")
    assert solo.text()[-1] == "Advice: on"
    solo.press("back")
    assert solo.text()[-1] == "Advice: off"


def test_solo_advice_is_lit_and_any_legal_build_is_taken() -> None:
    b = Seat(0, "solo")
    b.start()
    deal: Event = pacal.deal_solo(Rng(4))
    b.do(deal)
    followed = other = 0
    while b.state.phase != pacal.P_OVER and followed + other < 12:
        card = b.state.top_card()
        if not card:
            break
        b.to_slot(0, card)
        b.off_slot(0)
        fits = b.state.fields(0, card)
        if not fits:
            break
        f = b.field_of_choice()
        assert f in fits
        lit = b.fields(0)
        assert lit[f"field0.{f}"] == "computer"
        assert {k for k, v in lit.items() if v != "computer"} == {
            f"field0.{g}" for g in fits if g != f
        }
        choice = (
            f if len(fits) == 1 or (followed + other) % 2 == 0 else [g for g in fits if g != f][0]
        )
        followed += choice == f
        other += choice != f
        b.build(0, choice)
        b.note((pacal.PLACE, 0, card, choice))
    assert other > 0 and followed > 0
    assert b.journal() == b.moves


def test_back_after_its_last_card_kept_takes_back_the_persons_build_too() -> None:
    """Its last card kept needs no move at the board, so BACK takes that
    keep back with the rest of what it did since the person's last move,
    and that move (else the board would keep it again at once, and BACK
    could never reach further)."""
    b = playing(4)  # (a round that comes to its last cards, the computer keeping its own)
    while not (b.moves and b.moves[-1][0] == pacal.KEEP and b.moves[-1][1] == P2):
        assert b.state.phase not in (pacal.P_DEAL, pacal.P_OVER), "no last card kept"
        play_round(b, stop_after=1)
    keep = b.moves[-1]
    back = b.moves[-taken_back(b) :]
    assert back[0][1] != P2 and back[0][0] == pacal.PLACE, back  # the person's build
    assert all(m[1] == P2 for m in back[1:]), back
    back_and_put_back(b)
    # built again, the computer's moves after it are made again: its keep at the end
    play_round(b, stop_after=len(back))
    assert keep in b.moves[-3:]
    play_round(b)
    assert b.journal() == b.moves

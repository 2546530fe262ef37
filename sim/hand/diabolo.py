"""The Diabolo hand: cards read on the reader, then laid in the slots; the
scoring walked through as the board asks (docs/FIRMWARE.md, "Diabolo").

    hand = DiaboloHand(physics, hal, profile, seed=3, mistakes=0.1)
    steps = hand.choose_players(4)            # long MENU until four seats are lit
    steps = hand.perform(state.copy(), event) # state BEFORE the event (rules, hands known)
    steps = hand.finish(state)                # the last round's scoring walked to its end

The hand plays a record whose hands it knows (the rules' state), on a board
that does not. A PLAY: the card from the player's hand onto the reader, a
look for the slots it lights, the card into its slot. A DISCARD: the card on
the reader, long BACK. A deal: the board cleared (the first: the dealer's
double card on the reader). A DOUBLE: the scoring walked up to that row's
call for doubles, then the seat's double card on the reader. The hands shown
at scoring are not record events: the hand shows them whenever it walks the
scoring on (each card read until the showing seat's turn LED turns green,
then lifted; BACK when the seat has shown all).

After a power cut (board-play's, sim.runs.power_cycle) ``restore`` takes a card
left on the reader back into the hand, lifts a card from each slot the
board lights red (a play it lost) and lays the card missing where it lights
the hint colour; a round being scored is walked through again from its
first row, as the board does; ``ready`` waits for the turn LED of the seat
to move.

Mistakes (at the mistake rate, one per play at most): WRONG_SPOT, the card
read, then laid in a slot that is not lit, lifted once red; UNREAD, the card
put in its slot without being read, lifted once red, then read; TOO_FAST, the
card brushed over the reader faster than it reads (nothing lights), then
laid properly; OFF_CENTRE, laid askew (a misread: nothing lights), then
pushed straight or laid again.
"""

from __future__ import annotations

from typing import Any

from sim.hand.common import OFF_CENTRE, WRONG_SPOT, Event, Hand, Predicate, Steps, Wait
from sim.hardware.lights import same_colour
from sim.hardware.physics.diabolo import SLOTS, DiaboloPhysics
from tabletop.profile.schema_diabolo import led_names
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

UNREAD = "unread"
TOO_FAST = "too_fast"
BRUSH_MS = 8  # a card brushed over the reader lies there this long: less than the debounce

_NAMES = led_names()[:SLOTS]


def slot_of(colour: int, side: int, k: int) -> int:
    return (colour * 2 + side) * 3 + k


class DiaboloHand(Hand):
    physics: DiaboloPhysics

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._walk = (-1, -1, 0, 0)  # (round, colour, stage, seat) of the board's walk-through

    # -- the game's start -------------------------------------------------------------

    def choose_players(self, players: int) -> Steps:
        """Long MENU until the board's new game has ``players`` seats (their
        turn LEDs invite the dealer's double card)."""
        for _ in range(4):
            yield self._wait(self.timing.react, "count the seats")
            lit = sum(1 for p in range(5) if self.hal.light(f"turn{p}") != (0, 0, 0))
            if lit == players:
                return
            yield from self.press_menu(long=True)
            yield Wait(600, "the board starts the game")

    # -- the events -------------------------------------------------------------------

    def perform(self, state: Any, event: Event) -> Steps:
        self._check(state, event)
        kind, p, a, b = event
        self.expected += 1
        if kind == diabolo.DEAL:
            yield from self._deal(state, p)
        elif kind == diabolo.PLAY:
            yield from self._play(state, p, a, b)
        elif kind == diabolo.DISCARD:
            yield from self._discard(a)
        else:
            yield from self._walk_to(state, a)
            yield from self._read(DOUBLE_CARD + p)
            yield from self._wait_accepted("double accepted")
            yield from self._off_reader()
            after = state.copy()
            after.apply(event)
            if not any(after.double_mask(q) >> a & 1 for q in range(after.players)):
                self._walk = (after.round, a, 2, 0)  # the board goes on to the showing

    def finish(self, state: Any) -> Steps:
        """Walk the scoring of the round just ended to its end."""
        if state.scoring():
            yield from self._walk_to(state, diabolo.COLOURS)

    def finishing(self, state: Any) -> bool:
        return bool(state.scoring())

    def _deal(self, state: Any, dealer: int) -> Steps:
        yield self._wait(self.timing.think, "think")
        if state.round == 0:
            yield from self._read(DOUBLE_CARD + dealer)
            yield from self._wait_accepted("dealer read")
            yield from self._off_reader()
            return
        yield from self._walk_to(state, diabolo.COLOURS)
        yield from self.clear_board()
        yield from self._wait_accepted("deal accepted")

    def clear_board(self) -> Steps:
        """Every card off the slots and the reader (a new round needs them empty)."""
        if self.physics.reader_card():
            yield from self._off_reader()
        for s in range(SLOTS):
            if self.physics.slot_card(s):
                yield self._wait(self.timing.reach, "reach")
                self.physics.lift_from_slot(s, self.now)
                yield self._wait(self.timing.lift, "lift")
                self.physics.put_away(self.now)

    def _play(self, state: Any, p: int, card: int, side: int) -> Steps:
        c = diabolo.colour_of(card)
        slot = slot_of(c, side, state.next_slot(c, side))
        target = _NAMES[slot]
        sides = state.side_mask(card)
        lit = [slot_of(c, d, state.next_slot(c, d)) for d in (0, 1) if sides >> d & 1]
        wrong = [s for s in range(SLOTS) if not self.physics.slot_card(s) and s not in lit]
        mistake = self._mistake((WRONG_SPOT, UNREAD, TOO_FAST, OFF_CENTRE))
        yield self._wait(self.timing.think, "think")
        if mistake == UNREAD:
            s = self.rng.choice(wrong)
            self._note(UNREAD, _NAMES[s])
            yield self._wait(self.timing.reach, "reach for the card")
            self.physics.take_card(card, self.now)
            yield from self._to_slot(s)
            yield from self._wait_red(_NAMES[s])
            yield self._wait(self.timing.react, "saw red")
            yield from self._lift_slot(s)
            self.physics.put_away(self.now)
        elif mistake == TOO_FAST:
            self._note(TOO_FAST, "reader")
            yield self._wait(self.timing.reach, "reach for the card")
            self.physics.take_card(card, self.now)
            self.physics.lay_on_reader(self.now)
            yield Wait(BRUSH_MS, "brushed")
            self.physics.lift_from_reader(self.now)
            yield self._wait(self.timing.react, "nothing lit")
            self.physics.put_away(self.now)
        yield from self._read(card, mistake == OFF_CENTRE, self._may_go(target))
        yield self._wait(self.timing.react, "seen")
        yield from self._lift_reader()
        if mistake == WRONG_SPOT:
            s = self.rng.choice(wrong)
            self._note(WRONG_SPOT, _NAMES[s])
            yield from self._to_slot(s)
            yield from self._wait_red(_NAMES[s])
            yield self._wait(self.timing.react, "saw red")
            yield from self._lift_slot(s)
        yield from self._to_slot(slot)
        yield from self._wait_accepted("play accepted")

    def _discard(self, card: int) -> Steps:
        yield self._wait(self.timing.think, "think")
        yield from self._read(card)
        yield self._wait(self.timing.react, "nothing lights: the row is locked")
        ms = self.profile.long_press_ms + self._ms(self.timing.press)
        self.hal.press("back", self.now, ms)
        yield Wait(ms, "hold back")
        yield from self._wait_accepted("discard accepted")
        yield from self._off_reader()

    # -- the scoring walk-through ------------------------------------------------------

    def _walk_to(self, state: Any, colour: int) -> Steps:
        """Walk the board's scoring on until it calls for doubles on
        ``colour`` (COLOURS: to its end), showing the hands on the way."""
        rnd, c, stage, seat = self._walk
        if rnd != state.round:
            rnd, c, stage, seat = state.round, -1, 0, 0
            c, stage = self._next_colour(state, c)
        while c < colour and c < diabolo.COLOURS:
            if stage == 1:
                yield from self._back()
                stage, seat = 2, 0
                continue
            for card in state.hand(seat):
                if diabolo.colour_of(card) == c:
                    yield from self._show(card, seat)
            yield from self._back()
            seat += 1
            if seat >= state.players:
                c, stage = self._next_colour(state, c)
                seat = 0
        self._walk = (rnd, c, stage, seat)

    def _next_colour(self, state: Any, c: int) -> tuple[int, int]:
        # the board's rule: skip drawn rows; doubles first where one may come
        while True:
            c += 1
            if c >= diabolo.COLOURS:
                return c, 0
            hell, heaven = state.row_sums(c)
            if hell == heaven:
                continue
            may = any(state.double_mask(p) >> c & 1 for p in range(state.players))
            return c, 1 if heaven > hell and may else 2

    def _show(self, card: int, seat: int) -> Steps:
        yield from self._read(card, False, self._counted(seat))
        yield self._wait(self.timing.react, "counted")
        yield from self._off_reader()

    def _counted(self, seat: int) -> Predicate:
        ref = self.colours["win"]
        name = f"turn{seat}"
        return lambda o: same_colour(o.light(name), ref)

    def _back(self) -> Steps:
        yield self._wait(self.timing.react, "done")
        yield from self._press("back")
        yield self._wait(self.timing.pause, "pressed")

    # -- motions ------------------------------------------------------------------------

    def _read(self, card: int, askew: bool = False, seen: Predicate | None = None) -> Steps:
        """The card from the hand onto the reader; with ``seen``, wait for
        the board's answer (askew: nothing answers until it is set straight)."""
        t = self.timing
        yield self._wait(t.reach, "reach for the card")
        self.physics.take_card(card, self.now)
        yield self._wait(t.reach, "carry to the reader")
        yield self._wait(t.lower, "lower")
        if askew:
            self._note(OFF_CENTRE, "reader")
            self.physics.lay_on_reader(self.now, askew=True)
            yield self._wait(t.react, "nothing lights")
            if self.rng.randrange(2):
                self.physics.correct(self.now)
            else:
                self.physics.lift_from_reader(self.now)
                yield self._wait(t.lift, "lift")
                self.physics.lay_on_reader(self.now)
        else:
            self.physics.lay_on_reader(self.now)
        yield self._wait(t.pause, "let go")
        if seen is not None:
            yield from self._wait_for(seen, t.answer_timeout, "the card read")

    def _may_go(self, name: str) -> Predicate:
        # where the card read may go: the seat to move's colour
        # (tabletop.profile.colours, "player0" at Diabolo)
        return self._shows(name, "player0")

    def _lift_reader(self) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.lift_from_reader(self.now)
        yield self._wait(self.timing.lift, "lift")

    def _off_reader(self) -> Steps:
        yield from self._lift_reader()
        self.physics.put_away(self.now)

    def _to_slot(self, slot: int) -> Steps:
        yield self._wait(self.timing.reach, "carry to the slot")
        yield self._wait(self.timing.lower, "lower")
        self.physics.lay_in_slot(slot, self.now)
        yield self._wait(self.timing.pause, "let go")

    def _lift_slot(self, slot: int) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.lift_from_slot(slot, self.now)
        yield self._wait(self.timing.lift, "lift")

    def _select_lights(self) -> list[tuple[str, str]]:
        return [("turn0", "win")]

    # -- after a power cut ---------------------------------------------------------------

    def restore(self, target: Any, have: Any, new_game: bool) -> Steps:
        # The board is back at ``target``. A round being scored is walked
        # through again from its first row (the hands shown are not in the
        # journal): the hand's walk starts again too. A card the cut left on
        # the reader goes back into the hand. While a round is played, the
        # slots are put back as the board lights them: red, a card too many
        # (a play it lost) lifted; the hint colour, a card missing, laid
        # again (the hand knows which from ``target``'s rows). Between
        # rounds and at scoring the slots are not looked at (the deal made
        # again clears them).
        self._walk = (-1, -1, 0, 0)
        if new_game:
            if not (yield from self._new_game_asked()):
                return
            yield from self.choose_players(target.players)
        ph = self.physics
        if ph.reader_card():
            yield from self._off_reader()
        if target.scoring() or target.phase == diabolo.P_DEAL:
            return
        want = self._layout(target)
        while True:
            acts: dict[str, int] = {}
            wanted: list[tuple[str, str]] = []
            for s in range(SLOTS):
                card = ph.slot_card(s)
                if bool(card) != bool(want[s]):
                    acts[_NAMES[s]] = s
                    wanted.append((_NAMES[s], "error" if card else "hint"))
            if not wanted:
                return
            seen = yield from self._see(wanted, "what to put back after the power cut")
            if not seen:
                return
            yield self._wait(self.timing.react, "saw it")
            s = acts[seen]
            if ph.slot_card(s):
                yield from self._lift_slot(s)
                ph.put_away(self.now)
            else:
                yield self._wait(self.timing.reach, "reach for the card")
                ph.take_card(want[s], self.now)
                yield from self._to_slot(s)

    def ready(self, state: Any) -> Steps:
        # back in play: the turn LED of the seat to move (at scoring and
        # between rounds the board goes on by itself)
        if state.phase != diabolo.P_PLAY:
            return
        wanted = [(f"turn{state.turn}", "player0")]
        yield from self._see(wanted, "the board plays again", self.timing.resume_timeout)

    def _layout(self, state: Any) -> list[int]:
        """The card each slot holds in ``state`` (0: none)."""
        want = [0] * SLOTS
        for c in range(diabolo.COLOURS):
            for side, cards in enumerate(state.row(c)):
                for k, card in enumerate(cards):
                    want[slot_of(c, side, k)] = card
        return want


make = DiaboloHand  # (the hand at this game: sim.hand.make_hand)

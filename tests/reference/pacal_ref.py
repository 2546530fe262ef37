"""Reference implementation of Pacal (duel and solo), written from docs/RULES.md.

Events are the record JSON objects of docs/RECORDS.md: deals
``{"deal": {...}}`` and moves ``{"p": i, "offer": [a, b]}``, ``{"p": i, "take": a}``,
``{"p": i, "place": [card, field]}``, ``{"p": i, "keep": card}``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]


class IllegalMove(ValueError):
    """A malformed or illegal event (a ValueError, as the tests expect)."""


FIELDS = range(1, 11)
CARDS = range(1, 51)
TURNS = 14  # turns in a duel round before the last cards
WINS_NEEDED = 3


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: object, length: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length or not all(map(_is_int, value)):
        raise IllegalMove(f"{what} must be a list of {length} ints")
    return list(value)


@dataclass
class Pyramid:
    """Ten fields; each holds a stack of face-up cards (at most two)."""

    stacks: dict[int, list[int]] = field(default_factory=lambda: {f: [] for f in FIELDS})

    def visible(self, fld: int) -> int | None:
        stack = self.stacks[fld]
        return stack[-1] if stack else None

    def can_build(self, card: int, fld: int, allow_cover: bool = True) -> bool:
        stack = self.stacks[fld]
        if len(stack) >= 2 or (stack and not allow_cover):
            return False
        before = [v for f in FIELDS if f < fld and (v := self.visible(f)) is not None]
        after = [v for f in FIELDS if f > fld and (v := self.visible(f)) is not None]
        if before and not before[-1] > card:
            return False
        return not (after and not after[0] < card)

    def fields_for(self, card: int, allow_cover: bool = True) -> list[int]:
        return [f for f in FIELDS if self.can_build(card, f, allow_cover)]

    def build(self, card: int, fld: int) -> None:
        assert self.can_build(card, fld)
        self.stacks[fld].append(card)

    def complete(self) -> bool:
        return all(self.stacks[f] for f in FIELDS)

    def spread(self) -> int:
        top, bottom = self.visible(1), self.visible(10)
        assert top is not None and bottom is not None
        return top - bottom

    def cards_built(self) -> int:
        return sum(len(s) for s in self.stacks.values())


def _parse_move(event: Event) -> tuple[int, str, Any]:
    if not isinstance(event, dict):
        raise IllegalMove("event must be an object")
    player = event.get("p")
    if not _is_int(player) or player not in (0, 1):
        raise IllegalMove("missing or bad 'p'")
    keys = set(event) - {"p"}
    if len(keys) != 1:
        raise IllegalMove(f"bad event keys {sorted(event)}")
    (kind,) = keys
    value = event[kind]
    if kind == "offer":
        _int_list(value, 2, "offer")
    elif kind in ("take", "keep"):
        if not _is_int(value):
            raise IllegalMove(f"{kind} needs a card")
    elif kind == "place":
        _int_list(value, 2, "place")
    else:
        raise IllegalMove(f"unknown event kind {kind!r}")
    assert isinstance(player, int)
    return player, kind, value


# Duel phases.
DEAL, OFFER, TAKE, BUILD, LAST, OVER = "deal", "offer", "take", "build", "last", "over"


@dataclass
class PacalDuel:
    tiebreak: str = "smaller"
    phase: str = DEAL
    hands: list[set[int]] = field(default_factory=lambda: [set(), set()])
    pyramids: list[Pyramid] = field(default_factory=lambda: [Pyramid(), Pyramid()])
    offerer: int = 0
    turns_done: int = 0
    offer: tuple[int, int] | None = None
    # Cards still to be built this turn (BUILD) or last cards still to be
    # built or kept (LAST), by player.
    pending: dict[int, int] = field(default_factory=dict)
    # Last cards that fit nowhere, kept without a line this round, by player.
    kept_unbuildable: dict[int, int] = field(default_factory=dict)
    rounds: list[int | None] = field(default_factory=list)
    # Why each finished round ended, for the test's coverage accounting.
    round_reasons: list[str] = field(default_factory=list)
    keeps: int = 0
    last_places: int = 0
    unbuildable_last_cards: int = 0

    def __post_init__(self) -> None:
        if self.tiebreak not in ("smaller", "larger"):
            raise IllegalMove(f"bad tiebreak {self.tiebreak!r}")

    # ----- public API

    def is_over(self) -> bool:
        return self.phase == OVER

    def round_winners(self) -> list[int | None]:
        return list(self.rounds)

    def winner(self) -> int | None:
        for player in (0, 1):
            if self.rounds.count(player) >= WINS_NEEDED:
                return player
        return None

    def copy(self) -> PacalDuel:
        return copy.deepcopy(self)

    def legal_moves(self) -> list[Event]:
        moves: list[Event] = []
        if self.phase == OFFER:
            hand = sorted(self.hands[self.offerer])
            for a in hand:
                for b in hand:
                    if a != b:
                        moves.append({"p": self.offerer, "offer": [a, b]})
        elif self.phase == TAKE:
            assert self.offer is not None
            for card in self.offer:
                moves.append({"p": 1 - self.offerer, "take": card})
        elif self.phase in (BUILD, LAST):
            for player, card in sorted(self.pending.items()):
                for fld in self.pyramids[player].fields_for(card):
                    moves.append({"p": player, "place": [card, fld]})
                if self.phase == LAST:
                    moves.append({"p": player, "keep": card})
        return moves

    def apply(self, event: Event) -> None:
        if isinstance(event, dict) and set(event) == {"deal"}:
            self._deal(event["deal"])
            return
        player, kind, value = _parse_move(event)
        if self.phase == OFFER and kind == "offer":
            a, b = value
            if player != self.offerer or a == b or not {a, b} <= self.hands[player]:
                raise IllegalMove(f"illegal offer {event!r}")
            self.hands[player] -= {a, b}
            self.offer = (a, b)
            self.phase = TAKE
        elif self.phase == TAKE and kind == "take":
            assert self.offer is not None
            if player != 1 - self.offerer or value not in self.offer:
                raise IllegalMove(f"illegal take {event!r}")
            other = self.offer[1] if value == self.offer[0] else self.offer[0]
            self._received({player: value, self.offerer: other})
        elif self.phase in (BUILD, LAST) and kind == "place":
            card, fld = value
            if self.pending.get(player) != card or fld not in FIELDS:
                raise IllegalMove(f"illegal place {event!r}")
            if not self.pyramids[player].can_build(card, fld):
                raise IllegalMove(f"card does not fit there {event!r}")
            self.pyramids[player].build(card, fld)
            if self.phase == LAST:
                self.hands[player].discard(card)
                self.last_places += 1
            self._done(player)
        elif self.phase == LAST and kind == "keep":
            # Only a last card that fits somewhere may be declined; one that
            # fits nowhere was kept without a line and is not pending.
            if self.pending.get(player) != value:
                raise IllegalMove(f"illegal keep {event!r}")
            self.keeps += 1
            self._done(player)
        else:
            raise IllegalMove(f"event {event!r} not allowed in phase {self.phase}")

    # ----- internals

    def _deal(self, deal: object) -> None:
        if self.phase != DEAL:
            raise IllegalMove("no deal due")
        if not isinstance(deal, dict) or set(deal) != {"hands", "aside", "first"}:
            raise IllegalMove("bad duel deal")
        hands = deal["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise IllegalMove("hands must be two lists")
        h0 = _int_list(hands[0], 15, "hand")
        h1 = _int_list(hands[1], 15, "hand")
        aside = _int_list(deal["aside"], 20, "aside")
        first = deal["first"]
        if not _is_int(first) or first not in (0, 1):
            raise IllegalMove("bad first")
        if sorted(h0 + h1 + aside) != list(CARDS):
            raise IllegalMove("deal must use every card 1..50 once")
        self.hands = [set(h0), set(h1)]
        self.pyramids = [Pyramid(), Pyramid()]
        self.offerer = first
        self.turns_done = 0
        self.offer = None
        self.pending = {}
        self.kept_unbuildable = {}
        self.phase = OFFER

    def _received(self, cards: dict[int, int]) -> None:
        stuck = [p for p in (0, 1) if not self.pyramids[p].fields_for(cards[p])]
        if len(stuck) == 2:
            self._end_round(None, "both stuck")
        elif len(stuck) == 1:
            self._end_round(1 - stuck[0], "stuck")
        else:
            self.pending = dict(cards)
            self.phase = BUILD

    def _done(self, player: int) -> None:
        del self.pending[player]
        if self.pending:
            return
        if self.phase == BUILD:
            self.turns_done += 1
        if self._check_complete():
            return
        if self.phase == LAST:
            self._end_round(None, "nobody complete")
        elif self.turns_done == TURNS:
            assert all(len(h) == 1 for h in self.hands)
            last = {p: next(iter(self.hands[p])) for p in (0, 1)}
            # A last card that fits nowhere is simply kept, with no line.
            self.pending = {p: c for p, c in last.items() if self.pyramids[p].fields_for(c)}
            self.kept_unbuildable = {p: c for p, c in last.items() if p not in self.pending}
            self.unbuildable_last_cards += len(self.kept_unbuildable)
            if self.pending:
                self.phase = LAST
            else:
                self._end_round(None, "nobody complete, no last card fits")
        else:
            self.offerer = 1 - self.offerer
            self.offer = None
            self.phase = OFFER

    def _check_complete(self) -> bool:
        done = [p for p in (0, 1) if self.pyramids[p].complete()]
        if not done:
            return False
        if len(done) == 1:
            self._end_round(done[0], "complete")
            return True
        s0, s1 = self.pyramids[0].spread(), self.pyramids[1].spread()
        if s0 == s1:
            self._end_round(None, "both complete, equal spread")
        elif (s0 < s1) == (self.tiebreak == "smaller"):
            self._end_round(0, "both complete")
        else:
            self._end_round(1, "both complete")
        return True

    def _end_round(self, winner: int | None, reason: str) -> None:
        self.rounds.append(winner)
        self.round_reasons.append(reason)
        self.pending = {}
        self.offer = None
        self.phase = OVER if self.winner() is not None else DEAL


# Solo phases.
PLAY = "play"


@dataclass
class PacalSolo:
    solo_cover: bool = True
    phase: str = DEAL
    pile: list[int] = field(default_factory=list)
    pyramid: Pyramid = field(default_factory=Pyramid)
    won_: bool | None = None

    def is_over(self) -> bool:
        return self.phase == OVER

    def won(self) -> bool | None:
        return self.won_

    def winner(self) -> int | None:
        return 0 if self.won_ else None

    def cards_used(self) -> int:
        return self.pyramid.cards_built()

    def copy(self) -> PacalSolo:
        return copy.deepcopy(self)

    def legal_moves(self) -> list[Event]:
        if self.phase != PLAY:
            return []
        card = self.pile[0]
        return [
            {"p": 0, "place": [card, fld]} for fld in self.pyramid.fields_for(card, self.solo_cover)
        ]

    def apply(self, event: Event) -> None:
        if isinstance(event, dict) and set(event) == {"deal"}:
            self._deal(event["deal"])
            return
        player, kind, value = _parse_move(event)
        if self.phase != PLAY or kind != "place" or player != 0:
            raise IllegalMove(f"event {event!r} not allowed")
        card, fld = value
        if card != self.pile[0] or fld not in FIELDS:
            raise IllegalMove(f"illegal place {event!r}")
        if not self.pyramid.can_build(card, fld, self.solo_cover):
            raise IllegalMove(f"card does not fit there {event!r}")
        self.pyramid.build(card, fld)
        self.pile.pop(0)
        self._check()

    def _deal(self, deal: object) -> None:
        if self.phase != DEAL:
            raise IllegalMove("no deal due")
        if not isinstance(deal, dict) or set(deal) != {"pile", "aside"}:
            raise IllegalMove("bad solo deal")
        pile = _int_list(deal["pile"], 40, "pile")
        aside = _int_list(deal["aside"], 10, "aside")
        if sorted(pile + aside) != list(CARDS):
            raise IllegalMove("deal must use every card 1..50 once")
        self.pile = pile
        self.pyramid = Pyramid()
        self.phase = PLAY
        self._check()

    def _check(self) -> None:
        if self.pyramid.complete():
            self.won_ = True
            self.phase = OVER
        elif not self.pile:
            raise RuntimeError("solo pile ran out: RULES.md says this cannot happen")
        elif not self.pyramid.fields_for(self.pile[0], self.solo_cover):
            self.won_ = False
            self.phase = OVER


def new_game(
    variant: str, tiebreak: str = "smaller", solo_cover: bool = True
) -> PacalDuel | PacalSolo:
    if variant == "duel":
        return PacalDuel(tiebreak=tiebreak)
    if variant == "solo":
        return PacalSolo(solo_cover=solo_cover)
    raise IllegalMove(f"unknown variant {variant!r}")

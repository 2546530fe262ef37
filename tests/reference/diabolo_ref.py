"""Reference implementation of Diabolo, written from the rule book
(the Diabolo rule book, in Dutch) and docs/RULES.md (its "Decisions for
Diabolo" win where they decide), in the record terms of docs/RECORDS.md.

Events are the record JSON objects: deals ``{"deal": {"dealer": d, "pile": [70
cards, top first]}}`` and moves ``{"p": i, "play": [card, side]}``,
``{"p": i, "discard": card}``, ``{"p": i, "double": colour}``. A card is a
colour letter and a value (``"p4"``), a side ``"hell"`` or ``"heaven"``.

The player to move has drawn already: between events their hand holds the
card taken from the pile (seven cards, six for everybody else).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]


class IllegalMove(ValueError):
    """A malformed or illegal event (a ValueError, as the tests expect)."""


COLOURS = "rygpb"  # the rows top to bottom, which is also the scoring order
VALUES = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)
HELL, HEAVEN = "hell", "heaven"
SIDES = (HELL, HEAVEN)
HAND = 6
SIDE_MAX = 3
ROW_MAX = 5
MIN_PLAYERS, MAX_PLAYERS = 3, 5

# Phases.
DEAL, PLAY, SCORE = "deal", "play", "score"


def deck() -> list[str]:
    """All 70 cards, red 1 first, blue 5 last."""
    return [f"{c}{v}" for c in COLOURS for v in VALUES]


DECK = Counter(deck())


def colour(card: str) -> str:
    return card[0]


def value(card: str) -> int:
    return int(card[1:])


def locks_to_end(players: int) -> int:
    """Two locked rows end a round, three with five players."""
    return 3 if players == 5 else 2


def _is_int(obj: object) -> bool:
    return isinstance(obj, int) and not isinstance(obj, bool)


def _card(obj: object) -> str:
    if not isinstance(obj, str) or obj not in DECK:
        raise IllegalMove(f"not a card: {obj!r}")
    return obj


@dataclass
class Row:
    hell: list[str] = field(default_factory=list)
    heaven: list[str] = field(default_factory=list)

    def side(self, name: str) -> list[str]:
        return self.hell if name == HELL else self.heaven

    def size(self) -> int:
        return len(self.hell) + len(self.heaven)

    def locked(self) -> bool:
        return self.size() >= ROW_MAX

    def open_sides(self) -> list[str]:
        """The sides a card of this colour may go to now."""
        if self.locked():
            return []
        return [s for s in SIDES if len(self.side(s)) < SIDE_MAX]

    def devil(self) -> int:
        return sum(value(c) for c in self.hell)

    def angel(self) -> int:
        return sum(value(c) for c in self.heaven)


def _rows() -> dict[str, Row]:
    return {c: Row() for c in COLOURS}


@dataclass
class Diabolo:
    players: int
    phase: str = DEAL
    dealer: int | None = None  # of the round being played or scored
    pile: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    rows: dict[str, Row] = field(default_factory=_rows)
    turn: int = 0
    out: list[str] = field(default_factory=list)  # cards put out of the round
    # This round's doubles: the colour each player committed to (None: not yet).
    doubles: list[str | None] = field(default_factory=list)
    last_double: int = 0  # index of the colour of the latest double this round
    scores: list[list[int]] = field(default_factory=list)  # per finished round
    empty_draws: int = 0  # for the test: RULES.md says the pile never runs out
    round_turns: list[int] = field(default_factory=list)  # turns taken, per round

    def __post_init__(self) -> None:
        if not _is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise IllegalMove(f"Diabolo needs 3 to 5 players, not {self.players!r}")
        self.hands = [[] for _ in range(self.players)]
        self.doubles = [None] * self.players

    # ----------------------------------------------------------------- queries

    def copy(self) -> Diabolo:
        new = copy.copy(self)
        new.pile, new.out, new.doubles = list(self.pile), list(self.out), list(self.doubles)
        new.hands = [list(h) for h in self.hands]
        new.rows = {c: Row(list(r.hell), list(r.heaven)) for c, r in self.rows.items()}
        new.scores = [list(r) for r in self.scores]
        new.round_turns = list(self.round_turns)
        return new

    def rounds_finished(self) -> int:
        return len(self.scores)

    def is_over(self) -> bool:
        return self.rounds_finished() == self.players

    def locked_rows(self) -> int:
        return sum(1 for r in self.rows.values() if r.locked())

    def plus_colours(self) -> list[str]:
        """The colours with more angel than devil points."""
        return [c for c in COLOURS if self.rows[c].angel() > self.rows[c].devil()]

    def hand_sum(self, player: int, col: str) -> int:
        return sum(value(c) for c in self.hands[player] if colour(c) == col)

    def colour_points(self, col: str) -> list[int]:
        """What each player scores for one colour with the hands and doubles now."""
        row = self.rows[col]
        points = [0] * self.players
        angel, devil = row.angel(), row.devil()
        if angel == devil:
            return points
        sums = [self.hand_sum(p, col) for p in range(self.players)]
        best = max(sums)
        if best == 0:
            return points
        for p in range(self.players):
            if sums[p] != best:
                continue
            if angel > devil:
                points[p] = best * (2 if self.doubles[p] == col else 1)
            else:
                points[p] = -best
        return points

    def round_points(self) -> list[int]:
        total = [0] * self.players
        for col in COLOURS:
            for p, pts in enumerate(self.colour_points(col)):
                total[p] += pts
        return total

    def totals(self) -> list[int]:
        return [sum(r[p] for r in self.scores) for p in range(self.players)]

    def winner(self) -> int | list[int] | None:
        """None until every round is played, then the player or the players
        sharing the highest total."""
        if not self.is_over():
            return None
        totals = self.totals()
        top = [p for p in range(self.players) if totals[p] == max(totals)]
        return top[0] if len(top) == 1 else top

    def outcome(self) -> Event:
        """As the ``check`` summary and a header's ``result`` give it."""
        return {"scores": self.scores, "totals": self.totals(), "winner": self.winner()}

    def playable(self, player: int) -> list[Event]:
        moves: list[Event] = []
        for card in sorted(set(self.hands[player])):
            for side in self.rows[colour(card)].open_sides():
                moves.append({"p": player, "play": [card, side]})
        return moves

    def legal_moves(self) -> list[Event]:
        """The moves (deals are data, never listed)."""
        if self.phase == PLAY:
            moves = self.playable(self.turn)
            if moves:
                return moves
            return [{"p": self.turn, "discard": c} for c in sorted(set(self.hands[self.turn]))]
        if self.phase == SCORE:
            cols = [c for c in self.plus_colours() if COLOURS.index(c) >= self.last_double]
            return [
                {"p": p, "double": c}
                for p in range(self.players)
                if self.doubles[p] is None
                for c in cols
            ]
        return []

    # ----------------------------------------------------------------- events

    def apply(self, event: Event) -> None:
        if not isinstance(event, dict):
            raise IllegalMove("an event is an object")
        if set(event) == {"deal"}:
            self._deal(event["deal"])
            return
        player, kind, arg = self._parse(event)
        if kind in ("play", "discard"):
            if self.phase != PLAY:
                raise IllegalMove(f"no {kind} while {self.phase}")
            if player != self.turn:
                raise IllegalMove(f"it is player {self.turn}'s turn")
        if kind == "play":
            card, side = arg
            if card not in self.hands[player]:
                raise IllegalMove(f"player {player} does not hold {card}")
            row = self.rows[colour(card)]
            if side not in row.open_sides():
                raise IllegalMove(f"no room for {card} on the {side} side")
            self.hands[player].remove(card)
            row.side(side).append(card)
            self._turn_done()
        elif kind == "discard":
            card = arg
            if card not in self.hands[player]:
                raise IllegalMove(f"player {player} does not hold {card}")
            if self.playable(player):
                raise IllegalMove("a card can be laid: no discard")
            self.hands[player].remove(card)
            self.out.append(card)
            self._turn_done()
        else:
            col = arg
            if self.phase != SCORE:
                raise IllegalMove("a double only while a round is scored")
            if self.doubles[player] is not None:
                raise IllegalMove(f"player {player} has doubled this round already")
            if col not in self.plus_colours():
                raise IllegalMove(f"{col} brings no plus points")
            if COLOURS.index(col) < self.last_double:
                raise IllegalMove(f"the hands of {col} were shown already")
            self.doubles[player] = col
            self.last_double = COLOURS.index(col)
            self.scores[-1] = self.round_points()

    def _parse(self, event: Event) -> tuple[int, str, Any]:
        player = event.get("p")
        if not isinstance(player, int) or isinstance(player, bool):
            raise IllegalMove(f"missing or bad 'p' in {event!r}")
        if not 0 <= player < self.players:
            raise IllegalMove(f"no player {player}")
        kinds = set(event) - {"p"}
        if len(kinds) != 1:
            raise IllegalMove(f"bad event keys {sorted(event)}")
        (kind,) = kinds
        arg = event[kind]
        if kind == "play":
            if not isinstance(arg, list) or len(arg) != 2 or arg[1] not in SIDES:
                raise IllegalMove(f"play needs [card, side]: {arg!r}")
            parsed: Any = (_card(arg[0]), arg[1])
        elif kind == "discard":
            parsed = _card(arg)
        elif kind == "double":
            if not isinstance(arg, str) or len(arg) != 1 or arg not in COLOURS:
                raise IllegalMove(f"not a colour: {arg!r}")
            parsed = arg
        else:
            raise IllegalMove(f"unknown event kind {kind!r}")
        return player, kind, parsed

    def _deal(self, deal: object) -> None:
        if self.phase == PLAY:
            raise IllegalMove("a round is being played")
        if self.is_over():
            raise IllegalMove("every round has been played")
        if not isinstance(deal, dict) or set(deal) != {"dealer", "pile"}:
            raise IllegalMove(f"a deal holds dealer and pile: {deal!r}")
        dealer, pile = deal["dealer"], deal["pile"]
        if not _is_int(dealer) or not 0 <= dealer < self.players:
            raise IllegalMove(f"bad dealer {dealer!r}")
        if self.dealer is not None and dealer != (self.dealer + 1) % self.players:
            raise IllegalMove(f"the deal passes to player {(self.dealer + 1) % self.players}")
        if not isinstance(pile, list) or not all(isinstance(c, str) for c in pile):
            raise IllegalMove("the pile is a list of cards")
        if Counter(pile) != DECK:
            raise IllegalMove("the pile must hold the 70 cards exactly")
        n = self.players
        self.hands = [[] for _ in range(n)]
        for i, card in enumerate(pile[: HAND * n]):
            self.hands[(dealer + 1 + i) % n].append(card)
        self.pile = list(pile[HAND * n :])
        self.rows = _rows()
        self.out = []
        self.doubles = [None] * n
        self.last_double = 0
        self.dealer = dealer
        self.phase = PLAY
        self.round_turns.append(0)
        self._begin_turn((dealer + 1) % n)

    def _begin_turn(self, player: int) -> None:
        self.turn = player
        if self.pile:
            self.hands[player].append(self.pile.pop(0))
        else:  # RULES.md: cannot happen; the player then lays from their hand
            self.empty_draws += 1

    def _turn_done(self) -> None:
        self.round_turns[-1] += 1
        if self.locked_rows() >= locks_to_end(self.players):
            self.phase = SCORE
            self.scores.append(self.round_points())
        else:
            self._begin_turn((self.turn + 1) % self.players)

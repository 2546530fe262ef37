"""The deals every home of a room makes from the room's seed
(host_tools.remote.meet.seed_of), in the order a window's table makes them
(sim.table.diabolo, sim.table.pacal: one tabletop.rules.rng.Rng from the
seed; Diabolo's first dealer drawn from it first, each next dealer the
seat after). A board's bridge gives them to the board (docs/REMOTE.md).

    deals = RoomDeals("diabolo", "standard", 3, seed_of("OAK-7"))
    deals.deal(0)          # the first round's deal, the rules' event
    packed("pacal", line)  # a deal's record line as the board's ``play`` takes it

A deal's line does not fit in a command to the board (256 bytes:
docs/PROTOCOL.md), so the bridge packs it: a Diabolo pile into one string
of the card names ("g1p4..."), a Pacal duel's hands and aside each into
one string of two digits a card ("0712..."); the board unpacks them.
"""

from __future__ import annotations

from typing import Any

from tabletop.rules import diabolo, pacal
from tabletop.rules.rng import Rng


class RoomDeals:
    def __init__(self, game: str, variant: str, players: int, seed: int) -> None:
        if game not in ("diabolo", "pacal"):
            raise ValueError(f"{game} has no deals")
        self.game, self.variant, self.players = game, variant, players
        self.rng = Rng(seed)
        self.first = self.rng.below(players) if game == "diabolo" else 0
        self.made: list[Any] = []

    def deal(self, k: int) -> Any:
        """The deal of round ``k`` (0: the first), made once."""
        while len(self.made) <= k:
            self.made.append(self._new(len(self.made)))
        return self.made[k]

    def _new(self, k: int) -> Any:
        if self.game == "diabolo":
            return diabolo.deal(self.rng, (self.first + k) % self.players)
        if self.variant == pacal.DUEL:
            return pacal.deal_duel(self.rng)
        return pacal.deal_solo(self.rng)


def packed(game: str, line: dict[str, Any]) -> dict[str, Any]:
    """A deal's record ``line`` packed for the board's ``play`` (see the
    module); any other line as it is."""
    deal = line.get("deal")
    if not isinstance(deal, dict):
        return line
    deal = dict(deal)
    if game == "diabolo" and isinstance(deal.get("pile"), list):
        deal["pile"] = "".join(deal["pile"])
    elif game == "pacal" and isinstance(deal.get("aside"), list):
        if isinstance(deal.get("hands"), list):
            deal["hands"] = [_digits(hand) for hand in deal["hands"]]
        deal["aside"] = _digits(deal["aside"])
    return {"deal": deal}


def _digits(cards: list[int]) -> str:
    return "".join(f"{card:02d}" for card in cards)

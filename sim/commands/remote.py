"""``python -m sim --remote CODE [--broker URL] [--seat N]``: the window's
game played with someone far away, in room CODE on an MQTT broker
(docs/REMOTE.md). The room itself is host_tools.remote's, the one
thing the simulator takes from the host tools: a board's bridge
(``python -m host_tools remote``) and a window meet in the same room
(host_tools.remote.meet: the broker, the free seat, the room's seed).

    room = join(table, url, code, seat)        # the table linked (host_tools.remote.far), started
    room = join(table, url, code, seat, journal=lines, era=room.era)   # a table restarted from
                                               # its record (lines), after the room's take-backs
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from host_tools.remote.meet import broker_for, free_seat, seed_of
from host_tools.remote.room import Room

__all__ = ["broker_for", "free_seat", "join", "seed_of"]


def join(
    table: Any, url: str, code: str, seat: int, journal: Iterable[str] = (), era: int = 0
) -> Room:
    """Seat ``seat`` of room ``code`` for ``table`` (a sim.table.table.Table
    whose other seats are "remote"), started and linked. A table opened
    from its record (``journal``: its lines) gives the room's ``era`` it
    was written in (how many take-backs the room had agreed then), so that
    the room does not take those back again."""
    seats = [str(p) for p in range(table.seats)]
    room = Room(url, code, str(seat), seats=seats, journal=journal, era=era).start()
    table.link(room)
    return room

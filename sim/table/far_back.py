"""U against someone far away (sim.table.table, a table linked to a room:
host_tools.remote.far): the take-back asked of the far seats, answered
at their tables, and taken back at every table once the room agrees. The
window (U; Y or N on its page) and the terminal (ctrl+b; y or n typed on
the line under the board) both ask and answer through it.

    back = FarBack(table)       # table.link makes one: table.far_back
    back.ask()                  # U: '' asked, else why not (in words)
    back.asked()                # another seat's ask this table is to answer: (seat, moves)
    back.answer(yes)            # Y or N to it (the terminal: y or n typed)
    back.status()               # what the panel says of the take-back ('' nothing)
    back.paused()               # while an ask is open or a cut is taken back, the
                                # table's hand makes no move (a deal, a seat's turn)
    back.take_back()            # each tick: the room's cut taken back at the board

U asks the room (host_tools.remote.room's ``ask_back``) to take back what
U takes back against the computer (sim.table.undo): the person's last turn
and the far replies since; the record is kept to the line before it. Every
other seat's table shows the ask and its player answers; on a yes from
every one, each room cuts its record, and each table takes back at its
board what the cut dropped (BACK, the table's hand putting the pieces
back, as U does). One no, and nothing changes.
"""

from __future__ import annotations

from typing import Any

from host_tools.remote.room import Ask, BackOutOfRecord, TakeBackError
from sim.table import undo
from sim.texts import _, ngettext


class FarBack:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.open: Ask | None = None  # the ask open at the last look
        self.cuts = 0  # ... and the room's take-backs then
        self.said: tuple[str, int] | None = None  # an outcome said, while the journal is no longer
        self.backing = False  # the table's hand takes the room's cut back

    @property
    def room(self) -> Any:
        return self.table.far.room

    def ask(self) -> str:
        """U: ask the far seats to take back the person's last turn and
        their replies since: '' when asked, else why not."""
        table = self.table
        if table.busy() or table.part.holding() or not table.part.back_takes_back():
            return _(undo.NOT_UNDONE)
        if self.paused():
            return _("A take-back is asked already: wait for the answer")
        count = undo.count(table)
        if not count:
            return _(undo.NOT_UNDONE)
        try:
            self.room.ask_back(len(table.journal) - count)
        except BackOutOfRecord:
            return _("Nothing of yours in the room yet to take back")
        except TakeBackError:
            return _("The room cannot be asked now (the link is down): try again")
        self._look()
        return self.status()

    def asked(self) -> tuple[int, int] | None:
        """Another seat's open ask, not answered here yet: (its seat, how
        many moves it takes back); None: none."""
        room = self.room
        ask = room.asked
        if ask is None or ask.seat == room.seat or self._answered(ask):
            return None
        return int(ask.seat), max(1, len(room.lines) - 1 - ask.n)

    def _answered(self, ask: Ask) -> bool:
        return any(
            note.get("to") == ask.seat and note.get("ask") == ask.k
            for note in self.room.notes[self.room.seat]
        )

    def answer(self, yes: bool) -> bool:
        """Y (or N) to the open ask: False when none is to be answered."""
        try:
            self.room.answer_back(yes)
        except TakeBackError:
            return False
        return True

    def paused(self) -> bool:
        return self.room.asked is not None or self.table.far.back_to is not None

    def _look(self) -> None:
        """The room's ask followed: its outcome said once it is closed."""
        room, journal = self.room, len(self.table.journal)
        ask = room.asked
        if self.open is not None and (ask is None or ask.key != self.open.key):
            if len(room.cuts) > self.cuts:
                self.said = (_("Take-back agreed: the moves are taken back"), self.open.n)
            else:
                self.said = (_("No take-back: far away they said no (nothing changes)"), journal)
        if ask is not None and (self.open is None or ask.key != self.open.key):
            self.cuts = len(room.cuts)
            self.said = None
        self.open = ask

    def status(self) -> str:
        """What the panel says of the take-back now ('' nothing)."""
        self._look()
        room, table = self.room, self.table
        ask = self.open
        if ask is not None and ask.seat == room.seat:
            return _("Take-back asked: waiting for the answer from far away")
        if ask is not None and self._answered(ask):
            return _("Your answer is given: waiting for the other players")
        if ask is not None:  # (the window shows it as a page, the terminal as its prompt)
            return _("A take-back is asked: the game waits for your answer")
        if table.far.back_to is not None:
            return _("Take-back agreed: the moves are taken back")
        if self.said is not None and len(table.journal) <= self.said[1]:
            return self.said[0]
        return ""

    def take_back(self) -> None:
        """Each tick: what the room's cut dropped taken back at the board
        (once no hand is at work, nor a piece in the mouse's hand)."""
        table, far = self.table, self.table.far
        self._look()
        if far.back_to is None:
            self.backing = False
            return
        if table.script is not None or table.part.holding():
            return
        over = table.record_length() - far.back_to
        if self.backing:  # (its BACKs ran and the board took back less)
            far.problem = _("the board would not take back the moves the room took back")
            return
        self.backing = True
        table.run(undo.steps(table, over))


def moves_asked(who: str, n: int) -> str:
    """The ask in words: ``who`` asks to take back ``n`` moves."""
    return ngettext(
        "{who} asks to take back {n} move", "{who} asks to take back {n} moves", n
    ).format(who=who, n=n)

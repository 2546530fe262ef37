"""What the terminal version (sim.terminal.app) asks of a game's view,
written once.

A game's terminal view is its board as text (rich: each sensor point, field
and slot on the colour its LED has, as the firmware lit it), its moves as
typed and clicked, and who sees which hand. The app holds one, made by the
module the game's name chooses (``sim.part(game, "terminal")``:
sim.terminal.pyraos, sim.terminal.pacal, sim.terminal.diabolo, each with
``make(app)``):

    view = make(app)           # app: an AppSide (what a view may use of the app)
    view.example               # a move as typed (the input's placeholder)
    view.moves_help            # the game's moves as typed, for the help line
    view.hot_seat()            # before each redraw: who sees which hand
    view.board()               # the board as text; a cell that can be clicked calls
                               # the app's ``click((what, ...))`` (``clickable`` below)
    view.click(what, *args)    # ... which asks the view's ``click_<what>(*args)``
    view.typed(text)           # a line the game answers itself (Diabolo: Enter at a
                               # cover, show, double): True when it did
    view.parse(text)           # the event a typed move means (ValueError saying why not)
    view.seats()               # the seats as the side lists them

``TerminalView`` below is the contract and its defaults: a game overrides
what differs. Tests run the same terminal tests over every registered game
(tests/test_window_games.py), so a game without a terminal view fails them.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text

from sim.table.table import COMPUTER, REMOTE, Table
from sim.texts import _
from sim.texts import moves as in_words
from tabletop.records import notation


class AppSide(Protocol):
    """What a game's terminal view may use of the app."""

    table: Table
    message: str  # the line under the board


def led(table: Table, name: str) -> str | None:
    """LED ``name`` as the firmware lit it, as a rich colour (None: dark)."""
    rgb = table.led(name)
    return None if rgb is None else f"rgb({rgb[0]},{rgb[1]},{rgb[2]})"


def click_action(what: str, *args: object) -> str:
    """The action a click on a cell calls: the app's ``click((what, *args))``,
    which asks the view's ``click(what, *args)``."""
    return f"app.click({(what, *args)!r})"


def clickable(cell: str, *click: object) -> Style:
    """``cell``'s style, and a click there asks the view's ``click(*click)``
    (nothing: not clickable)."""
    base = Style.parse(cell)
    if not click:
        return base
    what, *args = click
    return base + Style(meta={"@click": click_action(str(what), *args)})


class TerminalView:
    """The defaults of a game's terminal view (each game draws its board and
    reads its moves)."""

    example = ""  # a move as typed (in English: shown with ``_``, as each text below)
    moves_help = ""  # the game's moves as typed
    words: tuple[str, ...] = ()  # the English words of its moves (N_): typed in either language

    def english(self, word: str) -> str:
        """A word typed in the language in use as its English (one of
        ``words``; the English ones, and any other, as they are)."""
        for known in self.words:
            if word == _(known).lower():
                return known
        return word

    def english_help(self) -> str:
        """How the English words are typed too, where the language is another ("": English)."""
        if _(self.moves_help) == self.moves_help:
            return ""
        return _("The English words work too: {moves}").format(moves=self.moves_help)

    def __init__(self, app: AppSide) -> None:
        self.app = app

    @property
    def table(self) -> Table:
        return self.app.table

    def hot_seat(self) -> None:
        """Before each redraw: with several people, who sees which hand now."""

    def board(self) -> Text:
        """The board as text, its LEDs in colour."""
        raise NotImplementedError(f"{type(self).__name__} draws no board")

    # -- clicks and typed moves -------------------------------------------------------

    def click(self, what: str, *args: Any) -> None:
        """A cell clicked whose click said ``what`` and ``args``: the view's
        ``click_<what>(*args)`` (a click it does not know does nothing)."""
        answer = getattr(self, f"click_{what}", None)
        if answer is not None:
            answer(*args)

    def typed(self, text: str) -> bool:
        """A line typed (stripped) that the game answers itself, before it is
        read as a move: True when it did."""
        return False

    def parse(self, text: str) -> Any:
        """The event a typed move means (ValueError saying what is wrong with
        it): record notation (a JSON object), or the game's short form."""
        text = text.strip()
        if text.startswith("{"):
            try:
                obj = json.loads(text)
            except ValueError:
                raise ValueError(_("not a JSON object: {text}").format(text=text)) from None
            return notation.from_json(self.table.game_name, self.table.variant, obj)
        words = [self.english(w) for w in text.replace(">", " ").lower().split()]
        if not words:
            raise ValueError(_("type a move"))
        return self.move(words, text)

    def move(self, words: list[str], text: str) -> Any:
        """The event ``words`` (the move typed, ``text``, split) mean."""
        raise ValueError(
            _("no moves typed at {game}: {text}").format(game=self.table.game_name, text=repr(text))
        )

    def movers(self) -> tuple[int, ...]:
        """The seats to move now (ValueError: nobody is)."""
        movers: tuple[int, ...] = tuple(self.table.truth.to_move())
        if not movers:
            raise ValueError(_("the game waits for nobody now"))
        return movers

    # -- the side ----------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return seat_number(seat)

    def seat_extra(self, state: Any, seat: int) -> str:
        """What the side says of ``seat`` after its name."""
        return ""

    def below_seats(self, state: Any) -> list[str]:
        """Lines under the seats."""
        return []

    def seats(self) -> Text:
        """Each seat: whose turn, its name, who plays it, what it has."""
        table = self.table
        truth = table.truth
        out = Text()
        movers = truth.to_move()
        for p in range(table.seats):
            who = {COMPUTER: _("computer"), REMOTE: _("far away")}.get(
                table.players[p], _("person")
            )
            mark = "▶ " if p in movers else "  "
            seat = _("{seat} ({who})").format(seat=self.seat_name(p), who=who)
            out.append(f"{mark}{seat}  {self.seat_extra(truth, p)}\n")
        for line in self.below_seats(truth):
            out.append(line + "\n")
        return out


def ended(table: Table, who: in_words.Who) -> str:
    """The end of the game at ``table`` in words (sim.texts.moves), seats
    named by ``who``; "" while it goes on."""
    state = table.truth
    end = state.outcome()
    if end is None:
        return ""
    return in_words.outcome(table.game_name, state.variant, end, who)


seat_number = in_words.numbered  # a seat as the side and the move list name it: P1, P2

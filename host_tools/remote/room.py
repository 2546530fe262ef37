"""A room on an MQTT broker: one game's record, agreed between its seats.

    room = Room("mqtt://127.0.0.1:1883", "ABC123", seat="0", journal=lines_so_far)
    room.start()
    room.append('{"p": 0, "place": "b2"}')     # this side's move: its number is returned
    room.wait_until(lambda r: len(r.lines) > 2, timeout=30)
    event = room.events.get()                  # a line taken, a divergence, a stranger...
    room.ask_back(3)                           # ask the others to take the record back to line 3
    room.asked                                 # the open ask (an Ask) or None
    room.answer_back(True)                     # yes (or no) to another seat's open ask
    room.close()

Line 0 is the record's header, line n its n-th event. ``room.lines`` is the
agreed record: this side's lines and those taken from the other seats.

Topics (``R`` is the room's id, the first 16 hex digits of
sha256("tabletop room " + code), so that the code itself never travels)::

    tabletop/R/SEAT/record   retained, QoS 1: {"lines": [...], "mac": ...}, the seat's whole record
    tabletop/R/SEAT/line     QoS 1: {"n": n, "line": text, "mac": ...}, a line the seat played
    tabletop/R/SEAT/probe    QoS 1: {"probe": nonce}, the seat's own barrier after (re)connecting
    tabletop/R/SEAT/notes    retained, QoS 1: {"notes": [{...}, ...], "mac": ...}, what the seat
                             said that is no record line (a pass: host_tools.remote.far, a
                             take-back's ask or answer: below), all so far

Record and line messages also carry ``"era"``: how many take-backs the
seat had agreed when it sent them (none: 0).

``mac`` is HMAC-SHA256 keyed by the room code over the topic and the
message's other keys (canonical JSON): only someone who knows the code can
write a line, and only on the topic it was written for. Who may publish as
which seat is the broker's job (a user per seat and topic ACLs,
docs/REMOTE.md); the room ignores and reports what fails its own checks.

A line from any seat (this one's retained record from before a power cut
too) is offered to the agreed record: the next number is taken; a number
already taken with the same text is a duplicate, ignored; with another text
it is a DIVERGENCE (number, both texts, the seat), refused, and from then on
nothing more is taken or appended. A line past the next is held until its
turn and the seats' retained records are asked for again. On every
(re)connection the room subscribes, waits for its own probe (by then the
broker has delivered every retained record: a record from before a power
cut is read before it is overwritten), then publishes its whole record
retained, so a broker that restarted empty has every record again.

A take-back: ``ask_back(n)`` asks the other seats to take the record back
to line ``n`` (lines 0 to ``n`` kept, the header always, the last line at
least dropped): the note ``{"back": n, "era": e, "ask": k}``, this seat's
ask ``k`` (counted from 0) after ``e`` take-backs. Each other seat answers
it once, ``answer_back(yes)``: the note ``{"ask": k, "to": SEAT, "yes":
true}``. When every other seat said yes, every room cuts its record to
line ``n`` (``room.cuts`` gets ``n``, ``room.era`` one more) and publishes
it again, shorter (what was played meanwhile past line ``n`` goes too);
one no refuses it, and nothing changes. Only the notes
decide (each seat writes only its own, all retained), so every seat, one
back from a power cut too, reaches the same cuts. One ask is open at a
time (``room.asked``); two asked at once are both refused (a seat whose
ask is open says no to any other). Asking while one is open (AskOpen),
before line 0 or from the last line on (BackOutOfRecord), answering with
no other seat's ask open or twice (NothingAsked), or before the room is
synced: a TakeBackError, and nothing said. A message from an older era
counts only for its lines up to the cuts made since (the rest is void,
never a divergence); one from a newer era is passed over until the notes
that made it are read, and then the retained records are asked for again.
``Room(..., journal, era=e)``: the journal as it was after ``e`` take-backs
(``room.era`` when it was written); one from before a take-back is cut.
Events: "ask" (``seat`` asks back to line ``n``), "back" (the record taken
back to line ``n``, ``seat``'s ask), "refused" (``seat`` said no; "" when
the ask lapsed: another was agreed first).
"""

from __future__ import annotations

import json
import queue
import secrets
import ssl
import threading
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeGuard

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from host_tools.remote.address import reach
from host_tools.remote.signed import canonical, room_id, sign, unsign

PREFIX = "tabletop"
ASK_AGAIN_S = 0.5  # a line held this long: the retained records are asked for again
KEEPALIVE_S = 5


class Divergence(NamedTuple):
    """Line ``n`` is ``ours`` here and ``theirs`` at ``seat``: the game cannot go on."""

    n: int
    ours: str
    theirs: str
    seat: str

    def __str__(self) -> str:
        return f"line {self.n} differs: ours {self.ours!r}, seat {self.seat}'s {self.theirs!r}"


class Diverged(ValueError):
    """A line appended to a room whose record diverged."""


class TakeBackError(ValueError):
    """A take-back asked or answered that cannot be: the message says why."""


class AskOpen(TakeBackError):
    """A take-back asked while one is open."""


class BackOutOfRecord(TakeBackError):
    """A take-back to a line before the record's start or from its last line on."""


class NothingAsked(TakeBackError):
    """An answer with no ask of another seat's open (or this seat's answer given already)."""


class Ask(NamedTuple):
    """Seat ``seat``'s ask number ``k`` (from 0): the record taken back to
    line ``n`` (lines 0 to ``n`` kept), asked after ``era`` take-backs."""

    seat: str
    n: int
    era: int
    k: int

    @property
    def key(self) -> tuple[str, int]:
        """Who asked, and which of its asks: what an answer names."""
        return self.seat, self.k

    def __str__(self) -> str:
        return f"seat {self.seat}'s take-back to line {self.n}"


class Event(NamedTuple):
    """What happened in a room: ``kind`` is "line" (line ``n`` taken from ``seat``),
    "divergence", "stranger" (a message ignored: ``detail`` says why), "held"
    (line ``n`` waits for the lines before it), "connected", "synced", "lost",
    "ask" (``seat`` asks back to line ``n``), "back" (the record taken back to
    line ``n``, ``seat``'s ask) or "refused" (``seat`` said no to the ask
    back to ``n``; "" when it lapsed)."""

    kind: str
    n: int = -1
    text: str = ""
    seat: str = ""
    detail: str = ""


class _Talk:
    """The take-backs' asks and answers in the seats' notes."""

    def __init__(self, seats: tuple[str, ...], notes: dict[str, list[dict[str, Any]]]) -> None:
        self.seats = seats
        self.asks: list[Ask] = []  # in seat order, then each seat's own
        self.said: dict[tuple[str, int], dict[str, bool]] = {}  # (asker, k): seat -> yes
        for seat in seats:
            for note in notes[seat]:
                n, era, k, to = note.get("back"), note.get("era"), note.get("ask"), note.get("to")
                if _whole(n) and _whole(era) and _whole(k):
                    self.asks.append(Ask(seat, n, era, k))
                elif isinstance(to, str) and to != seat and _whole(k) and _yes_no(note.get("yes")):
                    self.said.setdefault((to, k), {}).setdefault(seat, note["yes"])

    def answer(self, ask: Ask, seat: str) -> bool | None:
        """``seat``'s answer to ``ask`` (None: none yet)."""
        return self.said.get(ask.key, {}).get(seat)

    def agreed(self, ask: Ask) -> bool:
        return all(self.answer(ask, s) is True for s in self.seats if s != ask.seat)

    def refuser(self, ask: Ask) -> str | None:
        """The first seat that said no to ``ask``."""
        return next((s for s in self.seats if self.answer(ask, s) is False), None)


class Room:
    """Seat ``seat`` of room ``code`` among ``seats``, through the broker at
    ``url`` (``reach``: ``mqtt://`` or ``mqtts://`` for TLS, optionally
    ``user:password@``; ``username``, ``password`` and ``tls`` instead of
    the URL's)."""

    def __init__(
        self,
        url: str,
        code: str,
        seat: str,
        seats: Iterable[str] = ("0", "1"),
        journal: Iterable[str] = (),
        era: int = 0,
        username: str | None = None,
        password: str | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.seats = tuple(seats)
        if seat not in self.seats or any(c in s for s in self.seats for c in "/+#"):
            raise ValueError(f"seat {seat!r} is not one of {self.seats} (names without / + #)")
        self.code, self.seat = code, seat
        self.topic = f"{PREFIX}/{room_id(code)}"
        self.lines: list[str] = list(journal)
        self.divergence: Divergence | None = None
        self.notes: dict[str, list[dict[str, Any]]] = {s: [] for s in self.seats}
        self.events: queue.Queue[Event] = queue.Queue()
        self.synced = False
        self.cuts: list[int] = []  # each agreed take-back's line n, in order
        self._journal_era = era  # (the first take-backs, already in the journal)
        self._talk = _Talk(self.seats, self.notes)
        self._open: dict[tuple[str, int], Ask] = {}  # the open asks, as told
        self._held: dict[tuple[str, int], str] = {}
        self._asking: threading.Timer | None = None
        self._nonce = ""
        self._changed = threading.Condition()
        at = reach(url)
        self.host, self.port = at.host, at.port
        client_id = f"{PREFIX}-{room_id(code)[:8]}-{seat}-{secrets.token_hex(4)}"
        self._client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
        username = username or at.username
        password = password or at.password
        if username is not None:
            self._client.username_pw_set(username, password)
        tls = tls or at.tls
        if tls is not None:
            self._client.tls_set_context(tls)
        self._client.reconnect_delay_set(1, 2)
        self._client.on_connect = self._on_connect
        self._client.on_subscribe = self._on_subscribe
        self._client.on_message = self._on_message
        self._client.on_disconnect = self._on_disconnect

    def _seat_topic(self, seat: str, kind: str) -> str:
        return f"{self.topic}/{seat}/{kind}"

    # --- what the seat calls ---------------------------------------------------

    def start(self) -> Room:
        """Connect (in the background: a broker not up yet is tried again)."""
        self._client.connect_async(self.host, self.port, KEEPALIVE_S)
        self._client.loop_start()
        return self

    def close(self, cut: bool = False) -> None:
        """Leave the room; ``cut``: as a power cut would, without a word to the broker."""
        with self._changed:
            if self._asking is not None:
                self._asking.cancel()
            self._held.clear()
        if cut:
            sock = self._client.socket()
            self._client.loop_stop()
            if sock is not None:
                sock.close()
        else:
            self._client.disconnect()
            self._client.loop_stop()

    def append(self, text: str) -> int:
        """This side's next line: taken, published, and its number returned."""
        with self._changed:
            if self.divergence is not None:
                raise Diverged(str(self.divergence))
            n = len(self.lines)
            self.lines.append(text)
            self._drain()
            self._changed.notify_all()
            if self.synced:
                body = {"n": n, "line": text, "era": self.era}
                topic = self._seat_topic(self.seat, "line")
                self._client.publish(topic, sign(self.code, topic, body), qos=1)
                self._publish_record()
        return n

    def note(self, note: dict[str, Any]) -> None:
        """Say ``note`` (a JSON object) to the room: it joins this seat's
        notes, all of them retained (``notes``: every seat's)."""
        with self._changed:
            self._say(note)

    @property
    def era(self) -> int:
        """How many take-backs this room's record has had."""
        return max(len(self.cuts), self._journal_era)

    @property
    def asked(self) -> Ask | None:
        """The open ask (the first in seat order when two were asked at once), or None."""
        with self._changed:
            return next(iter(self._open.values()), None)

    def ask_back(self, n: int) -> Ask:
        """Ask the other seats to take the record back to line ``n`` (lines
        0 to ``n`` kept): TakeBackError if that cannot be asked now."""
        with self._changed:
            self._may_talk()
            if self._open:
                raise AskOpen(f"{self.asked} is open: ask once it is answered")
            last = len(self.lines) - 1
            if type(n) is not int or n < 0:
                raise BackOutOfRecord(f"back to line {n!r}: before the record's start (line 0)")
            if n >= last:
                raise BackOutOfRecord(f"back to line {n}: nothing after it (the last is {last})")
            k = 1 + max((a.k for a in self._talk.asks if a.seat == self.seat), default=-1)
            ask = Ask(self.seat, n, self.era, k)
            self._say({"back": n, "era": ask.era, "ask": k})
            self._takebacks()
        return ask

    def answer_back(self, yes: bool) -> Ask:
        """Answer the open ask of another seat's (``asked``): yes or no. The
        ask answered; NothingAsked if there is none this seat is to answer."""
        with self._changed:
            self._may_talk()
            asks = [a for a in self._open.values() if a.seat != self.seat]
            if not asks:
                mine = f" ({self.asked}, this seat's own)" if self._open else ""
                raise NothingAsked(f"no take-back of another seat's is asked{mine}")
            ask = next((a for a in asks if self._talk.answer(a, self.seat) is None), None)
            if ask is None:
                raise NothingAsked(f"{asks[0]}: answered already")
            self._say({"ask": ask.k, "to": ask.seat, "yes": bool(yes)})
            self._takebacks()
        return ask

    def wait_until(self, done: Callable[[Room], bool], timeout: float) -> bool:
        """Whether ``done(room)`` came true within ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: done(self), timeout)

    def ask_again(self) -> None:
        """The seats' retained records sent again (a line is held: one before it went missing)."""
        self._client.subscribe(self._seat_topic("+", "record"), qos=1)

    # --- the broker's side ------------------------------------------------------

    def _publish_record(self) -> None:
        topic = self._seat_topic(self.seat, "record")
        body = {"lines": list(self.lines), "era": self.era}
        self._client.publish(topic, sign(self.code, topic, body), qos=1, retain=True)

    def _publish_notes(self) -> None:
        topic = self._seat_topic(self.seat, "notes")
        body = {"notes": list(self.notes[self.seat])}
        self._client.publish(topic, sign(self.code, topic, body), qos=1, retain=True)

    def _on_connect(self, client: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            self._report(Event("lost", detail=f"refused: {reason}"))
            return
        self._report(Event("connected"))
        client.subscribe(
            [
                (self._seat_topic("+", "record"), 1),
                (self._seat_topic("+", "line"), 1),
                (self._seat_topic(self.seat, "probe"), 1),
                (self._seat_topic("+", "notes"), 1),
            ]
        )

    def _on_subscribe(self, client: mqtt.Client, _u: Any, _mid: int, codes: Any, _p: Any) -> None:
        if len(codes) == 4 and not self.synced:
            self._nonce = secrets.token_hex(8)
            topic = self._seat_topic(self.seat, "probe")
            client.publish(topic, canonical({"probe": self._nonce}), qos=1)

    def _on_disconnect(self, _c: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        with self._changed:
            self.synced = False
        self._report(Event("lost", detail=str(reason)))

    def _on_message(self, _c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        topic = message.topic
        if not topic.startswith(self.topic + "/"):
            return  # (another room's: amqtt 0.12.1 sends retained records past a wildcard)
        parts = topic[len(self.topic) + 1 :].split("/")
        if len(parts) != 2 or parts[0] not in self.seats:
            self._report(Event("stranger", detail=f"{topic}: no seat of this room"))
            return
        seat, kind = parts
        if kind == "probe":
            self._on_probe(bytes(message.payload))
            return
        try:
            body = unsign(self.code, topic, bytes(message.payload))
        except ValueError as e:
            self._report(Event("stranger", seat=seat, detail=f"{topic}: {e}"))
            return
        era = body.get("era", 0)  # (a seat of before take-backs sends none: 0)
        with self._changed:
            if not _whole(era):
                self._report(Event("stranger", seat=seat, detail=f"{topic}: era {era!r}"))
                return
            valid = self._valid(era)
            if kind == "line" and _whole(body.get("n")) and isinstance(body.get("line"), str):
                if valid is None or body["n"] < valid:
                    self._offer(seat, body["n"], body["line"])
            elif kind == "record" and _texts(body.get("lines")):
                for n, text in enumerate(body["lines"][:valid]):
                    self._offer(seat, n, text)
            elif kind == "notes" and _objects(body.get("notes")):
                self._heard(seat, body["notes"])
                self._takebacks()
            else:
                self._report(Event("stranger", seat=seat, detail=f"{topic}: not a {kind}"))
                return
            self._drain()
            self._changed.notify_all()

    def _on_probe(self, payload: bytes) -> None:
        with self._changed:
            try:
                mine = json.loads(payload).get("probe") == self._nonce != ""
            except (ValueError, AttributeError):
                mine = False
            if not mine or self.synced:
                return
            self.synced = True
            self._publish_record()
            if self.notes[self.seat]:
                self._publish_notes()
            self._changed.notify_all()
        self._report(Event("synced", n=len(self.lines)))

    # --- the agreed record (under self._changed) ----------------------------------

    def _offer(self, seat: str, n: int, text: str) -> None:
        if self.divergence is not None:
            return
        if n < len(self.lines):
            if self.lines[n] != text:
                self.divergence = Divergence(n, self.lines[n], text, seat)
                self._report(Event("divergence", n, text, seat, str(self.divergence)))
        elif n > len(self.lines):
            if (seat, n) not in self._held:
                self._held[(seat, n)] = text
                self._report(Event("held", n, text, seat))
                self._ask_later()
        else:
            self.lines.append(text)
            self._report(Event("line", n, text, seat))
            if self.synced:
                self._publish_record()

    def _heard(self, seat: str, notes: list[dict[str, Any]]) -> None:
        # A seat's notes only grow: a longer list replaces the one heard
        # (this seat's own from before a power cut too); a shorter one is old.
        known = self.notes[seat]
        if len(notes) > len(known) and notes[: len(known)] == known:
            self.notes[seat] = list(notes)

    def _say(self, note: dict[str, Any]) -> None:
        self.notes[self.seat].append(note)
        self._changed.notify_all()
        if self.synced:
            self._publish_notes()

    def _may_talk(self) -> None:
        if self.divergence is not None:
            raise Diverged(str(self.divergence))
        if not self.synced:
            raise TakeBackError("not in touch with the room (not synced): its open asks unknown")

    def _valid(self, era: int) -> int | None:
        """How many first lines of a message from ``era`` still count: all
        (None) in this room's era; up to the cuts since in an older one;
        none in a newer one (the notes that made it are read first)."""
        if era == self.era:
            return None
        if era > self.era or self.era > len(self.cuts):
            return 0
        return min(self.cuts[era:]) + 1

    def _takebacks(self) -> None:
        """The notes' take-backs followed: each ask agreed in its turn cuts
        the record; an ask made while this seat's own is open is refused;
        each ask opened, taken back or refused is told once."""
        if self.divergence is not None:
            return
        cut = False
        while True:
            talk = self._talk = _Talk(self.seats, self.notes)
            while True:
                era = len(self.cuts)
                ask = next((a for a in talk.asks if a.era == era and talk.agreed(a)), None)
                if ask is None:
                    break
                self.cuts.append(ask.n)
                if era >= self._journal_era:  # (not one the journal had had)
                    del self.lines[ask.n + 1 :]
                    self._held.clear()
                    cut = True
                    self._report(Event("back", ask.n, seat=ask.seat, detail=f"{ask}: agreed"))
            still = [a for a in talk.asks if a.era == self.era and talk.refuser(a) is None]
            for ask in still:
                if ask.key not in self._open:
                    self._open[ask.key] = ask
                    self._report(Event("ask", ask.n, seat=ask.seat, detail=f"{ask}: asked"))
            mine = any(a.seat == self.seat for a in still)
            clash = [a for a in still if a.seat != self.seat and talk.answer(a, self.seat) is None]
            if not (mine and clash):
                break
            for a in clash:
                self._say({"ask": a.k, "to": a.seat, "yes": False})
        opened = {a.key: a for a in still}
        for key, ask in self._open.items():
            if key not in opened and not talk.agreed(ask):
                who = talk.refuser(ask)
                why = f"seat {who} said no" if who else "lapsed: another was agreed first"
                self._report(Event("refused", ask.n, seat=who or "", detail=f"{ask}: {why}"))
        self._open = opened
        self._changed.notify_all()
        if cut:
            if self.synced:
                self._publish_record()
            self.ask_again()  # (records of the new era, put by before the notes came)

    def _drain(self) -> None:
        """Held lines whose turn has come, offered again."""
        while self.divergence is None:
            due = sorted((n, s) for s, n in self._held if n <= len(self.lines))
            if not due:
                return
            for n, s in due:
                self._offer(s, n, self._held.pop((s, n)))

    def _ask_later(self) -> None:
        if self._asking is None:
            self._asking = threading.Timer(ASK_AGAIN_S, self._ask_if_held)
            self._asking.daemon = True
            self._asking.start()

    def _ask_if_held(self) -> None:
        with self._changed:
            self._asking = None
            if not self._held or self.divergence is not None:
                return
            self._ask_later()
        self.ask_again()

    def _report(self, event: Event) -> None:
        self.events.put(event)


def _whole(x: Any) -> TypeGuard[int]:
    return type(x) is int and x >= 0


def _yes_no(x: Any) -> bool:
    return type(x) is bool


def _texts(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(t, str) for t in x)


def _objects(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(o, dict) for o in x)

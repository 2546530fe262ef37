"""A room on an MQTT broker: one game's record, agreed between its seats.

    room = Room("mqtt://127.0.0.1:1883", "ABC123", seat="0", journal=lines_so_far)
    room.start()
    room.append('{"p": 0, "place": "b2"}')     # this side's move: its number is returned
    room.wait_until(lambda r: len(r.lines) > 2, timeout=30)
    event = room.events.get()                  # a line taken, a divergence, a stranger...
    room.close()

Line 0 is the record's header, line n its n-th event. ``room.lines`` is the
agreed record: this side's lines and those taken from the other seats.

Topics (``R`` is the room's id, the first 16 hex digits of
sha256("tabletop room " + code), so that the code itself never travels)::

    tabletop/R/SEAT/record   retained, QoS 1: {"lines": [...], "mac": ...}, the seat's whole record
    tabletop/R/SEAT/line     QoS 1: {"n": n, "line": text, "mac": ...}, a line the seat played
    tabletop/R/SEAT/probe    QoS 1: {"probe": nonce}, the seat's own barrier after (re)connecting
    tabletop/R/SEAT/notes    retained, QoS 1: {"notes": [{...}, ...], "mac": ...}, what the seat
                             said that is no record line (a pass: host_tools.remote.far), all so far

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
"""

from __future__ import annotations

import hashlib
import hmac
import json
import queue
import secrets
import ssl
import threading
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

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


class Event(NamedTuple):
    """What happened in a room: ``kind`` is "line" (line ``n`` taken from ``seat``),
    "divergence", "stranger" (a message ignored: ``detail`` says why), "held"
    (line ``n`` waits for the lines before it), "connected", "synced" or "lost"."""

    kind: str
    n: int = -1
    text: str = ""
    seat: str = ""
    detail: str = ""


def room_id(code: str) -> str:
    return hashlib.sha256(("tabletop room " + code).encode()).hexdigest()[:16]


def canonical(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign(code: str, topic: str, body: dict[str, Any]) -> bytes:
    """``body`` with its ``mac`` for ``topic`` in room ``code``, as the payload to publish."""
    mac = hmac.new(code.encode(), topic.encode() + b"\n" + canonical(body), "sha256")
    return canonical({**body, "mac": mac.hexdigest()})


def unsign(code: str, topic: str, payload: bytes) -> dict[str, Any]:
    """The body of a signed payload; ValueError if it is not one, for this topic."""
    try:
        body = json.loads(payload)
    except (UnicodeDecodeError, ValueError):
        raise ValueError("not JSON") from None
    if not isinstance(body, dict) or not isinstance(body.get("mac"), str):
        raise ValueError("not signed")
    mac = body.pop("mac")
    if not hmac.compare_digest(json.loads(sign(code, topic, body))["mac"], mac):
        raise ValueError("wrong signature")
    return body


class Room:
    """Seat ``seat`` of room ``code`` among ``seats``, through the broker at
    ``url`` (``mqtt://`` or ``mqtts://`` for TLS, optionally ``user:password@``)."""

    def __init__(
        self,
        url: str,
        code: str,
        seat: str,
        seats: Iterable[str] = ("0", "1"),
        journal: Iterable[str] = (),
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
        self._held: dict[tuple[str, int], str] = {}
        self._asking: threading.Timer | None = None
        self._nonce = ""
        self._changed = threading.Condition()
        parts = urlsplit(url)
        if parts.scheme not in ("mqtt", "mqtts"):
            raise ValueError(f"broker URL {url!r}: mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or (8883 if parts.scheme == "mqtts" else 1883)
        client_id = f"{PREFIX}-{room_id(code)[:8]}-{seat}-{secrets.token_hex(4)}"
        self._client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
        username = username or (unquote(parts.username) if parts.username else None)
        password = password or (unquote(parts.password) if parts.password else None)
        if username is not None:
            self._client.username_pw_set(username, password)
        if parts.scheme == "mqtts" or tls is not None:
            self._client.tls_set_context(tls or ssl.create_default_context())
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
                body = {"n": n, "line": text}
                topic = self._seat_topic(self.seat, "line")
                self._client.publish(topic, sign(self.code, topic, body), qos=1)
                self._publish_record()
        return n

    def note(self, note: dict[str, Any]) -> None:
        """Say ``note`` (a JSON object) to the room: it joins this seat's
        notes, all of them retained (``notes``: every seat's)."""
        with self._changed:
            self.notes[self.seat].append(note)
            self._changed.notify_all()
            if self.synced:
                self._publish_notes()

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
        body = {"lines": list(self.lines)}
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
        with self._changed:
            if kind == "line" and _whole(body.get("n")) and isinstance(body.get("line"), str):
                self._offer(seat, body["n"], body["line"])
            elif kind == "record" and _texts(body.get("lines")):
                for n, text in enumerate(body["lines"]):
                    self._offer(seat, n, text)
            elif kind == "notes" and _objects(body.get("notes")):
                self._heard(seat, body["notes"])
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


def _whole(x: Any) -> bool:
    return type(x) is int and x >= 0


def _texts(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(t, str) for t in x)


def _objects(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(o, dict) for o in x)

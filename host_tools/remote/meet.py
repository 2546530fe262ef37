"""Meeting in a room: the broker to use, the seat to take, the seed every
home deals from. The window (``python -m sim --remote``) and a board's
bridge (``python -m host_tools remote``) meet the same way.

    url, started = broker_for(args.broker)     # no URL: this machine's own (started if need be)
    seat = free_seat(url, code, seats)         # the first seat nobody in the room has taken
    seed = seed_of(code)                       # every home deals from the same seed
"""

from __future__ import annotations

import secrets
import socket
import threading
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from host_tools.remote.address import reach
from host_tools.remote.broker import LOOPBACK, Broker
from host_tools.remote.room import PREFIX
from host_tools.remote.signed import room_id

PORT = 18830  # this machine's own broker (not Mosquitto's 1883: one may run there)
LOCAL = f"mqtt://{LOOPBACK}:{PORT}"
LOOK_S = 10.0  # the broker's time to say who is in the room


def broker_for(url: str | None) -> tuple[str, Broker | None]:
    """The broker's URL: ``url``, or this machine's own, and that broker
    when it is started here because none listens on its port yet (it is
    to run while this window is open: a second window on this machine
    uses it)."""
    if url is not None:
        return url, None
    with socket.socket() as s:
        s.settimeout(1.0)
        if s.connect_ex((LOOPBACK, PORT)) == 0:
            return LOCAL, None
    return LOCAL, Broker(PORT).start()


def seed_of(code: str) -> int:
    """The seed every home of room ``code`` deals from (the same deals everywhere)."""
    return int(room_id(code)[:8], 16) % (1 << 31)


def free_seat(url: str, code: str, seats: int) -> int:
    """The first seat of room ``code`` with no record in it yet (a seat
    nobody has taken); ValueError when every seat is taken or the broker
    does not answer."""
    topic = f"{PREFIX}/{room_id(code)}"
    taken: set[str] = set()
    nonce = secrets.token_hex(8)
    done = threading.Event()
    at = reach(url)
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    if at.username is not None:
        client.username_pw_set(at.username, at.password)
    if at.tls is not None:
        client.tls_set_context(at.tls)

    def on_connect(c: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        if not reason.is_failure:
            c.subscribe([(f"{topic}/+/record", 1), (f"{topic}/lobby/{nonce}", 1)])

    def on_subscribe(c: mqtt.Client, _u: Any, _m: int, _codes: Any, _p: Any) -> None:
        c.publish(f"{topic}/lobby/{nonce}", b"look", qos=1)  # (after every retained record)

    def on_message(_c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        if not message.topic.startswith(topic + "/"):
            return  # (amqtt 0.12.1 sends a new subscriber other rooms' retained records too)
        seat = message.topic[len(topic) + 1 :].split("/")[0]
        if seat == "lobby":
            done.set()
        elif message.payload:
            taken.add(seat)

    client.on_connect, client.on_subscribe, client.on_message = on_connect, on_subscribe, on_message
    client.connect_async(at.host, at.port)
    client.loop_start()
    try:
        if not done.wait(LOOK_S):
            raise ValueError(f"the broker at {url} does not answer")
    finally:
        client.disconnect()
        client.loop_stop()
    for seat in range(seats):
        if str(seat) not in taken:
            return seat
    raise ValueError(f"every seat of room {code} is taken ({seats})")

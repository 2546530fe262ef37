"""A room's messages signed with its code (host_tools.remote.room): the
room's id on the broker, and each message's HMAC, so that only someone who
knows the code can write in the room, and only on the topic a message was
written for. The code itself never travels.

    room_id("OAK-7")                          # the first 16 hex digits of its sha256
    payload = sign(code, topic, {"n": 1, "line": text})
    body = unsign(code, topic, payload)       # ValueError: not JSON, not signed, wrong
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any


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

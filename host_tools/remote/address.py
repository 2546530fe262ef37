"""A broker's URL read once, for a room and for anything else that
reaches the broker (host_tools.remote.meet's free-seat look).

    at = reach("mqtts://ann:secret@broker.lan:8883?cafile=/home/ann/ca.crt")
    at.host, at.port, at.username, at.password, at.tls
"""

from __future__ import annotations

import ssl
from typing import NamedTuple
from urllib.parse import parse_qs, unquote, urlsplit


class Reach(NamedTuple):
    """Where a broker is and how to log in to it (``reach(url)``)."""

    host: str
    port: int
    username: str | None
    password: str | None
    tls: ssl.SSLContext | None


def reach(url: str) -> Reach:
    """The broker ``url`` names: ``mqtt://[USER:PASSWORD@]HOST[:PORT]`` (port
    1883), ``mqtts://`` for TLS (port 8883; the system's trusted
    certificates, or ``?cafile=FILE``: a certificate authority of one's own,
    a home Mosquitto's). ValueError for anything else, naming it."""
    parts = urlsplit(url)
    if parts.scheme not in ("mqtt", "mqtts"):
        raise ValueError(f"broker URL {url!r}: mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = sorted(set(query) - {"cafile"})
    if unknown or len(query.get("cafile", [])) > 1:
        raise ValueError(f"broker URL {url!r}: ?cafile=FILE is all it may ask, not {unknown}")
    tls = None
    if parts.scheme == "mqtts":
        cafile = query.get("cafile", [None])[0]
        try:
            tls = ssl.create_default_context(cafile=cafile)
        except (OSError, ssl.SSLError) as err:
            raise ValueError(f"broker URL {url!r}: cafile {cafile}: {err}") from None
    elif query:
        raise ValueError(f"broker URL {url!r}: ?cafile= is for mqtts:// only")
    return Reach(
        parts.hostname or "127.0.0.1",
        parts.port or (8883 if parts.scheme == "mqtts" else 1883),
        unquote(parts.username) if parts.username else None,
        unquote(parts.password) if parts.password else None,
        tls,
    )

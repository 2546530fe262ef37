"""A room over TLS with a user and a password for each seat
(docs/REMOTE.md): the embedded broker listens with the test certificate
(tests/tls) and nothing else; each seat trusts that certificate (one
through its URL's ``?cafile=``, as a player names a home Mosquitto's, the
other through ``tls=``) and logs in as its own user. The first free seat
is found the same way, a line one seat plays reaches the other, and a
client that does not trust the certificate gets no further than the
handshake. A broker URL that asks for anything else is refused, named."""

from __future__ import annotations

import socket
import ssl
from pathlib import Path

import pytest

from host_tools.remote.address import reach
from host_tools.remote.broker import Broker
from host_tools.remote.meet import free_seat
from host_tools.remote.room import Room
from tests.test_remote_room import CODE, HEADER, MOVES, has, synced

TLS = Path(__file__).parent / "tls"
CERT, KEY = TLS / "cert.pem", TLS / "key.pem"


def test_two_seats_play_through_a_broker_over_tls_with_passwords() -> None:
    trust = ssl.create_default_context(cafile=str(CERT))
    users = {"ann": "pw-ann", "bo": "pw-bo"}
    with Broker(users=users, tls=(CERT, KEY)) as broker:
        assert broker.url.startswith("mqtts://")
        url = broker.url.replace("mqtts://", "mqtts://ann:pw-ann@") + f"?cafile={CERT}"
        assert free_seat(url, CODE, 2) == 0
        a = synced(Room(url, CODE, "0", journal=[HEADER]).start())
        b = Room(broker.url, CODE, "1", username="bo", password="pw-bo", tls=trust)
        synced(b.start())
        try:
            has(b, [HEADER])
            b.append(MOVES[0])
            has(a, [HEADER, MOVES[0]])
            a.append(MOVES[1])
            has(b, [HEADER, MOVES[0], MOVES[1]])
            assert free_seat(url, CODE, 3) == 2  # (0 and 1 are taken)
        finally:
            a.close()
            b.close()
        with socket.create_connection((broker.host, broker.port), timeout=10) as sock:
            with pytest.raises(ssl.SSLCertVerificationError):  # (the system's trust only)
                ssl.create_default_context().wrap_socket(sock, server_hostname=broker.host)


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("mqtts://host?cafile=a&cafile=b", "cafile=FILE is all"),
        ("mqtts://host?ca=x", "not ['ca']"),
        ("mqtt://host?cafile=x", "for mqtts:// only"),
        ("mqtts://host?cafile=/no/such.pem", "/no/such.pem"),
        ("http://host", "mqtt://HOST"),
    ],
)
def test_a_broker_url_that_asks_for_anything_else_is_refused_naming_it(
    url: str, named: str
) -> None:
    with pytest.raises(ValueError, match="broker URL") as refused:
        reach(url)
    assert named in str(refused.value)

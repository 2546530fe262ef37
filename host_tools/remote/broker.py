"""The embedded MQTT broker (amqtt) for one machine and for the tests.

    with Broker() as broker:               # loopback, a free port
        room = Room(broker.url, "ABC123", "0")
        ...
        broker.restart()                   # the same port again, nothing retained

    Broker(users={"ann": "secret"})        # a password for each user, no anonymous client
    Broker(users=..., publish_acl={"ann": ["tabletop/+/0/#"]})   # who may publish where
    Broker(tls=(cert, key))                # TLS only (PEM files): its url is mqtts://

The broker is a process of its own (``python -m host_tools.remote.broker
CONFIG.json``); ``start`` returns once it listens, ``stop`` kills it as a
crash or a power cut would (amqtt's own shutdown can wait for ever on a
client's unacknowledged message). Like amqtt itself it keeps
retained messages in memory only: a restart forgets them, and the rooms
publish their records again when they reconnect (room.py). Anyone who runs a
broker for others runs Mosquitto instead (docs/REMOTE.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from types import TracebackType
from typing import Any

from amqtt.broker import Broker as _AmqttBroker

LOOPBACK = "127.0.0.1"
STARTED_S = 10.0  # at most this long to stop
READY = "listening"  # what the broker process says once it does


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port nobody listens on now (the OS's choice)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class Broker:
    """amqtt on ``host``:``port`` (0: a free one, kept across restarts)."""

    def __init__(
        self,
        port: int = 0,
        host: str = LOOPBACK,
        users: dict[str, str] | None = None,
        publish_acl: dict[str, list[str]] | None = None,
        tls: tuple[Path, Path] | None = None,
    ) -> None:
        self.host = host
        self.tls = tls
        self.port = port or free_port(host)
        self.users = dict(users or {})
        self.publish_acl = publish_acl
        self._process: subprocess.Popen[str] | None = None
        self._folder = tempfile.TemporaryDirectory(prefix="tabletop-broker-")

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"

    def _config(self) -> dict[str, Any]:
        plugins: dict[str, Any] = {
            "amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": not self.users},
        }
        if self.users:
            plugins["amqtt.plugins.authentication.FileAuthPlugin"] = {
                "password_file": str(self._password_file())
            }
        if self.publish_acl is not None:
            everyone = {name: ["#"] for name in [*self.users, "anonymous"]}
            plugins["amqtt.plugins.topic_checking.TopicAccessControlListPlugin"] = {
                "acl": everyone,  # (0.12.1 reads subscribe_acl, takes only acl)
                "publish_acl": self.publish_acl,
            }
        listener: dict[str, Any] = {"type": "tcp", "bind": f"{self.host}:{self.port}"}
        if self.tls is not None:
            cert, key = self.tls
            listener.update(ssl=True, certfile=str(cert), keyfile=str(key))
        return {"listeners": {"default": listener}, "plugins": plugins}

    def _password_file(self) -> Path:
        from pwdlib import PasswordHash
        from pwdlib.hashers.argon2 import Argon2Hasher

        hasher = PasswordHash((Argon2Hasher(),))
        path = Path(self._folder.name) / "passwords"
        path.write_text("".join(f"{u}:{hasher.hash(p)}\n" for u, p in self.users.items()))
        return path

    def start(self) -> Broker:
        """Start the broker process; returns once it listens."""
        if self._process is None:
            config = Path(self._folder.name) / "broker.json"
            config.write_text(json.dumps(self._config()))
            self._process = subprocess.Popen(
                [sys.executable, "-m", "host_tools.remote.broker", str(config)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert self._process.stdout is not None
            if self._process.stdout.readline().strip() != READY:
                self.stop()
                raise RuntimeError(f"the broker on port {self.port} did not start")
        return self

    def stop(self) -> None:
        """Kill the broker as a crash would: every client dropped, nothing retained."""
        if self._process is not None:
            process, self._process = self._process, None
            process.kill()
            process.wait(STARTED_S)
            if process.stdout is not None:
                process.stdout.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def close(self) -> None:
        self.stop()
        self._folder.cleanup()

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


async def _serve(config: dict[str, Any]) -> None:
    with warnings.catch_warnings():  # the acl option is deprecated in amqtt 0.12.1
        warnings.simplefilter("ignore", DeprecationWarning)
        broker = _AmqttBroker(config)
    await broker.start()
    print(READY, flush=True)
    await asyncio.Event().wait()


def main(argv: list[str]) -> None:
    logging.basicConfig(level=logging.WARNING)  # amqtt logs every packet at INFO
    logging.getLogger("amqtt").setLevel(logging.ERROR)
    logging.getLogger("amqtt.broker").setLevel(logging.CRITICAL)  # (a port probed: "no data")
    asyncio.run(_serve(json.loads(Path(argv[0]).read_text())))


if __name__ == "__main__":
    main(sys.argv[1:])

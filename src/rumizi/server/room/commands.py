"""What each message of a connected client does: a table from message type to handler.

Adding a client message is one protocol model (``protocol.py``) and one handler here.
A handler may raise ``RoomError``: the client gets it as an ``error`` with the
message's ``ref``, and nothing changed.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from .. import protocol
from ..errors import RoomError
from ..protocol import Abort, Act, BadMessage, Hello, Leave, Ping, Ready, Rematch, Start, Sync
from .clients import Client
from .room import Room

Handler = Callable[[Room, Client, Any, Any], Awaitable[None]]
"""``handler(room, client, message, ref)``."""


def _seat(client: Client, refusal: str) -> int:
    """The client's seat, or ``forbidden`` (a spectator or the host)."""
    if client.seat is None:
        raise RoomError("forbidden", refusal, 403)
    return client.seat


async def _act(room: Room, client: Client, message: Act, ref: Any) -> None:
    seat = _seat(client, "spectators cannot act")
    await room.act(seat, message.action, message.index, ref, client)


async def _sync(room: Room, client: Client, message: Sync, ref: Any) -> None:
    await room.sync(client, message.index, ref)


async def _ready(room: Room, client: Client, message: Ready, ref: Any) -> None:
    await room.set_ready(_seat(client, "only a seat can be ready"), message.ready)


async def _start(room: Room, client: Client, message: Start, ref: Any) -> None:
    await room.start(client.role, client.seat)


async def _rematch(room: Room, client: Client, message: Rematch, ref: Any) -> None:
    await room.rematch(client.role)


async def _leave(room: Room, client: Client, message: Leave, ref: Any) -> None:
    await room.leave(_seat(client, "only a seat can leave"))


async def _ping(room: Room, client: Client, message: Ping, ref: Any) -> None:
    client.send({"type": "pong", "ref": ref, "now": time.time()})


async def _abort(room: Room, client: Client, message: Abort, ref: Any) -> None:
    if client.role != "host":
        raise RoomError("forbidden", "only the host may stop the match", 403)
    await room.abort("stopped by the host")


async def _hello_again(room: Room, client: Client, message: Hello, ref: Any) -> None:
    raise RoomError("hello_again", "this socket has already said hello", 400)


HANDLERS: dict[type[Any], Handler] = {
    Act: _act,
    Sync: _sync,
    Ready: _ready,
    Start: _start,
    Rematch: _rematch,
    Leave: _leave,
    Ping: _ping,
    Abort: _abort,
    Hello: _hello_again,
}
"""Every client message after its hello, by its protocol model."""


async def handle(room: Room, client: Client, text: str) -> None:
    """One message from a connected client."""
    try:
        message = protocol.parse(text)
    except BadMessage as e:
        client.send(protocol.error(e.code, e.message))
        return
    ref = getattr(message, "ref", None)
    try:
        await HANDLERS[type(message)](room, client, message, ref)
    except RoomError as e:
        client.send(e.to_message(ref))

"""The command table: what each client message does to its room, the same for a socket
and for the HTTP API.

A command is ``command(room, caller, message, ref)``: ``caller`` is who sends it (a
socket's ``Client``, or an HTTP request's ``Caller``), ``message`` its protocol model,
``ref`` the socket's reference for the reply (None over HTTP). Who may do what (a seat,
the host, not a spectator) is checked inside the room, once, whichever way the message
came. Adding a client message is a protocol model (``protocol.py``, in the ``Client``
union), one row here and the room method it calls (``docs/server.md``);
``tests/server/test_server_room.py`` checks that every model of the union has its row.
A command may raise ``RoomError``: a socket gets it as an ``error`` with the message's
``ref``, an HTTP caller as the error object, and nothing changed.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .. import protocol
from ..errors import RoomError
from ..protocol import Abort, Act, BadMessage, Hello, Leave, Ping, Ready, Rematch, Start, Sync
from .clients import Client
from .room import Room


@dataclass(frozen=True, slots=True)
class Caller:
    """An HTTP request's caller: its token's role and seat (None: the host or a
    spectator). It has no socket: what a command tells it is the request's reply."""

    role: str
    seat: int | None


Command = Callable[[Room, Client | Caller, Any, Any], Awaitable[Any]]
"""``command(room, caller, message, ref)``; its result is an HTTP caller's reply."""


def _socket(caller: Client | Caller) -> Client | None:
    return caller if type(caller) is Client else None


async def _act(room: Room, caller: Client | Caller, message: Act, ref: Any) -> Any:
    return await room.act(caller.seat, message.action, message.index, ref, _socket(caller))


async def _sync(room: Room, caller: Client | Caller, message: Sync, ref: Any) -> None:
    assert type(caller) is Client  # a socket's message only
    await room.sync(caller, message.index, ref)


async def _ready(room: Room, caller: Client | Caller, message: Ready, ref: Any) -> None:
    await room.set_ready(caller.seat, message.ready)


async def _start(room: Room, caller: Client | Caller, message: Start, ref: Any) -> None:
    await room.start(caller.role, caller.seat)


async def _rematch(room: Room, caller: Client | Caller, message: Rematch, ref: Any) -> None:
    await room.rematch(caller.role)


async def _leave(room: Room, caller: Client | Caller, message: Leave, ref: Any) -> None:
    await room.leave(caller.seat)


async def _abort(room: Room, caller: Client | Caller, message: Abort, ref: Any) -> None:
    await room.stop(caller.role)


async def _ping(room: Room, caller: Client | Caller, message: Ping, ref: Any) -> None:
    assert type(caller) is Client  # a socket's message only
    caller.send({"type": "pong", "ref": ref, "now": time.time()})


async def _hello_again(room: Room, caller: Client | Caller, message: Hello, ref: Any) -> None:
    raise RoomError("hello_again", "this socket has already said hello", 400)


COMMANDS: dict[type[Any], Command] = {
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
"""Every client message, by its protocol model (a socket's first, ``hello``, is read by
the session: here it is a second hello, refused)."""


async def handle(room: Room, client: Client, text: str) -> None:
    """One message from a connected client."""
    try:
        message = protocol.parse(text)
    except BadMessage as e:
        client.send(protocol.error(e.code, e.message))
        return
    ref = getattr(message, "ref", None)
    try:
        await COMMANDS[type(message)](room, client, message, ref)
    except RoomError as e:
        client.send(e.to_message(ref))


async def run(room: Room, caller: Caller, message: Any) -> Any:
    """An HTTP request's command (its reply, or ``RoomError``)."""
    return await COMMANDS[type(message)](room, caller, message, None)

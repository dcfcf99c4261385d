"""One client's socket at ``/ws``, from the handshake to the goodbye: the origin check,
the hello, finding its room (or, with several workers, the worker that owns it), the
limits per address and per token, then each message through the command table
(``room.commands``)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from starlette.types import Message, Receive, Scope, Send

from .. import protocol
from ..cluster.outbox import FIELD, FRAME
from ..cluster.ownership import Elsewhere
from ..errors import RoomError
from ..limits import Limits
from ..protocol import BadMessage, Hello
from ..room.commands import handle
from ..room.roles import role_of_hash
from ..room.room import Room
from ..room.rooms import Rooms
from ..tokens import token_hash
from .gate import Sockets
from .link import Link

if TYPE_CHECKING:
    from ..cluster.worker import Cluster


async def session(
    rooms: Rooms,
    cluster: Cluster | None,
    receive: Receive,
    send: Send,
    sockets: Sockets,
    scope: Scope,
) -> None:
    """One client socket, from the handshake to the goodbye."""
    if (await receive())["type"] != "websocket.connect":
        return
    if not sockets.origin_allowed(scope):  # refused before the handshake: HTTP 403
        await send({"type": "websocket.close", "code": 4403, "reason": "origin"})
        return
    address = (scope.get("client") or ("?", 0))[0]
    limits = sockets.limits
    refusal = sockets.admit(address)  # counted for its address from here on
    if refusal is not None:  # an HTTP reply, and the connection closes at once
        await refusal.send(send)
        return
    try:
        await send({"type": "websocket.accept"})
    except BaseException:
        sockets.release(sockets.per_address, address)
        raise
    link = Link(send)
    room: Room | None = None
    remote: str | None = None  # this socket's id, when its room's owner is another worker
    token: str | None = None
    idle: Idle | None = None
    try:
        hello = await _hello(receive, link, limits)
        if hello is None:
            return
        found = await _find(rooms, cluster, link, hello, sockets, address)
        if found is None:
            return
        if isinstance(found[0], Elsewhere) and hello.follow and found[0].address:
            await _redirect(link, found[0])  # served by the room's owner itself
            return
        token = token_hash(hello.token)
        # A seat or host link is one person's; the spectator link is shared by watchers.
        most = limits.watchers_per_token if found[1] == "spectator" else limits.sockets_per_token
        if sockets.per_token[token] >= most:
            token = None
            await _refuse(link, "too_many", "too many sockets open with this token", 4429)
            return
        sockets.per_token[token] += 1
        if isinstance(found[0], Elsewhere):  # the room's owner is another worker
            assert cluster is not None and found[0].owner is not None
            asked = {"token": token, "match": hello.match, "index": hello.index}
            remote = cluster.relay.host(
                link.push,
                link.close,
                found[0].owner,
                found[0].room_id,
                asked | {"name": hello.name},
            )
        else:
            room = await _connect((found[0], found[1], found[2]), link, hello)
            if room is None:
                return
        idle = Idle(limits.idle_seconds)
        while True:
            try:
                message = await idle.hear(receive)
            except TimeoutError:
                await _refuse(link, "idle", "nothing heard from you for too long: reconnect", 4408)
                return
            if message["type"] != "websocket.receive":
                break
            text = message.get("text")
            if text is None:
                link.client.send(protocol.error("bad_message", "send JSON objects in text frames"))
                continue
            if sockets.buckets.take("act", address):
                link.client.send(
                    protocol.error("rate_limited", "too many messages: slow down", _ref(text))
                )
                continue
            if room is not None:
                await handle(room, link.client, text)
            elif FRAME in text or FIELD in text:  # never valid JSON; never passed on
                link.client.send(protocol.error("bad_json", "not valid JSON"))
            elif remote is not None and cluster is not None:
                cluster.relay.say(remote, text)
    finally:
        if idle is not None:
            idle.stop()
        sockets.release(sockets.per_address, address)
        if token is not None:
            sockets.release(sockets.per_token, token)
        if room is not None:
            await room.disconnect(link.client)
        if remote is not None and cluster is not None:
            cluster.relay.unhost(remote)
        link.stop()


class Idle:
    """A socket's idle limit: one timer per socket, re-armed only when it runs out (not a
    timer per message), that ends the wait for the next message once nothing has been
    heard for ``seconds``. It interrupts only that wait, never a message being handled."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.loop = asyncio.get_running_loop()
        self.heard = self.loop.time()
        self.waiting: asyncio.Task[Any] | None = None
        self.fired = False
        self.timer = self.loop.call_at(self.heard + seconds, self._check)

    def _check(self) -> None:
        due, now = self.heard + self.seconds, self.loop.time()
        if now < due:  # heard meanwhile: look again when it would be due
            self.timer = self.loop.call_at(due, self._check)
            return
        if self.waiting is None:  # a message is being handled: look again soon
            self.timer = self.loop.call_at(now + min(1.0, self.seconds), self._check)
            return
        self.fired = True
        self.waiting.cancel()

    async def hear(self, receive: Receive) -> Message:
        """The next message; ``TimeoutError`` when nothing came for too long."""
        self.waiting = asyncio.current_task()
        try:
            message = await receive()
        except asyncio.CancelledError:
            task = self.waiting
            if not self.fired or task is None:
                raise
            task.uncancel()
            raise TimeoutError from None
        finally:
            self.waiting = None
        self.heard = self.loop.time()
        return message

    def stop(self) -> None:
        self.timer.cancel()


def _ref(text: str) -> Any:
    """The ``ref`` of a message that will not be read, for its error (or None)."""
    with contextlib.suppress(Exception):
        ref = protocol.parse(text)
        return getattr(ref, "ref", None)
    return None


async def _redirect(link: Link, e: Elsewhere) -> None:
    """Send the client to the room's owner, at its own address, and close."""
    link.client.send({"type": "redirect", "url": e.address, "room": e.room_id})
    link.close(4302, "redirect")
    await link.drain()


async def _refuse(link: Link, code: str, message: str, close: int) -> None:
    link.client.send(protocol.error(code, message))
    link.close(close, code)
    await link.drain()


async def _find(
    rooms: Rooms,
    cluster: Cluster | None,
    link: Link,
    hello: Hello,
    sockets: Sockets,
    address: str,
) -> tuple[Room | Elsewhere, str, int | None] | None:
    """The hello's room (or, with several workers, where it is), role and seat; or
    refuse, and close: an unknown token is a guess."""
    try:
        for _ in range(3):
            try:
                return await rooms.by_token(hello.token)
            except Elsewhere as e:
                if cluster is None:
                    raise
                if hello.follow and e.address:  # its token is the room's (found by it):
                    return e, "", None  # on to the owner, which checks it again
                found = await _elsewhere(rooms, cluster, e, hello.token)
                if found is not None:
                    return found
        raise RoomError("moved", "the room is moving to another server process: try again", 503)
    except RoomError as e:
        if e.code == "unknown_token":
            sockets.buckets.take("guess", address)
        await _refuse(link, e.code, e.message, 4401 if e.status == 401 else 4503)
        return None


async def _elsewhere(
    rooms: Rooms, cluster: Cluster, e: Elsewhere, token: str
) -> tuple[Elsewhere, str, int | None] | None:
    """The role of the token in a room another worker owns, if that worker is alive
    (else None, once its lease has run out: ask again)."""
    if e.owner is None or not await cluster.alive(e.owner):
        await cluster.settle(e)
        return None
    row = await rooms.store.load_room(e.room_id)
    role = None if row is None else role_of_hash(row, token_hash(token))
    if role is None:
        raise RoomError("unknown_token", "unknown token: use the link you were given", 401)
    return e, role[0], role[1]


async def _connect(found: tuple[Room, str, int | None], link: Link, hello: Hello) -> Room | None:
    """Connect the client to its room (or refuse, and close)."""
    room, role, seat = found
    try:
        await room.connect(link.client, role, seat, hello.match, hello.index, hello.name)
    except RoomError as e:
        await _refuse(link, e.code, e.message, 4401 if e.status == 401 else 4503)
        return None
    return room


async def _hello(receive: Receive, link: Link, limits: Limits) -> Hello | None:
    """Read and check the first message: a hello, in a text frame, in time."""

    async def refuse(code: str, message: str, close: int) -> None:
        await _refuse(link, code, message, close)

    try:
        async with asyncio.timeout(limits.hello_seconds):
            message = await receive()
    except TimeoutError:
        await refuse("no_hello", 'say hello first: {"type": "hello", "token": ...}', 4408)
        return None
    if message["type"] != "websocket.receive":
        return None
    text = message.get("text")
    if text is None:
        await refuse("bad_message", "send JSON objects in text frames", 4400)
        return None
    try:
        hello = protocol.parse(text)
    except BadMessage as e:
        await refuse(e.code, e.message, 4400)
        return None
    if not isinstance(hello, Hello):
        await refuse("no_hello", f"the first message must be hello, not {hello.type}", 4400)
        return None
    if hello.v != protocol.PROTOCOL_VERSION:
        version = protocol.PROTOCOL_VERSION
        await refuse(
            "version", f"this server speaks protocol version {version}, not {hello.v}", 4426
        )
        return None
    return hello

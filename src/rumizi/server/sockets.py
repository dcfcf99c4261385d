"""The WebSocket side of the server: one session per socket, at ``/ws``.

Sockets are served straight from the ASGI layer (``Gateway``), not through Starlette's
router and ``WebSocket`` wrapper: every move sends one message to each client of the
room, and this path is the server's hot loop. Sends are eager: a message is written at
once when the socket can take it, and queued (in order) only while it cannot.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import time
from collections.abc import Coroutine, Generator
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import protocol
from .limits import Buckets, Limits
from .protocol import Abort, Act, BadMessage, Hello, Leave, Ping, Ready, Rematch, Start, Sync
from .rooms import MAX_QUEUED, Client, Elsewhere, Room, RoomError, Rooms, _role
from .tokens import token_hash


class Sockets:
    """The limits on sockets: open ones per address and per token, their messages' rate."""

    def __init__(self, limits: Limits, buckets: Buckets) -> None:
        self.limits = limits
        self.buckets = buckets
        self.per_address: collections.Counter[str] = collections.Counter()
        self.per_token: collections.Counter[str] = collections.Counter()

    @staticmethod
    def release(counter: collections.Counter[str], key: str) -> None:
        counter[key] -= 1
        if counter[key] <= 0:
            del counter[key]

    def origin_allowed(self, scope: Scope) -> bool:
        """A browser's socket must come from a page of this server (or an allowed origin);
        clients that send no Origin (scripts) may connect."""
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1")
        if text in self.limits.origins:
            return True
        host = headers.get(b"host", b"").decode("latin-1")
        return bool(host) and urlsplit(text).netloc == host


class Gateway:
    """The app's outer layer: ``/ws`` sockets go to ``session``; HTTP bodies over ``limit``
    bytes are refused (413, with a JSON error) before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and scope["path"] == "/ws":
            state = scope["app"].state
            if not hasattr(state, "sockets"):
                state.sockets = Sockets(state.limits, state.buckets)
            await session(state.rooms, receive, send, state.sockets, scope)
        elif kind == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await self._refuse(send, int(length))
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body.extend(message.get("body", b""))
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._refuse(send, len(body))
                return
        for _ in range(3):
            try:
                await self.app(scope, _replay(bytes(body), receive), send)
                return
            except Elsewhere as e:  # another worker owns the room: ask it
                if scope.get("rumizi.forwarded"):
                    raise  # passed on already: the worker that passed it on asks again
                if await _pass_on(scope, bytes(body), send, e):
                    return
        response = JSONResponse(
            protocol.error("moved", "the room is moving to another server process: try again"),
            status_code=503,
            headers={"Retry-After": "1"},
        )
        await response({"type": "http"}, _nothing, send)

    async def _refuse(self, send: Send, size: int) -> None:
        text = f"body too large: {size} bytes, the limit is {self.limit}"
        response = JSONResponse(protocol.error("too_large", text), status_code=413)
        await response({"type": "http"}, _nothing, send)


async def _nothing() -> Message:  # pragma: no cover - a response never reads
    return {"type": "http.disconnect"}


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body read already, then the connection's own."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _pass_on(scope: Scope, body: bytes, send: Send, e: Elsewhere) -> bool:
    """Send an HTTP request to the worker that owns its room and write its reply; False
    if that worker is gone (its lease has run out by the time this returns)."""
    from .cluster import send_reply

    cluster = scope["app"].state.rooms.cluster
    if e.owner is None or not await cluster.alive(e.owner):
        await cluster.settle(e)
        return False
    reply = await cluster.forward_http(scope, body, e.owner)
    if reply is None or reply.get("elsewhere"):
        await cluster.settle(e)
        return False
    await send_reply(send, reply)
    return True


class Link:
    """A socket's way out: eager, ordered sends; a client that can't keep up is dropped."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self._backlog: collections.deque[Message] = collections.deque()
        self._flushing: asyncio.Task[None] | None = None
        self.closed = False
        self.client = Client(self.push, self.close)

    def push(self, text: str) -> None:
        self._emit({"type": "websocket.send", "text": text})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self._emit({"type": "websocket.close", "code": code, "reason": reason})
            self.closed = True

    def _emit(self, message: Message) -> None:
        if self.closed:
            return
        if self._flushing is not None:
            if len(self._backlog) >= MAX_QUEUED:
                self._backlog.clear()
                self.close(1008, "too many messages waiting: reconnect to resume")
                return
            self._backlog.append(message)
            return
        step: Any = self._send(message)  # a coroutine: run it here until it must wait
        try:
            waiting = step.send(None)
        except StopIteration:
            return  # written
        except Exception:  # the client is gone; the reading side sees it too
            self.closed = True
            return
        self._flushing = asyncio.ensure_future(self._finish(step, waiting))

    async def _finish(self, step: Coroutine[Any, Any, None], waiting: Any) -> None:
        try:
            await _Resume(step, waiting)
            while self._backlog:
                await self._send(self._backlog.popleft())
        except Exception:
            self.closed = True
        finally:
            self._flushing = None

    async def drain(self) -> None:
        """Wait until everything pushed so far is written."""
        while self._flushing is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self._flushing), 5)
            if self._flushing is not None and self._flushing.done():
                break

    def stop(self) -> None:
        self.closed = True
        if self._flushing is not None:
            self._flushing.cancel()
        self.client.detach()  # no cycle left behind between this link and its client


class _Resume:
    """Await the rest of a coroutine that was started outside a task and suspended."""

    def __init__(self, step: Coroutine[Any, Any, None], waiting: Any) -> None:
        self.step = step
        self.waiting = waiting

    def __await__(self) -> Generator[Any, Any, None]:
        waiting = self.waiting
        while True:
            try:
                value = yield waiting
            except BaseException as e:
                try:
                    waiting = self.step.throw(e)
                except StopIteration:
                    return
                continue
            try:
                waiting = self.step.send(value)
            except StopIteration:
                return


async def session(
    rooms: Rooms, receive: Receive, send: Send, sockets: Sockets, scope: Scope
) -> None:
    """One client socket, from the handshake to the goodbye."""
    if (await receive())["type"] != "websocket.connect":
        return
    if not sockets.origin_allowed(scope):  # refused before the handshake: HTTP 403
        await send({"type": "websocket.close", "code": 4403, "reason": "origin"})
        return
    address = (scope.get("client") or ("?", 0))[0]
    limits = sockets.limits
    await send({"type": "websocket.accept"})
    link = Link(send)
    if sockets.per_address[address] >= limits.sockets_per_address:
        link.client.send(protocol.error("too_many", "too many sockets open from your address"))
        link.close(4429, "too_many")
        await link.drain()
        link.stop()
        return
    sockets.per_address[address] += 1
    room: Room | None = None
    remote: str | None = None  # this socket's id, when its room's owner is another worker
    token: str | None = None
    try:
        hello = await _hello(receive, rooms, link, limits)
        if hello is None:
            return
        found = await _find(rooms, link, hello, sockets, address)
        if found is None:
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
            cluster = rooms.cluster
            assert cluster is not None and found[0].owner is not None
            asked = {"token": token, "match": hello.match, "index": hello.index}
            remote = cluster.host(
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
        while True:
            try:
                async with asyncio.timeout(limits.idle_seconds):  # no task per message
                    message = await receive()
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
            elif "\x1e" in text or "\x1f" in text:  # never valid JSON; never passed on
                link.client.send(protocol.error("bad_json", "not valid JSON"))
            elif remote is not None and rooms.cluster is not None:
                rooms.cluster.say(remote, text)
    finally:
        sockets.release(sockets.per_address, address)
        if token is not None:
            sockets.release(sockets.per_token, token)
        if room is not None:
            await room.disconnect(link.client)
        if remote is not None and rooms.cluster is not None:
            rooms.cluster.unhost(remote)
        link.stop()


def _ref(text: str) -> Any:
    """The ``ref`` of a message that will not be read, for its error (or None)."""
    with contextlib.suppress(Exception):
        ref = protocol.parse(text)
        return getattr(ref, "ref", None)
    return None


async def _refuse(link: Link, code: str, message: str, close: int) -> None:
    link.client.send(protocol.error(code, message))
    link.close(close, code)
    await link.drain()


async def _find(
    rooms: Rooms, link: Link, hello: Hello, sockets: Sockets, address: str
) -> tuple[Room | Elsewhere, str, int | None] | None:
    """The hello's room (or, with several workers, where it is), role and seat; or
    refuse, and close: an unknown token is a guess."""
    try:
        for _ in range(3):
            try:
                return await rooms.by_token(hello.token)
            except Elsewhere as e:
                found = await _elsewhere(rooms, e, hello.token)
                if found is not None:
                    return found
        raise RoomError("moved", "the room is moving to another server process: try again", 503)
    except RoomError as e:
        if e.code == "unknown_token":
            sockets.buckets.take("guess", address)
        await _refuse(link, e.code, e.message, 4401 if e.status == 401 else 4503)
        return None


async def _elsewhere(
    rooms: Rooms, e: Elsewhere, token: str
) -> tuple[Elsewhere, str, int | None] | None:
    """The role of the token in a room another worker owns, if that worker is alive
    (else None, once its lease has run out: ask again)."""
    cluster = rooms.cluster
    assert cluster is not None
    if e.owner is None or not await cluster.alive(e.owner):
        await cluster.settle(e)
        return None
    row = await rooms.store.load_room(e.room_id)
    role = None if row is None else _role(row, token_hash(token))
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


async def _hello(receive: Receive, rooms: Rooms, link: Link, limits: Limits) -> Hello | None:
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


async def handle(room: Room, client: Client, text: str) -> None:
    """One message from a connected client."""
    try:
        message = protocol.parse(text)
    except BadMessage as e:
        client.send(protocol.error(e.code, e.message))
        return
    ref = getattr(message, "ref", None)
    try:
        if isinstance(message, Act):
            if client.seat is None:
                raise RoomError("forbidden", "spectators cannot act", 403)
            await room.act(client.seat, message.action, message.index, ref, client)
        elif isinstance(message, Sync):
            await room.sync(client, message.index, ref)
        elif isinstance(message, Ready):
            if client.seat is None:
                raise RoomError("forbidden", "only a seat can be ready", 403)
            await room.set_ready(client.seat, message.ready)
        elif isinstance(message, Start):
            await room.start(client.role, client.seat)
        elif isinstance(message, Rematch):
            await room.rematch(client.role)
        elif isinstance(message, Leave):
            if client.seat is None:
                raise RoomError("forbidden", "only a seat can leave", 403)
            await room.leave(client.seat)
        elif isinstance(message, Ping):
            client.send({"type": "pong", "ref": ref, "now": time.time()})
        elif isinstance(message, Abort):
            if client.role != "host":
                raise RoomError("forbidden", "only the host may stop the match", 403)
            await room.abort("stopped by the host")
        elif isinstance(message, Hello):
            raise RoomError("hello_again", "this socket has already said hello", 400)
    except RoomError as e:
        client.send(e.to_message(ref))

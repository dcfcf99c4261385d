"""Requests and sockets passed between workers through Redis pub/sub, when a worker is
asked about a room another worker owns (``ownership.Elsewhere``); each worker listens on
a channel of its own (``outbox.INBOX``):

* an HTTP request is sent whole; the owner runs it through its own app and sends the
  reply back;
* a WebSocket that cannot go to its room's owner itself stays with the worker it reached
  (the *host*); the owner makes a client for it whose messages are published to the
  host, which writes them to the socket, and the host publishes what the socket says to
  the owner.

Messages leave each worker through its ``Outbox``, in order, many in one round trip. A
host whose owner dies closes its sockets (1012, ``moved``): they reconnect, through any
worker, to the room's new owner.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp, Message, Scope, Send

from .. import protocol
from ..errors import RoomError
from ..room.clients import MOVED, Client
from ..room.roles import role_of_hash
from ..room.room import Room
from .outbox import FIELD, FRAME, INBOX, Outbox, listening
from .ownership import Elsewhere

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from ..room.rooms import Rooms

log = logging.getLogger("rumizi.server.cluster.worker")

Handle = Callable[[Room, Client, str], Awaitable[None]]
"""What a socket's message does to its room (``room.commands.handle``)."""


@dataclass
class Hosted:
    """A socket on this worker whose room another worker owns."""

    push: Callable[[str], None]
    close: Callable[[int, str], None]
    owner: str
    room_id: str


@dataclass
class Remote:
    """A client of a room owned here whose socket is on another worker (its host)."""

    host: str
    conn: str
    room: Room
    client: Client
    inbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None


class Relay:
    """This worker's channel: what it passes on to other workers, and serves for them."""

    def __init__(self, redis: Redis, worker: str, forward_seconds: float) -> None:
        self.redis = redis
        self.id = worker
        self.forward_seconds = forward_seconds
        self.outbox = Outbox(redis, self._undelivered)
        self.rooms: Rooms | None = None
        self.app: ASGIApp | None = None
        self.handle: Handle | None = None
        self._pubsub: PubSub | None = None
        self._conns = 0
        self.hosted: dict[str, Hosted] = {}
        self.remotes: dict[tuple[str, str], Remote] = {}
        self._replies: dict[str, asyncio.Future[dict[str, Any] | None]] = {}
        self._spawned: set[asyncio.Task[None]] = set()

    async def subscribe(self) -> None:
        """Listen on this worker's channel (before any lease is taken: a worker whose
        channel has no subscriber is taken for dead)."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(INBOX + self.id)

    def loops(self, rooms: Rooms, app: ASGIApp, handle: Handle) -> list[Callable[[], Any]]:
        """The relay's tasks, to run while the worker lives."""
        self.rooms, self.app, self.handle = rooms, app, handle
        return [self.outbox.run, self._listen, self._watch]

    async def close(self) -> None:
        if self._pubsub is not None:
            try:
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
            except Exception:
                log.warning("could not close the worker channel")

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # ------------------------------------------------------------ liveness
    async def alive(self, worker: str) -> bool:
        """Whether the worker listens on its channel: Redis drops a dead process's
        subscription at once (its connection closes), long before its leases run out."""
        return (await self.listening([worker]))[worker]

    async def listening(self, workers: list[str]) -> dict[str, bool]:
        return await listening(self.redis, workers)

    def _undelivered(self, worker: str, items: list[str]) -> None:
        """Nobody listens on ``worker``'s channel: it is dead. The sockets waiting on it
        reconnect, and the requests sent to it are answered by trying again."""
        for item in items:
            fields = item.split(FIELD)
            kind = fields[0]
            if kind in ("open", "msg"):
                hosted = self.hosted.get(fields[2])
                if hosted is not None:
                    hosted.push(protocol.dump(MOVED))
                    hosted.close(1012, "moved")
            elif kind == "http":
                waiting = self._replies.get(json.loads(fields[1])["id"])
                if waiting is not None and not waiting.done():
                    waiting.set_result(None)

    # ------------------------------------------------------------- listening
    async def _listen(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the worker channel failed; listening again")
                await asyncio.sleep(0.2)
                continue
            if message is None or message.get("type") != "message":
                continue
            for item in str(message["data"]).split(FRAME):
                try:
                    self._received(item.split(FIELD))
                except Exception:
                    log.exception("a message from another worker could not be handled")

    def _received(self, fields: list[str]) -> None:
        kind = fields[0]
        if kind == "out":  # owner → host: text for a socket here
            hosted = self.hosted.get(fields[1])
            if hosted is not None:
                hosted.push(fields[2])
        elif kind == "close":
            hosted = self.hosted.get(fields[1])
            if hosted is not None:
                hosted.close(int(fields[2]), fields[3])
        elif kind == "open":  # host → owner
            self._open(fields[1], fields[2], json.loads(fields[3]))
        elif kind == "msg":
            remote = self.remotes.get((fields[1], fields[2]))
            if remote is None:
                self.outbox.publish(fields[1], "close", fields[2], "1012", "moved")
            else:
                remote.inbox.put_nowait(fields[3])
        elif kind == "shut":
            remote = self.remotes.get((fields[1], fields[2]))
            if remote is not None:
                remote.inbox.put_nowait(None)
        elif kind == "http":
            self._spawn(self._serve_http(json.loads(fields[1])))
        elif kind == "reply":
            reply = json.loads(fields[1])
            waiting = self._replies.get(reply["id"])
            if waiting is not None and not waiting.done():
                waiting.set_result(reply)

    # -------------------------------------------- sockets: the host's side
    def host(
        self,
        push: Callable[[str], None],
        close: Callable[[int, str], None],
        owner: str,
        room_id: str,
        hello: dict[str, Any],
    ) -> str:
        """Pass a socket of this worker on to the room's owner; returns its id here."""
        self._conns += 1
        conn = str(self._conns)
        self.hosted[conn] = Hosted(push, close, owner, room_id)
        self.outbox.publish(owner, "open", self.id, conn, json.dumps({"room": room_id, **hello}))
        return conn

    def say(self, conn: str, text: str) -> None:
        """What the socket said, for the owner (in order)."""
        hosted = self.hosted.get(conn)
        if hosted is not None:
            self.outbox.publish(hosted.owner, "msg", self.id, conn, text)

    def unhost(self, conn: str) -> None:
        hosted = self.hosted.pop(conn, None)
        if hosted is not None:
            self.outbox.publish(hosted.owner, "shut", self.id, conn)

    async def _watch(self) -> None:
        """Close the sockets whose owner died (they reconnect to the new one), and let go
        of the clients whose host died."""
        every = 0.25
        checked = 0.0
        while True:
            await asyncio.sleep(every)
            try:
                owners = sorted({h.owner for h in self.hosted.values()})
                if owners:
                    for owner, alive in (await self.listening(owners)).items():
                        if not alive:
                            self._owner_gone(owner)
                now = time.monotonic()
                hosts = sorted({r.host for r in self.remotes.values()})
                if hosts and now - checked >= 1.0:
                    checked = now
                    for host, alive in (await self.listening(hosts)).items():
                        if not alive:
                            for remote in [r for r in self.remotes.values() if r.host == host]:
                                remote.inbox.put_nowait(None)
            except Exception:
                log.exception("could not check the other workers")

    def _owner_gone(self, owner: str) -> None:
        for hosted in [h for h in self.hosted.values() if h.owner == owner]:
            hosted.push(protocol.dump(MOVED))
            hosted.close(1012, "moved")

    # ------------------------------------------- sockets: the owner's side
    def _open(self, host: str, conn: str, hello: dict[str, Any]) -> None:
        rooms = self.rooms
        assert rooms is not None
        outbox = self.outbox

        def push(text: str) -> None:
            outbox.publish(host, "out", conn, text)

        def close(code: int, reason: str) -> None:
            outbox.publish(host, "close", conn, str(code), reason)

        client = Client(push, close)
        room = rooms.local(hello["room"])
        if room is None:  # moved on meanwhile: the client asks again
            client.send(MOVED)
            client.close(1012, "moved")
            return
        remote = Remote(host, conn, room, client)
        self.remotes[(host, conn)] = remote
        remote.task = asyncio.create_task(self._serve_remote(remote, hello))

    async def _serve_remote(self, remote: Remote, hello: dict[str, Any]) -> None:
        room, client = remote.room, remote.client
        try:
            role = role_of_hash(room.row, hello["token"])  # (the token's hash)
            if role is None:
                client.send(protocol.error("unknown_token", "unknown token: use your link"))
                client.close(4401, "unknown_token")
                return
            try:
                await room.connect(
                    client,
                    role[0],
                    role[1],
                    hello.get("match"),
                    hello.get("index"),
                    hello.get("name"),
                )
            except RoomError as e:
                client.send(e.to_message())
                client.close(4401 if e.status == 401 else 4503, e.code)
                return
            assert self.handle is not None
            try:
                while True:
                    text = await remote.inbox.get()
                    if text is None:
                        break
                    await self.handle(room, client, text)
            finally:
                await room.disconnect(client)
        finally:
            self.remotes.pop((remote.host, remote.conn), None)
            client.detach()

    # ---------------------------------------------------------- HTTP requests
    async def forward_http(self, scope: Scope, body: bytes, owner: str) -> dict[str, Any] | None:
        """Send an HTTP request to the room's owner; its reply, or None if the owner is
        gone (the caller waits for a new owner and asks again)."""
        request_id = secrets.token_hex(8)
        waiting: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._replies[request_id] = waiting
        request = {
            "id": request_id,
            "from": self.id,
            "method": scope["method"],
            "path": scope["path"],
            "query": scope.get("query_string", b"").decode("latin-1"),
            "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]],
            "client": list(scope.get("client") or ("?", 0)),
            "body": base64.b64encode(body).decode(),
        }
        self.outbox.publish(owner, "http", json.dumps(request))
        try:
            async with asyncio.timeout(self.forward_seconds):
                return await waiting
        except TimeoutError:
            return {"status": 504, "headers": [], "body": ""}
        finally:
            self._replies.pop(request_id, None)

    async def _serve_http(self, request: dict[str, Any]) -> None:
        """Run a request passed on by another worker through this worker's app."""
        assert self.app is not None
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": request["method"],
            "scheme": "http",
            "path": request["path"],
            "raw_path": request["path"].encode(),
            "root_path": "",
            "query_string": request["query"].encode("latin-1"),
            "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in request["headers"]],
            "client": tuple(request["client"]),
            "server": None,
            "rumizi.forwarded": True,
        }
        body = base64.b64decode(request["body"])
        sent = False
        reply: dict[str, Any] = {"id": request["id"], "status": 500, "headers": [], "body": ""}
        chunks: list[bytes] = []

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # pragma: no cover - a handler never reads twice
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            if message["type"] == "http.response.start":
                reply["status"] = message["status"]
                reply["headers"] = [
                    [k.decode("latin-1"), v.decode("latin-1")] for k, v in message["headers"]
                ]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        try:
            await self.app(scope, receive, send)
            reply["body"] = base64.b64encode(b"".join(chunks)).decode()
        except Elsewhere:
            reply["elsewhere"] = True
        except Exception:
            log.exception("a request passed on from %s failed", request["from"])
        self.outbox.publish(request["from"], "reply", json.dumps(reply))


async def send_reply(send: Send, reply: dict[str, Any]) -> None:
    """Write a reply from the owner (``Relay.forward_http``) to this worker's client."""
    body = base64.b64decode(reply.get("body") or "")
    headers = [
        (k.encode("latin-1"), v.encode("latin-1"))
        for k, v in reply.get("headers", [])
        if k.lower() not in ("content-length", "date", "server")
    ]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": reply["status"], "headers": headers})
    await send({"type": "http.response.body", "body": body})

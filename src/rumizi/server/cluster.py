"""Several server processes (workers), one site: rooms leased through Redis.

Every worker serves every client, over one shared database (PostgreSQL). A room lives in
the memory of one worker at a time, its **owner**, which holds a lease on it in Redis
(``SET NX PX``, renewed every third of its length). With each new lease the owner counts
the room's **epoch** up by one in the database before it reads anything, and every write
it makes carries that number: the store refuses a write whose epoch is no longer the
room's (``store.FencedOut``), so an owner that lost its lease without noticing can write
nothing more. (The counter lives in the database, so a Redis restart loses nothing.)

A worker that is asked about a room it does not own (``rooms.Elsewhere``) passes the
request on to the owner through Redis pub/sub, where each worker listens on a channel
of its own:

* an HTTP request is sent whole; the owner runs it through its own app and sends the
  reply back;
* a WebSocket stays with the worker it reached (the *host*); the owner makes a client
  for it whose messages are published to the host, which writes them to the socket,
  and the host publishes what the socket says to the owner.

Messages leave each worker through one queue, in order, many in one round trip.

**Failover.** Rooms with a match in play are listed in Redis (``PLAYING``). If a worker
dies, its leases run out; every worker looks for listed rooms without an owner a few
times per lease period and takes them, rebuilding each match from the stored log and
continuing its clocks from the deadlines the previous owner wrote to Redis. The hosts of
the dead worker's clients close those sockets (1012, ``moved``) and the clients
reconnect, through any worker, to the room's new owner. Acknowledged actions are in the
database before the acknowledgement, so nothing acknowledged is lost; the log's index
(the primary key) and the epoch keep anything from being stored twice.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp, Message, Send

from . import protocol
from .rooms import MOVED, Client, Elsewhere, Room, RoomError, Rooms, _role

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

log = logging.getLogger("rumizi.server.cluster")

LEASE = "rumizi:lease:"
"""``LEASE + room id``: the id of the worker that owns the room; expires."""
PLAYING = "rumizi:playing"
"""The set of rooms with a match in play: what a worker takes over when it finds them
without an owner."""
CLOCK = "rumizi:clock:"
"""``CLOCK + room id``: the room's running timers (seconds since the epoch), as JSON."""
INBOX = "rumizi:worker:"
"""``INBOX + worker id``: the pub/sub channel a worker listens on."""

FRAME = "\x1e"
FIELD = "\x1f"
"""Separators of frames in one published message and of fields in a frame. JSON text
never holds them unescaped, so game messages pass through as they are."""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass(frozen=True)
class ClusterSettings:
    """How a worker joins the others: the Redis URL and the lease length."""

    redis_url: str
    lease_seconds: float = 5.0
    """A room's lease: a dead owner's rooms are taken over this long after its last
    renewal (renewed every third of it). Shorter: quicker failover; longer: an owner
    whose event loop stalls this long loses its rooms."""
    forward_seconds: float = 30.0
    """How long a worker waits for the owner's reply to a request it passed on."""

    @classmethod
    def from_env(cls, redis_url: str, lease: float | None = None) -> ClusterSettings:
        seconds = lease or float(os.environ.get("RUMIZI_LEASE_SECONDS", "") or 5.0)
        return cls(redis_url, seconds)


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


class Cluster:
    """This worker's part in the cluster: leases, the channel, passing requests on."""

    def __init__(self, settings: ClusterSettings, redis: Redis) -> None:
        self.settings = settings
        self.redis = redis
        self.id = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.lease_ms = max(100, int(settings.lease_seconds * 1000))
        self.rooms: Rooms | None = None
        self.app: ASGIApp | None = None
        self.handle: Callable[[Room, Client, str], Awaitable[None]] | None = None
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._pubsub: PubSub | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._spawned: set[asyncio.Task[None]] = set()
        # Outgoing: frames per channel, and Redis commands, sent by one task in order.
        self._frames: dict[str, list[str]] = {}
        self._commands: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self._wake = asyncio.Event()
        self._conns = 0
        self.hosted: dict[str, Hosted] = {}
        self.remotes: dict[tuple[str, str], Remote] = {}
        self._replies: dict[str, asyncio.Future[dict[str, Any] | None]] = {}
        self._clocks: dict[str, tuple[Any, ...]] = {}
        self.renewed_at = time.monotonic()

    @classmethod
    async def connect(cls, settings: ClusterSettings) -> Cluster:
        from redis.asyncio import Redis

        redis = Redis.from_url(settings.redis_url, decode_responses=True)
        await redis.ping()
        return cls(settings, redis)

    # ------------------------------------------------------------------ life
    async def start(
        self,
        rooms: Rooms,
        app: ASGIApp,
        handle: Callable[[Room, Client, str], Awaitable[None]],
    ) -> None:
        """Listen on this worker's channel and keep its leases (``handle``: what a
        socket's message does to its room, ``sockets.handle``)."""
        self.rooms, self.app, self.handle = rooms, app, handle
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(INBOX + self.id)
        for loop in (self._send_loop, self._listen, self._keep_leases, self._watch, self._sweep):
            self._tasks.append(asyncio.create_task(loop()))
        log.info("worker %s joined the cluster (lease %d ms)", self.id, self.lease_ms)

    async def stop(self) -> None:
        """Leave: give up the leases at once (other workers take the rooms over)."""
        rooms = self.rooms
        owned = [] if rooms is None else list(rooms._rooms)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self._flush()
            for room_id in owned:
                await self._release(keys=[LEASE + room_id], args=[self.id])
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # ---------------------------------------------------------------- leases
    async def acquire(self, room_id: str) -> bool:
        """Take the lease on the room (False: another worker holds it)."""
        return bool(await self.redis.set(LEASE + room_id, self.id, nx=True, px=self.lease_ms))

    async def holder(self, room_id: str) -> str | None:
        found = await self.redis.get(LEASE + room_id)
        return None if found is None else str(found)

    async def release(self, room_id: str) -> None:
        with contextlib.suppress(Exception):
            await self._release(keys=[LEASE + room_id], args=[self.id])
        self._clocks.pop(room_id, None)

    async def alive(self, worker: str) -> bool:
        """Whether the worker listens on its channel: Redis drops a dead process's
        subscription at once (its connection closes), long before its leases run out."""
        return (await self.listening([worker]))[worker]

    async def listening(self, workers: list[str]) -> dict[str, bool]:
        found = await self.redis.pubsub_numsub(*[INBOX + w for w in workers])
        heard = {str(channel).removeprefix(INBOX): int(n) > 0 for channel, n in found}
        return {w: heard.get(w, False) for w in workers}

    async def adopt(self, room_ids: list[str]) -> None:
        """Offer rooms with a match in play to every worker (at start: what is stored)."""
        if room_ids:
            await self.redis.sadd(PLAYING, *room_ids)

    def note_playing(self, room_id: str, playing: bool) -> None:
        self._command("sadd" if playing else "srem", PLAYING, room_id)

    def note_clock(self, room: Room) -> None:
        """Store the room's running timers, for the worker that may take it over."""
        live, clocks = room.live, room.clocks
        if live is None or clocks is None:
            return
        info = clocks.info()
        record = (live.id, live.index, info["deadline_at"], tuple(sorted(info["moves_at"].items())))
        if self._clocks.get(room.id, (None,))[:2] == record[:2] and not _moved(
            self._clocks[room.id], record
        ):
            return
        self._clocks[room.id] = record
        text = json.dumps(
            {
                "match": live.id,
                "index": live.index,
                "deadline_at": info["deadline_at"],
                "moves_at": info["moves_at"],
            }
        )
        self._command("set", CLOCK + room.id, text, px=24 * 3600 * 1000)

    async def stored_clock(self, room_id: str) -> dict[str, Any] | None:
        text = await self.redis.get(CLOCK + room_id)
        if not text:
            return None
        found: dict[str, Any] = json.loads(text)
        return found

    async def _keep_leases(self) -> None:
        """Renew this worker's leases every third of their length; let go of lost rooms."""
        rooms = self.rooms
        assert rooms is not None
        every = self.lease_ms / 3000
        while True:
            await asyncio.sleep(every)
            owned = list(rooms._rooms)
            try:
                lost = (
                    await self._renew(
                        keys=[LEASE + r for r in owned], args=[self.id, self.lease_ms]
                    )
                    if owned
                    else []
                )
            except Exception:
                log.exception("could not renew the leases")
                if time.monotonic() - self.renewed_at > self.lease_ms / 1000:
                    for room_id in list(rooms._rooms):  # they may be someone else's by now
                        rooms.drop(room_id)
                continue
            self.renewed_at = time.monotonic()
            for key in lost:
                rooms.drop(key.removeprefix(LEASE))

    async def _sweep(self) -> None:
        """Take over rooms in play that have no owner (their worker died)."""
        rooms = self.rooms
        assert rooms is not None
        every = self.lease_ms / 4000
        while True:
            await asyncio.sleep(every * random.uniform(0.75, 1.25))
            try:
                listed = [str(r) for r in await self.redis.smembers(PLAYING)]
                if not listed:
                    continue
                holders = await self.redis.mget([LEASE + r for r in listed])
            except Exception:
                log.exception("could not look for rooms without an owner")
                continue
            free = [r for r, h in zip(listed, holders, strict=True) if h is None]
            random.shuffle(free)
            for room_id in free:
                if rooms.local(room_id) is None:
                    self._spawn(self._take(room_id))

    async def _take(self, room_id: str) -> None:
        rooms = self.rooms
        assert rooms is not None
        try:
            room = await rooms.get(room_id)
        except (Elsewhere, RoomError):
            return
        except Exception:
            log.exception("could not take room %s over", room_id)
            return
        if room.row.status != "playing":
            self.note_playing(room_id, False)

    # --------------------------------------------------------------- sending
    def _publish(self, worker: str, *fields: str) -> None:
        self._frames.setdefault(INBOX + worker, []).append(FIELD.join(fields))
        self._wake.set()

    def _command(self, name: str, *args: Any, **options: Any) -> None:
        self._commands.append((name, args, options))
        self._wake.set()

    async def _send_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._flush()
            except Exception:
                log.exception("could not publish to the other workers")
                await asyncio.sleep(0.1)

    async def _flush(self) -> None:
        frames, self._frames = self._frames, {}
        commands, self._commands = self._commands, []
        if not frames and not commands:
            return
        pipe = self.redis.pipeline(transaction=False)
        channels = list(frames.items())
        for channel, items in channels:
            pipe.publish(channel, FRAME.join(items))
        for name, args, options in commands:
            getattr(pipe, name)(*args, **options)
        results = await pipe.execute(raise_on_error=False)
        for (channel, items), heard in zip(channels, results, strict=False):
            if heard == 0:
                self._undelivered(channel.removeprefix(INBOX), items)

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
                self._publish(fields[1], "close", fields[2], "1012", "moved")
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
        self._publish(owner, "open", self.id, conn, json.dumps({"room": room_id, **hello}))
        return conn

    def say(self, conn: str, text: str) -> None:
        """What the socket said, for the owner (in order)."""
        hosted = self.hosted.get(conn)
        if hosted is not None:
            self._publish(hosted.owner, "msg", self.id, conn, text)

    def unhost(self, conn: str) -> None:
        hosted = self.hosted.pop(conn, None)
        if hosted is not None:
            self._publish(hosted.owner, "shut", self.id, conn)

    async def _watch(self) -> None:
        """Close the sockets whose owner died (they reconnect to the new one), and let go
        of the clients whose host died."""
        every = min(0.25, self.lease_ms / 4000)
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

    async def settle(self, e: Elsewhere) -> None:
        """Wait until the room's owner ``e.owner`` is known to be alive, or its lease has
        run out (at most a lease period and a second): then ask again."""
        deadline = time.monotonic() + self.lease_ms / 1000 + 1
        while time.monotonic() < deadline:
            holder = await self.holder(e.room_id)
            if holder is None or holder != e.owner or await self.alive(holder):
                return
            # Sleep until the lease runs out (many clients of a dead worker wait at once:
            # one look each, not a poll every few milliseconds).
            left = max(0, int(await self.redis.pttl(LEASE + e.room_id)))
            await asyncio.sleep(min(left / 1000, 1.0) + random.uniform(0.01, 0.05))

    # ------------------------------------------- sockets: the owner's side
    def _open(self, host: str, conn: str, hello: dict[str, Any]) -> None:
        rooms = self.rooms
        assert rooms is not None

        def push(text: str) -> None:
            self._publish(host, "out", conn, text)

        def close(code: int, reason: str) -> None:
            self._publish(host, "close", conn, str(code), reason)

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
            role = _role(room.row, hello["token"])
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
    async def forward_http(
        self, scope: dict[str, Any], body: bytes, owner: str
    ) -> dict[str, Any] | None:
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
        self._publish(owner, "http", json.dumps(request))
        try:
            async with asyncio.timeout(self.settings.forward_seconds):
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
        self._publish(request["from"], "reply", json.dumps(reply))


async def send_reply(send: Send, reply: dict[str, Any]) -> None:
    """Write a reply from the owner (``Cluster.forward_http``) to this worker's client."""
    body = base64.b64decode(reply.get("body") or "")
    headers = [
        (k.encode("latin-1"), v.encode("latin-1"))
        for k, v in reply.get("headers", [])
        if k.lower() not in ("content-length", "date", "server")
    ]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": reply["status"], "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _moved(before: tuple[Any, ...], after: tuple[Any, ...]) -> bool:
    """Whether a room's stored timers differ from ``after`` by more than rounding."""
    if (before[2] is None) != (after[2] is None) or len(before[3]) != len(after[3]):
        return True
    if before[2] is not None and abs(before[2] - after[2]) > 0.05:
        return True
    return any(
        a[0] != b[0] or abs(a[1] - b[1]) > 0.05 for a, b in zip(before[3], after[3], strict=True)
    )

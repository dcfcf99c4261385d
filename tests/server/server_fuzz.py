"""Fuzzing machinery shared by the fuzz tests (short runs) and ``bench/fuzz_server.py``
(long runs): Schemathesis cases for the HTTP API from the server's OpenAPI schema, and a
Hypothesis strategy of hostile WebSocket messages with a client that checks every reply.

What is checked, for both: the server never fails (no 500, no unexpected close), every
refusal is the protocol's error object, a refused message changes nothing (the seat's
index and view are the same after it), and an action the server accepts was one of the
seat's legal actions at that position.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import httpx
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.openapi import from_dict
from websockets.asyncio.client import ClientConnection, connect

from rumizi.server.app import create_app

# ------------------------------------------------------------------ HTTP


def http_cases() -> st.SearchStrategy[Any]:
    """Requests for every operation of the API, valid by the schema and not."""
    schema = from_dict(create_app(":memory:").openapi())
    strategies = []
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategies.append(operation.as_strategy(generation_mode=mode))
    return st.one_of(strategies)


def room_state(http: httpx.Client, room: str, token: str) -> Any:
    """What must not change: the room's status and seats, and the match's index."""
    body = http.get(f"/api/rooms/{room}/state", headers={"Authorization": f"Bearer {token}"})
    assert body.status_code == 200, body.text
    data = body.json()
    # (``away_until`` is the grace period's end as the server's wall clock reads it at
    # each request: it may differ by a millisecond from one read to the next)
    seats = [{k: v for k, v in s.items() if k != "away_until"} for s in data["room"]["seats"]]
    return data["room"]["status"], seats, data["update"]["index"]


def check_http(response: Any) -> None:
    """No server error; every refusal is the protocol's error object."""
    assert response.status_code < 500, (response.status_code, response.text[:300])
    if response.status_code >= 400:
        body = response.json()
        assert body["type"] == "error" and body["code"] and body["message"], body
        assert "detail" not in body


KNOWN_HTTP: list[tuple[str, dict[str, Any], int, str]] = [
    # issue 38, point 1: a Tuki deck holding lists or objects was a 500 that closed the
    # keep-alive connection (an unhashable card in the deck's check)
    (
        "/api/rooms",
        {"game": "tuki", "seats": [{"kind": "person"}] * 2, "options": {"deck": [[1]]}},
        422,
        "bad_options",
    ),
    (
        "/api/rooms",
        {"game": "tuki", "seats": [{"kind": "person"}] * 2, "options": {"deck": [{}]}},
        422,
        "bad_options",
    ),
]
"""Requests that found a server error once: (path, JSON body, status, error code), each
sent on one keep-alive connection that must stay open."""


def post_kept_alive(host: str, port: int, path: str, body: Any) -> list[tuple[int, bytes, Any]]:
    """``body`` posted to ``path``, then ``GET /api/health``, on one HTTP/1.1 connection:
    each reply's status, head and JSON (the second is read only if the first kept the
    connection open)."""
    import socket

    data = json.dumps(body).encode()
    requests = [
        f"POST {path} HTTP/1.1\r\nhost: {host}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(data)}\r\n\r\n".encode()
        + data,
        f"GET /api/health HTTP/1.1\r\nhost: {host}\r\n\r\n".encode(),
    ]
    replies = []
    with socket.create_connection((host, port), timeout=20) as s:
        reader = s.makefile("rb")
        for request in requests:
            s.sendall(request)
            status_line = reader.readline()
            if not status_line:
                break
            head = [status_line]
            length = 0
            while (line := reader.readline()) not in (b"\r\n", b""):
                head.append(line)
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            replies.append(
                (int(status_line.split()[1]), b"".join(head), json.loads(reader.read(length)))
            )
            if b"connection: close" in b"".join(head).lower():
                break
    return replies


def send_case(case: Any, base_url: str, turn: int, room: str, token: str) -> Any:
    """Send a generated request; every other one aimed at the real room, two in three
    with a real (spectator) token: they must still change nothing."""
    if turn % 2 and case.path_parameters and "room_id" in case.path_parameters:
        case.path_parameters["room_id"] = room
    headers = {"Authorization": f"Bearer {token}"} if turn % 3 else None
    return case.call(base_url=base_url, headers=headers, timeout=20)


# ------------------------------------------------------------------ WebSocket
CURRENT = "@current-index"
"""Stands for the match's index when the message is sent (so that actions reach the game)."""
LEGAL = "@a-legal-action"
"""Stands for one of the seat's legal actions; ``(LEGAL, key, value)`` for one with a field
changed or added (mostly illegal, sometimes legal again)."""


def _fill(value: Any, before: dict[str, Any], pick: int) -> Any:
    """The message with ``CURRENT`` and ``LEGAL`` replaced from the position ``before``."""
    if value == CURRENT:
        return before["index"]
    legal = before["legal"] or [{"card": "guard"}]
    if value == LEGAL:
        return legal[pick % len(legal)]
    if isinstance(value, tuple) and value and value[0] == LEGAL:
        return {**legal[pick % len(legal)], value[1]: value[2]}
    if isinstance(value, dict):
        return {k: _fill(v, before, pick) for k, v in value.items()}
    return value


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_types = st.sampled_from(
    ["act", "sync", "ready", "start", "rematch", "ping", "hello", "abort", "fly"]
)
_cards = st.sampled_from(
    ["guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess", "x"]
)
_action = (
    st.just(LEGAL)
    | st.tuples(st.just(LEGAL), st.text(max_size=6), _json)
    | st.fixed_dictionaries(
        {"card": _cards},
        optional={
            "target": st.integers(-2, 5) | st.text(max_size=3),
            "guess": _cards | st.integers(),
        },
    )
    | st.dictionaries(st.text(max_size=8), _json, max_size=4)
)
_index = (
    st.just(CURRENT)
    | st.just(CURRENT)
    | st.integers(-3, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=3)
    | st.none()
)


def _message(kind: str, action: Any, index: Any, extra: dict[str, Any], ref: Any) -> Any:
    message: dict[str, Any] = {"type": kind, **extra}
    if kind == "act":
        message["action"] = action
        message["index"] = index
    elif kind == "sync" and index is not None:
        message["index"] = index
    if ref is not None:
        message["ref"] = ref
    return message


_well_formed_act = st.builds(
    lambda action, index, ref: {"type": "act", "action": action, "index": index, "ref": ref},
    _action,
    st.just(CURRENT),
    st.integers(0, 10**6),
)
ws_messages = st.one_of(
    _well_formed_act,
    _well_formed_act,
    st.builds(
        _message,
        _types,
        _action,
        _index,
        st.dictionaries(st.sampled_from(["v", "token", "ready", "colour"]), _json, max_size=2)
        | st.just({}),
        st.none() | st.integers() | st.text(max_size=70) | st.floats(allow_nan=False),
    ),
    _json,
    st.text(max_size=200),
    st.binary(max_size=100),
    st.sampled_from(["{", "[]", "null", '{"type": "act"}', '"\\ud800"', "x" * 20000]),
)
"""Hostile messages: near-valid protocol messages with random actions, indexes and
fields; any JSON; any text; binary frames; a few classics."""


class WsFuzzer:
    """A seat's socket that sends fuzz messages one at a time and checks each reply.

    The other seats must not move by themselves (people who never act, with a long grace
    period): every change of position is then the fuzzer's own accepted action, which
    must have been legal. ``advance`` (given by the caller) plays the others' turns after
    one, and starts a rematch when the match is over, so the fuzzer keeps finding turns.
    """

    def __init__(self, url: str, token: str, advance: Any) -> None:
        self.url, self.token, self.advance = url, token, advance
        self.ws: ClientConnection | None = None
        self.refs = itertools.count(1_000_000)
        self.sent = 0
        self.accepted = 0
        self.errors: dict[str, int] = {}

    async def open(self) -> None:
        self.ws = await connect(self.url, max_size=None)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        await self.sync()

    async def _read(self) -> dict[str, Any]:
        assert self.ws is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
        return message

    async def sync(self) -> dict[str, Any]:
        """The seat's update now (asked for with a ``sync`` of our own)."""
        ref = f"s{next(self.refs)}"
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "sync", "ref": ref}))
        while True:
            message = await self._read()
            if message.get("ack") == ref:
                return message

    async def send(self, message: Any) -> None:
        """Send one fuzz message and check what comes back."""
        assert self.ws is not None
        before = await self.sync()
        self.sent += 1
        message = _fill(message, before, self.sent)
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        for reply in await self._replies():
            if reply["type"] == "error":
                self.errors[reply["code"]] = self.errors.get(reply["code"], 0) + 1
                assert reply["message"], reply
        after = await self.sync()
        if after["match"] == before["match"] and after["index"] == before["index"]:
            assert after["view"] == before["view"], ("a refused message changed the view", message)
            return
        is_act = isinstance(message, dict) and message.get("type") == "act"
        assert is_act and message["action"] in before["legal"], ("accepted", message, before)
        assert after["index"] == before["index"] + 1
        self.accepted += 1
        await self.advance()
        await self.sync()

    async def _replies(self) -> list[dict[str, Any]]:
        """Everything that came back before the answer to a ping sent after the message."""
        probe = f"p{next(self.refs)}"
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "ping", "ref": probe}))
        got: list[dict[str, Any]] = []
        while True:
            message = await self._read()
            if message["type"] == "pong" and message.get("ref") == probe:
                return got
            got.append(message)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class WaitingRoomFuzzer:
    """A seat's socket in a room whose match has not started (and cannot: the other seat
    never joins), sending fuzz messages: each must be answered (an error is the protocol's
    object) and leave the socket open; ``sync`` and ``act`` get ``no_match`` (issue 38,
    point 2: a ``sync`` there closed the socket)."""

    def __init__(self, base_url: str, ws_url: str) -> None:
        self.ws_url = ws_url
        with httpx.Client(base_url=base_url, timeout=20) as http:
            made = http.post(
                "/api/rooms",
                json={"game": "love-letter", "seats": [{"kind": "person"}, {"kind": "person"}]},
            ).json()
        self.token = made["seats"][0]["token"]
        self.ws: ClientConnection | None = None
        self.refs = itertools.count(1)
        self.sent = 0
        self.errors: dict[str, int] = {}

    async def open(self) -> None:
        self.ws = await connect(self.ws_url, max_size=None)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        welcome = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
        assert welcome["type"] == "welcome", welcome

    async def send(self, message: Any) -> None:
        assert self.ws is not None
        self.sent += 1
        message = _fill(message, {"index": 0, "legal": []}, self.sent)
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        probe = f"p{next(self.refs)}"
        await self.ws.send(json.dumps({"type": "sync", "ref": probe}))
        while True:  # (a closed socket ends this with ConnectionClosed: the test fails)
            reply = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
            if reply["type"] == "error":
                assert reply["code"] and reply["message"], reply
                if reply.get("ref") == probe:
                    assert reply["code"] == "no_match", reply
                    return
                self.errors[reply["code"]] = self.errors.get(reply["code"], 0) + 1
            else:
                assert reply["type"] in ("room", "pong"), reply

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class Table:
    """A two-person Love Letter room for the fuzzer: seat 0 is fuzzed over the socket,
    seat 1 is played over HTTP only when ``advance`` says so."""

    def __init__(self, base_url: str, ws_url: str) -> None:
        self.base_url, self.ws_url = base_url, ws_url
        with httpx.Client(base_url=base_url, timeout=20) as http:
            made = http.post(
                "/api/rooms",
                json={
                    "game": "love-letter",
                    "seats": [{"kind": "person"}, {"kind": "person"}],
                    "settings": {"autostart": True, "grace_seconds": 86400},
                },
            ).json()
            self.room = made["room"]["id"]
            self.host = made["host_token"]
            self.spectator = made["spectator_token"]
            tokens = []
            for s in made["seats"]:
                joined = http.post(f"/api/rooms/{self.room}/join", headers=_bearer(s["token"]))
                tokens.append(joined.json()["token"])
            self.fuzzed, self.other = tokens
            for token in tokens:
                http.post(f"/api/rooms/{self.room}/ready", headers=_bearer(token))

    async def advance(self) -> None:
        """Play seat 1's turns (its first legal action); rematch when the match is over."""
        async with httpx.AsyncClient(base_url=self.base_url, timeout=20) as http:
            for _ in range(200):
                state = (
                    await http.get(f"/api/rooms/{self.room}/state", headers=_bearer(self.other))
                ).json()["update"]
                if state["over"]:
                    await http.post(f"/api/rooms/{self.room}/rematch", headers=_bearer(self.host))
                elif state["legal"]:
                    body = {"action": state["legal"][0], "index": state["index"]}
                    reply = await http.post(
                        f"/api/rooms/{self.room}/act", headers=_bearer(self.other), json=body
                    )
                    assert reply.status_code == 200, reply.text
                else:
                    return

    def fuzzer(self) -> WsFuzzer:
        return WsFuzzer(self.ws_url, self.fuzzed, self.advance)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}

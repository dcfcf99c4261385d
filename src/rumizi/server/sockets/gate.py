"""The limits on sockets: open ones per address and per token, handshakes per address,
and where a browser's socket may come from (its ``Origin``).

A socket refused for its address is refused at its handshake, with an HTTP reply, and its
connection closes at once: a socket accepted first and closed then waits up to 10 s for
the client's closing handshake (uvicorn's close timeout), so a client that never answers
could keep thousands of them open from one address.
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import Scope, Send

from .. import protocol
from ..limits import Buckets, Limits


@dataclass(frozen=True)
class Refusal:
    """Why a socket is refused at its handshake: the HTTP reply it gets."""

    status: int
    code: str
    message: str
    retry_after: int

    async def send(self, send: Send) -> None:
        """The reply, as ASGI's WebSocket denial response; the server closes at once."""
        body = protocol.dump_bytes(protocol.error(self.code, self.message))
        headers = [
            (b"content-type", b"application/json"),
            (b"retry-after", str(self.retry_after).encode()),
        ]
        await send(
            {"type": "websocket.http.response.start", "status": self.status, "headers": headers}
        )
        await send({"type": "websocket.http.response.body", "body": body})


class Sockets:
    """The limits on sockets: open ones per address and per token, their messages' rate."""

    def __init__(self, limits: Limits, buckets: Buckets) -> None:
        self.limits = limits
        self.buckets = buckets
        self.per_address: collections.Counter[str] = collections.Counter()
        self.per_token: collections.Counter[str] = collections.Counter()

    def admit(self, address: str) -> Refusal | None:
        """A new socket from ``address``, at its handshake: a ``Refusal`` when the address
        has made too many handshakes lately (``rates["connect"]``) or has too many sockets
        open; else None, and the socket counts for its address until ``release``."""
        wait = self.buckets.take("connect", address)
        if wait:
            seconds = max(1, math.ceil(wait))
            text = f"too many connections from your address: try again in {seconds} s"
            return Refusal(429, "rate_limited", text, seconds)
        if self.per_address[address] >= self.limits.sockets_per_address:
            return Refusal(429, "too_many", "too many sockets open from your address", 10)
        self.per_address[address] += 1
        return None

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

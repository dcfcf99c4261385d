"""The limits on sockets: open ones per address and per token, handshakes per address,
and where a browser's socket may come from (its ``Origin``).

A socket refused for its address is refused at its handshake, with an HTTP reply, and its
connection closes at once: a socket accepted first and closed then waits up to 10 s for
the client's closing handshake (uvicorn's close timeout), so a client that never answers
could keep thousands of them open from one address.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import logging
import math
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import Scope, Send

from .. import protocol
from ..limits import Buckets, Limits

log = logging.getLogger("rumizi.server")

_refusing: contextvars.ContextVar[bool] = contextvars.ContextVar("refusing", default=False)
"""Set in the task of a socket refused at its handshake: uvicorn's own lines about it
(its status, and "returned without completing handshake" at ERROR, as uvicorn takes a
denial response for a handshake not made) are left out; ``RefusalLog`` tells of it."""


class _QuietRefusals(logging.Filter):
    """Leaves out uvicorn's lines about a socket this server refused at its handshake."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not _refusing.get()


_QUIET = _QuietRefusals()


class RefusalLog:
    """Handshakes refused, told once per address per ``seconds``: the first at once
    (WARNING), then how many more came in that time, when it is over. An address's
    flood writes one line or two, not one (at ERROR) per handshake."""

    MAX_ADDRESSES = 10_000
    """Addresses counted at once; more are counted together."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.counts: dict[str, collections.Counter[str]] = {}

    def refused(self, address: str, code: str) -> None:
        if address not in self.counts and len(self.counts) >= self.MAX_ADDRESSES:
            address = "other addresses"
        counts = self.counts.get(address)
        if counts is not None:
            counts[code] += 1
            return
        self.counts[address] = collections.Counter()
        log.warning(
            "refusing socket handshakes from %s (%s); more in the next %g s are counted",
            address,
            code,
            self.seconds,
        )
        asyncio.get_running_loop().call_later(self.seconds, self._told, address)

    def _told(self, address: str) -> None:
        counts = self.counts.pop(address, None)
        if counts:
            each = ", ".join(f"{code}: {n}" for code, n in sorted(counts.items()))
            log.warning(
                "refused %d more socket handshakes from %s in %g s (%s)",
                sum(counts.values()),
                address,
                self.seconds,
                each,
            )


@dataclass(frozen=True)
class Refusal:
    """Why a socket is refused at its handshake: the HTTP reply it gets."""

    status: int
    code: str
    message: str
    retry_after: int

    async def send(self, send: Send) -> None:
        """The reply, as ASGI's WebSocket denial response; the server closes at once
        (uvicorn's own lines about it left out: ``RefusalLog`` tells of refusals)."""
        _refusing.set(True)
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
        self.log = RefusalLog(limits.refusal_log_seconds)
        uvicorn_log = logging.getLogger("uvicorn.error")
        if _QUIET not in uvicorn_log.filters:
            uvicorn_log.addFilter(_QUIET)

    def admit(self, address: str) -> Refusal | None:
        """A new socket from ``address``, at its handshake: a ``Refusal`` when the address
        has made too many handshakes lately (``rates["connect"]``) or has too many sockets
        open; else None, and the socket counts for its address until ``release``."""
        wait = self.buckets.take("connect", address)
        if wait:
            seconds = max(1, math.ceil(wait))
            text = f"too many connections from your address: try again in {seconds} s"
            self.log.refused(address, "rate_limited")
            return Refusal(429, "rate_limited", text, seconds)
        if self.per_address[address] >= self.limits.sockets_per_address:
            self.log.refused(address, "too_many")
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

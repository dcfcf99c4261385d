"""The HTTP gate in front of the app: rate limits per address, request time limits and
the security headers of every reply.

Rates (``limits.Limits.rates``) are token buckets per client address and kind of request:
making rooms (``create``) and lesson rooms (``lesson``), joining (``join``), acting
(``act``) and reading (``read``).
Unknown rooms, matches and tokens cost a ``guess``: once an address has guessed too
often, it is refused (429) on every room or match address until its bucket refills. A
refusal is the protocol's error object, ``rate_limited``, with a ``Retry-After`` header.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import math
import re
from pathlib import Path

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import protocol
from ..limits import Buckets, Limits

_ROOM_PATH = re.compile(r"^/api/(rooms|matches)/[^/]+(/(?P<verb>[a-z]+))?/?$")
_GUESSED = {401, 404}
"""Statuses that mean "no such room, match or token": each costs a guess."""


def kind_of(method: str, path: str) -> str | None:
    """Which rate a request counts against (None: not limited)."""
    if not path.startswith("/api/") or path == "/api/health":
        return None
    if method == "POST" and path.rstrip("/") == "/api/rooms":
        return "create"
    if method == "POST" and path.startswith("/api/lessons/"):
        return "lesson"  # a lesson is a room: its own rate, not an action's
    found = _ROOM_PATH.match(path)
    verb = None if found is None else found.group("verb")
    if method == "POST" and verb in ("join", "invite"):
        return "join"
    if method == "POST":
        return "act"
    return "read"


def inline_script_hashes(web: Path) -> list[str]:
    """CSP hashes of the inline scripts in the pages the server ships (the rules pages
    set the theme before they paint); any other inline script is refused."""
    found: set[str] = set()
    for page in sorted(web.rglob("*.html")):
        for body in re.findall(r"<script>(.*?)</script>", page.read_text("utf-8"), re.S):
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return sorted(found)


def security_headers(web: Path) -> tuple[list[tuple[bytes, bytes]], list[tuple[bytes, bytes]]]:
    """The headers of every reply, and those of the API documentation pages (whose
    Swagger UI loads its script from a CDN and starts it with an inline script)."""
    scripts = " ".join(["'self'", *inline_script_hashes(web)])
    policy = (
        f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
    )
    docs_policy = (
        "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    )
    common = [
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]
    return (
        [(b"content-security-policy", policy.encode()), *common],
        [(b"content-security-policy", docs_policy.encode()), *common],
    )


class HttpGate:
    """Rate limits, body time limit and security headers for every HTTP request."""

    def __init__(self, app: ASGIApp, limits: Limits, buckets: Buckets, web: Path) -> None:
        self.app = app
        self.limits = limits
        self.buckets = buckets
        self.headers, self.docs_headers = security_headers(web)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("rumizi.forwarded"):
            # (a request passed on by another worker was counted there)
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        extra = self.docs_headers if path in ("/docs", "/redoc") else self.headers
        address = (scope.get("client") or ("?", 0))[0]
        kind = kind_of(scope["method"], path)
        guessing = _ROOM_PATH.match(path) is not None
        wait = 0.0
        if guessing:
            wait = self.buckets.empty("guess", address)
        if not wait and kind is not None:
            wait = self.buckets.take(kind, address)
        if wait:
            await _refuse(send, wait, extra)
            return
        status = 0

        async def send_secure(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                have = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []),
                    *((n, v) for n, v in extra if n not in have),
                ]
            await send(message)

        seconds = self.limits.header_seconds

        async def receive_in_time() -> Message:
            try:
                async with asyncio.timeout(seconds):
                    return await receive()
            except TimeoutError:  # a body trickling in: give up on this request
                return {"type": "http.disconnect"}

        await self.app(scope, receive_in_time, send_secure)
        if guessing and status in _GUESSED:
            self.buckets.take("guess", address)


async def _refuse(send: Send, wait: float, headers: list[tuple[bytes, bytes]]) -> None:
    seconds = max(1, math.ceil(wait))
    body = protocol.error(
        "rate_limited", f"too many requests from your address: try again in {seconds} s"
    )
    response = JSONResponse(body, status_code=429, headers={"Retry-After": str(seconds)})
    response.raw_headers.extend(headers)
    await response({"type": "http"}, _nothing, send)


async def _nothing() -> Message:  # pragma: no cover - a response never reads
    return {"type": "http.disconnect"}

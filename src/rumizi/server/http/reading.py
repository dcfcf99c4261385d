"""Limits on an HTTP request as it arrives: its head (request line and headers), in size
and time, and its body, in size and time; what the app reads of a request is within them."""

from __future__ import annotations

import asyncio

from starlette.types import Receive, Scope
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .. import protocol
from ..limits import Limits


class Gone(Exception):
    """The client went away (or was sent away) before its request's body had come."""


class TooLarge(Exception):
    """A request body over the limit (``size``: its bytes so far, or as announced)."""

    def __init__(self, size: int) -> None:
        super().__init__(f"body too large: {size} bytes")
        self.size = size


async def read_body(scope: Scope, receive: Receive, limit: int) -> bytes:
    """The whole body of an HTTP request, read before the app sees it; ``TooLarge`` as
    soon as it is announced or seen to be over ``limit`` bytes, ``Gone`` if the
    connection ends first (never a body cut short)."""
    length = dict(scope.get("headers") or []).get(b"content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise TooLarge(int(length))
    body = bytearray()
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            raise Gone
        body.extend(message.get("body", b""))
        more = message.get("more_body", False)
        if len(body) > limit:
            raise TooLarge(len(body))
    return bytes(body)


class _HeadTooLarge(Exception):
    """Raised in a parser callback: the parser stops where it is, and the head is refused."""


def guarded_http(limits: Limits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol, with limits on each request head: at most
    ``header_bytes`` (else 431 and the connection is closed), a first byte within
    ``first_byte_seconds`` of the connection's accept and a whole head within
    ``header_seconds`` of its first byte (else the connection is closed); and on its body:
    whole within ``header_seconds`` of the head's end (else 408, or once a reply has gone
    out, just the end of the connection). uvicorn itself bounds none of these, so one
    client sending endless headers, or a body a byte at a time, could hold a connection
    (and what the request holds) for as long as it likes.

    A head's bytes are counted twice over, so that no way of writing it gets past: as they
    arrive, while the head is not complete (a head sent in pieces), and as the parser reads
    the request line and each header (a head sent whole in one write, or behind another
    request in the same write: the parser reads all of a write before anyone looks)."""
    size, seconds = limits.header_bytes, limits.header_seconds
    first = limits.first_byte_seconds

    class GuardedHttp(HttpToolsProtocol):
        _head_bytes = 0  # bytes arrived since the head began
        _parsed_bytes = 0  # bytes of the head the parser has read
        _in_head = True
        _refused = False  # the head being read is over the limit
        _refuse_later = False  # ... and is answered once the requests before it are
        _head_timer: asyncio.TimerHandle | None = None
        _body_timer: asyncio.TimerHandle | None = None
        _first_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if first > 0:  # a connection that never says a thing holds a file: not for long
                self._first_timer = self.loop.call_later(first, self._silent)

        def _silent(self) -> None:
            self._first_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._first_timer is not None:
                self._first_timer.cancel()
                self._first_timer = None
            if self._in_head:
                if self._head_timer is None and not self._head_bytes:
                    self._head_timer = self.loop.call_later(seconds, self._too_slow)
                self._head_bytes += len(data)
            super().data_received(data)
            if self._in_head and self._head_bytes > size and not self.transport.is_closing():
                self._refuse_head()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._in_head = True
            self._parsed_bytes = 0

        def on_url(self, url: bytes) -> None:
            self._count(len(url) + 16)  # the method, the version and their spaces: about
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count(len(name) + len(value) + 4)  # ": " and CRLF
            super().on_header(name, value)

        def _count(self, parsed: int) -> None:
            self._parsed_bytes += parsed
            if self._parsed_bytes > size:
                self._refused = True
                raise _HeadTooLarge  # the parser stops; uvicorn answers it as a bad request

        def send_400_response(self, msg: str) -> None:
            if self._refused:
                self._refuse_head()
            else:
                super().send_400_response(msg)

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._head_bytes = 0
            self._stop_timer()
            super().on_headers_complete()
            if _announces_body(self.headers):
                self._body_timer = self.loop.call_later(seconds, self._body_too_slow)

        def on_message_complete(self) -> None:
            self._stop_body_timer()
            super().on_message_complete()

        def on_response_complete(self) -> None:
            self._in_head = True
            super().on_response_complete()
            if self._refuse_later and not self.pipeline and not self.transport.is_closing():
                self._refuse_head()
            elif self._body_timer is not None:  # a request in line behind it: its body's
                self._stop_body_timer()  # time runs from when it may be read (now)
                self._body_timer = self.loop.call_later(seconds, self._body_too_slow)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._first_timer is not None:
                self._first_timer.cancel()
                self._first_timer = None
            self._stop_timer()
            self._stop_body_timer()
            super().connection_lost(exc)

        def _stop_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _stop_body_timer(self) -> None:
            if self._body_timer is not None:
                self._body_timer.cancel()
                self._body_timer = None

        def _body_too_slow(self) -> None:
            self._body_timer = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and not self.cycle.response_started:
                message = f"request body too slow: it must arrive within {seconds:g} s"
                self.transport.write(_reply(408, "Request Timeout", "too_slow", message))
            self.transport.close()

        def _too_slow(self) -> None:
            self._head_timer = None
            if self._in_head and not self.transport.is_closing():
                self.transport.close()

        def _refuse_head(self) -> None:
            """431 and close; after the replies to the requests before this one, if any
            (pipelined in the same connection), reading nothing more meanwhile."""
            if self.pipeline or (self.cycle is not None and not self.cycle.response_complete):
                self._refuse_later = True
                self.flow.pause_reading()
                return
            message = f"request head too large: the limit is {size} bytes"
            self.transport.write(
                _reply(431, "Request Header Fields Too Large", "too_large", message)
            )
            self._stop_timer()
            self.transport.close()

    return GuardedHttp


def _announces_body(headers: list[tuple[bytes, bytes]]) -> bool:
    """Whether a request's head says a body follows (its length, or chunks)."""
    for name, value in headers:
        if name == b"content-length" and value.strip() not in (b"", b"0"):
            return True
        if name == b"transfer-encoding":
            return True
    return False


def _reply(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP reply with the protocol's error object, that closes the connection."""
    body = protocol.dump_bytes(protocol.error(code, message))
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"connection: close\r\ncontent-length: {len(body)}\r\n\r\n"
    ).encode() + body

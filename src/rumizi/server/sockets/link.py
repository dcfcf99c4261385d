"""A socket's way out: eager, ordered sends. A message is written at once when the
socket can take it, and queued (in order) only while it cannot; a client that can't keep
up is dropped (it may reconnect).

**One message, one frame, many sockets.** A message told to many clients is made once as
a ``Shared`` text that carries its whole WebSocket frame (RFC 6455: a server's frames are
not masked, so the frame is the same bytes for every socket). Under uvicorn's
``websockets-sansio`` protocol (``run.py``), while nothing waits in a socket's queue and
its transport takes data, the frame is written to the transport as it is: no encoding,
framing or ASGI round per socket. Anything else (a closing socket, one that can't keep
up, another server) goes through the ASGI ``send`` as usual.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Coroutine, Generator
from typing import Any

from starlette.types import Message, Send
from websockets.protocol import State

from ..frames import Shared
from ..room.clients import MAX_QUEUED, Client

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol as _Direct,
    )
except ImportError:  # pragma: no cover - another uvicorn: every frame through ``send``
    _Direct = None  # type: ignore[assignment,misc]


def _direct(send: Send) -> Any:
    """uvicorn's protocol object behind ``send`` when frames may be written to its
    transport as they are (None: every message through ``send``)."""
    owner = getattr(send, "__self__", None)
    if _Direct is None or not isinstance(owner, _Direct):
        return None
    return owner


class Link:
    """A socket's way out: eager, ordered sends; a client that can't keep up is dropped."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self._direct = _direct(send)
        self._backlog: collections.deque[Message] = collections.deque()
        self._flushing: asyncio.Task[None] | None = None
        self.closed = False
        self.client = Client(self.push, self.close)

    def push(self, text: str) -> None:
        if type(text) is Shared and self._flushing is None and not self.closed:
            socket = self._direct
            if (
                socket is not None
                and socket.writable.is_set()
                and not socket.close_sent
                and not socket.disconnected
                and socket.conn.state is State.OPEN
            ):
                socket.transport.write(text.frame)
                return
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

"""A socket's way out: eager, ordered sends. A message is written at once when the
socket can take it, and queued (in order) only while it cannot; a client that can't keep
up is dropped (it may reconnect)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Coroutine, Generator
from typing import Any

from starlette.types import Message, Send

from .clients import MAX_QUEUED, Client


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

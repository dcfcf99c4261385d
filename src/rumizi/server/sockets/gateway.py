"""The app's outer layer: ``/ws`` sockets go to their session (``session``), straight
from the ASGI layer, not through Starlette's router and ``WebSocket`` wrapper: every move
sends one message to each client of the room, and this path is the server's hot loop.
HTTP requests have their body read within the limits (``http.reading``); with several
workers, one about a room another worker owns is passed on to it (``cluster.relay``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import protocol
from ..cluster.ownership import Elsewhere
from ..cluster.relay import send_reply
from ..http.reading import Gone, TooLarge, read_body
from .gate import Sockets
from .session import session

if TYPE_CHECKING:
    from ..cluster.worker import Cluster


class Gateway:
    """``/ws`` sockets go to ``session``; HTTP bodies over ``limit`` bytes are refused
    (413, with a JSON error) before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and scope["path"] == "/ws":
            state = scope["app"].state
            if not hasattr(state, "sockets"):
                state.sockets = Sockets(state.limits, state.buckets)
            await session(state.rooms, state.cluster, receive, send, state.sockets, scope)
        elif kind == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            body = await read_body(scope, receive, self.limit)
        except TooLarge as e:
            text = f"body too large: {e.size} bytes, the limit is {self.limit}"
            response = JSONResponse(protocol.error("too_large", text), status_code=413)
            await response({"type": "http"}, _nothing, send)
            return
        except Gone:  # the client left before its body came: nobody to answer
            return
        for _ in range(3):
            try:
                await self.app(scope, _replay(body, receive), send)
                return
            except Elsewhere as e:  # another worker owns the room: ask it
                if scope.get("rumizi.forwarded"):
                    raise  # passed on already: the worker that passed it on asks again
                if await _pass_on(scope["app"].state.cluster, scope, body, send, e):
                    return
        response = JSONResponse(
            protocol.error("moved", "the room is moving to another server process: try again"),
            status_code=503,
            headers={"Retry-After": "1"},
        )
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


async def _pass_on(cluster: Cluster, scope: Scope, body: bytes, send: Send, e: Elsewhere) -> bool:
    """Send an HTTP request to the worker that owns its room and write its reply; False
    if that worker is gone (its lease has run out by the time this returns)."""
    if e.owner is None or not await cluster.alive(e.owner):
        await cluster.settle(e)
        return False
    reply = await cluster.relay.forward_http(scope, body, e.owner)
    if reply is None or reply.get("elsewhere"):
        await cluster.settle(e)
        return False
    await send_reply(send, reply)
    return True

"""The game server: a FastAPI app with a WebSocket per client and a JSON HTTP API.

``create_app(db)`` builds it; ``rumizi serve`` runs it under uvicorn. See
``docs/server.md`` (running it and the map of its modules) and ``docs/protocol.md``
(the messages). This module only wires the parts together.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from . import protocol
from .cluster.worker import Cluster, ClusterSettings
from .http import admin, errors, games, lessons, matches, pages
from .http import rooms as room_api
from .http.gate import HttpGate
from .http.pages import WEB
from .limits import Buckets, Limits
from .players import routes as player_api
from .players import signin
from .players.attempts import Attempts
from .players.email import EmailLinks, Mailer
from .players.identity import Players
from .players.passkeys import Passkeys
from .review.analyses import Analyses
from .review.replays import Replays
from .room.commands import handle
from .room.rooms import Rooms
from .sockets.gateway import Gateway
from .store import Store

__all__ = ["WEB", "create_app"]

log = logging.getLogger("rumizi.server")


def create_app(
    db: str = "rumizi.db", limits: Limits | None = None, cluster: ClusterSettings | None = None
) -> FastAPI:
    """The server app over the database ``db`` (an SQLite path or a database URL), with
    ``limits`` (default: ``Limits.from_env()``, the defaults and ``RUMIZI_*`` variables).
    With ``cluster`` (a Redis URL and a lease length) it is one of several workers that
    share the database: see ``cluster/worker.py``."""
    limits = Limits.from_env() if limits is None else limits
    buckets = Buckets(limits.rates)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with serving(app, db, limits, cluster):
            yield

    app = FastAPI(
        title="Rumizi server",
        summary="Rooms, seats, bots and clocks for Rumizi's games; WebSocket at /ws.",
        version=f"protocol {protocol.PROTOCOL_VERSION}",
        lifespan=lifespan,
    )
    app.state.limits, app.state.buckets, app.state.cluster = limits, buckets, None
    app.add_middleware(Gateway, limit=protocol.MAX_MESSAGE_BYTES)  # also serves /ws
    app.add_middleware(HttpGate, limits=limits, buckets=buckets, web=WEB)
    errors.install(app)
    for part in (admin, games, room_api, matches, pages, lessons, player_api, signin):
        app.include_router(part.router)
    # Last: /app.js, /games/…, /rules/…; gzipped for browsers that take it (three.js: 531 KB
    # as is, about 135 KB gzipped). Only these files: no response that carries a token.
    app.mount("/", GZipMiddleware(StaticFiles(directory=WEB), minimum_size=1024), name="web")
    return app


@contextlib.asynccontextmanager
async def serving(
    app: FastAPI, db: str, limits: Limits, settings: ClusterSettings | None
) -> AsyncIterator[None]:
    """The app's life: open the store (and join the cluster), restore the matches in
    play; at the end, stop what runs and close the store."""
    store = await Store.open(db)
    cluster = None if settings is None else await Cluster.connect(settings, store)
    state = app.state
    state.store, state.cluster = store, cluster
    state.rooms = found = Rooms(store, limits, None if cluster is None else cluster.owners)
    state.replays, state.analyses = Replays(store, limits), Analyses(limits)
    state.players, state.passkeys = Players(store), Passkeys(store)
    state.attempts = Attempts.from_env()
    state.email_links = EmailLinks(store, Mailer.from_env())
    if cluster is not None:
        await cluster.start(found, app, handle)
    restored = await found.restore()
    if restored:
        log.info("restored %d unfinished match(es) from their logs", restored)
    try:
        yield
    finally:
        state.analyses.close()
        found.close()
        if cluster is not None:
            await cluster.stop()
        await store.close()
        log.info("store: %s", store.summary())

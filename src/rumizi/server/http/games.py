"""The games this server offers: their descriptions and their text catalogues.

These answers are public and the same for every request while the server runs (no token,
nothing of any room), so each is encoded once, gzipped once, and sent gzipped to a client
that takes gzip: a table page's catalogue is 15–55 KB as JSON and a quarter of that or
less gzipped."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from rumizi import games

from .. import protocol
from ..protocol import as_json

router = APIRouter(tags=["games"])

_ENCODED: dict[str, tuple[bytes, bytes]] = {}
"""Each public answer, by what it is (a known game's id in it): its JSON bytes and the
same gzipped."""


def public_json(request: Request, key: str, make: Callable[[], Any]) -> Response:
    """The answer ``make`` returns, encoded once per ``key``, gzipped if the client takes it."""
    if key not in _ENCODED:
        body = json.dumps(make(), ensure_ascii=False, separators=(",", ":")).encode()
        _ENCODED[key] = (body, gzip.compress(body, 6, mtime=0))
    body, packed = _ENCODED[key]
    vary = {"vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(
            packed, media_type="application/json", headers=vary | {"content-encoding": "gzip"}
        )
    return Response(body, media_type="application/json", headers=vary)


@router.get("/api/games", response_model=None)
async def list_games(request: Request) -> Response:
    """Every game this server offers, as it describes itself (players, options, bots)."""
    key = "games:" + ",".join(games.ids())  # a game registered later: a new list
    return public_json(request, key, lambda: [d.to_json() for d in games.described()])


@router.get("/api/games/{game_id}", response_model=None)
async def one_game(request: Request, game_id: str) -> Response:
    """One game as it describes itself: what a table page needs, without the others."""
    try:
        description = games.describe(game_id)
    except (KeyError, LookupError):
        return JSONResponse(
            protocol.error("unknown_game", f"no game {as_json(game_id)}"), status_code=404
        )
    return public_json(request, f"game:{game_id}", description.to_json)


@router.get("/api/games/{game_id}/texts", response_model=None)
async def game_texts(request: Request, game_id: str) -> Response:
    """The game's text catalogue, fa and en (see docs/engine.md, "Text catalogues"):
    the words of its cards, actions and events, which update messages refer to."""
    try:
        texts = games.record(game_id).texts
    except KeyError:
        texts = None
    if texts is None:
        return JSONResponse(
            protocol.error("unknown_game", f"no text catalogue for {as_json(game_id)}"),
            status_code=404,
        )
    catalogue = texts.CATALOGUE
    return public_json(request, f"texts:{game_id}", lambda: catalogue)

"""The games this server offers: their descriptions and their text catalogues."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from rumizi import games

from .. import protocol

router = APIRouter(tags=["games"])


@router.get("/api/games")
async def list_games() -> list[dict[str, Any]]:
    """Every game this server offers, as it describes itself (players, options, bots)."""
    return [description.to_json() for description in games.described()]


@router.get("/api/games/{game_id}")
async def one_game(game_id: str) -> Any:
    """One game as it describes itself: what a table page needs, without the others."""
    try:
        return games.describe(game_id).to_json()
    except (KeyError, LookupError):
        return JSONResponse(protocol.error("unknown_game", f"no game {game_id!r}"), status_code=404)


@router.get("/api/games/{game_id}/texts")
async def game_texts(game_id: str) -> Any:
    """The game's text catalogue, fa and en (see docs/engine.md, "Text catalogues"):
    the words of its cards, actions and events, which update messages refer to."""
    try:
        return games.texts(game_id).CATALOGUE
    except (KeyError, ModuleNotFoundError):
        return JSONResponse(
            protocol.error("unknown_game", f"no text catalogue for {game_id!r}"),
            status_code=404,
        )

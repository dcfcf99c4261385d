"""The web client's pages (no build step: one page, the token in its fragment) and the
pictures a game draws for its table; ``app`` serves the other static files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from rumizi import games

WEB = Path(__file__).resolve().parent.parent.parent / "web"
"""The web client's static files (no build step): served at ``/``."""

router = APIRouter(include_in_schema=False)


@router.get("/replay/{match_id}")
async def replay_page(match_id: str) -> FileResponse:
    """A finished match's replay viewer (the room's token, if any, stays in the page)."""
    return FileResponse(WEB / "index.html")


@router.get("/")
async def home_page() -> FileResponse:
    return FileResponse(WEB / "index.html")


@router.get("/room/{room_id}")
async def room_page(room_id: str) -> FileResponse:
    """A room's page: the token rides in the fragment (``#token=…``), never sent here."""
    return FileResponse(WEB / "index.html")


@router.get("/art/{game_id}/{name}")
async def game_art(game_id: str, name: str) -> Response:
    """A picture a game draws for its table (its package's optional ``art`` module,
    e.g. Ayozhit's picture cards); 404 for anything it does not know."""
    found = _game_art(game_id, name)
    if found is None:
        raise StarletteHTTPException(404, "no such picture")
    body, media_type = found
    return Response(body, media_type=media_type, headers={"cache-control": "max-age=3600"})


def _game_art(game_id: str, name: str) -> tuple[str, str] | None:
    """``art(name)`` of the game's pictures (its record's ``art``): (body, media type), or
    None for an unknown game, a game without pictures, or a name it does not know."""
    try:
        art = games.record(game_id).art
    except KeyError:
        return None
    return None if art is None else art(name)

"""Lessons over HTTP (docs/server.md, "Lessons"): a game's lesson as its runner reads it,
a lesson's room, and the page that starts one.

A lesson's room is a private room like any other: you at seat 0, the lesson's scripted
bots (level ``lesson``: ``rumizi.bots.scripted``) in the others, the lesson's options (its
stacked deck) and ``autostart``. Its match is a real match, stored, replayed and rejoined
as every match is; only its bots follow a script.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from rumizi import games, lessons
from rumizi.bots.scripted import LESSON
from rumizi.engine.lesson import YOU

from .. import protocol
from ..protocol import CreateRoom, Name, RoomSettings, SeatPlan, as_json
from .deps import RoomsDep
from .pages import WEB

router = APIRouter()


class StartLesson(BaseModel):
    """Who takes the lesson, and how long its bots wait before each move."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: Name | None = None
    bot_delay: Annotated[float, Field(ge=0, le=10)] | None = None
    """Seconds; by default the server's ``lesson_bot_delay`` (0.8)."""


def _unknown(game_id: str) -> JSONResponse:
    return JSONResponse(
        protocol.error("unknown_game", f"no lesson for {as_json(game_id)}"), status_code=404
    )


def _known(game_id: str) -> bool:
    return game_id in games.ids() and lessons.has(game_id)


@router.get("/api/lessons/{game_id}", tags=["games"])
async def lesson(game_id: str) -> Any:
    """The game's lesson as a runner shows it: the rules it covers, and each step (the
    person's with the action expected; what the coach says, as catalogue keys)."""
    if not _known(game_id):
        return _unknown(game_id)
    return lessons.client(game_id)


@router.post("/api/lessons/{game_id}", status_code=201, tags=["rooms"])
async def start_lesson(
    game_id: str, request: Request, rooms: RoomsDep, body: StartLesson | None = None
) -> Any:
    """A new lesson's room, started as soon as you connect: the reply holds your seat's
    token and link (the room's only person seat)."""
    if not _known(game_id):
        return _unknown(game_id)
    body = body or StartLesson()
    lesson = lessons.load(game_id)
    seats = [
        SeatPlan(kind="person", name=body.name) if seat == YOU else SeatPlan(kind="bot", bot=LESSON)
        for seat in range(lesson.players)
    ]
    plan = CreateRoom(
        game=game_id,
        seats=seats,
        options=dict(lesson.options),
        settings=RoomSettings(
            autostart=True,
            bot_delay=rooms.limits.lesson_bot_delay if body.bot_delay is None else body.bot_delay,
        ),
    )
    address = None if request.client is None else request.client.host
    room, secrets = await rooms.create(plan, address)
    token = secrets["seats"][YOU]["token"]
    return {
        "room": room.info(),
        "seat": YOU,
        "token": token,
        "link": f"/room/{room.id}#token={token}",
    }


@router.get("/learn/{game_id}", include_in_schema=False)
async def learn_page(game_id: str) -> FileResponse:
    """The page that starts a game's lesson (the rules pages link here)."""
    return FileResponse(WEB / "index.html")

"""What the routes share: the rooms of the app, path ids checked for their shape, and
who a request's bearer token is."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ..errors import RoomError
from ..protocol import MATCH_ID, ROOM_ID
from ..room.room import Room
from ..room.rooms import Rooms

_bearer = HTTPBearer(auto_error=False, description="A seat, spectator or host token.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsDep = Annotated[Rooms, Depends(rooms_of)]


def _room_id(room_id: str) -> str:
    if re.fullmatch(ROOM_ID, room_id) is None:
        raise RoomError("not_found", "no such room", 404)
    return room_id


def _match_id(match_id: str) -> str:
    if re.fullmatch(MATCH_ID, match_id) is None:
        raise RoomError("not_found", "no such match", 404)
    return match_id


RoomId = Annotated[str, Depends(_room_id)]
MatchId = Annotated[str, Depends(_match_id)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


async def seat_of(
    rooms: Rooms, room_id: str, credentials: HTTPAuthorizationCredentials | None
) -> tuple[Room, str, int | None]:
    """The room, role and seat of the request's token (a seat is here: ``touch``)."""
    if credentials is None:
        raise RoomError("no_token", "send your token: Authorization: Bearer <token>", 401)
    room, role, seat = await rooms.by_token(credentials.credentials, room_id)
    if seat is not None:
        await room.touch(seat)
    return room, role, seat


async def seated(
    rooms: Rooms, room_id: str, credentials: HTTPAuthorizationCredentials | None
) -> tuple[Room, int]:
    """The room and seat of the request's token, which must be a seat's."""
    room, _role, seat = await seat_of(rooms, room_id, credentials)
    if seat is None:
        raise RoomError("forbidden", "only a seat's token may do this", 403)
    return room, seat

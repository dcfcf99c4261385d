"""Who a request is, for the routes: the session cookie, and the ``Origin`` check that
keeps another site from acting for a player.

The cookie (``rz_session``) is ``HttpOnly`` and ``SameSite=Lax``, ``Secure`` when the
request came over TLS. An unsafe request (anything but GET, HEAD, OPTIONS) that carries
the cookie must come from a page of this server: its ``Origin`` (or, where a browser
sends none, ``Sec-Fetch-Site``) must say so, else it is refused (403 ``cross_site``)
before anything is read or done. A request with neither header is not a browser's (every
browser sends one on such a request), so no other site can have sent it for a player.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response

from ..errors import RoomError
from .identity import Player, Players

COOKIE = "rz_session"
LASTS = 400 * 24 * 3600
"""The cookie's lifetime in the browser (the longest browsers keep one): a guest's session
lasts until it is ended or the browser forgets it."""
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


def players_of(request: Request) -> Players:
    players: Players = request.app.state.players
    return players


PlayersDep = Annotated[Players, Depends(players_of)]


def same_site(request: Request) -> bool:
    """Whether the request comes from a page of this server (or an allowed origin)."""
    origin = request.headers.get("origin")
    if origin is None:
        return request.headers.get("sec-fetch-site") in (None, "same-origin", "none")
    if origin in request.app.state.limits.origins:
        return True
    host = request.headers.get("host", "")
    return bool(host) and urlsplit(origin).netloc == host


def check_origin(request: Request) -> None:
    if request.method not in SAFE and not same_site(request):
        raise RoomError("cross_site", "a request from another site may not act for a player", 403)


async def current(request: Request) -> Player | None:
    """The player of the request's session cookie, if any (cross-site unsafe: refused)."""
    cookie = request.cookies.get(COOKIE)
    if cookie is None:
        return None
    check_origin(request)
    return await players_of(request).by_session(cookie)


Me = Annotated[Player | None, Depends(current)]


async def signed_in(request: Request) -> Player:
    player = await current(request)
    if player is None:
        raise RoomError("no_player", "no player here: open /api/me first", 401)
    return player


MeRequired = Annotated[Player, Depends(signed_in)]


def set_cookie(request: Request, response: Response, value: str) -> None:
    response.set_cookie(
        COOKIE,
        value,
        max_age=LASTS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


async def seat_of_player(request: Request, room_id: str) -> int | None:
    """The seat the request's player holds in the room (a replay of their own match)."""
    player = await current(request)
    return None if player is None else await players_of(request).seat_in(player, room_id)

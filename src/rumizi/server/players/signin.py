"""Accounts through passkeys (``/api/me/passkeys``, ``/api/signin``): sign up (a guest's
first passkey makes it an account, its history with it), add another passkey, sign in
on another browser (a guest there brings its seats along), sign out, delete the account.
Sign-in attempts are rate limited per address and per account (``attempts.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from ..errors import RoomError
from ..http.pages import WEB
from . import accounts
from .attempts import Attempts
from .email import EmailLinks
from .passkeys import Party, Passkeys
from .requests import COOKIE, Me, MeRequired, PlayersDep, check_origin, set_cookie

router = APIRouter(tags=["players"])


class Answer(BaseModel):
    """The page's answer to a ceremony: its handle and the credential, as WebAuthn's
    ``toJSON()`` writes it."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    handle: Annotated[str, Field(min_length=1, max_length=64)]
    credential: dict[str, Any]


def passkeys_of(request: Request) -> Passkeys:
    found: Passkeys = request.app.state.passkeys
    return found


def attempts_of(request: Request) -> Attempts:
    found: Attempts = request.app.state.attempts
    return found


PasskeysDep = Annotated[Passkeys, Depends(passkeys_of)]
AttemptsDep = Annotated[Attempts, Depends(attempts_of)]


def party(request: Request) -> Party:
    """The relying party of this request: its host name, its own origin and the allowed."""
    host = request.headers.get("host", "")
    own = f"{request.url.scheme}://{host}"
    return Party(request.url.hostname or "", [own, *request.app.state.limits.origins])


def _address(request: Request) -> str | None:
    return None if request.client is None else request.client.host


@router.post("/api/me/passkeys/options")
async def passkey_options(
    request: Request, player: MeRequired, keys: PasskeysDep
) -> dict[str, Any]:
    """Begin a new passkey for this player (sign up, or one more)."""
    return await keys.registration(player, party(request))


@router.post("/api/me/passkeys")
async def add_passkey(
    body: Answer, request: Request, players: PlayersDep, player: MeRequired, keys: PasskeysDep
) -> dict[str, Any]:
    """Keep the new passkey: the guest is an account from now on, with all it played."""
    await keys.register(player, body.handle, body.credential, party(request))
    again = await players.by_session(request.cookies.get(COOKIE))
    assert again is not None
    return {"player": again.public(), "passkeys": await keys.count(player.id)}


@router.post("/api/signin/options")
async def signin_options(
    request: Request, keys: PasskeysDep, attempts: AttemptsDep, _me: Me
) -> dict[str, Any]:
    """Begin signing in with a passkey (one attempt from this address)."""
    check_origin(request)
    attempts.address(_address(request))
    return await keys.authentication(party(request))


@router.post("/api/signin")
async def signin(
    body: Answer,
    request: Request,
    response: Response,
    players: PlayersDep,
    keys: PasskeysDep,
    attempts: AttemptsDep,
    me: Me,
) -> dict[str, Any]:
    """Sign in with a passkey: a new session of its account on this browser (the guest
    that was here brings its seats to the account)."""
    check_origin(request)
    attempts.address(_address(request))
    owner = await keys.owner(body.credential)
    attempts.account(owner[0])
    player_id = await keys.authenticate(body.handle, body.credential, party(request), owner)
    await accounts.claim(players.store, me, player_id)
    if me is not None and me.id == player_id:  # signed in already: end the old session
        await players.end_session(me, me.session[:16])
    cookie = await players.open_session(player_id, request.headers.get("user-agent", ""))
    set_cookie(request, response, cookie)
    player = await players.by_session(cookie)
    assert player is not None
    return {"player": player.public()}


@router.post("/api/me/signout")
async def signout(response: Response, players: PlayersDep, player: MeRequired) -> dict[str, Any]:
    """End this browser's session (the next visit here is a new guest)."""
    await players.end_session(player, player.session[:16])
    response.delete_cookie(COOKIE, path="/")
    return {"ended": 1}


@router.post("/api/me/delete")
async def delete_account(
    response: Response, players: PlayersDep, player: MeRequired
) -> dict[str, Any]:
    """Delete this player: name, passkeys and every session; finished matches stay, the
    seat no longer anybody's."""
    if not player.account:
        raise RoomError("no_account", "a guest has no account to delete", 409)
    await accounts.delete(players.store, player)
    response.delete_cookie(COOKIE, path="/")
    return {"deleted": True}


class EmailAsk(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    email: Annotated[str, Field(min_length=3, max_length=254, pattern=r"^[^@\s]+@[^@\s]+$")]


class EmailToken(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    token: Annotated[str, Field(min_length=1, max_length=64)]


def links_of(request: Request) -> EmailLinks:
    found: EmailLinks = request.app.state.email_links
    return found


LinksDep = Annotated[EmailLinks, Depends(links_of)]


@router.post("/api/signin/email")
async def email_link(
    body: EmailAsk, request: Request, links: LinksDep, attempts: AttemptsDep, me: Me
) -> dict[str, Any]:
    """Send a one-time sign-in link to this address (the same answer whether or not an
    account has it). The guest asking becomes the account if the address has none."""
    check_origin(request)
    email = body.email.strip().lower()
    attempts.address(_address(request))
    attempts.account(f"email:{email}")
    host = request.headers.get("host", "")
    await links.send(email, None if me is None else me.id, f"{request.url.scheme}://{host}")
    return {"sent": True}


@router.post("/api/signin/email/confirm")
async def email_signin(
    body: EmailToken,
    request: Request,
    response: Response,
    players: PlayersDep,
    links: LinksDep,
    attempts: AttemptsDep,
    me: Me,
) -> dict[str, Any]:
    """Sign in with a link's token: once, within its 15 minutes."""
    check_origin(request)
    attempts.address(_address(request))
    used = await links.use(body.token)
    if used is None:
        raise RoomError("link_refused", "this link was used already or has expired", 403)
    player_id = await accounts.by_email(players.store, *used)
    if player_id is None:
        raise RoomError("link_refused", "this link was used already or has expired", 403)
    await accounts.claim(players.store, me, player_id)
    if me is not None and me.id == player_id:
        await players.end_session(me, me.session[:16])
    cookie = await players.open_session(player_id, request.headers.get("user-agent", ""))
    set_cookie(request, response, cookie)
    player = await players.by_session(cookie)
    assert player is not None
    return {"player": player.public()}


@router.get("/signin", include_in_schema=False)
async def signin_page() -> FileResponse:
    """Where an e-mail link lands (its token in the fragment, never sent here)."""
    return FileResponse(WEB / "index.html")

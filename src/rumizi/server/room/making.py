"""A new room's plan, checked: its game, seats, bots, options and settings, and the
tokens its creator hands out. Nothing is stored here (``rooms.Rooms.create`` does)."""

from __future__ import annotations

import math
import secrets
import time
from typing import Any

from rumizi import bots, games
from rumizi.engine import BadOptions, Match

from ..errors import RoomError
from ..limits import Limits, address_key
from ..protocol import CreateRoom, as_json
from ..store import RoomRow, SeatRow
from ..tokens import new_token, token_hash


def plan_room(
    body: CreateRoom, limits: Limits, address: str | None
) -> tuple[RoomRow, dict[str, Any]]:
    """The row of a new room (not stored yet, epoch 0) and the secrets its creator hands
    out (tokens); ``RoomError`` says what is wrong with the request."""
    try:
        game = games.load(body.game)
    except KeyError:
        raise RoomError(
            "unknown_game",
            f"unknown game {as_json(body.game)}; known games: {', '.join(games.ids())}",
            404,
        ) from None
    players = len(body.seats)
    levels = bots.names(body.game)
    choose = ", ".join(levels)
    if body.settings.standin is not None and body.settings.standin not in levels:
        raise RoomError(
            "bad_settings",
            f"no bot {as_json(body.settings.standin)} for {body.game}; choose from {choose}",
            422,
        )
    if body.public and "deck" in body.options:
        raise RoomError(
            "bad_options",
            "a stacked deck (the deck option) is for private rooms only: "
            "the deal of a public room is always a fair shuffle",
            422,
        )
    seats = []
    tokens: dict[int, str] = {}
    sat = not body.sit
    for i, plan in enumerate(body.seats):
        if plan.kind == "bot":
            level = plan.bot or "random"
            if not bots.accepts(body.game, level):
                raise RoomError(
                    "bad_seats",
                    f"seat {i}: no bot {as_json(level)} for {body.game}; choose from {choose}",
                    422,
                )
            seats.append(SeatRow(i, "bot", level, plan.name or f"bot {level}", None, True, True))
        else:
            if plan.bot is not None:
                raise RoomError("bad_seats", f"seat {i}: a person seat takes no bot level", 422)
            tokens[i] = new_token()
            mine = not sat  # the creator's own seat is theirs from creation
            sat = True
            name = plan.name or f"player {i + 1}"
            seats.append(SeatRow(i, "person", None, name, token_hash(tokens[i]), mine))
    try:
        if not game.min_players <= players <= game.max_players:
            raise BadOptions(
                f"{body.game} is for {game.min_players}–{game.max_players} players, not {players}"
            )
        check_options(body.game, body.options, players, limits)
        Match(game, players, 0, body.options)
    except BadOptions as e:
        raise RoomError("bad_options", str(e), 422) from None
    host, spectator = new_token(), new_token()
    row = RoomRow(
        id=secrets.token_hex(6),
        game=body.game,
        options=dict(body.options),
        public=body.public,
        title=body.title or "",
        settings=body.settings.model_dump(),
        host_token=token_hash(host),
        spectator_token=token_hash(spectator),
        status="open",
        match_id=None,
        created_at=time.time(),
        seats=seats,
        owner=None if address is None else address_key(address),
        bots_only=not tokens,
    )
    secrets_out = {
        "host_token": host,
        "spectator_token": spectator,
        "seats": [{"seat": s.seat, "kind": s.kind, "token": tokens.get(s.seat)} for s in seats],
    }
    return row, secrets_out


def check_options(game_id: str, options: dict[str, Any], players: int, limits: Limits) -> None:
    """Bounds on a room's options: the game description's schema (when it has one), and
    ``option_maximum`` on every number anywhere in them. ``BadOptions`` says which."""
    description = games.record(game_id).description
    if description is not None:  # a game that does not describe itself yet
        description.validate(options, players)
    _bounded(options, limits.option_maximum, "")


def _bounded(value: Any, limit: int, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > limit:
            raise BadOptions(f"option {where.strip('.')}: {value} is out of bounds (±{limit})")
    elif isinstance(value, dict):
        for k, v in value.items():
            _bounded(v, limit, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _bounded(v, limit, f"{where}[{i}]")

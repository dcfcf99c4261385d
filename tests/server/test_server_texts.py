"""Error texts speak the protocol's language (issue 38, point 5): a wrong value sent in
any field of any client message, HTTP body or game option is named by its field and
shown as JSON (``null``, ``true``, ``{"a": 1}``, ``"x"``) or not at all — never as a
Python literal (``None``, ``True``, ``{'a': 1}``, ``'x'``) nor with a library's words
(pydantic's ``Input should be``, ``Value error,``, ``Input tag … found``). Error codes
are unchanged (the web client translates by code)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel
from server_helpers import Player, ServerProcess, bearer, create_room

from rumizi import games
from rumizi.server import protocol
from rumizi.server.http.lessons import StartLesson

WRONG: list[Any] = [None, True, 1.5, "x", [], {"a": 1}]
"""The issue's wrong types, each tried in every field."""

LIBRARY = (
    "Input should",
    "Input tag",
    "Value error",
    "Unable to extract",
    "Extra inputs",
    "Field required",
    "Assertion failed",
    "String should",
    "List should",
    "validation error",
    "[type=",
)
"""pydantic's own words: a text made of them speaks pydantic, not the protocol."""

PERSON = {"kind": "person"}
OPTIONS_EXTRA = ("deck", "dice", "first", "practice", "rounds")


def _as_python(value: Any) -> str | None:
    literal = repr(value)
    return None if literal == json.dumps(value) else literal


def check_text(text: str, value: Any, where: str) -> None:
    """No Python literal of ``value``, no library's words, and the field named."""
    assert text, where
    literal = _as_python(value)
    assert literal is None or literal not in text, (where, text)
    for words in LIBRARY:
        assert words not in text, (where, text)
    for python in ("None", "True", "False", "{'"):
        assert python not in text, (where, text)


def _fields(model: type[BaseModel]) -> list[str]:
    return list(model.model_fields)


REQUIRED: dict[str, dict[str, Any]] = {
    "hello": {"token": "t"},
    "act": {"action": {}, "index": 0},
}


def socket_cases() -> Iterator[tuple[dict[str, Any], Any, str]]:
    """Every client message type with each field (``type`` too) set to each wrong value."""
    for model in get_args(protocol.Client):
        kind = get_args(model.model_fields["type"].annotation)[0]
        base = {"type": kind, **REQUIRED.get(kind, {})}
        for name in _fields(model):
            for value in WRONG:
                if name == "ref" and (value is None or value == "x"):
                    continue  # a valid ref
                if (name, value) in (("match", None), ("index", None), ("name", None)):
                    continue  # "none" is valid there
                if name == "match" and value == "x":
                    continue
                yield {**base, name: value}, value, f"{kind}.{name}"


def test_every_field_of_every_message_refuses_wrong_types_in_json_words() -> None:
    count = 0
    for message, value, where in socket_cases():
        try:
            protocol.parse(json.dumps(message))
        except protocol.BadMessage as e:
            count += 1
            check_text(e.message, value, where)
            field = where.split(".")[1]
            assert field in e.message, (where, e.message)
    assert count >= 100


def _refused(message: dict[str, Any]) -> bool:
    try:
        protocol.parse(json.dumps(message))
    except protocol.BadMessage:
        return True
    return False


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path: Path = tmp_path_factory.mktemp("texts")
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log").start()
    yield proc
    proc.stop()


def test_socket_errors_show_wrong_values_as_json(texts: ServerProcess) -> None:
    with texts.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON])
    cases = [c for c in socket_cases() if c[0]["type"] != "hello" and _refused(c[0])]

    async def over_the_wire() -> list[tuple[str, str, Any]]:
        p = Player(texts.ws_url, made["seats"][0]["token"])
        await p.connect()
        got = []
        for message, value, where in cases:
            await p.send(message)
            reply = await p.expect("error")
            got.append((where, reply["message"], value))
        await p.close()
        return got

    got = asyncio.run(over_the_wire())
    assert len(got) == len(cases)
    for where, text, value in got:
        check_text(text, value, where)


def _body_cases(model: type[BaseModel], base: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    for name in _fields(model):
        for value in WRONG:
            yield {**base, name: value}, value


def test_http_errors_show_wrong_values_as_json(texts: ServerProcess) -> None:
    create = {"game": "love-letter", "seats": [PERSON, PERSON]}
    with texts.http() as http:
        made = create_room(http, game="love-letter", seats=[PERSON, PERSON, PERSON])
        room, host, seat = made["room"]["id"], made["host_token"], made["seats"][0]["token"]
        posts: list[tuple[str, str | None, Any, Any]] = []
        posts += [("/api/rooms", None, b, v) for b, v in _body_cases(protocol.CreateRoom, create)]
        for b, v in _body_cases(protocol.SeatPlan, PERSON):
            posts.append(("/api/rooms", None, {**create, "seats": [b, PERSON]}, v))
        for b, v in _body_cases(protocol.RoomSettings, {}):
            posts.append(("/api/rooms", None, {**create, "settings": b}, v))
        for path, token, model, base in [
            (f"/api/rooms/{room}/join", None, protocol.JoinBody, {}),
            (f"/api/rooms/{room}/ready", seat, protocol.ReadyBody, {}),
            (f"/api/rooms/{room}/invite", host, protocol.InviteBody, {"seat": 1}),
            (f"/api/rooms/{room}/act", seat, protocol.ActBody, {"action": {}, "index": 0}),
            ("/api/lessons/love-letter", None, StartLesson, {}),
        ]:
            posts += [(path, token, b, v) for b, v in _body_cases(model, base)]
        for value in WRONG:  # a body that is no object at all
            posts.append(("/api/rooms", None, value, value))
        refused = 0
        for path, token, body, value in posts:
            headers = {"Content-Type": "application/json", **(bearer(token) if token else {})}
            reply = http.post(path, content=json.dumps(body), headers=headers)
            assert reply.status_code < 500, (path, body, reply.text)
            if reply.status_code >= 400:
                refused += 1
                check_text(reply.json()["message"], value, f"{path} {body}")
        assert refused >= 100
        for value in ["x'y", "None"]:  # path ids as JSON too
            for path in (
                f"/api/games/{value}",
                f"/api/lessons/{value}",
                f"/api/games/{value}/texts",
            ):
                reply = http.get(path)
                assert reply.status_code == 404
                assert json.dumps(value) in reply.json()["message"], reply.text
        unknown = http.post("/api/rooms", json={"game": "x'y", "seats": [PERSON]})
        assert unknown.status_code == 404 and '"x\'y"' in unknown.json()["message"]


def test_every_option_of_every_game_refuses_wrong_types_in_json_words(
    texts: ServerProcess,
) -> None:
    with texts.http() as http:
        refused = 0
        for game_id in games.ids():
            game = games.load(game_id)
            names = {o.name for o in games.describe(game_id).options} | set(OPTIONS_EXTRA)
            seats = [PERSON] * game.min_players
            for name in sorted(names):
                for value in WRONG:
                    body = {"game": game_id, "seats": seats, "options": {name: value}}
                    reply = http.post("/api/rooms", json=body)
                    assert reply.status_code in (201, 422), (game_id, name, value, reply.text)
                    if reply.status_code == 422:
                        refused += 1
                        answer = reply.json()
                        assert answer["code"] == "bad_options", answer
                        check_text(answer["message"], value, f"{game_id} {name}")
    assert refused >= 50

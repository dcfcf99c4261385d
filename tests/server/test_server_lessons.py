"""Lessons on a real server: a game's lesson as the runner reads it, a lesson's room (you and
the scripted bots), and a whole lesson played over the WebSocket by a client that makes
exactly the person's steps — the bots play theirs, and the match ends as the lesson says."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_helpers import Player, ServerProcess

from rumizi import games, lessons
from rumizi.engine.lesson import YOU

LESSONS = [g for g in games.ids() if lessons.has(g)]


def test_an_unknown_game_has_no_lesson(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        for path in ("/api/lessons/chess", "/api/lessons/..%2Frooms"):
            assert http.get(path).status_code == 404
        reply = http.post("/api/lessons/chess", json={})
        assert reply.status_code == 404
        assert reply.json()["code"] == "unknown_game"


def test_a_lesson_room_takes_no_stranger_options(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        reply = http.post("/api/lessons/love-letter", json={"deck": ["guard"]})
        assert reply.status_code == 422
        reply = http.post("/api/lessons/love-letter", json={"bot_delay": 60})
        assert reply.status_code == 422


def test_lesson_bots_are_not_offered_in_rooms_of_games_without_a_lesson(
    shared_server: ServerProcess,
) -> None:
    """The level ``lesson`` is not one of the levels a room's form lists."""
    with shared_server.http() as http:
        reply = http.get("/api/games/love-letter").json()
        assert "lesson" not in [b["id"] for b in reply["bot_levels"]]


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_lesson_is_played_through_on_the_server(
    shared_server: ServerProcess, game_id: str
) -> None:
    with shared_server.http() as http:
        script = http.get(f"/api/lessons/{game_id}").json()
        made = http.post(f"/api/lessons/{game_id}", json={"name": "Mina", "bot_delay": 0})
        assert made.status_code == 201, made.text
        made = made.json()
    room = made["room"]
    assert made["link"] == f"/room/{room['id']}#token={made['token']}"
    assert room["stacked"] and not room["public"]
    assert [s["kind"] for s in room["seats"]] == ["person"] + ["bot"] * (script["players"] - 1)
    assert {s["bot"] for s in room["seats"][1:]} == {"lesson"}
    assert room["seats"][YOU]["name"] == "Mina"
    steps = script["steps"]
    assert all("action" not in s for s in steps if s["seat"] != YOU)  # the bots' moves are theirs
    log = asyncio.run(_play(shared_server, made["token"], steps))
    expected = lessons.replay(game_id).actions
    assert log[: len(expected)] == [
        [step["seat"], a] for step, a in zip(steps, expected, strict=True)
    ]


async def _play(server: ServerProcess, token: str, steps: list[dict[str, Any]]) -> list[Any]:
    """Make the person's steps when they come (the match's index says which step is due);
    return the match's log as the replay has it."""
    me = Player(server.ws_url, token, "Mina")
    await me.connect()
    await me.send({"type": "ready"})
    while True:
        update = await me.expect("update")
        index = update["index"]
        if index >= len(steps):
            break
        step = steps[index]
        if step["seat"] == YOU and YOU in update["to_act"]:
            assert step["action"] in update["legal"], (index, update["legal"])
            await me.send({"type": "act", "action": step["action"], "index": index})
    match = update["match"]
    await me.close()
    with server.http() as http:
        reply = http.get(
            f"/api/matches/{match}/replay", headers={"Authorization": f"Bearer {token}"}
        )
        assert reply.status_code == 200, reply.text
        log: list[Any] = reply.json()["log"]
    return log

"""Lessons on a real server: a game's lesson as the runner reads it, a lesson's room (you and
the scripted bots), and a whole lesson played over the WebSocket by a client that makes
exactly the person's steps — the bots play theirs, and the match ends as the lesson says."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_helpers import Player, ServerProcess, as_json, bearer

from rumizi import games, lessons
from rumizi.engine import params
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
    view, match = asyncio.run(_play(shared_server, made["token"], steps))
    # A scripted bot waiting for its step is not a bot failing to move: nothing is logged.
    assert "waits for its step" not in shared_server.log_path.read_text(errors="replace")
    played, other = lessons.replay(game_id), lessons.replay(game_id, 1)
    ends = [as_json(m.view(YOU)) for m in (played.match, other.match)]
    # What a lesson sets (its stacked cards) is the same whatever the seed; a match that
    # goes on after the lesson deals its next round from its own shuffle.
    stable = {k for k in ends[0] if ends[0][k] == ends[1][k]}
    assert {"scores", "last_round"} & set(ends[0]) <= stable
    assert {k: view[k] for k in stable} == {k: ends[0][k] for k in stable}, "the bots' steps"
    if played.match.over:  # the lesson's last move ends the match: its log is the script
        with shared_server.http() as http:
            reply = http.get(f"/api/matches/{match}/replay", headers=bearer(made["token"]))
            assert reply.status_code == 200, reply.text
        expected = [[step["seat"], a] for step, a in zip(steps, played.actions, strict=True)]
        assert reply.json()["log"] == expected


async def _play(
    server: ServerProcess, token: str, steps: list[dict[str, Any]]
) -> tuple[dict[str, Any], str]:
    """Make the person's steps when they come (the match's index says which step is due);
    return the person's view when the lesson's last step is made, and the match."""
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
            assert any(params.fits(a, step["action"]) for a in update["legal"]), index
            await me.send({"type": "act", "action": step["action"], "index": index})
    await me.close()
    assert index == len(steps)
    return update["view"], update["match"]

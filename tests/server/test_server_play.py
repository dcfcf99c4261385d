"""A full Love Letter match on a real server: 2 people (test clients) and 2 bots.

Every message each client receives is checked against the true positions rebuilt from
the match's seed and log after the end: each view must equal the seat's view of the true
state *and* of states determinized for that seat (so it holds nothing the seat may not
know), and each batch of events must be exactly the events that seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from typing import Any

import pytest
from server_helpers import Player, ServerProcess, as_json, bearer, create_room, full_replay, rebuild
from websockets.exceptions import ConnectionClosed

from rumizi import games
from rumizi.engine import Event, make_rng

SEATS = [
    {"kind": "person", "name": "Ana"},
    {"kind": "bot", "bot": "heuristic"},
    {"kind": "person", "name": "Bahar"},
    {"kind": "bot", "bot": "random"},
]


def test_full_match_two_people_two_bots_no_leaks(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        made = create_room(http, game="love-letter", seats=SEATS, settings={"bot_delay": 0})
        room_id = made["room"]["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
        assert set(tokens) == {0, 2}
        assert made["room"]["seats"][1]["bot"] == "heuristic"

        record = asyncio.run(_play(shared_server, made, http))

        match_id = record["match"]
        replay = full_replay(http, match_id, bearer(made["spectator_token"]))
        assert replay["finished"] is True
        assert replay["outcome"] == record["outcome"]
        assert len(replay["positions"]) == len(replay["log"]) + 1

        # Rebuild every position from the seed and the log, and check what each got.
        game = games.load("love-letter")
        states, marks, match = rebuild(game, replay)
        assert [[e.seat, e.action] for e in match.log] == replay["log"]
        rng = make_rng(7)
        seen = 0
        for who, seat in (
            ("ana", 0), ("ana2", 0), ("bahar", 2), ("watcher", None)
        ):  # fmt: skip
            over = False
            for message in record["messages"][who]:
                text = json.dumps(message)
                for other in {**tokens, "host": made["host_token"]}.values():
                    assert other not in text, "a token reached a client"
                if message["type"] == "room" and message["room"]["status"] == "over":
                    over = True  # the seed is revealed once the match is over
                    assert message["room"]["seed"] == replay["seed"]
                    _check_commitment(message["room"])
                if not over:
                    assert str(replay["seed"]) not in text, "the seed leaked before the end"
                if message["type"] == "update":
                    _check_update(game, states, marks, match.events, message, seat, rng)
                    seen += 1
        assert seen > 40

        # Positions of the full replay agree with the rebuilt match, views and all.
        for position in replay["positions"][:: max(1, len(replay["positions"]) // 10)]:
            state = states[position["index"]]
            assert position["views"]["spectator"] == as_json(game.view(state, None))
            for seat in range(4):
                assert position["views"][str(seat)] == as_json(game.view(state, seat))
        assert room_id == replay["room"]


def _check_commitment(room: dict[str, Any]) -> None:
    """The seed revealed at the end is the one whose hash was published at the start."""
    published = hashlib.sha256(f"rumizi-seed:{room['match']}:{room['seed']}".encode())
    assert room["seed_hash"] == published.hexdigest()


def _check_update(
    game: Any,
    states: list[Any],
    marks: list[int],
    events: list[Event],
    message: dict[str, Any],
    seat: int | None,
    rng: Any,
) -> None:
    index, since = message["index"], message["since"]
    state = states[index]
    assert set(message) <= {
        "type", "match", "index", "since", "events", "view", "to_act", "legal", "said", "over",
        "outcome", "clock", "ack",
    }  # fmt: skip
    view = as_json(game.view(state, seat))
    assert message["view"] == view
    to_act = sorted(game.to_act(state))
    assert message["to_act"] == to_act
    new = events[marks[since] if since else 0 : marks[index]]  # since 0: the setup's too
    expected = [games.told(game.id, e.to_json(), seat) for e in new if e.visible_to(seat)]
    assert message["events"] == as_json(expected)
    if seat is None:
        for s in range(state.players):
            world = game.determinize(state, s, rng)
            assert as_json(game.view(world, None)) == view
        assert message["legal"] == []
        return
    world = game.determinize(state, seat, rng)
    assert as_json(game.view(world, seat)) == view, "the view depends on something hidden"
    legal = as_json(game.legal(state, seat)) if seat in to_act else []
    assert message["legal"] == legal
    assert message["said"] == [games.said(game.id, [a], view)[0] for a in legal]
    if legal:
        assert as_json(game.legal(world, seat)) == legal


async def _play(server: ServerProcess, made: dict[str, Any], http: Any) -> dict[str, Any]:
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    room_id = made["room"]["id"]
    ana = Player(server.ws_url, tokens[0], "ana")
    bahar = Player(server.ws_url, tokens[2], "bahar")
    watcher = Player(server.ws_url, made["spectator_token"], "watcher")
    for p in (ana, bahar, watcher):
        welcome = await p.connect()
        assert welcome["v"] == 1 and welcome["room"]["id"] == room_id
    await ana.send({"type": "ready"})
    await bahar.send({"type": "ready"})
    await watcher.wait_for(
        lambda m: m["type"] == "room" and all(s["ready"] for s in m["room"]["seats"])
    )
    response = http.post(f"/api/rooms/{room_id}/start", headers=bearer(made["host_token"]))
    assert response.status_code == 200, response.text
    first = await ana.expect("update")
    assert first["index"] == 0 and first["since"] == 0
    match_id = first["match"]

    # During the match, the replay shows a seat only its own view, and nobody the log.
    hidden = http.get(f"/api/matches/{match_id}/replay")  # a private room's: no such match
    assert hidden.status_code == 404 and hidden.json()["code"] == "not_found"
    own = http.get(f"/api/matches/{match_id}/replay", headers=bearer(tokens[0])).json()
    assert own["finished"] is False and "log" not in own and "seed" not in own
    assert own["positions"][0]["view"] == first["view"]

    ana2 = Player(server.ws_url, tokens[0], "ana2")
    rng = random.Random(5)
    reconnects: list[tuple[dict[str, Any], dict[str, Any]]] = []

    async def person(p: Player, seat: int) -> dict[str, Any]:
        message = p.last if p.last is not None else await p.expect("update")
        while True:
            if message["type"] == "update":
                if message["over"]:
                    return message
                if seat == 0 and ana2.ws is None and message["index"] >= 4 and message["legal"]:
                    # A second tab opened on our turn takes the seat over: the same
                    # position, nothing missed; the first tab is told so and closed.
                    await ana2.connect(match_id, message["index"])
                    again = await ana2.expect("update")
                    assert again["view"] == message["view"] and again["events"] == []
                    assert again["legal"] == message["legal"]
                    told = await p.wait_for(lambda m: m["type"] == "error")
                    assert told["code"] == "taken_over"
                    with pytest.raises(ConnectionClosed) as closed:
                        await p.recv()
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
                    p, message = ana2, again
                    continue
                if seat == 2 and not reconnects and message["index"] >= 8 and not message["legal"]:
                    message = await _drop_and_return(p, http, room_id, reconnects)
                    continue
                if message["legal"]:
                    await _act(p, rng, message)
            message = await p.recv()

    async def follow(p: Player) -> None:
        while not (p.last and p.last["over"]):
            await p.recv()

    follows = [asyncio.create_task(follow(watcher))]
    results = await asyncio.gather(person(ana, 0), person(bahar, 2))
    await asyncio.gather(*follows)
    assert reconnects and ana2.last is not None and ana2.last["over"]

    # The reconnected socket resumed from the last index it saw (the events it missed are
    # checked against the true match, with every other update, after the end).
    last, back = reconnects[0]
    assert back["since"] == last["index"] and back["index"] > last["index"] and back["events"]
    for p in (ana, ana2, bahar, watcher):
        await p.close()
    acks = [m for m in ana.messages if m.get("ack") is not None]
    assert acks and all(m["type"] == "update" for m in acks)
    return {
        "match": match_id,
        "outcome": results[0]["outcome"],
        "messages": {p.name: p.messages for p in (ana, ana2, bahar, watcher)},
    }


async def _act(p: Player, rng: random.Random, message: dict[str, Any]) -> None:
    action = message["legal"][rng.randrange(len(message["legal"]))]
    await p.send({"type": "act", "action": action, "index": message["index"], "ref": "r"})


async def _drop_and_return(
    p: Player, http: Any, room_id: str, reconnects: list[Any]
) -> dict[str, Any]:
    """Close the socket, let the game move on, reconnect from the last index seen."""
    last = p.last
    assert last is not None
    await p.close()
    headers = bearer(p.token)
    for _ in range(400):  # the others play on (until it is this seat's turn again)
        now = http.get(f"/api/rooms/{room_id}/state", headers=headers).json()["update"]
        if now["index"] >= last["index"] + 2 or 2 in now["to_act"] or now["over"]:
            break
        await asyncio.sleep(0.02)
    back = await p.connect(last["match"], last["index"])
    assert back["seat"] == 2
    update = await p.expect("update")
    reconnects.append((last, update))
    return update

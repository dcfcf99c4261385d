"""A room built and driven in-process, as boardgame.io tests its Master: ``Rooms`` over a
real SQLite file, clients that keep what they are told, and every message through the
socket's own command table (``room.commands.handle``); no server process, no socket.

Also: the command table has a row for every client message of the protocol."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import typing
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from love_letter_helpers import stack
from rumizi.server import protocol
from rumizi.server.errors import RoomError
from rumizi.server.limits import Limits
from rumizi.server.protocol import CreateRoom
from rumizi.server.room.clients import Client
from rumizi.server.room.commands import COMMANDS, Caller, handle, run
from rumizi.server.room.room import Room
from rumizi.server.room.rooms import Rooms
from rumizi.server.store import Store


def test_the_command_table_has_a_row_for_every_client_message() -> None:
    union = set(typing.get_args(protocol.Client))
    assert union, "the protocol's Client union is empty"
    assert set(COMMANDS) == union


class Heard:
    """A client of the room that keeps every message it is told, in order."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.client = Client(self._push, self._close)

    def _push(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def _close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.messages if m["type"] == kind][-1]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    async def say(self, room: Room, message: dict[str, Any]) -> None:
        await handle(room, self.client, json.dumps(message))


async def _until(check: Callable[[], bool], what: str, tries: int = 500) -> None:
    """Let the room's tasks (bots, timers) run until ``check`` holds (at most ``tries``
    turns of the loop, each a short sleep)."""
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never came: {what}")


Scenario = Callable[[Rooms], Awaitable[None]]


def _play(tmp_path: Path, scenario: Scenario) -> None:
    async def main() -> None:
        store = await Store.open(str(tmp_path / "rooms.db"))
        rooms = Rooms(store, dataclasses.replace(Limits(), linger_seconds=60))
        try:
            await scenario(rooms)
        finally:
            rooms.close()
            await store.close()

    asyncio.run(main())


HARMLESS = ("guard",) * 4 + ("priest", "priest", "handmaid", "handmaid", "king", "countess")
"""Set aside and face up: Guards; then each hand and the first four draws knock nobody
out, so the match lasts at least four moves (seat 0 first)."""


async def _room(
    rooms: Rooms, seats: list[dict[str, Any]], **settings: Any
) -> tuple[Room, dict[str, Any]]:
    body = CreateRoom.model_validate(
        {
            "game": "love-letter",
            "seats": seats,
            "options": {"tokens_to_win": 1, "first": 0, "deck": stack(*HARMLESS)},
            "settings": {"bot_delay": 0, **settings},
        }
    )
    return await rooms.create(body)


async def _seated(rooms: Rooms, token: str, since: tuple[str, int] | None = None) -> Heard:
    heard = Heard()
    room, role, seat = await rooms.by_token(token)
    match, index = since if since is not None else (None, None)
    await room.connect(heard.client, role, seat, match, index)
    return heard


async def _two_people(rooms: Rooms) -> tuple[Room, dict[str, Any], list[Heard]]:
    room, tokens = await _room(rooms, [{"kind": "person"}, {"kind": "person"}])
    people = [await _seated(rooms, s["token"]) for s in tokens["seats"]]
    for person in people:
        await person.say(room, {"type": "ready", "ref": "r"})
    await people[0].say(room, {"type": "start", "ref": "s"})
    assert room.row.status == "playing"
    return room, tokens, people


def test_an_action_is_stored_then_told_to_every_seat(tmp_path: Path) -> None:
    async def scenario(rooms: Rooms) -> None:
        room, _tokens, people = await _two_people(rooms)
        first = people[0].last("update")
        mover = first["to_act"][0]
        other = 1 - mover
        action = people[mover].last("update")["legal"][0]
        await people[mover].say(room, {"type": "act", "action": action, "index": 0, "ref": 7})
        assert room.live is not None and room.live.index == 1
        acked = people[mover].last("update")
        assert acked["index"] == 1 and acked["ack"] == 7
        told = people[other].last("update")
        assert told["index"] == 1 and "ack" not in told
        assert told["since"] == 0 and told["events"]
        stored = await rooms.store.log(room.live.id)
        assert stored == [(mover, action)]

    _play(tmp_path, scenario)


def test_stale_out_of_turn_and_illegal_actions_change_nothing(tmp_path: Path) -> None:
    async def scenario(rooms: Rooms) -> None:
        room, tokens, people = await _two_people(rooms)
        assert room.live is not None
        mover = people[0].last("update")["to_act"][0]
        other = 1 - mover
        legal = people[mover].last("update")["legal"]
        await people[mover].say(room, {"type": "act", "action": legal[0], "index": 0})
        seen = [len(p.of("update")) for p in people]

        await people[mover].say(room, {"type": "act", "action": legal[0], "index": 0, "ref": 1})
        stale = people[mover].last("error")
        assert (stale["code"], stale["ref"], stale["index"]) == ("stale", 1, 1)

        await people[mover].say(room, {"type": "act", "action": legal[0], "index": 5, "ref": 2})
        assert people[mover].last("error")["code"] == "bad_index"

        now = people[other].last("update")
        if mover not in now["to_act"]:
            await people[mover].say(room, {"type": "act", "action": legal[0], "index": 1})
            assert people[mover].last("error")["code"] == "not_your_turn"
        await people[other].say(room, {"type": "act", "action": {"nonsense": 1}, "index": 1})
        assert people[other].last("error")["code"] == "illegal"

        watcher = await _seated(rooms, tokens["spectator_token"])
        await watcher.say(room, {"type": "act", "action": legal[0], "index": 1, "ref": 3})
        refused = watcher.last("error")
        assert (refused["code"], refused["ref"]) == ("forbidden", 3)
        with pytest.raises(RoomError) as http:  # the same check, over HTTP
            await run(room, Caller("spectator", None), protocol.Abort(type="abort"))
        assert http.value.code == "forbidden"

        assert room.live.index == 1
        assert await rooms.store.log(room.live.id) == [(mover, legal[0])]
        assert [len(p.of("update")) for p in people] == seen  # nobody was told anything

    _play(tmp_path, scenario)


def test_a_reconnected_seat_gets_what_it_missed(tmp_path: Path) -> None:
    async def scenario(rooms: Rooms) -> None:
        room, tokens, people = await _two_people(rooms)
        assert room.live is not None
        mover = people[0].last("update")["to_act"][0]
        other = 1 - mover
        match = room.live.id
        await room.disconnect(people[other].client)
        assert not room.seats[other].clients and room.seats[other].grace is not None
        action = people[mover].last("update")["legal"][0]
        await people[mover].say(room, {"type": "act", "action": action, "index": 0})

        back = await _seated(rooms, tokens["seats"][other]["token"], (match, 0))
        welcome, update = back.messages[0], back.messages[1]
        assert welcome["type"] == "welcome" and welcome["seat"] == other
        assert (update["type"], update["since"], update["index"]) == ("update", 0, 1)
        assert update["events"] and update["view"] == room.update(other, 0)["view"]
        assert room.seats[other].grace is None  # here again: no grace period runs

        second = await _seated(rooms, tokens["seats"][other]["token"], (match, 1))
        assert back.last("error")["code"] == "taken_over" and back.closed == (4409, "taken_over")
        assert second.messages[1]["since"] == 1

    _play(tmp_path, scenario)


def test_a_bot_takes_its_turn(tmp_path: Path) -> None:
    async def scenario(rooms: Rooms) -> None:
        room, tokens = await _room(rooms, [{"kind": "person"}, {"kind": "bot"}])
        person = await _seated(rooms, tokens["seats"][0]["token"])
        await person.say(room, {"type": "ready"})
        await person.say(room, {"type": "start"})
        live = room.live
        assert live is not None
        first = person.last("update")
        assert first["to_act"] == [0]  # seat 0 begins (the ``first`` option)
        await person.say(room, {"type": "act", "action": first["legal"][0], "index": 0})
        await _until(lambda: live.index == 2, "the bot's move")
        log: list[tuple[int, object]] = []
        for _ in range(500):  # the writer thread stores the move: wait for its commit
            log = await rooms.store.log(live.id)
            if len(log) == 2:
                break
            await asyncio.sleep(0.01)
        assert [seat for seat, _action in log] == [0, 1]  # the person, then the bot
        await _until(lambda: person.last("update")["index"] == 2, "the bot's move told")
        assert person.last("update")["to_act"] == [0]

    _play(tmp_path, scenario)


def test_the_host_stops_the_match_through_the_table(tmp_path: Path) -> None:
    async def scenario(rooms: Rooms) -> None:
        room, tokens, people = await _two_people(rooms)
        host = await _seated(rooms, tokens["host_token"])
        await people[0].say(room, {"type": "abort", "ref": "a"})
        assert people[0].last("error")["code"] == "forbidden"
        assert room.row.status == "playing"
        await host.say(room, {"type": "abort", "ref": "b"})
        assert room.row.status == "over"
        notice = people[1].last("notice")
        assert (notice["kind"], notice["reason"]) == ("aborted", "stopped by the host")

    _play(tmp_path, scenario)

"""Store first, then memory: when the database refuses a write, the room in memory is left
as it was (join, ready, leave, connect, invite), and the caller gets a ``storage`` error."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from rumizi.server.room.rooms import Client, RoomError, Rooms
from rumizi.server.store import RoomRow, SeatRow, StoreError
from rumizi.server.tokens import token_hash


class RefusingStore:
    """A store whose every seat write fails, as PostgreSQL did on a NUL in a name."""

    def __init__(self) -> None:
        self.writes = 0

    async def save_seat(self, room_id: str, seat: SeatRow, fence: Any = None) -> None:
        self.writes += 1
        raise StoreError("the database refused a write")


def _room_row() -> RoomRow:
    seats = [
        SeatRow(0, "person", None, "Sara", token_hash("t0"), True),
        SeatRow(1, "person", None, "player 2", token_hash("t1"), False),
    ]
    return RoomRow(
        "0123456789ab", "love-letter", {}, True, "t", {}, token_hash("host"),
        token_hash("watch"), "open", None, 0.0, seats,
    )  # fmt: skip


def _seats(room: Any) -> list[Any]:
    return [copy.deepcopy(s.row) for s in room.seats]


@pytest.mark.parametrize("change", ["join", "join_public", "ready", "leave", "connect", "invite"])
def test_a_refused_write_changes_nothing_in_memory(change: str) -> None:
    async def scenario() -> None:
        store = RefusingStore()
        rooms = Rooms(store)  # type: ignore[arg-type]
        from rumizi.server.room.rooms import Room

        room = Room(rooms, _room_row())
        rooms._register(room)
        before = _seats(room)
        client = Client(lambda text: None)
        with pytest.raises(RoomError) as refused:
            if change == "join":
                await room.join("t1", "Eve")
            elif change == "join_public":
                await room.join(None, "Eve")
            elif change == "ready":
                await room.set_ready(1, True)
            elif change == "leave":
                await room.leave(0)
            elif change == "connect":
                await room.connect(client, "seat", 1, None, None)
            else:
                await room.invite(1)
        assert refused.value.code == "storage" and refused.value.status == 503
        assert store.writes == 1
        assert _seats(room) == before  # names, joined, ready and tokens as they were
        assert room.row.seats == before
        assert not room.seats[1].clients
        assert (await rooms.by_token("t1"))[2] == 1  # the old token still works
        room.close()

    asyncio.run(scenario())


def test_a_room_that_leaves_memory_is_freed_without_the_collector(tmp_path: Any) -> None:
    """The server freezes what survives a full collection (``run.py``), so a room that
    leaves memory must not hang in a reference cycle: reference counting alone frees it."""
    import dataclasses
    import gc
    import weakref

    from rumizi.server.limits import Limits
    from rumizi.server.protocol import CreateRoom
    from rumizi.server.store import Store

    async def scenario() -> tuple[int, int]:
        store = await Store.open(str(tmp_path / "rooms.db"))
        rooms = Rooms(store, dataclasses.replace(Limits(), linger_seconds=0))
        refs = []
        gc.disable()
        try:
            for _ in range(5):
                body = CreateRoom.model_validate(
                    {"game": "love-letter", "seats": [{"kind": "person"}, {"kind": "bot"}],
                     "options": {"tokens_to_win": 1}, "settings": {"bot_delay": 0}}
                )  # fmt: skip
                room, _tokens = await rooms.create(body)
                await room.set_ready(0, True)
                await room.start("host", None)
                while room.row.status != "over":
                    update = room.update(0, 0)
                    if update["legal"]:
                        await room.act(0, update["legal"][0], update["index"])
                    else:
                        await asyncio.sleep(0.01)
                refs.append(weakref.ref(room))
                del room
            await asyncio.sleep(0.1)  # the linger timers fire
            return len(rooms), sum(r() is not None for r in refs)
        finally:
            gc.enable()
            await store.close()

    assert asyncio.run(scenario()) == (0, 0)

"""Replays as one seat saw them, and post-game analysis, through the real server.

A seat's replay — during the match (its own, with its token) or after the end (any seat,
``?seat=N``) — holds, at every position, exactly the engine's ``view(state, seat)`` and
the events that seat may see: never another seat's hidden cards. Every card is shown
(every seat's view) only once the match is over.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx
import pytest
from server_helpers import ServerProcess, as_json, bearer, create_room, full_replay

from love_letter_helpers import stack
from rumizi import games
from rumizi.bots import analysis
from rumizi.engine import Match
from rumizi.server.limits import Limits
from rumizi.server.review.analyses import Analyses
from rumizi.server.room.rooms import RoomError

T = TypeVar("T")
GAME = games.load("love-letter")
HARMLESS = ("guard",) * 4 + ("priest", "priest", "handmaid", "handmaid", "king", "countess")
"""Set aside and face up: Guards; then each hand and the first four draws knock nobody
out, so the match lasts at least four moves."""


def _run(job: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: beside a test session's other event loops
    (Playwright's sync API keeps one running in the main thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, job).result()


def _wait(get: Any, done: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while not done(value := get()):
        assert time.monotonic() < deadline, f"never happened; last: {value}"
        time.sleep(0.05)
    return value


def _play(http: httpx.Client, room: str, token: str, until: int | None = None) -> dict[str, Any]:
    """Seat 0 plays its first legal move each turn (the bot plays seat 1) until the match
    has ``until`` log entries (or is over); returns the last update."""
    while True:
        update = http.get(f"/api/rooms/{room}/state", headers=bearer(token)).json()["update"]
        if update["over"] or (until is not None and update["index"] >= until):
            return update
        if update["legal"]:
            body = {"action": update["legal"][0], "index": update["index"]}
            http.post(f"/api/rooms/{room}/act", json=body, headers=bearer(token))
        else:
            time.sleep(0.02)


def _seat_positions(replay: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """What a seat's replay must hold: rebuilt from seed and log by the engine."""
    match = Match(GAME, replay["players"], replay["seed"], replay["options"])
    positions, first = [], 0
    for i in range(len(replay["log"]) + 1):
        if i:
            match.apply(*replay["log"][i - 1])
        events = [
            games.told("love-letter", e.to_json(), seat)
            for e in match.events[first:]
            if e.visible_to(seat)
        ]
        first = len(match.events)
        view = match.view(seat)
        positions.append(
            {"index": i, "events": events, "view": view, "to_act": sorted(match.to_act())}
        )
    return as_json(positions)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def played(shared_server: ServerProcess) -> Iterator[dict[str, Any]]:
    """A private two-seat match (a person, a bot): seat 0's replay read halfway, then the
    match played to its end."""
    with shared_server.http() as http:
        made = create_room(
            http,
            game="love-letter",
            seats=[{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}],
            options={"tokens_to_win": 1, "first": 0, "deck": stack(*HARMLESS)},
            settings={"bot_delay": 0},
        )
        room, mine = made["room"]["id"], made["seats"][0]["token"]
        http.post(f"/api/rooms/{room}/ready", headers=bearer(mine))
        http.post(f"/api/rooms/{room}/start", headers=bearer(mine))
        match = _wait(lambda: http.get(f"/api/rooms/{room}", headers=bearer(mine)).json(),
                      lambda r: r["match"] is not None)["match"]  # fmt: skip
        _play(http, room, mine, until=4)
        halfway = http.get(f"/api/matches/{match}/replay", headers=bearer(mine))
        others = http.get(f"/api/matches/{match}/replay", params={"seat": 1}, headers=bearer(mine))
        anonymous = http.get(f"/api/matches/{match}/replay")
        early = http.get(f"/api/matches/{match}/analysis", params={"seat": 0}, headers=bearer(mine))
        listed = http.get(f"/api/rooms/{room}/replays", headers=bearer(mine)).json()
        _play(http, room, mine)
        watch = bearer(made["spectator_token"])
        yield {
            "http": http, "match": match, "mine": bearer(mine), "watch": watch,
            "halfway": halfway, "others": others, "anonymous": anonymous, "early": early,
            "listed_halfway": listed,
        }  # fmt: skip


def test_during_the_match_a_seat_replays_only_its_own_view(played: dict[str, Any]) -> None:
    halfway = played["halfway"].json()
    assert played["listed_halfway"] == []  # nothing is over yet
    assert halfway["finished"] is False and halfway["seat"] == 0
    assert "log" not in halfway and "seed" not in halfway
    full = full_replay(played["http"], played["match"], played["watch"])
    truth = _seat_positions(full, 0)
    assert len(halfway["positions"]) >= 5
    assert halfway["positions"] == truth[: len(halfway["positions"])]
    for position in halfway["positions"]:
        assert "views" not in position
        assert all("to" not in e for e in position["events"])
    # Another seat's view, every seat's, or any view without a token: refused in play.
    assert played["others"].status_code == 403
    assert played["anonymous"].status_code == 404  # a private room's match is not found
    assert played["early"].status_code == 403 and played["early"].json()["code"] == "in_play"


def test_after_the_end_any_seat_or_every_card_can_be_replayed(played: dict[str, Any]) -> None:
    http, match, mine = played["http"], played["match"], played["mine"]
    full = full_replay(http, match, mine)
    assert full["finished"] is True and full["outcome"] is not None
    assert full["analysable"] is True  # Love Letter has a search bot to judge it
    for seat in (0, 1):
        reply = http.get(f"/api/matches/{match}/replay", params={"seat": seat}, headers=mine)
        seen = reply.json()
        assert seen["seat"] == seat and seen["next"] is None
        assert seen["positions"] == _seat_positions(full, seat)
    # Every card: each seat's view at each position; each event with its audience and the
    # words that tell it to that audience.
    hands = {str(s): full["positions"][0]["views"][str(s)]["hand"] for s in (0, 1)}
    assert all(hands.values())
    told = [e for p in full["positions"] for e in p["events"] if e["to"] is not None]
    assert {e["event"]["kind"] for e in told} >= {"drew"} and {e["to"][0] for e in told} == {0, 1}
    for e in told:
        assert e.get("message") == games.told("love-letter", e["event"], e["to"][0]).get("message")
    bad = http.get(f"/api/matches/{match}/replay", params={"seat": 2}, headers=mine)
    assert bad.status_code == 422
    # The room lists its finished matches (to its own tokens: the room is private).
    listed = http.get(f"/api/rooms/{full['room']}/replays", headers=mine).json()
    assert listed == [{"match": match, "number": 1, "outcome": full["outcome"], "aborted": None}]
    assert http.get(f"/api/rooms/{full['room']}/replays").status_code == 404


def test_the_analysis_of_a_finished_match_weighs_each_decision_of_the_seat(
    played: dict[str, Any],
) -> None:
    http, match, mine = played["http"], played["match"], played["mine"]
    reply = http.get(f"/api/matches/{match}/analysis", params={"seat": 0}, headers=mine)
    assert reply.status_code == 200, reply.text
    found = reply.json()
    log = full_replay(http, match, mine)["log"]
    assert found["seat"] == 0 and found["level"] == "search"
    assert found["decisions"], "seat 0 had choices"
    for d in found["decisions"]:
        assert log[d["index"]] == [0, d["played"]]
        assert 0 <= d["played_value"] <= d["best_value"] + 1e-9 <= 1 + 1e-9
        assert d["played_message"]["key"].startswith("action.")
    marked = sorted(d["index"] for d in found["decisions"] if d["costly"])
    costs = {d["index"]: d["cost"] for d in found["decisions"]}
    dear = sorted(i for i in costs if costs[i] >= 0.05)  # at least 5 points: worth a mark
    if len(dear) <= 3:
        assert marked == dear
    else:  # the three dearest
        assert len(marked) == 3 and min(costs[i] for i in marked) >= max(
            costs[i] for i in dear if i not in marked
        )
    again = http.get(f"/api/matches/{match}/analysis", params={"seat": 0}, headers=mine)
    assert again.json() == found
    assert (
        http.get(f"/api/matches/{match}/analysis", params={"seat": 5}, headers=mine).status_code
        == 422
    )


def test_a_game_without_a_search_bot_has_no_analysis() -> None:
    plain = [g for g in games.ids() if analysis.search_level(g) is None]
    if not plain:
        pytest.skip("every game has a search bot")
    row: Any = _Row([])
    row.game = plain[0]
    kept = Analyses(Limits())
    with pytest.raises(RoomError) as refused:
        _run(kept.of(row, 0, []))
    assert refused.value.code == "no_analysis" and refused.value.status == 404
    assert kept.made == 0


class _Row:
    """A finished match's row, as the store gives it."""

    def __init__(self, log: list[list[Any]]) -> None:
        self.id, self.game, self.players, self.seed = "m1", "love-letter", 2, 21
        self.options: dict[str, Any] = {"tokens_to_win": 1}
        self.log = log


def test_an_analysis_is_made_once_in_another_process_and_too_many_wait_no_more() -> None:
    match = Match(GAME, 2, 21, {"tokens_to_win": 1})
    while not match.over:
        seat = next(iter(match.to_act()))
        match.apply(seat, match.legal(seat)[0])
    log = [(e.seat, e.action) for e in match.log]
    row: Any = _Row([list(x) for x in log])
    kept = Analyses(Limits(analysis_seconds=5, analysis_queue=1))

    async def both() -> tuple[Any, ...]:
        return await asyncio.gather(
            kept.of(row, 0, log), kept.of(row, 0, log), kept.of(row, 1, log),
            return_exceptions=True,
        )  # fmt: skip

    try:
        first, second, third = _run(both())
        assert first is second and kept.made == 1  # asked twice at once: made once
        assert getattr(third, "code", None) == "busy"  # the queue (of one) was full
        assert _run(kept.of(row, 0, log)) is first and kept.made == 1
    finally:
        kept.close()
    expected = analysis.analyse(GAME, 2, 21, {"tokens_to_win": 1}, log, 0, "search")
    assert [d["index"] for d in first["decisions"]] == [d.index for d in expected]

"""Profiles and history (issue 32, part 3), against a real server: games played and won
per game, the last matches with their replays (readable with the player's cookie alone),
one's own page with the unfinished tables, another's page with public rooms only."""

from __future__ import annotations

import time

import httpx
from server_helpers import ServerProcess, bearer

SOLO = {
    "game": "love-letter",
    "seats": [{"kind": "person"}, {"kind": "bot"}],
    "options": {"tokens_to_win": 1},
    "settings": {"autostart": True, "bot_delay": 0},
}


def play_out(http: httpx.Client, room: str, token: str) -> dict[str, object]:
    """Play the seat's first legal move each turn until the match is over."""
    assert http.post(f"/api/rooms/{room}/ready", headers=bearer(token)).status_code == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = http.get(f"/api/rooms/{room}/state", headers=bearer(token)).json()["update"]
        if state is not None and state["over"]:
            return state
        if state is not None and state["legal"]:
            body = {"action": state["legal"][0], "index": state["index"]}
            reply = http.post(f"/api/rooms/{room}/act", headers=bearer(token), json=body)
            assert reply.status_code in (200, 409), reply.text  # 409: a bot moved first
        else:
            time.sleep(0.02)
    raise AssertionError("the match did not end")


def test_a_profile_counts_games_played_and_won_and_links_their_replays(
    shared_server: ServerProcess,
) -> None:
    with shared_server.http() as http:
        http.headers["origin"] = shared_server.url
        me = http.get("/api/me").json()["player"]
        http.post("/api/me", json={"name": "Dara"})
        finished = []
        for public in (True, False):
            made = http.post("/api/rooms", json={**SOLO, "public": public}).json()
            room, token = made["room"]["id"], made["seats"][0]["token"]
            play_out(http, room, token)
            finished.append(room)
        unfinished = http.post("/api/rooms", json=SOLO).json()["room"]["id"]
        mine = http.get(f"/api/players/{me['id']}").json()
        assert mine["own"] is True and mine["player"]["name"] == "Dara"
        [counts] = mine["games"]
        assert counts["game"] == "love-letter" and counts["played"] == 2
        assert 0 <= counts["won"] <= 2
        assert [m["room"] for m in mine["last"]] == finished[::-1]  # the latest first
        assert sum(m["won"] for m in mine["last"]) == counts["won"]
        assert [t["room"] for t in mine["tables"]] == [unfinished]
        # The private match's replay, with the player's cookie and no token at all.
        private = mine["last"][0]
        replay = http.get(f"/api/matches/{private['match']}/replay", params={"seat": 0})
        assert replay.status_code == 200, replay.text
        assert http.get(f"/p/{me['id']}").status_code == 200  # the page
    with shared_server.http() as stranger:  # another's page: public rooms only, no tables
        theirs = stranger.get(f"/api/players/{me['id']}").json()
        assert theirs["own"] is False and "tables" not in theirs
        assert [m["room"] for m in theirs["last"]] == [finished[0]]
        assert theirs["games"] == [
            {"game": "love-letter", "played": 1, "won": theirs["games"][0]["won"]}
        ]
        refused = stranger.get(f"/api/matches/{private['match']}/replay")
        assert refused.status_code == 404
        assert stranger.get("/api/players/0123456789abcdef").status_code == 404
        assert stranger.get("/api/players/nope").status_code == 404

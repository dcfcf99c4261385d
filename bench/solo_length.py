"""How long "Play against bots" takes: solo games, for each preset of a game (the
description's game lengths), the person's seat played by a bot too.

    .venv/bin/python bench/solo_length.py [--games 200] [--game skip-bo] [--think S]
                                          [--delay 0.8] [--seed 1]
    .venv/bin/python bench/solo_length.py --served 6 [--game skip-bo]   # real time

A game's time at the table is modelled from its moves, not waited for:

- **with a person's pace**: each action of the person's seat (seat 0) takes ``--think``
  seconds (by default ``THINK``: 3 s to find and play one Skip-Bo card, a click or a
  drag; 8 s for a Love Letter turn: read the table, a card, a target, a guess), each
  bot action waits the room's bot delay (``--delay``: the "normal" speed, 0.8 s) plus
  the bot's own decision time, measured here on this machine;
- **plain bot time**: every seat, the person's too, at the bot delay plus decision time.

A move here is one applied action: one card played or discarded (Skip-Bo), one turn
(Love Letter). The round-end panels do not block the table, so they add nothing. The
seats sit as "Play against bots" seats them (``solo_seats``, bots of ``solo_level``);
seat 0 starts, as the solo game's default ``first``. Prints, per game and preset: moves
per game (the person's, the bots'), and minutes (median, quartiles, 90th percentile,
most) both ways.

``--served N`` checks the model on a real server (``rumizi serve``, a throwaway SQLite
file): N solo games at once of the game's "Play against bots" (its solo preset, bots of its
solo level at the room's default speed, 0.8 s), the person's seat played over a WebSocket
by the same bot level, waiting ``--think`` seconds before each of its moves; it prints
each game's wall-clock minutes, from the first position to the end, and their median.

Ugha Bugha is played against its clock: its games run on the arena's simulated clock
(``play_timed_game``), every action (a flip, an item said, a call) taking the arena's
``DEFAULT_THINK`` of 1 s, the person's as the bots'; the turn clocks, the "get ready"
pauses and the time-outs are the game's own. It prints the minutes of that clock.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.asyncio.client import connect

from rumizi import bots, games
from rumizi.bots.arena import play_timed_game
from rumizi.engine import Match, make_rng
from served import rumizi_server

GAMES = ("skip-bo", "love-letter", "ugha-bugha")
"""The games with presets. Tuki and Ayozhit have none: their length is the rules' own."""
TIMED = ("ugha-bugha",)
"""Played on the simulated clock."""
THINK = {"skip-bo": 3.0, "love-letter": 8.0, "ugha-bugha": 1.0}
"""A person's seconds for one move (one card in Skip-Bo, one turn in Love Letter)."""


@dataclass
class Played:
    """One game: the person's moves, the bots' moves, and the bots' decision seconds."""

    mine: int
    theirs: int
    thinking: float

    def minutes(self, think: float, delay: float) -> float:
        return (self.mine * think + self.theirs * delay + self.thinking) / 60


def play(game_id: str, options: dict[str, object], seed: int) -> Played:
    """A solo game with every seat played by the solo level's bot."""
    description = games.describe(game_id)
    players = description.solo_seats
    match = Match(games.load(game_id), players, seed, options)
    seats = [bots.make(game_id, description.solo_level) for _ in range(players)]
    rng = make_rng(seed ^ 0xB07)
    mine = theirs = 0
    thinking = 0.0
    while not match.over:
        (seat,) = match.to_act()
        view, legal = match.view(seat), match.legal(seat)
        start = time.process_time()
        action = bots.decide(seats[seat], view, legal, rng)
        spent = time.process_time() - start
        match.apply(seat, action)
        if seat == 0:
            mine += 1
        else:
            theirs += 1
            thinking += spent
    return Played(mine, theirs, thinking)


def timed_minutes(game_id: str, options: dict[str, object], seed: int) -> float:
    """A solo game of a real-time game on the simulated clock, in minutes."""
    description = games.describe(game_id)
    seats = [bots.make(game_id, description.solo_level) for _ in range(description.solo_seats)]
    return play_timed_game(games.load(game_id), seats, seed, options).seconds / 60


async def served_game(base: str, game_id: str, think: float) -> float:
    """One solo game on the server, the person's seat played by a bot at ``think`` seconds
    a move: its wall-clock minutes from the first position to the end."""
    description = games.describe(game_id)
    seats: list[dict[str, Any]] = [{"kind": "person", "name": "Bench"}]
    seats += [{"kind": "bot", "bot": description.solo_level}] * (description.solo_seats - 1)
    body = {"game": game_id, "seats": seats, "options": description.solo_options()}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = (await http.post("/api/rooms", json=body | {"settings": {"autostart": True}})).json()
    token = made["links"]["seats"]["0"].split("#token=")[1]
    me = bots.make(game_id, description.solo_level)
    rng = make_rng(len(token))
    started = None
    async with connect(base.replace("http", "ws") + "/ws", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ws.send(json.dumps({"type": "ready"}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "update":
                continue
            started = started or time.monotonic()
            if message["over"]:
                return (time.monotonic() - started) / 60
            if message["legal"] and 0 in message["to_act"]:
                await asyncio.sleep(think)
                action = bots.decide(me, message["view"], message["legal"], rng)
                act = {"type": "act", "action": action, "index": message["index"]}
                await ws.send(json.dumps(act))


def served(game_id: str, count: int, think: float) -> None:
    """``count`` solo games at once on a real server; their wall-clock minutes."""
    with rumizi_server("rumizi-solo-bench-") as base:

        async def all_games() -> list[float]:
            return list(
                await asyncio.gather(*(served_game(base, game_id, think) for _ in range(count)))
            )

        minutes = asyncio.run(all_games())
    shown = ", ".join(f"{m:.1f}" for m in sorted(minutes))
    print(
        f"{game_id}, served, a person's move {think} s: minutes {shown}; median "
        f"{statistics.median(minutes):.1f}"
    )


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    q1, median, q3 = statistics.quantiles(ordered, n=4)
    p90 = statistics.quantiles(ordered, n=10)[-1]
    most = ordered[-1]
    return f"median {median:5.1f}  quartiles {q1:5.1f}-{q3:5.1f}  p90 {p90:5.1f}  most {most:5.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--think", type=float, help="a person's seconds a move (THINK)")
    parser.add_argument("--delay", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--served", type=int, default=0, help="N real-time games on a server")
    args = parser.parse_args()
    if args.served:
        for game_id in args.game or ["skip-bo"]:
            served(game_id, args.served, args.think or THINK[game_id])
        return
    for game_id in args.game or GAMES:
        description = games.describe(game_id)
        if game_id in TIMED:
            print(
                f"{game_id}: {description.solo_seats} seats, bots {description.solo_level}, "
                f"{args.games} games from seed {args.seed}, on the simulated clock"
            )
            for preset in description.presets:
                options = dict(preset.options)
                minutes = [
                    timed_minutes(game_id, options, args.seed + i) for i in range(args.games)
                ]
                solo = " (play against bots)" if preset.id == description.solo_preset else ""
                print(f"  {preset.id}{solo} {preset.options}: minutes {spread(minutes)}")
            continue
        think = args.think or THINK[game_id]
        print(
            f"{game_id}: {description.solo_seats} seats, bots {description.solo_level}, "
            f"{args.games} games from seed {args.seed}; a person's move {think} s, "
            f"a bot's {args.delay} s + its thinking"
        )
        for preset in description.presets:
            played = [play(game_id, dict(preset.options), args.seed + i) for i in range(args.games)]
            solo = " (play against bots)" if preset.id == description.solo_preset else ""
            mine = statistics.median(p.mine for p in played)
            theirs = statistics.median(p.theirs for p in played)
            print(
                f"  {preset.id}{solo} {preset.options}: moves, median: "
                f"yours {mine:g}, bots' {theirs:g}"
            )
            person = [p.minutes(think, args.delay) for p in played]
            plain = [p.minutes(args.delay, args.delay) for p in played]
            print(f"    minutes with a person's pace: {spread(person)}")
            print(f"    minutes as plain bot time:    {spread(plain)}")


if __name__ == "__main__":
    main()

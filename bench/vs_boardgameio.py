"""Rumizi's server side by side with boardgame.io 0.50.2, the same load on both.

    .venv/bin/python bench/vs_boardgameio.py                  # K = 200 x 200 moves, 3 repeats
    .venv/bin/python bench/vs_boardgameio.py -k 20 --moves 50 --repeat 1

K concurrent matches of two seats, each seat a client of its own socket, every turn one
move, each client moving as soon as its state says it may; latency is from a move sent to
the mover seeing the new state. Each server is driven through its own API: Rumizi's
``POST /api/rooms`` and WebSocket protocol (``server_load.py``'s lean clients, its bench
game and, in the same run, a real game with its texts: ``--game``); boardgame.io's Lobby
API (``create``, ``join``) and its own client library over its SocketIO transport
(WebSocket only), in a Node driver. boardgame.io's server runs with its in-memory store
(nothing is stored on disk: Rumizi's every move is in SQLite, ``synchronous=FULL``,
before it is acknowledged) and ``NODE_ENV=production``; its game is a counter like
Rumizi's bench game: a move says the next number, ``maxMoves: 1`` ends the turn, and the
move runs on the server only (``client: false``, so the mover sees the server's state,
not a guess of its own).

boardgame.io is installed from npm into a scratch folder outside the repository
(``--scratch``, by default under ``~/.cache``), with koa-compose pinned to 4.1.0 (with
4.2.0 its server answers 404 on every REST route); the Node files are written there by
this script. Nothing of boardgame.io is in this repository.

Printed per run: moves/s, p50/p99 latency, the server's CPU time per move (``/proc`` of
the server process), its peak resident memory, the load generator's CPU; then, per
repeat (the servers' order alternating), Rumizi's ratios to boardgame.io, and their
median and spread over the repeats. Run it on a quiet machine: the load average is
printed at the start and at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_client import HOST, cpu_seconds, free_port, peak_memory_mib, percentile
from server_load import bench as rumizi_run

VERSION = "0.50.2"
PACKAGE = {
    "name": "rumizi-vs-boardgameio",
    "private": True,
    "description": "written by rumizi's bench/vs_boardgameio.py",
    "dependencies": {"boardgame.io": VERSION},
    "overrides": {"koa-compose": "4.1.0"},
}

GAME_JS = """'use strict';
// A counter, as Rumizi's bench game: a move says the next number; one move a turn.
const { INVALID_MOVE } = require('boardgame.io/core');

module.exports = {
  name: 'tally',
  setup: (_, setupData) => ({ n: 0, moves: (setupData && setupData.moves) || 200 }),
  moves: {
    say: {
      move: ({ G }, n) => {
        if (n !== G.n + 1) return INVALID_MOVE;
        G.n = n;
      },
      client: false, // the server decides; the mover waits for its state
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.n >= G.moves ? { done: true } : undefined),
};
"""

SERVER_JS = """'use strict';
const { Server } = require('boardgame.io/server');
const tally = require('./game.js');

const server = Server({ games: [tally], origins: [/.*/] }); // the in-memory store
server.run(Number(process.argv[2]), () => console.log('ready'));
"""

DRIVER_JS = """'use strict';
// K matches of two seats, each seat a boardgame.io client on its own socket.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const tally = require('./game.js');

const [port, K, MOVES, LIMIT] = process.argv.slice(2, 6).map(Number);
const OUT = process.argv[6];
const server = `http://127.0.0.1:${port}`;
const latencies = [];
let firstSend = 0;
let go = false;

async function post(path, body) {
  const reply = await fetch(server + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

function act(seat, state) {
  if (!go || state.ctx.gameover || state.ctx.currentPlayer !== seat.playerID) return;
  if (seat.sent || seat.actedOn === state.G.n) return;
  seat.actedOn = state.G.n;
  seat.sent = state.G.n + 1;
  seat.sentAt = performance.now();
  if (!firstSend) firstSend = seat.sentAt;
  seat.client.moves.say(seat.sent);
}

function seatOf(matchID, playerID, credentials) {
  const client = Client({
    game: tally,
    matchID,
    playerID,
    credentials,
    debug: false,
    multiplayer: SocketIO({ server, socketOpts: { transports: ['websocket'] } }),
  });
  const seat = { client, playerID, sent: 0, sentAt: 0, actedOn: -1, last: null };
  seat.synced = new Promise((resolve) => (seat.onSynced = resolve));
  seat.done = new Promise((resolve) => (seat.onDone = resolve));
  client.subscribe((state) => {
    if (state === null || !state.isConnected || state._stateID === undefined) return;
    seat.last = state;
    seat.onSynced();
    if (seat.sent && state.G.n >= seat.sent) {
      latencies.push((performance.now() - seat.sentAt) / 1000);
      seat.sent = 0;
    }
    if (state.ctx.gameover) seat.onDone();
    else act(seat, state);
  });
  client.start();
  return seat;
}

(async () => {
  const made = [];
  for (let i = 0; i < K; i++) {
    const setupData = { moves: MOVES };
    const { matchID } = await post('/games/tally/create', { numPlayers: 2, setupData });
    for (const playerID of ['0', '1']) {
      const playerName = `p${playerID}`;
      const joined = await post(`/games/tally/${matchID}/join`, { playerID, playerName });
      made.push([matchID, playerID, joined.playerCredentials]);
    }
  }
  const seats = made.map(([m, p, c]) => seatOf(m, p, c));
  await Promise.all(seats.map((s) => s.synced));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  go = true;
  for (const seat of seats) act(seat, seat.last);
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, LIMIT * 1000)));
  await Promise.race([Promise.all(seats.map((s) => s.done)), limit]);
  clearTimeout(timer);
  const elapsed = (performance.now() - (firstSend || t0)) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const wrong = seats.filter((s) => !s.last.ctx.gameover || s.last.G.n !== MOVES).length;
  const generator_cpu = (cpu.user + cpu.system) / 1e6;
  const figures = { latencies, elapsed, unfinished: wrong, generator_cpu };
  require('fs').writeFileSync(OUT, JSON.stringify(figures)); // (a pipe could be cut at exit)
  for (const seat of seats) seat.client.stop();
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
"""


def default_scratch() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "rumizi-bench" / f"boardgameio-{VERSION}"


def prepare(scratch: Path) -> None:
    """boardgame.io (and the pinned koa-compose) installed in ``scratch``, and the Node
    files of the game, the server and the driver written there."""
    scratch.mkdir(parents=True, exist_ok=True)
    package = json.dumps(PACKAGE, indent=2) + "\n"
    installed = {
        name: _version(scratch / "node_modules" / name) for name in ("boardgame.io", "koa-compose")
    }
    wanted = {"boardgame.io": VERSION, "koa-compose": "4.1.0"}
    if installed != wanted or _text(scratch / "package.json") != package:
        (scratch / "package.json").write_text(package)
        print(f"installing boardgame.io {VERSION} from npm into {scratch} ...", flush=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=scratch, check=True)
        installed = {name: _version(scratch / "node_modules" / name) for name in wanted}
        if installed != wanted:
            raise SystemExit(f"npm installed {installed}, not {wanted}")
    for name, text in (("game.js", GAME_JS), ("server.js", SERVER_JS), ("driver.js", DRIVER_JS)):
        (scratch / name).write_text(text)


def _version(folder: Path) -> str | None:
    with_version = _text(folder / "package.json")
    return None if with_version is None else str(json.loads(with_version)["version"])


def _text(path: Path) -> str | None:
    return path.read_text() if path.exists() else None


def bgio_run(
    scratch: Path, k: int, moves: int, limit: float, node_env: str = "production"
) -> dict[str, Any]:
    """One run against boardgame.io's server: its figures, printed and returned."""
    port = free_port()
    env = {**os.environ, "NODE_ENV": node_env}
    log = open(scratch / "server.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        ["node", "server.js", str(port)], cwd=scratch, stdout=log, stderr=log, env=env
    )
    try:
        _wait_up(f"http://{HOST}:{port}/games", server)
        (scratch / "figures.json").unlink(missing_ok=True)
        cpu0 = cpu_seconds(server.pid)
        driver = subprocess.run(
            ["node", "driver.js", str(port), str(k), str(moves), str(limit), "figures.json"],
            cwd=scratch,
            capture_output=True,
            text=True,
            env=env,
            timeout=limit + 600,
        )
        cpu = sum(cpu_seconds(server.pid)) - sum(cpu0)
        peak = peak_memory_mib(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
        log.close()
    if driver.returncode != 0:
        raise SystemExit(f"the boardgame.io driver failed:\n{driver.stderr[-3000:]}")
    result = json.loads((scratch / "figures.json").read_text())
    figures = {
        "moves": len(result["latencies"]),
        "elapsed": result["elapsed"],
        "latencies": sorted(result["latencies"]),
        "server_cpu": cpu,
        "generator_cpu": result["generator_cpu"],
        "rss_mib": peak,
        "unfinished": result["unfinished"],
    }
    print(f"boardgame.io {VERSION} ({node_env}): " + line(figures, k * moves))
    return figures


def _wait_up(url: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise SystemExit("boardgame.io's server did not start: see server.log")
        time.sleep(0.05)
    raise SystemExit(f"boardgame.io's server did not answer {url}")


def summary(figures: dict[str, Any]) -> dict[str, float]:
    lat = figures["latencies"]
    return {
        "moves_s": figures["moves"] / figures["elapsed"],
        "p50": percentile(lat, 50) * 1000 if lat else float("nan"),
        "p99": percentile(lat, 99) * 1000 if lat else float("nan"),
        "cpu_ms": figures["server_cpu"] / max(1, figures["moves"]) * 1000,
        "rss": figures["rss_mib"],
    }


def line(figures: dict[str, Any], planned: int) -> str:
    s = summary(figures)
    return (
        f"{figures['moves']}/{planned} moves in {figures['elapsed']:.2f} s: "
        f"{s['moves_s']:,.0f} moves/s, p50 {s['p50']:.1f} ms, p99 {s['p99']:.1f} ms, "
        f"server CPU {s['cpu_ms']:.3f} ms a move, peak RSS {s['rss']:.0f} MiB, "
        f"load generator CPU {figures['generator_cpu']:.1f} s, "
        f"unfinished {figures['unfinished']}"
    )


def compare(runs: list[dict[str, dict[str, Any]]], names: list[str]) -> None:
    """Per repeat, each Rumizi run's ratios to boardgame.io's; then median and range."""
    print("\nratios to boardgame.io (moves/s: higher is better; p99 and CPU: lower is better)")
    for name in names:
        ratios: dict[str, list[float]] = {"moves_s": [], "p99": [], "cpu_ms": [], "rss": []}
        for run in runs:
            ours, theirs = summary(run[name]), summary(run["boardgame.io"])
            for key in ratios:
                ratios[key].append(ours[key] / theirs[key])
        cells = []
        for key, label in (("moves_s", "moves/s"), ("p99", "p99"), ("cpu_ms", "CPU/move"),
                           ("rss", "RSS")):  # fmt: skip
            values = ratios[key]
            cells.append(
                f"{label} {statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"
            )
        print(f"  {name:<24} " + "; ".join(cells))
        print("  " + " " * 24 + " per repeat, moves/s: "
              + ", ".join(f"{r:.2f}" for r in ratios["moves_s"]))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", type=int, default=200, help="concurrent matches")
    parser.add_argument("--moves", type=int, default=200, help="moves per match")
    parser.add_argument("--repeat", type=int, default=3, help="repeats, the order alternating")
    parser.add_argument("--game", default="skip-bo", help="Rumizi's real game (its texts)")
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds per run")
    parser.add_argument("--scratch", type=Path, default=default_scratch(), help="for npm")
    parser.add_argument(
        "--node-env",
        default="production",
        help="boardgame.io's NODE_ENV (production, as deployed; development adds its "
        "checks, about the same CPU a move here)",
    )
    args = parser.parse_args()
    prepare(args.scratch)
    print(f"vs boardgame.io: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          f"at start; K={args.k} x {args.moves} moves, {args.repeat} repeats")  # fmt: skip
    names = ["Rumizi (bench game)", f"Rumizi ({args.game})"]
    runs: list[dict[str, dict[str, Any]]] = []
    for repeat in range(args.repeat):
        order = ["boardgame.io", *names]
        if repeat % 2 == 0:
            order.reverse()
        run: dict[str, dict[str, Any]] = {}
        for name in order:
            print(f"\n[{repeat + 1}/{args.repeat}] {name}", flush=True)
            if name == "boardgame.io":
                run[name] = bgio_run(
                    args.scratch, args.k, args.moves, args.time_limit, args.node_env
                )
            else:
                game = "bench-tally" if name == names[0] else args.game
                run[name] = rumizi_run(args.k, args.moves, args.time_limit, game=game)
                stored = run[name]["lost"] == run[name]["duplicated"] == 0
                print(f"        every acknowledged move stored, none twice: {stored}")
        runs.append(run)
    compare(runs, names)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

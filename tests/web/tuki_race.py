"""Tuki against a bot, played by a hurried person: random placements, moves, turns, undos
and removals, by mouse, pad and keys, then "Done!" — round after round, rematch after
rematch. What the page sent and what came back is recorded in the page (every ``act`` and
every server message, each refusal said on screen), then checked: every move the page sent
got an answer; one the table took is in the server's build of that moment; one it refused
was said on screen (or sent again, when refused only as stale); and between rounds the
pieces the tray shows as placed are the server's build. Used by ``test_tuki_race.py`` (a
couple of rounds) and ``bench/tuki_race.py`` (20 rounds, with figures)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from server_helpers import bearer
from tuki_helpers import canvas_point
from web_helpers import LAPTOP, Seat

RECORD = """
(() => {
  const log = (window.__race = { sent: [], got: [], said: [] });
  const now = () => performance.now();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try {
      const m = JSON.parse(data);
      if (m.type === "act")
        log.sent.push({ at: now(), action: m.action, index: m.index, ref: m.ref });
    } catch {}
    if (!this.__heard) {
      this.__heard = true;
      this.addEventListener("message", (e) => {
        const m = JSON.parse(e.data);
        const seat = window.rumizi?.state?.seat ?? 0;
        const got = { at: now(), type: m.type };
        if (m.type === "update")
          log.got.push({ ...got, ack: m.ack ?? null, index: m.index, match: m.match,
                         round: m.view.round, build: m.view.builds[seat], over: m.over });
        else if (m.type === "error")
          log.got.push({ ...got, ref: m.ref ?? null, code: m.code, message: m.message });
      });
    }
    return send.call(this, data);
  };
  new MutationObserver(() => {
    const text = document.getElementById("tk-refused")?.textContent ?? "";
    if (text && text !== log.said.at(-1)?.text) log.said.push({ at: now(), text });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""

BUILD_MOVES = {"place", "move", "turn", "remove"}


@dataclass
class Report:
    rounds: int = 0
    sent: int = 0
    taken: int = 0
    refused_said: int = 0
    stale_resent: int = 0
    refused_locally: int = 0
    problems: list[str] = field(default_factory=list)


def shows(build: list[list[Any]], action: dict[str, Any]) -> bool:
    """Whether a build (as a view holds it) shows ``action`` done."""
    now = {p[0]: p[1:] for p in build}
    spot = now.get(action.get("piece"))
    kind = action["type"]
    if kind == "remove":
        return spot is None
    if spot is None:
        return False
    if kind == "turn":
        return bool(spot[0] == action["axis"])
    same = spot[1:] == [action["x"], action["y"], action["z"]]
    if kind == "place" and action["piece"] != "snow1":
        return same and spot[0] == action["axis"]
    return same


def check(log: dict[str, Any], report: Report) -> None:
    """Pair every move sent with its answer (a socket answers in order, each answer
    carrying the move's ref) and judge it."""
    replies = [
        m
        for m in log["got"]
        if (m["type"] == "update" and m["ack"]) or (m["type"] == "error" and m["ref"])
    ]
    sent = log["sent"]
    report.sent += len(sent)
    for k, act in enumerate(sent):
        if k >= len(replies):
            report.problems.append(f"no answer to {act['action']} (sent at {act['at']:.0f} ms)")
            continue
        reply = replies[k]
        action = act["action"]
        if reply["type"] == "update":
            if action["type"] in BUILD_MOVES and not shows(reply["build"], action):
                report.problems.append(f"{action} taken, but the build then was {reply['build']}")
            report.taken += 1
            continue
        if reply["code"] == "stale":
            later = [a for a in sent[k + 1 :] if a["action"] == action]
            if later:
                report.stale_resent += 1
            else:  # dropped only if the round or the match moved on meanwhile
                after = [u for u in log["got"] if u["type"] == "update" and u["at"] > reply["at"]]
                if (
                    not any(
                        u["round"] != after[0]["round"] or u["match"] != after[0]["match"]
                        for u in after
                    )
                    and after
                ):
                    report.problems.append(f"{action} refused as stale and never sent again")
            continue
        before = [u for u in log["got"] if u["type"] == "update" and u["at"] <= reply["at"]]
        if before and action["type"] in BUILD_MOVES and shows(before[-1]["build"], action):
            report.taken += 1  # sent twice: the first had landed
            continue
        said = [s for s in log["said"] if reply["at"] <= s["at"] <= reply["at"] + 3000]
        if said:
            report.refused_said += 1
        else:
            report.problems.append(
                f"{action} refused ({reply['code']}: {reply['message']}) and nothing said on screen"
            )


def new_table(browser: Any, base: str, level: str = "hard") -> Seat:
    """Ana against one bot, seated and started."""
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": level}]
    body = {"game": "tuki", "seats": seats, "settings": {"autostart": True}}
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=20).json()
    room, token = made["room"]["id"], made["seats"][0]["token"]
    httpx.post(
        f"{base}/api/rooms/{room}/ready", headers=bearer(token), timeout=20
    ).raise_for_status()
    seat = Seat(browser, base, "en-US", LAPTOP, script=RECORD)
    seat.page.goto(f"/room/{room}#token={token}")
    seat.page.wait_for_selector("#tk-stage canvas")
    return seat


def hurried_step(seat: Seat, rng: random.Random) -> None:
    """One thing a hurried person does at the Tuki table."""
    page = seat.page
    roll = rng.random()
    if roll < 0.4:  # point at a cell and click: the piece in hand goes down there
        x, y = canvas_point(page, rng.uniform(0.15, 0.85), rng.uniform(0.35, 0.95))
        page.mouse.move(x, y)
        page.mouse.click(x, y)
    elif roll < 0.55:
        pieces = page.locator(".tk-piece")
        if pieces.count():
            pieces.nth(rng.randrange(pieces.count())).click()
    elif roll < 0.7:
        name = rng.choice(["left", "right", "away", "near", "up", "down", "turn"])
        for button in (f'[data-tk="{name}"]', '[data-tk="place"]'):
            if page.locator(button).count():
                page.locator(button).click()
    elif roll < 0.8:
        page.locator('[data-tk="undo"]').click()
    elif roll < 0.9:
        placed = page.locator(".tk-piece.placed")
        if placed.count():
            placed.nth(rng.randrange(placed.count())).click()
            page.locator(
                '[data-tk="remove"]' if rng.random() < 0.5 else '[data-tk="place"]'
            ).click()
    else:
        page.locator("#tk-stage canvas").focus()
        page.keyboard.press(
            rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp"])
        )
        page.keyboard.press("Enter")
    page.wait_for_timeout(rng.uniform(20, 250))


ANSWERED = """() => {
  const r = window.__race;
  const answer = (m) => (m.type === "update" && m.ack) || (m.type === "error" && m.ref);
  return r.got.filter(answer).length >= r.sent.length;
}"""

NEXT_ROUND = """([m, r]) => {
  const s = window.rumizi.state;
  return s.over || s.match !== m || s.view.round !== r;
}"""


def settled(seat: Seat) -> bool:
    """Every move sent has its answer."""
    return bool(seat.page.evaluate(ANSWERED))


def tray_matches_build(seat: Seat, report: Report) -> None:
    """The pieces the tray shows as placed are the server's build of this seat."""
    state = seat.state()
    server = sorted(p[0] for p in state["view"]["builds"][state["seat"]])
    shown = sorted(
        seat.page.eval_on_selector_all(".tk-piece.placed", "els => els.map(e => e.dataset.piece)")
    )
    if (
        state["view"]["phase"] == "build"
        and state["seat"] in state["view"]["to_act"]
        and shown != server
    ):
        report.problems.append(
            f"round {state['view']['round']}: the tray shows {shown}, the server has {server}"
        )


def bot_pieces(seat: Seat) -> int:
    state = seat.state()
    return len(state["view"]["builds"][1 - state["seat"]])


def play_rounds(
    browser: Any, base: str, rounds: int, seed: int, report: Report, bot_moves: int = 3
) -> None:
    """Play ``rounds`` rounds (rematches as needed), in each until the bot has put
    ``bot_moves`` pieces down (or 60 steps), and check every move the page sent."""
    rng = random.Random(seed)
    seat = new_table(browser, base)
    try:
        page = seat.page
        while report.rounds < rounds:
            state = seat.state()
            if state["over"]:
                page.locator("#rematch").click()
                page.wait_for_function("() => !window.rumizi.state.over")
                continue
            round_no = (state["match"], state["view"]["round"])
            for _ in range(60):
                if seat.state()["view"]["round"] != round_no[1] or bot_pieces(seat) >= bot_moves:
                    break
                hurried_step(seat, rng)
            deadline = time.monotonic() + 10
            while not settled(seat) and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            page.wait_for_timeout(300)
            tray_matches_build(seat, report)
            done = page.locator('[data-tk="done"]')
            if done.count():
                done.click()
            page.wait_for_function(
                NEXT_ROUND,
                arg=list(round_no),
                timeout=60_000,
            )
            report.rounds += 1
        check(page.evaluate("window.__race"), report)
        report.refused_locally += len(page.evaluate("window.__race.said")) - report.refused_said
        if seat.errors:
            report.problems.append(f"page errors: {seat.errors}")
    finally:
        seat.close()

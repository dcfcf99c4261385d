"""Cards move: a card put on the table travels there from where it came from (a player's
panel, your hand, the deck), and nothing moves for someone who asked for less motion."""

from __future__ import annotations

import random
from typing import Any

import pytest
from web_helpers import LAPTOP, Seat, acted, play_love_letter, wait_turn_or_end

pytestmark = pytest.mark.browser

WATCH_MOTION = """
window.__moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__moves.push(String(frames[0].transform));
  return animate.call(this, frames, options);
};
document.addEventListener("animationstart", (e) => window.__moves.push(`css ${e.animationName}`));
"""
"""Notes every animation the page starts (script-driven and CSS), for the test to read."""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_played_cards_travel_to_the_table_unless_less_motion_is_asked(
    browser: Any, web_server: Any, motion: str
) -> None:
    person = Seat(browser, web_server.url, "en-US", LAPTOP, motion, WATCH_MOTION)
    try:
        page = person.page
        page.goto("/")
        page.click('[data-solo="love-letter"]')
        page.wait_for_selector("#game-root")
        rng = random.Random(5)
        for _ in range(2):  # two turns: each time a bot's card and ours land on the table
            state = wait_turn_or_end(person)
            if state["over"]:
                break
            play_love_letter(person, rng, state)
            acted(person, state["index"])
        wait_turn_or_end(person)
        moves: list[str] = page.evaluate("window.__moves")
        travelled = [m for m in moves if m.startswith("translate(")]
        if motion == "reduce":
            assert moves == []
        else:
            assert len(travelled) >= 2, moves  # our discard and a bot's, at least
            assert any(m != "translate(0px, 0px) scale(0.85)" for m in travelled), moves
        assert not person.errors
    finally:
        person.close()

"""The lost-moves race of issue 23, looked for in a real browser against a real bot: a
hurried person plays a few Tuki rounds with random placements, moves, undos and removals
(mouse, pad and keys) while the bot builds; every move the page sent must be in the
server's build or refused with a message on screen, and the tray must show the server's
build. ``bench/tuki_race.py`` runs the same for 20 rounds (docs/web.md)."""

from __future__ import annotations

from typing import Any

import pytest

from tuki_race import Report, play_rounds

pytestmark = pytest.mark.browser


def test_every_move_a_hurried_builder_sends_lands_or_is_refused_on_screen(
    browser: Any, web_server: Any
) -> None:
    report = Report()
    play_rounds(browser, web_server.url, rounds=2, seed=23, report=report, bot_moves=2)
    assert report.problems == []
    assert report.rounds == 2 and report.taken > 0  # it did build

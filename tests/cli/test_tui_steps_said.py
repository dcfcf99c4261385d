"""Issue 36, point 4: a step's question says what was already chosen ("Guard (1) → Bot 2
→ Which card do you name?"), a player chosen for you (the only one possible) included."""

from __future__ import annotations

import asyncio

from tui_helpers import table

from rumizi.cli.tui.widgets import Choice, Shown


def test_the_question_says_what_was_already_chosen() -> None:
    async def scenario(seed: int) -> bool:
        app = table("love-letter", 2, "en", seed=seed)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if app.choice_actions:
                    break
            if app.steps is None or app.steps.options()[0] is None:
                return False  # a flat menu this time
            first = next(iter(app.query("#choices Choice").results(Choice))).said.split(". ", 1)[1]
            await pilot.press("1")
            await pilot.pause()
            if app.steps is None:
                return False
            status = app.query_one("#status", Shown).plain
            assert f"{first} → " in status, status
            candidates = app.steps.candidates
            if all("target" in a for a in candidates):
                target = app.names[candidates[0]["target"]]
                if all(a["target"] == candidates[0]["target"] for a in candidates):
                    assert target in status, status  # chosen for you, and named
            return True

    assert any(asyncio.run(scenario(seed)) for seed in range(1, 12)), "no seed had steps"

"""Everything a registered game needs, checked for every game of the registry: one test per
game names what is missing (CONTRIBUTING.md, "Adding a game").

A game being added lists itself in ``IN_PROGRESS`` until it is complete; the test then
fails if it is complete already (so the list never goes stale).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rumizi import bots, games, lessons
from rumizi.engine.texts import placeholders

sys.path.insert(0, str(Path(__file__).parent / "texts"))

from texts_helpers import SEEDS, played, told

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "rumizi" / "web"
IN_PROGRESS: set[str] = set()
"""Games registered before they are complete (their helpers add what is missing)."""


def missing(game_id: str) -> list[str]:
    """What ``game_id`` lacks, in words."""
    lacks: list[str] = []
    try:
        description = games.describe(game_id)
    except LookupError:
        lacks.append("description (description.py with DESCRIPTION)")
    else:
        declared = [b.id for b in description.bot_levels]
        if declared != bots.names(game_id):
            lacks.append(f"bot levels {declared} equal to bots.names {bots.names(game_id)}")
    lacks += _texts(game_id)
    if not lessons.has(game_id):
        lacks.append('lesson (lesson.py with LESSON: docs/engine.md, "Lessons")')
    package = games.package(game_id).rsplit(".", 1)[1]
    files = {
        "web module": WEB / "games" / f"{game_id}.js",
        "rules page (fa)": WEB / "rules" / f"{game_id}.fa.html",
        "rules page (en)": WEB / "rules" / f"{game_id}.en.html",
        "docs page": ROOT / "docs" / f"{game_id}.md",
        "bench entry": ROOT / "bench" / f"{package}.py",
    }
    lacks += [
        f"{what} ({path.relative_to(ROOT)})" for what, path in files.items() if not path.exists()
    ]
    if not list((ROOT / "tests" / "golden").glob(f"{game_id}-*p.txt")):
        lacks.append(f"golden file (tests/golden/{game_id}-<N>p.txt)")
    return lacks


def _texts(game_id: str) -> list[str]:
    """Catalogue keys and placeholders for every event and action random play produces."""
    try:
        module = games.texts(game_id)
    except ModuleNotFoundError:
        return ["text catalogue (texts.py and texts.json)"]
    catalogue = module.CATALOGUE
    lacks: set[str] = set()
    refs = []
    for seed in SEEDS:
        match, actions = played(game_id, seed)
        kinds = {event.kind for event in match.events}
        refs += [ref for _, _, ref in told(game_id, match)]
        refs += [a["ref"] for a in actions]
        quiet = kinds - {event["kind"] for _, event, _ in told(game_id, match)}
        lacks |= {f"a message for event {kind!r}" for kind in quiet if kind not in module.QUIET}
    for ref in _nested(refs):
        for lang in ("fa", "en"):
            message = catalogue[lang].get(ref["key"])
            if message is None:
                lacks.add(f"catalogue key {ref['key']!r} ({lang})")
            elif not placeholders(message) <= set(ref.get("args", {})):
                lacks.add(f"arguments for {ref['key']!r} ({lang})")
    if set(catalogue["fa"]) != set(catalogue["en"]):
        lacks.add(
            f"the same keys in fa and en: {sorted(set(catalogue['fa']) ^ set(catalogue['en']))}"
        )
    return sorted(lacks)


def _nested(refs: list[dict]) -> list[dict]:
    """The references and those inside their arguments."""
    out = []
    todo = list(refs)
    while todo:
        ref = todo.pop()
        out.append(ref)
        for value in ref.get("args", {}).values():
            stack = [value]
            while stack:
                v = stack.pop()
                if isinstance(v, dict):
                    if "ref" in v:
                        todo.append(v["ref"])
                    if "text" in v:
                        out.append({"key": v["text"], "args": ref.get("args", {})})
                    if "card" in v:
                        out.append({"key": f"card.{v['card']}", "args": {}})
                    stack += v.get("list", [])
    return out


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_has_all_it_needs(game_id: str) -> None:
    lacks = missing(game_id)
    if game_id in IN_PROGRESS:
        assert lacks, f"{game_id} is complete: take it out of IN_PROGRESS"
        pytest.xfail(f"{game_id} is being added; it lacks: {'; '.join(lacks)}")
    assert not lacks, f"{game_id} lacks: {'; '.join(lacks)}"

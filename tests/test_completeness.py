"""Everything a registered game needs, checked for every game of the registry by walking
its record (``games.record``): one test per game names what is missing (CONTRIBUTING.md,
"Adding a game"). A toy game registered here through the public call shows that a new game
is its package and one registration line: every face then finds it.

A game being added lists itself in ``IN_PROGRESS`` until it is complete; the test then
fails if it is complete already (so the list never goes stale).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rumizi import bots, games, lessons
from rumizi.bots.arena import play_game
from rumizi.cli.games_help import games_epilog
from rumizi.engine import Match
from rumizi.engine.texts import placeholders
from rumizi.rl import spec as rl_spec

sys.path.insert(0, str(Path(__file__).parent / "texts"))

from texts_helpers import SEEDS, played, told

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "rumizi" / "web"
IN_PROGRESS: set[str] = set()
"""Games registered before they are complete (their helpers add what is missing)."""


def missing(game_id: str, root: Path = ROOT) -> list[str]:
    """What ``game_id`` lacks, in words: the parts its record cannot find, and the files
    beside its package (under ``root``: the web table, the rules pages, the docs page, the
    golden file, the bench entry)."""
    record = games.record(game_id)
    lacks: list[str] = []
    if record.description is None:
        lacks.append("description (description.py with DESCRIPTION)")
    try:
        made = [bots.make(game_id, level).name for level in record.levels]
    except LookupError as lacking:
        lacks.append(f"bots.py with BOTS for every described level ({lacking})")
    else:
        if made != list(record.levels):
            lacks.append(f"bots named as their levels {list(record.levels)}, not {made}")
    lacks += _texts(game_id)
    if record.lesson is None:
        lacks.append('lesson (lesson.py with LESSON: docs/engine.md, "Lessons")')
    if record.observing is None:
        lacks.append("RL observations (observe.py: docs/rl.md)")
    package = record.package.rsplit(".", 1)[-1]
    web = root / "src" / "rumizi" / "web"
    files = {
        "web module": web / record.web,
        "rules page (fa)": web / "rules" / f"{game_id}.fa.html",
        "rules page (en)": web / "rules" / f"{game_id}.en.html",
        "docs page": root / "docs" / f"{game_id}.md",
        "bench entry": root / "bench" / f"{package}.py",
    }
    lacks += [
        f"{what} ({path.relative_to(root)})" for what, path in files.items() if not path.exists()
    ]
    if not list((root / "tests" / "golden").glob(f"{game_id}-*p.txt")):
        lacks.append(f"golden file (tests/golden/{game_id}-<N>p.txt)")
    return lacks


def _texts(game_id: str) -> list[str]:
    """Catalogue keys and placeholders for every event and action random play produces."""
    module = games.record(game_id).texts
    if module is None:
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


# ------------------------------------------------------------ a new game, end to end
TOY = "toy-count"
"""The toy game of ``tests/toy_game`` (a package: rules, description, texts, bots, lesson,
RL observations), registered by the fixture below only."""


@pytest.fixture
def toy() -> Iterator[games.Record]:
    sys.path.insert(0, str(Path(__file__).parent))
    record = games.register(TOY, "toy_game")  # the one line a new game adds
    yield record
    games.unregister(TOY)
    sys.path.remove(str(Path(__file__).parent))


def _beside(root: Path, game_id: str, package: str) -> None:
    """The files a game keeps beside its package, written (empty) under ``root``."""
    for path in (
        f"src/rumizi/web/games/{game_id}.js",
        f"src/rumizi/web/rules/{game_id}.fa.html",
        f"src/rumizi/web/rules/{game_id}.en.html",
        f"docs/{game_id}.md",
        f"tests/golden/{game_id}-2p.txt",
        f"bench/{package}.py",
    ):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("")


def test_a_new_game_is_its_package_and_one_registration_line(
    toy: games.Record, tmp_path: Path
) -> None:
    # the record finds every part in the package, and nothing else lacks but the files
    assert toy.id in games.ids() and games.load(TOY) is toy.game
    assert missing(TOY) == [
        f"web module (src/rumizi/web/games/{TOY}.js)",
        f"rules page (fa) (src/rumizi/web/rules/{TOY}.fa.html)",
        f"rules page (en) (src/rumizi/web/rules/{TOY}.en.html)",
        f"docs page (docs/{TOY}.md)",
        "bench entry (bench/toy_game.py)",
        f"golden file (tests/golden/{TOY}-<N>p.txt)",
    ]
    _beside(tmp_path, TOY, "toy_game")
    assert missing(TOY, tmp_path) == []
    # the base game reads its name and player counts from the description
    assert (toy.game.id, toy.game.min_players, toy.game.max_players) == (TOY, 2, 2)
    assert toy.game.title["en"] == "Count to ten"
    # and every face finds it: the registry, the help, the bots, the lesson, the RL table
    assert [d.id for d in games.described()][-1] == TOY
    assert "Count to ten" in games_epilog()
    assert bots.names(TOY) == ["random", "steady"]
    result = play_game(toy.game, [bots.make(TOY, "steady"), bots.make(TOY, "random")], seed=1)
    assert sorted(result.outcome.scores) == [0.0, 1.0]
    assert lessons.has(TOY) and lessons.client(TOY)["players"] == 2
    table = rl_spec.Table(rl_spec.load(TOY), 2)
    table.reset(3)
    assert table.observe(0).shape == (3,) and table.mask(0)[:2].tolist() == [1, 1]
    match = Match(toy.game, 2, seed=0)
    events = match.apply(0, {"say": 2})
    assert games.told(TOY, events[0].to_json(), 0)["message"]["key"] == "event.said.you"


def test_a_registered_id_cannot_be_taken_by_another_package(toy: games.Record) -> None:
    assert games.register(TOY, "toy_game") is toy
    with pytest.raises(ValueError, match="registered already"):
        games.register(TOY, "another_package")

"""The terminal and the browser say the same thing: seeded games' events and actions,
formatted in Python and by the web client's formatter (``web/components/texts.js``, run
under node) from the catalogue the server serves, give the same strings in fa and en."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from texts_helpers import SEEDS, carried, played, told

from rumizi import games
from rumizi.engine.texts import Formatter, plural_category
from rumizi.server.app import create_app

TEXTS_JS = Path(games.__file__).parents[1] / "web" / "components" / "texts.js"
NODE = shutil.which("node")
NAMES = {"en": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], "fa": list("آبپتثجچح")}
NODE_SCRIPT = """
import { readFileSync } from "node:fs";
const { Formatter, pluralCategory } = await import(process.argv[1]);
const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const [lang, names] of Object.entries(job.names)) {
  const f = new Formatter(job.catalogue, lang, names);
  out[lang] = {
    refs: job.refs.map((r) => f.format(r)),
    plurals: job.numbers.map((n) => pluralCategory(lang, n)),
  };
}
console.log(JSON.stringify(out));
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def with_texts() -> list[str]:
    return [g for g in games.ids() if _has_texts(g)]


def _has_texts(game_id: str) -> bool:
    try:
        games.texts(game_id)
    except ModuleNotFoundError:
        return False
    return True


def in_node(job: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "job.json"
    path.write_text(json.dumps(job, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [NODE or "node", "--input-type=module", "-e", NODE_SCRIPT, TEXTS_JS.as_uri(), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    db = tmp_path_factory.mktemp("texts") / "rumizi.db"
    with TestClient(create_app(str(db))) as http:
        return {g: http.get(f"/api/games/{g}/texts").json() for g in with_texts()}


@pytest.mark.parametrize("game_id", with_texts())
def test_python_and_the_web_client_say_the_same(
    game_id: str, served: dict[str, Any], tmp_path: Path
) -> None:
    catalogue = served[game_id]
    assert catalogue == json.loads(json.dumps(games.texts(game_id).CATALOGUE))
    refs: list[dict[str, Any]] = []
    for seed in SEEDS:
        match, actions = played(game_id, seed)
        refs += [ref for _, _, ref in told(game_id, match)]
        refs += [ref for event in match.events for ref in carried(event.to_json())]
        refs += [a["ref"] for a in actions]
    assert refs
    numbers = [0, 1, 2, 5, 11, 21, 100, 0.5, 1.5]
    names = {lang: NAMES[lang][: match.players] for lang in ("fa", "en")}
    job = {"catalogue": catalogue, "names": names, "refs": refs, "numbers": numbers}
    web = in_node(job, tmp_path)
    for lang in ("fa", "en"):
        python = [Formatter(catalogue, lang, names[lang])(ref) for ref in refs]
        assert web[lang]["refs"] == python
        assert web[lang]["plurals"] == [plural_category(lang, n) for n in numbers]
        if lang == "fa":
            assert not any(c.isascii() and c.isdigit() for line in python for c in line)


@pytest.mark.parametrize("game_id", with_texts())
def test_the_reader_is_told_in_the_second_person(game_id: str) -> None:
    """ "You played…", never one's own name: whatever a seat is told names it "you", and a
    message whose subject (``name``, ``names``) is the reader is its second-person form
    (``.you``, or ``.you_and`` with others), so the verb agrees (never "You starts", «شما
    شروع می‌کند»)."""
    catalogue = games.texts(game_id).CATALOGUE
    for seed in SEEDS:
        match, _ = played(game_id, seed)
        for reader, event, ref in told(game_id, match):
            if reader is None:
                continue
            for lang in ("en", "fa"):
                names = WHOLE_NAMES[lang][: match.players]
                text = Formatter(catalogue, lang, names)(ref)
                assert names[reader] not in text, (reader, event, text)
            for key, args in messages(ref):
                subjects = [args.get("name"), *args.get("names", {}).get("list", [])]
                if YOU in subjects:
                    assert key.rsplit(".", 1)[-1] in ("you", "you_and"), (key, event)
                    assert key in catalogue["en"] and key in catalogue["fa"], key


YOU = {"text": "you"}
WHOLE_NAMES = {
    "en": NAMES["en"],
    "fa": ["سیاوش", "فرانک", "شهرزاد", "کامبیز", "نسترن", "بهرام", "ژاله", "هومن"],
}
"""Names no message holds by chance (the Persian letters of ``NAMES`` are in every word)."""


def messages(ref: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every message of a reference: itself and the references inside its arguments."""
    found = [(ref["key"], ref.get("args", {}))]
    for value in ref.get("args", {}).values():
        items = value.get("list", [value]) if isinstance(value, dict) else []
        for item in items:
            if isinstance(item, dict) and "ref" in item:
                found += messages(item["ref"])
    return found

"""``rumizi tuki generate | check | show | pictures``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.games.tuki.cards import deck_json, load_deck

runner = CliRunner()


def test_show_writes_the_turned_card(tmp_path: Path) -> None:
    out = tmp_path / "card.svg"
    result = runner.invoke(app, ["tuki", "show", "N03", "--turn", "90", "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count("<polygon") > 15
    animal = load_deck("normal").card("N03").icons[90].replace("-", " ")
    assert f"turned 90° ({animal} at the bottom)" in svg
    assert "Plain die" in svg


def test_show_white_with_witness_draws_snow(tmp_path: Path) -> None:
    out = tmp_path / "w.svg"
    args = ["tuki", "show", "A02", "--white", "--witness", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert "White square" in svg and "#fbfdff" in svg  # the snow colour


def test_show_default_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tuki", "show", "N01", "--turn", "270", "--white"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tuki-N01-270-white.svg").exists()


def test_show_rejects_bad_input_clearly() -> None:
    unknown = runner.invoke(app, ["tuki", "show", "N99"])
    assert unknown.exit_code == 2 and 'no card "N99"' in unknown.output
    turn = runner.invoke(app, ["tuki", "show", "N01", "--turn", "180"])
    assert turn.exit_code == 2 and "0, 90 or 270" in turn.output


def test_check_passes_on_the_committed_deck() -> None:
    result = runner.invoke(app, ["tuki", "check", "--level", "normal"])
    assert result.exit_code == 0, result.output
    assert "every witness verifies" in result.output
    assert "300" in result.output


def test_check_catches_a_tampered_witness(tmp_path: Path) -> None:
    data = json.loads(deck_json(load_deck("normal")))
    witness = data["cards"][4]["witnesses"]["90/plain"]
    data["cards"][4]["witnesses"]["90/plain"] = [p for p in witness if p[0] in {"grey", "blue"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["tuki", "check", "--deck", str(path)])
    assert result.exit_code == 2
    assert "N05 90/plain" in result.output and "purple stone is missing" in result.output


def test_check_reports_a_missing_deck_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tuki", "check", "--deck", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "error" in result.output


def test_generate_reproduces_the_first_committed_card(tmp_path: Path) -> None:
    out = tmp_path / "deck.json"
    args = ["tuki", "generate", "--count", "1", "--out", str(out), "--compare"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "identical" in result.output
    data = json.loads(out.read_text())
    assert [c["id"] for c in data["cards"]] == ["N01"]


def test_generate_rejects_bad_options() -> None:
    assert runner.invoke(app, ["tuki", "generate", "--level", "expert"]).exit_code == 2
    assert runner.invoke(app, ["tuki", "generate", "--count", "0"]).exit_code == 2


def test_pictures(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tuki", "pictures", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    assert {"statics-bridge.svg", "statics-end-support.svg", "card-N01-90.svg"} <= names
    assert "The build stands" in (tmp_path / "statics-bridge.svg").read_text()
    assert "tips over" in (tmp_path / "statics-cantilever-2.svg").read_text()

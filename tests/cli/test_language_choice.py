"""Issue 36: the language from ``--lang``, else the config file
(``$XDG_CONFIG_HOME/rumizi/config.toml``), else the locale (``LANG=fa_IR.UTF-8``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rumizi.cli import app

runner = CliRunner()
PLAY = ["play", "love-letter", "--players", "2", "--seed", "3"]


def persian(output: str) -> bool:
    return "خدانگهدار" in output


def test_the_locale_speaks_persian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fa_IR.UTF-8")
    assert persian(runner.invoke(app, PLAY, input="q\n").output)
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL before LANG
    assert not persian(runner.invoke(app, PLAY, input="q\n").output)


def test_the_config_file_before_the_locale_and_lang_before_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "config" / "rumizi"
    folder.mkdir(parents=True)
    (folder / "config.toml").write_text('lang = "fa"\n', encoding="utf-8")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert persian(runner.invoke(app, PLAY, input="q\n").output)
    assert not persian(runner.invoke(app, [*PLAY, "--lang", "en"], input="q\n").output)
    (folder / "config.toml").write_text('lang = "de"\n', encoding="utf-8")
    said = runner.invoke(app, PLAY, input="q\n")
    assert said.exit_code == 2 and "config.toml: choose fa or en" in said.output, said.output

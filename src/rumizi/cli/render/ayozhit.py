"""Ayozhit in the terminal: the 15 pictures by number and name, the word card, your secret
board typed as a line of numbers on the marking clock, then the announcing round."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.cli.render import action_told, told
from rumizi.engine.texts import LIST_SEPARATOR, Formatter
from rumizi.games.ayozhit import texts

Action = dict[str, Any]

RESULT_MARK = {"three": "★", "two": "✦", "fail": "✗"}
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩،", "01234567890123456789,")


def _t(lang: str, key: str, names: Sequence[str] = (), **args: Any) -> str:
    """A message of the game's catalogue (``table.*`` for the board's own words)."""
    return Formatter(texts.CATALOGUE, lang, names).message(key, args)


def title(picture: str, lang: str) -> str:
    return _t(lang, f"card.{picture}")


# --------------------------------------------------------------- actions
def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    return action_told(texts, action, view, names, lang)


def text_input(
    view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> tuple[RenderableType, str] | None:
    """While marking, the person types all their pictures' numbers on one line."""
    if view["phase"] != "select":
        return None
    word = texts.word(view["word"]["key"])
    return _t(lang, "table.type_marks", word=word), _t(lang, "table.prompt")


def parse_input(
    text: str, view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> list[Action]:
    """``"3 7 12"`` → the board holds exactly pictures 3, 7 and 12, then ready."""
    tokens = [t for t in re.split(r"[\s,]+", text.translate(_TO_LATIN).strip()) if t]
    wanted: list[int] = []
    for token in tokens:
        if not token.isdigit() or not 1 <= int(token) <= 15:
            # what was typed goes in as a name: the catalogue has no raw-text argument
            raise ValueError(_t(lang, "table.bad_number", [token], token={"seat": 0}))
        if int(token) - 1 not in wanted:
            wanted.append(int(token) - 1)
    if not 1 <= len(wanted) <= 10:
        raise ValueError(_t(lang, "table.how_many", n=len(wanted)))
    mine = set(view["marks"])
    actions: list[Action] = [{"type": "unmark", "picture": p} for p in sorted(mine - set(wanted))]
    actions += [{"type": "mark", "picture": p} for p in wanted if p not in mine]
    return [*actions, {"type": "ready"}]


# ---------------------------------------------------------------- events
def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    return told(texts, event, view, names, lang)


# ----------------------------------------------------------------- board
def board(view: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    heading = (
        _t(lang, "table.tiebreak")
        if view["tiebreak_round"]
        else _t(lang, "table.round", n=view["round"], of=view["rounds"])
    )
    a, b = (texts.word(w["key"]) for w in view["card"]["words"])
    lines = [Text(heading, style="bold"), Text(_t(lang, "table.card", a=a, b=b))]
    if view["word"] is not None:
        word = texts.word(view["word"]["key"])
        lines.append(Text(_t(lang, "table.the_word", word=word), style="bold magenta"))
    lines.append(Text(_t(lang, "table.first", names, name={"seat": view["first"]})))
    if view["dreamer"] is not None:
        dreamer = {"seat": view["dreamer"]}
        lines.append(Text(_t(lang, "table.dreamer", names, name=dreamer), style="bold"))
    return Group(
        *lines,
        _grid(view, lang),
        Text(_t(lang, "table.legend"), style="dim"),
        _players(view, names, lang),
    )


def _grid(view: dict[str, Any], lang: str) -> Table:
    """The 15 pictures in 3 rows of 5, by number and name, with what you may see on them."""
    grid = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(5):
        grid.add_column(max_width=20)
    results = {a["position"]: a["result"] for a in view["announced"]}
    mine = set(view["marks"])
    for row in range(3):
        cells = []
        for position in range(row * 5, row * 5 + 5):
            cell = Text(digits(position + 1, lang).rjust(2) + ". ", style="cyan")
            style = "dim" if position in results else ""
            cell.append(title(view["table"][position], lang), style=style)
            if position in mine:
                cell.append(" ✓", style="bold green")
            if position in results:
                cell.append(" " + RESULT_MARK[results[position]], style="bold yellow")
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def _players(view: dict[str, Any], names: list[str], lang: str) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for key in ("player", "score", "sparks", "count_h"):
        table.add_column(_t(lang, f"table.{key}"))
    table.add_column("")
    counts = view["counts"]
    for s, name in enumerate(names):
        status = []
        if not view["playing"][s]:
            status.append("table.out")
        elif view["phase"] == "select":
            status.append("table.ready" if view["ready"][s] else "table.marking")
        if view["failed"][s]:
            status.append("table.failed")
        if view["deep"] == s:
            status.append("table.deep")
        sparks = " + ".join(digits(x, lang) for x in view["sparks"][s]) or "—"
        count = "—" if counts is None else digits(counts[s], lang)
        said = LIST_SEPARATOR[lang].join(_t(lang, key) for key in status)
        table.add_row(name, digits(view["scores"][s], lang), sparks, count, said)
    return table

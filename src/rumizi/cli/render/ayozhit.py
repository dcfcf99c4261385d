"""Ayozhit in the terminal: the 15 pictures by number and name, the word card, your secret
board typed as a line of numbers on the marking clock, then the announcing round."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.cli.render import Renderer, action_told, frameless, told
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
    view: dict[str, Any],
    legal: list[Action],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
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


def typed_answer(
    actions: list[Action], view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> str:
    """The line ``parse_input`` reads as ``actions`` (a lesson says what to type)."""
    return " ".join(digits(a["picture"] + 1, lang) for a in actions if a["type"] == "mark")


# ---------------------------------------------------------------- events
def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    return told(texts, event, view, names, lang)


# ----------------------------------------------------------------- board
def board(
    view: dict[str, Any],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
    with_hand: bool = True,
) -> RenderableType:
    """The round, the word card and the word, the 15 pictures, the players.

    ``compact``: the heading on two lines, the pictures in 3 columns of 5 without
    lines, no legend (the help has it). Your marks are on the pictures: no hand."""
    heading = (
        _t(lang, "table.tiebreak")
        if view["tiebreak_round"]
        else _t(lang, "table.round", n=view["round"], of=view["rounds"])
    )
    a, b = (texts.word(w["key"]) for w in view["card"]["words"])
    card_line = _t(lang, "table.card", a=a, b=b)
    who = [_t(lang, "table.first", names, name={"seat": view["first"]})]
    if view["dreamer"] is not None:
        who.append(_t(lang, "table.dreamer", names, name={"seat": view["dreamer"]}))
    word = None
    if view["word"] is not None:
        word = _t(lang, "table.the_word", word=texts.word(view["word"]["key"]))
    if compact:
        lines = [Text(f"{heading} · {card_line}", style="bold")]
        said = Text(" · ".join(who))
        if word is not None:
            said = Text.assemble((word, "bold magenta"), " · ", said)
        return Group(*lines, said, _Pictures(view, lang), _players(view, names, lang, True))
    lines = [Text(heading, style="bold"), Text(card_line)]
    if word is not None:
        lines.append(Text(word, style="bold magenta"))
    lines.append(Text(who[0]))
    if len(who) > 1:
        lines.append(Text(who[1], style="bold"))
    return Group(
        *lines,
        _Pictures(view, lang),
        Text(_t(lang, "table.legend"), style="dim"),
        _players(view, names, lang),
    )


def hand(
    view: dict[str, Any], names: list[str], lang: str, *, compact: bool = False
) -> RenderableType | None:
    """Nothing apart: your marks are shown on the pictures themselves."""
    return None


def _cell(view: dict[str, Any], position: int, lang: str, results: dict[int, str]) -> Text:
    cell = Text(digits(position + 1, lang).rjust(2) + ". ", style="cyan")
    style = "dim" if position in results else ""
    cell.append(title(view["table"][position], lang), style=style)
    if position in view["marks"]:
        cell.append(" ✓", style="bold green")
    if position in results:
        cell.append(" " + RESULT_MARK[results[position]], style="bold yellow")
    return cell


class _Pictures:
    """The 15 pictures by number and name, with what you may see on them: 3 rows of 5
    with lines where the width allows it (110 columns), else 5 rows of 3 without lines,
    so that no name is broken over two lines on a small screen."""

    WIDE = 110

    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view, self.lang = view, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, lang = self.view, self.lang
        results = {a["position"]: a["result"] for a in view["announced"]}
        wide = options.max_width >= self.WIDE
        columns = 5 if wide else 3
        if wide:
            grid = Table(show_header=False, show_lines=True, expand=False)
        else:
            grid = Table.grid(padding=(0, 2), expand=False)
        for _ in range(columns):
            grid.add_column(max_width=20 if wide else None)
        for row in range(15 // columns):
            first = row * columns
            grid.add_row(*(_cell(view, p, lang, results) for p in range(first, first + columns)))
        yield grid


def _players(view: dict[str, Any], names: list[str], lang: str, compact: bool = False) -> Table:
    table = frameless() if compact else Table(show_edge=False, pad_edge=False)
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


def round_result(event: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The round that ended: each picture announced (who, the result, who had marked
    it), then each player's marks, sparks, penalty, points and score."""
    told = Text()
    for a in event["announced"]:
        args: dict[str, Any] = {
            "name": {"seat": a["dreamer"]},
            "picture": {"card": a["picture"]},
            "result": {"text": f"result.{a['result']}"},
        }
        if a["markers"]:
            args["markers"] = {"list": [{"seat": m} for m in a["markers"]]}
            key = "table.told"
        else:
            key = "table.told.fail"
        if told:
            told.append("\n")
        told.append("• " + _t(lang, key, names, **args))
    table = frameless()
    for key in ("player", "count_h", "sparks", "score"):
        table.add_column(_t(lang, f"table.{key}"))
    counts = event["counts"] or [None] * len(names)
    for s, name in enumerate(names):
        sparks = " + ".join(digits(x, lang) for x in event["sparks"][s]) or "—"
        if event["penalty"][s]:
            sparks += _t(lang, "table.penalty", p=event["penalty"][s])
        sparks += " = " + _t(lang, "table.points", n=event["points"][s])
        table.add_row(
            name,
            "—" if counts[s] is None else digits(counts[s], lang),
            sparks,
            digits(event["scores"][s], lang),
        )
    word = texts.word(event["word"]["key"])
    heading = Text(_t(lang, "table.summary", n=event["round"], word=word), style="bold")
    return Group(heading, told, table)


RENDERER = Renderer(
    board,
    hand,
    action_text,
    event_text,
    round_result=round_result,
    text_input=text_input,
    parse_input=parse_input,
    typed_answer=typed_answer,
)

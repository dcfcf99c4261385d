"""Skip-Bo in the terminal: the table as one seat sees it, and what happened in words.

Piles are numbered from 1 on screen (from 0 in actions and views).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.cli.render import action_told, told
from rumizi.engine.texts import Formatter
from rumizi.games.skip_bo import texts
from rumizi.games.skip_bo.cards import from_json, next_card

T = {
    "en": {
        "header": "Round {r} · draw pile {d} · {goal}",
        "goal_target": "first to {t} points",
        "goal_rounds": "{n} round(s)",
        "building": "Building piles",
        "empty": "empty",
        "needs": "next {v}",
        "player": "Player",
        "score": "Score",
        "stock": "Stock",
        "left": "Left",
        "discard_col": "D{i}",
        "caption": "D1–D4: discard piles, top card last (bold). ◀ to play.{mate}",
        "caption_mate": " + your partner.",
        "pile_col": "Building {i}",
        "hand_col": "Hand",
        "hand": "Your hand",
        "team": "Teams: {teams}",
    },
    "fa": {
        "header": "دور {r} · بانک {d} کارت · {goal}",
        "goal_target": "تا {t} امتیاز",
        "goal_rounds": "{n} دور",
        "building": "ستون‌های وسط",
        "empty": "خالی",
        "needs": "بعدی {v}",
        "player": "بازیکن",
        "score": "امتیاز",
        "stock": "انبار",
        "left": "مانده",
        "discard_col": "کنار {i}",
        "caption": "کنار ۱ تا ۴: ستون‌های کنار انبار، کارت رو آخر (پررنگ). ◀ نوبت.{mate}",
        "caption_mate": " + یار شما.",
        "pile_col": "ستون {i}",
        "hand_col": "دست",
        "hand": "دست شما",
        "team": "تیم‌ها: {teams}",
    },
}


def card(c: Any, lang: str) -> str:
    """A card's name: its number, or SKIP-BO."""
    if from_json(c) is None:
        return "—"
    return Formatter(texts.CATALOGUE, lang, [])(texts.card_message(c))


def _t(lang: str, key: str, **values: Any) -> str:
    return T[lang][key].format(
        **{k: digits(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    )


def _join(items: list[str], lang: str) -> str:
    return ("، " if lang == "fa" else ", ").join(items)


def _partner(view: dict[str, Any], seat: int) -> int | None:
    teams: list[list[int]] = view.get("teams") or []
    for team in teams:
        if seat in team:
            return next(p for p in team if p != seat)
    return None


def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    return action_told(texts, action, view, names, lang)


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    return told(texts, event, view, names, lang)


def _pile_text(pile: list[Any], lang: str) -> Text:
    """A discard pile, bottom first, its top card in bold."""
    text = Text()
    for i, c in enumerate(pile):
        if i:
            text.append(" ")
        text.append(card(c, lang), style="bold" if i == len(pile) - 1 else "dim")
    return text


def board(view: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The building piles, every player's stock and discard piles, then your hand."""
    goal = (
        _t(lang, "goal_rounds", n=view["rounds"])
        if view["rounds"]
        else _t(lang, "goal_target", t=view["target"])
    )
    header = _t(lang, "header", r=view["round"], d=view["draw"], goal=goal)
    building = Table(expand=False)
    for d in range(len(view["building"])):
        building.add_column(_t(lang, "pile_col", i=d + 1), justify="center")
    cells = []
    for pile in view["building"]:
        if not pile:
            cells.append(Text(T[lang]["empty"], style="dim"))
            continue
        size = len(pile)
        top = card(pile[-1], lang)
        shown = top if from_json(pile[-1]) == size else f"{top} = {digits(size, lang)}"
        cell = Text(shown, style="bold")
        cell.append("\n" + _t(lang, "needs", v=next_card(size)), style="dim")
        cells.append(cell)
    building.add_row(*cells)

    me = view["seat"]
    mate = _partner(view, me) if me is not None else None
    caption = _t(lang, "caption", mate=T[lang]["caption_mate"] if mate is not None else "")
    players = Table(expand=False, caption=caption)
    players.add_column(T[lang]["player"], no_wrap=True)
    for key in ("score", "stock", "left"):
        players.add_column(T[lang][key], no_wrap=True)
    for i in range(len(view["discards"][0])):
        players.add_column(_t(lang, "discard_col", i=i + 1))
    players.add_column(T[lang]["hand_col"])
    for p in range(view["players"]):
        name = Text(names[p], style="bold" if p == me else "")
        if p == mate:
            name.append(" +")
        if view["turn"] == p:
            name.append(" ◀", style="cyan")
        size = view["stock_sizes"][p]
        piles = [
            _pile_text(pile, lang) if pile else Text("—", style="dim")
            for pile in view["discards"][p]
        ]
        players.add_row(
            name,
            digits(view["scores"][p], lang),
            Text(card(view["stock_tops"][p], lang) if size else "—", style="bold"),
            digits(size, lang),
            *piles,
            digits(view["hand_sizes"][p], lang),
        )
    parts: list[RenderableType] = [Text(header, style="bold"), building, players]
    if view["hand"]:
        hand = Text("  ".join(card(c, lang) for c in view["hand"]), style="bold")
        parts.append(Panel(hand, title=T[lang]["hand"], expand=False))
    return Group(*parts)

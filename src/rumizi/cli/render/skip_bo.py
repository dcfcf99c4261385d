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
from rumizi.cli.render import Renderer, action_told, frameless, told
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
        "piles_line": "Building piles: ",
        "stock_left": "Stock left",
        "points": "Points",
        "stall": "Nobody emptied a stock pile: the round stalled, no points.",
        "from.hand": "A card from your hand",
        "from.stock": "Your stock card",
        "from.discard": "A card from your discard piles",
        "from.partner_stock": "Your partner's stock card",
        "from.partner_discard": "A card from your partner's discard piles",
        "from_pile": "From discard pile {n}",
        "to.build": "On a building pile",
        "to.discard": "On one of your discard piles (ends your turn)",
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
        "piles_line": "ستون‌های وسط: ",
        "stock_left": "مانده در انبار",
        "points": "امتیاز این دور",
        "stall": "کسی انبارش را خالی نکرد: دور گیر کرد و امتیازی نداشت.",
        "from.hand": "کارتی از دستتان",
        "from.stock": "کارت انبارتان",
        "from.discard": "کارتی از ستون‌های کنار انبارتان",
        "from.partner_stock": "کارت انبار یارتان",
        "from.partner_discard": "کارتی از ستون‌های کنار انبار یارتان",
        "from_pile": "از کنار {n}",
        "to.build": "روی یکی از ستون‌های وسط",
        "to.discard": "روی یکی از ستون‌های کنار انبارتان (نوبت تمام می‌شود)",
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


def choice_text(
    key: str, value: Any, view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    """A step of a choice in words: where the card comes from, where it goes (the app
    names cards and whole actions itself); ``None`` to leave it to the app."""
    if key in ("from", "to") and f"{key}.{value}" in T[lang]:
        return T[lang][f"{key}.{value}"]
    if key == "from_pile" and isinstance(value, int):
        return _t(lang, "from_pile", n=value + 1)
    return None


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


def _building_cell(pile: list[Any], lang: str, sep: str = "\n") -> Text:
    """A building pile: its top card (and what it counts as), then the card it needs."""
    if not pile:
        return Text(T[lang]["empty"], style="dim")
    size = len(pile)
    top = card(pile[-1], lang)
    shown = top if from_json(pile[-1]) == size else f"{top} = {digits(size, lang)}"
    cell = Text(shown, style="bold")
    cell.append(sep + _t(lang, "needs", v=next_card(size)), style="dim")
    return cell


def _building(view: dict[str, Any], lang: str, compact: bool) -> RenderableType:
    if compact:  # one line: "Building piles: 1: empty · 2: 5 next 6 · …"
        line = Text()
        for d, pile in enumerate(view["building"]):
            if d:
                line.append(" · ")
            line.append(digits(d + 1, lang) + ": ", style="cyan")
            line.append_text(_building_cell(pile, lang, " "))
        return Text(T[lang]["piles_line"]).append_text(line)
    building = Table(expand=False)
    for d in range(len(view["building"])):
        building.add_column(_t(lang, "pile_col", i=d + 1), justify="center")
    building.add_row(*(_building_cell(pile, lang) for pile in view["building"]))
    return building


def _top_of(pile: list[Any], lang: str) -> Text:
    """A discard pile in a compact table: its top card, and how many lie below it."""
    text = Text(card(pile[-1], lang), style="bold")
    if len(pile) > 1:
        text.append(f" +{digits(len(pile) - 1, lang)}", style="dim")
    return text


def board(
    view: dict[str, Any],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
    with_hand: bool = True,
) -> RenderableType:
    """The building piles, every player's stock and discard piles, then (``with_hand``)
    your hand. ``compact``: the building piles on one line, each discard pile by its top
    card and count, no frame and no caption (the help says what the columns are)."""
    goal = (
        _t(lang, "goal_rounds", n=view["rounds"])
        if view["rounds"]
        else _t(lang, "goal_target", t=view["target"])
    )
    header = _t(lang, "header", r=view["round"], d=view["draw"], goal=goal)
    me = view["seat"]
    mate = _partner(view, me) if me is not None else None
    caption = _t(lang, "caption", mate=T[lang]["caption_mate"] if mate is not None else "")
    players = frameless() if compact else Table(expand=False, caption=caption)
    players.add_column(T[lang]["player"], no_wrap=True)
    for key in ("score", "stock", "left"):
        players.add_column(T[lang][key], no_wrap=True)
    for i in range(len(view["discards"][0])):
        players.add_column(_t(lang, "discard_col", i=i + 1), no_wrap=compact)
    players.add_column(T[lang]["hand_col"], no_wrap=True)
    for p in range(view["players"]):
        name = Text(names[p], style="bold" if p == me else "")
        if p == mate:
            name.append(" +")
        if view["turn"] == p:
            name.append(" ◀", style="cyan")
        size = view["stock_sizes"][p]
        show = _top_of if compact else _pile_text
        piles = [
            show(pile, lang) if pile else Text("—", style="dim") for pile in view["discards"][p]
        ]
        players.add_row(
            name,
            digits(view["scores"][p], lang),
            Text(card(view["stock_tops"][p], lang) if size else "—", style="bold"),
            digits(size, lang),
            *piles,
            digits(view["hand_sizes"][p], lang),
        )
    parts: list[RenderableType] = [Text(header, style="bold"), _building(view, lang, compact)]
    parts.append(players)
    if with_hand:
        held = hand(view, names, lang, compact=compact)
        if held is not None:
            parts.append(held)
    return Group(*parts)


def hand(
    view: dict[str, Any], names: list[str], lang: str, *, compact: bool = False
) -> RenderableType | None:
    """Your hand's cards (``None`` when it is empty)."""
    if not view["hand"]:
        return None
    cards = Text("  ".join(card(c, lang) for c in view["hand"]), style="bold")
    if compact:
        return Text(T[lang]["hand"] + ": ", style="bold underline").append_text(cards)
    return Panel(cards, title=T[lang]["hand"], expand=False)


def round_result(event: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The round that ended: the cards left in each stock, the points it brought, the
    scores; the round's winners starred (a stalled round says so)."""
    table = frameless()
    for key in ("player", "stock_left", "points", "score"):
        table.add_column(T[lang][key])
    winners = set(event["winners"])
    for p, left in enumerate(event["stocks_left"]):
        won = p in winners
        table.add_row(
            Text(names[p] + (" ★" if won else ""), style="bold" if won else ""),
            digits(left, lang),
            digits(event["points"] if won else 0, lang),
            digits(event["scores"][p], lang),
        )
    if not winners:
        return Group(Text(T[lang]["stall"]), table)
    return table


RENDERER = Renderer(
    board,
    hand,
    action_text,
    event_text,
    round_result=round_result,
    choice_text=choice_text,
    card=card,
    words=T,
)

"""Love Letter in the terminal: the table as one seat sees it, and what happened in words."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.cli.render import action_told, told
from rumizi.games.love_letter import texts

T = {
    "en": {
        "round": "Round {r} · deck {d} · tokens to win {t}",
        "hand": "Your hand",
        "player": "Player",
        "tokens": "Tokens",
        "status": "Status",
        "discards": "Played",
        "known": "You know",
        "out": "out",
        "protected": "protected",
        "turn": "to play",
        "in": "in",
        "face_up": "Face up this round: {cards}",
    },
    "fa": {
        "round": "دور {r} · دسته {d} · امتیاز لازم برای بردن {t}",
        "hand": "دست شما",
        "player": "بازیکن",
        "tokens": "امتیاز",
        "status": "وضعیت",
        "discards": "بازی‌شده",
        "known": "می‌دانید",
        "out": "بیرون",
        "protected": "در پناه",
        "turn": "نوبت",
        "in": "در بازی",
        "face_up": "کارت‌های رو در این دور: {cards}",
    },
}


def card(cid: str, lang: str) -> str:
    """A card's name with its value, e.g. ``Baron (3)``."""
    name: str = texts.CATALOGUE[lang][f"card.{cid}"]
    return name


def _t(lang: str, key: str, **values: Any) -> str:
    return T[lang][key].format(
        **{k: digits(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    )


def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    return action_told(texts, action, view, names, lang)


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    return told(texts, event, view, names, lang)


def board(view: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The table: every player's tokens, status and played cards, then your hand."""
    header = _t(lang, "round", r=view["round"], d=view["deck"], t=view["tokens_to_win"])
    table = Table(title=header, expand=False)
    for key in ("player", "tokens", "status", "discards", "known"):
        table.add_column(T[lang][key])
    for p in range(view["players"]):
        status = (
            "out"
            if view["out"][p]
            else "protected"
            if view["protected"][p]
            else "turn"
            if view["turn"] == p
            else "in"
        )
        known = view["known"][p]
        table.add_row(
            names[p],
            digits(view["tokens"][p], lang),
            T[lang][status],
            " ".join(texts.CATALOGUE[lang][f"name.{c}"] for c in view["discards"][p]),
            card(known, lang) if known else "",
        )
    parts: list[RenderableType] = [table]
    if view["face_up"]:
        parts.append(
            Text(_t(lang, "face_up", cards=", ".join(card(c, lang) for c in view["face_up"])))
        )
    if view["hand"]:
        lines = Text()
        for i, cid in enumerate(view["hand"]):
            if i:
                lines.append("\n")
            lines.append(card(cid, lang), style="bold")
            lines.append(" — " + texts.CATALOGUE[lang][f"text.{cid}"])
        parts.append(Panel(lines, title=T[lang]["hand"]))
    return Group(*parts)

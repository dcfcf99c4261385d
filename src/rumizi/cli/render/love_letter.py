"""Love Letter in the terminal: the table as one seat sees it, and what happened in words."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits, listed
from rumizi.cli.render import Renderer, action_told, frameless, told
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
        "round_hand": "Hand shown",
        "played_total": "Played (total)",
        "won": "won a token",
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
        "round_hand": "دست رو‌شده",
        "played_total": "بازی‌شده (جمع)",
        "won": "یک امتیاز برد",
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


def board(
    view: dict[str, Any],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
    with_hand: bool = True,
) -> RenderableType:
    """The table: every player's tokens, status and played cards, then (``with_hand``) your
    hand. ``compact``: the heading as a line and a table without its frame."""
    header = _t(lang, "round", r=view["round"], d=view["deck"], t=view["tokens_to_win"])
    table = frameless() if compact else Table(title=header, expand=False)
    known_any = any(view["known"])
    keys = ["player", "tokens", "status", "discards"] + (
        ["known"] if known_any or not compact else []
    )
    for key in keys:
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
        row = [
            names[p],
            digits(view["tokens"][p], lang),
            T[lang][status],
            " ".join(texts.CATALOGUE[lang][f"name.{c}"] for c in view["discards"][p]),
        ]
        if len(keys) == 5:
            row.append(card(known, lang) if known else "")
        table.add_row(*row)
    parts: list[RenderableType] = [Text(header, style="bold"), table] if compact else [table]
    if view["face_up"]:
        cards = listed([card(c, lang) for c in view["face_up"]], lang)
        parts.append(Text(_t(lang, "face_up", cards=cards)))
    if with_hand:
        held = hand(view, names, lang, compact=compact)
        if held is not None:
            parts.append(held)
    return Group(*parts)


def hand(
    view: dict[str, Any], names: list[str], lang: str, *, compact: bool = False
) -> RenderableType | None:
    """Your cards, each with what it does (``None`` with no card in hand)."""
    if not view["hand"]:
        return None
    lines = Text()
    if compact:
        lines.append(T[lang]["hand"] + ":", style="bold underline")
    for cid in view["hand"]:
        if lines:
            lines.append("\n")
        lines.append(card(cid, lang), style="bold")
        lines.append(" — " + texts.CATALOGUE[lang][f"text.{cid}"])
    return lines if compact else Panel(lines, title=T[lang]["hand"])


def round_result(event: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The round that ended: each player's hand shown at its end, the total of the cards
    they played, and their tokens, the round's winners starred."""
    table = frameless()
    for key in ("player", "round_hand", "played_total", "tokens"):
        table.add_column(T[lang][key])
    winners = set(event["winners"])
    for p, held in enumerate(event["hands"]):
        won = p in winners
        table.add_row(
            Text(names[p] + (" ★" if won else ""), style="bold" if won else ""),
            card(held, lang) if held else T[lang]["out"],
            digits(event["discard_totals"][p], lang),
            digits(event["tokens"][p], lang) + (f" (+{digits(1, lang)})" if won else ""),
        )
    return table


RENDERER = Renderer(
    board, hand, action_text, event_text, round_result=round_result, card=card, words=T
)

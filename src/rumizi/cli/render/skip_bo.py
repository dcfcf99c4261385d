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
from rumizi.games.skip_bo.cards import NAMES, from_json, next_card

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
        "play_stock": "Play your stock card {card} on building pile {to}",
        "play_partner_stock": "Play your partner's stock card {card} on building pile {to}",
        "play_hand": "Play {card} from your hand on building pile {to}",
        "play_discard": "Play {card} from your discard pile {from_} on building pile {to}",
        "play_partner_discard": (
            "Play {card} from your partner's discard pile {from_} on building pile {to}"
        ),
        "new_pile": " (starts it)",
        "discard": "Discard {card} on your discard pile {to} and end your turn",
        "end_turn": "End your turn (your hand is empty and there is nothing to draw)",
        "ev_round": "Round {r} begins: {name} starts; stock piles of {n} cards.",
        "ev_turn": "{name}'s turn.",
        "ev_your_turn": "Your turn.",
        "ev_drew": "You drew {cards}.",
        "ev_played_hand": (
            "{name} played {card} from the hand on building pile {to}, now at {value}."
        ),
        "ev_played_discard": (
            "{name} played {card} from a discard pile on building pile {to}, now at {value}."
        ),
        "ev_played_partner_discard": (
            "{name} played {card} from the partner's discard pile on building pile {to}, "
            "now at {value}."
        ),
        "ev_played_stock": (
            "{name} played the stock card {card} on building pile {to}, now at {value}; "
            "{left} left{revealed}."
        ),
        "ev_played_partner_stock": (
            "{name} played the partner's stock card {card} on building pile {to}, now at {value}; "
            "{left} left{revealed}."
        ),
        "revealed": ", next {card}",
        "ev_played_hand_me": (
            "You played {card} from your hand on building pile {to}, now at {value}."
        ),
        "ev_played_discard_me": (
            "You played {card} from your discard pile on building pile {to}, now at {value}."
        ),
        "ev_played_partner_discard_me": (
            "You played {card} from your partner's discard pile on building pile {to}, "
            "now at {value}."
        ),
        "ev_played_stock_me": (
            "You played your stock card {card} on building pile {to}, now at {value}; "
            "{left} left{revealed}."
        ),
        "ev_played_partner_stock_me": (
            "You played your partner's stock card {card} on building pile {to}, now at {value}; "
            "{left} left{revealed}."
        ),
        "ev_refilled_me": "You emptied your hand and drew {n} more.",
        "ev_discarded_me": "You discarded {card} on your discard pile {to}.",
        "ev_empty_hand_me": (
            "You have no cards, nothing to draw and nothing to play: your turn ends."
        ),
        "ev_end_turn_me": "You ended your turn without a discard.",
        "ev_completed": "Building pile {pile} is complete: its cards go under the draw pile.",
        "ev_refilled": "{name} emptied the hand and drew {n} more.",
        "ev_discarded": "{name} discarded {card} on discard pile {to}.",
        "ev_empty_hand": "{name} has no cards, nothing to draw and nothing to play: the turn ends.",
        "ev_end_turn": "{name} ended the turn without a discard (no cards left).",
        "ev_round_over": "Round {r} won by {names}: {points} points. Scores: {scores}.",
        "ev_stall": "Round {r} ends in a stall: nobody could play or draw. No points.",
        "ev_game_over": "{names} won the game!",
        "ev_nobody": "Nobody won the game.",
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
        "play_stock": "کارت انبارتان ({card}) را روی ستون {to} بگذارید",
        "play_partner_stock": "کارت انبار یارتان ({card}) را روی ستون {to} بگذارید",
        "play_hand": "{card} را از دستتان روی ستون {to} بگذارید",
        "play_discard": "{card} را از کنار انبار {from_} روی ستون {to} بگذارید",
        "play_partner_discard": "{card} را از کنار انبار {from_} یارتان روی ستون {to} بگذارید",
        "new_pile": " (ستون تازه)",
        "discard": "{card} را کنار انبار {to} بگذارید و نوبتتان را تمام کنید",
        "end_turn": "نوبتتان را تمام کنید (کارتی در دست ندارید و بانک خالی است)",
        "ev_round": "دور {r} شروع شد: {name} شروع می‌کند؛ انبار هر بازیکن {n} کارت.",
        "ev_turn": "نوبت {name}.",
        "ev_your_turn": "نوبت شما.",
        "ev_drew": "کارت کشیدید: {cards}.",
        "ev_played_hand": "{name} {card} را از دستش روی ستون {to} گذاشت و ستون به {value} رسید.",
        "ev_played_discard": (
            "{name} {card} را از کنار انبارش روی ستون {to} گذاشت و ستون به {value} رسید."
        ),
        "ev_played_partner_discard": (
            "{name} {card} را از کنار انبار یارش روی ستون {to} گذاشت و ستون به {value} رسید."
        ),
        "ev_played_stock": (
            "{name} کارت انبارش ({card}) را روی ستون {to} گذاشت و ستون به {value} رسید؛ "
            "{left} کارت مانده{revealed}."
        ),
        "ev_played_partner_stock": (
            "{name} کارت انبار یارش ({card}) را روی ستون {to} گذاشت و ستون به {value} رسید؛ "
            "{left} کارت مانده{revealed}."
        ),
        "revealed": "، کارت بعدی {card}",
        "ev_played_hand_me": ("{card} را از دستتان روی ستون {to} گذاشتید و ستون به {value} رسید."),
        "ev_played_discard_me": (
            "{card} را از کنار انبارتان روی ستون {to} گذاشتید و ستون به {value} رسید."
        ),
        "ev_played_partner_discard_me": (
            "{card} را از کنار انبار یارتان روی ستون {to} گذاشتید و ستون به {value} رسید."
        ),
        "ev_played_stock_me": (
            "کارت انبارتان ({card}) را روی ستون {to} گذاشتید و ستون به {value} رسید؛ "
            "{left} کارت مانده{revealed}."
        ),
        "ev_played_partner_stock_me": (
            "کارت انبار یارتان ({card}) را روی ستون {to} گذاشتید و ستون به {value} رسید؛ "
            "{left} کارت مانده{revealed}."
        ),
        "ev_refilled_me": "دستتان خالی شد و {n} کارت دیگر کشیدید.",
        "ev_discarded_me": "{card} را کنار انبار {to} گذاشتید.",
        "ev_empty_hand_me": (
            "کارتی ندارید، بانک خالی است و کارتی هم نمی‌توانید بازی کنید: نوبتتان تمام شد."
        ),
        "ev_end_turn_me": "نوبتتان را بدون کنار گذاشتن کارت تمام کردید.",
        "ev_completed": "ستون {pile} کامل شد: کارت‌هایش زیر بانک رفت.",
        "ev_refilled": "دست {name} خالی شد و {n} کارت دیگر کشید.",
        "ev_discarded": "{name} {card} را کنار انبار {to} گذاشت.",
        "ev_empty_hand": (
            "{name} کارتی ندارد، بانک خالی است و کارتی هم نمی‌تواند بازی کند: نوبتش تمام شد."
        ),
        "ev_end_turn": "{name} کارتی در دست نداشت و نوبتش را بدون کنار گذاشتن کارت تمام کرد.",
        "ev_round_over": "برندهٔ دور {r}: {names}، با {points} امتیاز. امتیازها: {scores}.",
        "ev_stall": "دور {r} بی‌برنده تمام شد: کسی نه بازی می‌توانست نه کارت بکشد. امتیازی نیست.",
        "ev_game_over": "برندهٔ بازی: {names}!",
        "ev_nobody": "بازی برنده‌ای نداشت.",
    },
}


def card(c: Any, lang: str) -> str:
    """A card's name: its number, or SKIP-BO."""
    value = from_json(c)
    return NAMES[lang][value] if value is not None else "—"


def _said(lang: str, key: str, mine: bool, **values: Any) -> str:
    """The event phrase ``key``, in its second-person form when it is about the reader."""
    if mine and f"{key}_me" in T[lang]:
        key = f"{key}_me"
    return _t(lang, key, **values)


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
    if action.get("type") == "end_turn":
        return T[lang]["end_turn"]
    me = view["seat"]
    to = action["to_pile"] + 1
    origin = action["from"]
    if action["to"] == "discard":
        return _t(lang, "discard", card=card(action["card"], lang), to=to)
    if origin == "hand":
        c = action["card"]
    elif origin == "stock":
        c = view["stock_tops"][me]
    elif origin == "partner_stock":
        c = view["stock_tops"][_partner(view, me)]
    else:
        owner = me if origin == "discard" else _partner(view, me)
        c = view["discards"][owner][action["from_pile"]][-1]
    text = _t(
        lang,
        f"play_{origin}",
        card=card(c, lang),
        to=to,
        from_=action.get("from_pile", 0) + 1,
    )
    if not view["building"][action["to_pile"]]:
        text += T[lang]["new_pile"]
    return text


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    kind = event["kind"]
    if kind == "round_started":
        return _t(
            lang,
            "ev_round",
            r=event["round"],
            name=names[event["starter"]],
            n=event["stock_sizes"][0],
        )
    if kind == "turn":
        if event["seat"] == view["seat"]:
            return T[lang]["ev_your_turn"]
        return _t(lang, "ev_turn", name=names[event["seat"]])
    if kind == "drew":
        return _t(lang, "ev_drew", cards=_join([card(c, lang) for c in event["cards"]], lang))
    if kind == "played":
        extra: dict[str, Any] = {}
        if event["from"] in ("stock", "partner_stock"):
            revealed = event["revealed"]
            extra = {
                "left": event["stock_left"],
                "revealed": _t(lang, "revealed", card=card(revealed, lang)) if revealed else "",
            }
        return _said(
            lang,
            f"ev_played_{event['from']}",
            event["seat"] == view["seat"],
            name=names[event["seat"]],
            card=card(event["card"], lang),
            to=event["to_pile"] + 1,
            value=event["value"],
            **extra,
        )
    if kind == "pile_completed":
        return _t(lang, "ev_completed", pile=event["pile"] + 1)
    if kind == "refilled":
        return _said(
            lang,
            "ev_refilled",
            event["seat"] == view["seat"],
            name=names[event["seat"]],
            n=event["drew"],
        )
    if kind == "discarded":
        return _said(
            lang,
            "ev_discarded",
            event["seat"] == view["seat"],
            name=names[event["seat"]],
            card=card(event["card"], lang),
            to=event["to_pile"] + 1,
        )
    if kind == "turn_over":
        key = "ev_end_turn" if event["reason"] == "end_turn" else "ev_empty_hand"
        return _said(lang, key, event["seat"] == view["seat"], name=names[event["seat"]])
    if kind == "round_over":
        if not event["winners"]:
            return _t(lang, "ev_stall", r=event["round"])
        scores = _join(
            [f"{names[p]} {digits(s, lang)}" for p, s in enumerate(event["scores"])], lang
        )
        return _t(
            lang,
            "ev_round_over",
            r=event["round"],
            names=_join([names[w] for w in event["winners"]], lang),
            points=event["points"],
            scores=scores,
        )
    if kind == "game_over":
        if not event["winners"]:
            return T[lang]["ev_nobody"]
        return _t(lang, "ev_game_over", names=_join([names[w] for w in event["winners"]], lang))
    return None


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

"""Love Letter in the terminal: the table as one seat sees it, and what happened in words."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.games.love_letter.cards import NAMES, TEXTS, VALUE, chooses_another

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
        "play": "Play {card}",
        "play_on": "Play {card} on {target}",
        "play_guess": "Play {card} on {target}, naming {guess}",
        "no_target": "Play {card} (nobody can be chosen: no effect)",
        "yourself": "yourself",
        "ev_round": "Round {r} begins; first turn: {name}.",
        "ev_dealt": "You were dealt the {card}.",
        "ev_drew": "You drew the {card}.",
        "ev_played": "{name} played the {card}.",
        "ev_played_you": "You played the {card}.",
        "ev_played_on": "{name} played the {card} on {target}.",
        "ev_played_on_you": "You played the {card} on {target}.",
        "ev_guess_hit": "{name} named {guess}: right!",
        "ev_guess_miss": "{name} named {guess}: wrong.",
        "ev_guess_hit_you": "You named {guess}: right!",
        "ev_guess_miss_you": "You named {guess}: wrong.",
        "ev_peek": "You saw {target}'s hand: {card}.",
        "ev_compared": "Baron: you have {mine}, {other} has {theirs}.",
        "ev_tie": "The Baron's comparison is a tie.",
        "ev_discarded": "{name} discarded the {card}.",
        "ev_discarded_you": "You discarded the {card}.",
        "ev_set_aside": "{name} took the set-aside card.",
        "ev_set_aside_you": "You took the set-aside card.",
        "ev_traded": "You traded hands with {other}: you now hold the {card}.",
        "ev_out": "{name} is out of the round (discarded {cards}).",
        "ev_out_you": "You are out of the round (discarded {cards}).",
        "ev_round_over": "Round {r} over ({how}). Won by {names}. Hands: {hands}.",
        "last_standing": "last one standing",
        "showdown": "highest card",
        "ev_game_over": "{names} won the game!",
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
        "play": "{card} را بازی کن",
        "play_on": "{card} را روی {target} بازی کن",
        "play_guess": "{card} را روی {target} بازی کن و «{guess}» را نام ببر",
        "no_target": "{card} را بازی کن (کسی را نمی‌شود انتخاب کرد: بی‌اثر)",
        "yourself": "خودتان",
        "ev_round": "دور {r} شروع شد؛ نوبت اول: {name}.",
        "ev_dealt": "کارت شما: {card}.",
        "ev_drew": "کارت کشیدید: {card}.",
        "ev_played": "{name} {card} را بازی کرد.",
        "ev_played_you": "{card} را بازی کردید.",
        "ev_played_on": "{name} {card} را روی {target} بازی کرد.",
        "ev_played_on_you": "{card} را روی {target} بازی کردید.",
        "ev_guess_hit": "{name} گفت «{guess}»: درست بود!",
        "ev_guess_miss": "{name} گفت «{guess}»: اشتباه بود.",
        "ev_guess_hit_you": "گفتید «{guess}»: درست بود!",
        "ev_guess_miss_you": "گفتید «{guess}»: اشتباه بود.",
        "ev_peek": "دست {target} را دیدید: {card}.",
        "ev_compared": "بارون: کارت شما {mine}، کارت {other} {theirs}.",
        "ev_tie": "مقایسهٔ بارون مساوی شد.",
        "ev_discarded": "{name} {card} را کنار گذاشت.",
        "ev_discarded_you": "{card} را کنار گذاشتید.",
        "ev_set_aside": "{name} کارت کنارگذاشته را برداشت.",
        "ev_set_aside_you": "کارت کنارگذاشته را برداشتید.",
        "ev_traded": "دستتان را با {other} عوض کردید: حالا {card} دارید.",
        "ev_out": "{name} از این دور بیرون رفت ({cards} را کنار گذاشت).",
        "ev_out_you": "از این دور بیرون رفتید ({cards} را کنار گذاشتید).",
        "ev_round_over": "دور {r} تمام شد ({how}). برنده: {names}. دست‌ها: {hands}.",
        "last_standing": "تنها بازماندهٔ دور",
        "showdown": "بزرگ‌ترین کارت",
        "ev_game_over": "برندهٔ بازی: {names}!",
    },
}


def card(cid: str, lang: str) -> str:
    """A card's name with its value, e.g. ``Baron (3)``."""
    value = VALUE[cid]
    return f"{NAMES[lang][value]} ({digits(value, lang)})"


def _t(lang: str, key: str, **values: Any) -> str:
    return T[lang][key].format(
        **{k: digits(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    )


def _you(key: str, actor: int, me: int | None) -> str:
    """The second-person wording when the seat being told is the one who acted."""
    return key + "_you" if actor == me else key


def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    c = card(action["card"], lang)
    target = action.get("target")
    if target is None:
        if chooses_another(action["card"]):
            return _t(lang, "no_target", card=c)
        return _t(lang, "play", card=c)
    who = T[lang]["yourself"] if target == view["seat"] else names[target]
    if "guess" in action:
        return _t(lang, "play_guess", card=c, target=who, guess=NAMES[lang][VALUE[action["guess"]]])
    return _t(lang, "play_on", card=c, target=who)


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    kind = event["kind"]
    me = view["seat"]
    if kind == "round_started":
        return _t(lang, "ev_round", r=event["round"], name=names[event["starter"]])
    if kind == "dealt":
        return _t(lang, "ev_dealt", card=card(event["card"], lang))
    if kind == "drew":
        return _t(lang, "ev_drew", card=card(event["card"], lang))
    if kind == "played":
        c = card(event["card"], lang)
        if "target" in event:
            target = (
                T[lang]["yourself"]
                if event["target"] == event["seat"]
                else (
                    names[event["target"]].lower()
                    if event["target"] == me and lang == "en"
                    else names[event["target"]]
                )
            )
            return _t(
                lang,
                _you("ev_played_on", event["seat"], me),
                name=names[event["seat"]],
                card=c,
                target=target,
            )
        return _t(lang, _you("ev_played", event["seat"], me), name=names[event["seat"]], card=c)
    if kind == "guessed":
        key = _you("ev_guess_hit" if event["hit"] else "ev_guess_miss", event["seat"], me)
        return _t(lang, key, name=names[event["seat"]], guess=NAMES[lang][VALUE[event["guess"]]])
    if kind == "peek":
        return _t(lang, "ev_peek", target=names[event["target"]], card=card(event["card"], lang))
    if kind == "compared":
        other = next(int(s) for s in event["cards"] if int(s) != me)
        return _t(
            lang,
            "ev_compared",
            mine=card(event["cards"][str(me)], lang),
            other=names[other],
            theirs=card(event["cards"][str(other)], lang),
        )
    if kind == "baron_tie":
        return T[lang]["ev_tie"]
    if kind == "discarded":
        return _t(
            lang,
            _you("ev_discarded", event["seat"], me),
            name=names[event["seat"]],
            card=card(event["card"], lang),
        )
    if kind == "redrew" and event["from_set_aside"]:
        return _t(lang, _you("ev_set_aside", event["seat"], me), name=names[event["seat"]])
    if kind == "traded":
        other = next(int(s) for s in event["cards"] if int(s) != me)
        return _t(lang, "ev_traded", other=names[other], card=card(event["cards"][str(me)], lang))
    if kind == "knocked_out":
        cards = "، ".join if lang == "fa" else ", ".join
        return _t(
            lang,
            _you("ev_out", event["seat"], me),
            name=names[event["seat"]],
            cards=cards(card(c, lang) for c in event["discarded"]) or "—",
        )
    if kind == "round_over":
        hands = [f"{names[p]}: {card(c, lang)}" for p, c in enumerate(event["hands"]) if c]
        join = "، ".join if lang == "fa" else ", ".join
        return _t(
            lang,
            "ev_round_over",
            r=event["round"],
            how=T[lang][event["reason"]],
            names=join(names[w] for w in event["winners"]),
            hands=join(hands),
        )
    if kind == "game_over":
        join = "، ".join if lang == "fa" else ", ".join
        return _t(lang, "ev_game_over", names=join(names[w] for w in event["winners"]))
    return None


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
            " ".join(NAMES[lang][VALUE[c]] for c in view["discards"][p]),
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
            lines.append(" — " + TEXTS[lang][VALUE[cid]])
        parts.append(Panel(lines, title=T[lang]["hand"]))
    return Group(*parts)

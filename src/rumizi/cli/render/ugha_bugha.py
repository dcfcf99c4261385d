"""Ugha Bugha in the terminal: only the top card, the recitation flashed item by item, and
the chain typed by numbers from the palette, then the closing call — all on the clock."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import PERSIAN_KEYS, digits, number
from rumizi.games.ugha_bugha.cards import CARDS, ITEM_IDS, NUMBER, is_word

T = {
    "en": {
        "header": "Chain {chain_no} · {chain} card(s) · deck {deck} · set aside {aside} · "
        "tokens to win {tokens}",
        "variant_challenges": "Ho! variant: nobody checks but you",
        "top": "Top card",
        "no_top": "No card yet: a new chain begins.",
        "player": "Player",
        "cards": "Face-down",
        "tokens": "Tokens",
        "status": "",
        "reciting": "reciting",
        "to_flip": "to flip",
        "judging": "may call Ho!",
        "pointed": "pointed at by {name}",
        "flip": "Flip your face-down card {n}",
        "say": "Say {item}",
        "ha": "Ha! → {name}",
        "ugha_bugha": "Ugha Bugha!",
        "ho": "Ho! (the recitation was wrong)",
        "pass": "Let it pass",
        "palette": "Palette",
        "calls": "Then the call: {calls}",
        "recite": "Recite the chain ({n} card(s), {said} said): numbers bottom to top, "
        "then the call: ",
        "bad_token": "“{token}” is not an item number from 1 to {n} nor a call ({calls}).",
        "call_last": "The call ({calls}) comes last, once.",
        "too_many": "The chain has {n} card(s): at most {left} more item(s), not {got}.",
        "empty": "Type the item numbers (e.g. 3 3 12), then the call ({calls}).",
        "ev_chain": "Chain {no} begins: {name} starts.",
        "ev_chain_you": "Chain {no} begins: you start.",
        "ev_flipped": "{name} flipped {card} (chain of {n}).",
        "flash": "{name} · {i}: {item}",
        "ev_ha": "{name}: Ha! → {target}",
        "ev_ub": "{name}: Ugha Bugha!",
        "ev_window": "{secs}Anyone may call Ho! on {name}'s recitation.",
        "secs": "{s} s: ",
        "ev_ho_right": "{name}: Ho! Right — {reciter} slipped at item {at}.",
        "ev_ho_wrong": "{name}: Ho! Wrong — {reciter}'s recitation was right.",
        "ev_window_closed": "Nobody called Ho!: {name}'s recitation stands.",
        "ev_lost": "{name} loses the chain of {length}: {why}",
        "ev_lost_you": "You lose the chain of {length}: {why}",
        "wrong_item": "item {at} was wrong.",
        "extra_item": "one item too many.",
        "incomplete": "stopped after {said} item(s), too early.",
        "ha_on_last": "said Ha! on their last card.",
        "ha_on_last_you": "you said Ha! on your last card.",
        "too_soon": "said Ugha Bugha! with cards still face down.",
        "time": "ran out of time.",
        "time_you": "your time ran out.",
        "by_ho": "caught by {caller}'s Ho!.",
        "wrong_ho": "called Ho! on a right recitation.",
        "ev_won": "{name} wins the chain of {length} and a token ({tokens}).",
        "ev_won_you": "You win the chain of {length} and a token ({tokens}).",
        "ev_dealt": "{name} is dealt {count} card(s).",
        "ev_dealt_you": "You are dealt {count} card(s).",
        "ev_recycled": "The deck ran out: {cards} set-aside cards are shuffled into a new deck.",
        "ev_game_over": "{names} won the game!",
        "ev_game_over_you": "You won the game!",
        "ev_out_of_cards": "No card is left to deal: the game ends. {names} won.",
    },
    "fa": {
        "header": "زنجیرهٔ {chain_no} · {chain} کارت · دسته {deck} · کنارگذاشته {aside} · "
        "توکن لازم برای بردن {tokens}",
        "variant_challenges": "گونهٔ «هو!»: هیچ داوری جز خودتان نیست",
        "top": "کارت رویی",
        "no_top": "هنوز کارتی نیست: زنجیرهٔ تازه‌ای شروع می‌شود.",
        "player": "بازیکن",
        "cards": "کارت‌های به‌پشت",
        "tokens": "توکن",
        "status": "",
        "reciting": "در حال گفتن",
        "to_flip": "باید کارت رو کند",
        "judging": "می‌تواند «هو!» بگوید",
        "pointed": "{name} به او اشاره کرد",
        "flip": "کارت به‌پشتِ شمارهٔ {n} را رو کن",
        "say": "بگو: {item}",
        "ha": "ها! ← {name}",
        "ugha_bugha": "اوگا بوگا!",
        "ho": "هو! (اشتباه گفت)",
        "pass": "بگذار بگذرد",
        "palette": "واژه‌ها و حرکت‌ها",
        "calls": "و در آخر: {calls}",
        "recite": "زنجیره را بگویید ({n} کارت، {said} گفته شده): شماره‌ها از پایین به بالا، "
        "بعد حرف آخر: ",
        "bad_token": "«{token}» نه شمارهٔ یکی از ۱ تا {n} است و نه حرف آخر ({calls}).",
        "call_last": "حرف آخر ({calls}) یک بار و در انتها می‌آید.",
        "too_many": "زنجیره {n} کارت دارد: حداکثر {left} مورد دیگر، نه {got}.",
        "empty": "شماره‌ها را بنویسید (مثلاً ۳ ۳ ۱۲) و بعد حرف آخر را ({calls}).",
        "ev_chain": "زنجیرهٔ {no} شروع شد؛ {name} شروع می‌کند.",
        "ev_chain_you": "زنجیرهٔ {no} شروع شد؛ شما شروع می‌کنید.",
        "ev_flipped": "{name} کارت {card} را رو کرد (زنجیرهٔ {n} کارتی).",
        "ev_flipped_you": "کارت {card} را رو کردید (زنجیرهٔ {n} کارتی).",
        "flash": "{name} · {i}: {item}",
        "ev_ha": "{name}: ها! ← {target}",
        "ev_ub": "{name}: اوگا بوگا!",
        "ev_window": "{secs}هر کس می‌تواند به گفته‌های {name} «هو!» بگوید.",
        "secs": "{s} ثانیه: ",
        "ev_ho_right": "{name}: هو! درست بود — {reciter} در مورد {at} اشتباه کرد.",
        "ev_ho_wrong": "{name}: هو! اشتباه بود — {reciter} درست گفته بود.",
        "ev_window_closed": "کسی «هو!» نگفت: گفته‌های {name} پذیرفته شد.",
        "ev_lost": "{name} زنجیرهٔ {length} کارتی را باخت: {why}",
        "ev_lost_you": "زنجیرهٔ {length} کارتی را باختید: {why}",
        "wrong_item": "مورد {at} اشتباه بود.",
        "extra_item": "یک مورد بیشتر گفت.",
        "extra_item_you": "یک مورد بیشتر گفتید.",
        "incomplete": "پس از {said} مورد، زود تمام کرد.",
        "incomplete_you": "پس از {said} مورد، زود تمام کردید.",
        "ha_on_last": "روی آخرین کارتش «ها!» گفت.",
        "ha_on_last_you": "روی آخرین کارتتان «ها!» گفتید.",
        "too_soon": "با کارت‌های به‌پشتِ باقی‌مانده «اوگا بوگا!» گفت.",
        "too_soon_you": "با کارت‌های به‌پشتِ باقی‌مانده «اوگا بوگا!» گفتید.",
        "time": "وقتش تمام شد.",
        "time_you": "وقتتان تمام شد.",
        "by_ho": "با «هو!»ِ {caller} گیر افتاد.",
        "by_ho_you": "با «هو!»ِ {caller} گیر افتادید.",
        "wrong_ho": "به گفته‌های درست «هو!» گفت.",
        "wrong_ho_you": "به گفته‌های درست «هو!» گفتید.",
        "ev_won": "{name} زنجیرهٔ {length} کارتی و یک توکن را برد ({tokens}).",
        "ev_won_you": "زنجیرهٔ {length} کارتی و یک توکن را بردید ({tokens}).",
        "ev_dealt": "{count} کارت به {name} داده شد.",
        "ev_dealt_you": "{count} کارت به شما داده شد.",
        "ev_recycled": "دسته تمام شد: {cards} کارتِ کنارگذاشته بُر خورد و دستهٔ تازه شد.",
        "ev_game_over": "{names} بازی را برد!",
        "ev_game_over_you": "بازی را بردید!",
        "ev_out_of_cards": "کارتی برای دادن نماند و بازی تمام شد. برنده: {names}.",
    },
}

Action = dict[str, Any]
UGHA_BUGHA_KEYS = ("!", "u")
_LETTERS = "abcdefg"
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩،", "01234567890123456789,")


def _t(lang: str, key: str, **values: Any) -> str:
    return T[lang][key].format(
        **{k: digits(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    )


def _key(lang: str, key: str, seat: Any, view: dict[str, Any]) -> str:
    """``key``, or its second-person form when the sentence is about the viewer."""
    you = f"{key}_you"
    return you if seat is not None and seat == view["seat"] and you in T[lang] else key


def _join(lang: str, parts: list[str]) -> str:
    return ("، " if lang == "fa" else ", ").join(parts)


def card_text(cid: str, lang: str) -> str:
    """A card in words: its symbol and name (a word in Persian also spelled in Latin)."""
    card = CARDS[NUMBER[cid]]
    if lang == "fa":
        latin = f" ({card.latin})" if is_word(NUMBER[cid]) else ""
        return f"{card.symbol} {card.persian}{latin}"
    return f"{card.symbol} {card.latin}"


def card_label(cid: str, lang: str) -> Text:
    """The card in its colour, as on the table."""
    card = CARDS[NUMBER[cid]]
    red, green, blue = (int(card.colour[i : i + 2], 16) for i in (1, 3, 5))
    ink = "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"
    return Text(f" {card_text(cid, lang)} ", style=f"bold {ink} on {card.colour}")


# --------------------------------------------------------------- actions
def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    kind = action["type"]
    if kind == "flip":
        return _t(lang, "flip", n=action["position"] + 1)
    if kind == "say":
        return _t(lang, "say", item=card_text(action["item"], lang))
    if kind == "ha":
        return _t(lang, "ha", name=names[action["point"]])
    return str(T[lang][kind])


def _calls(view: dict[str, Any], legal: list[Action], names: list[str], lang: str) -> list[str]:
    """The closing calls as the person types them: a letter per target, ! for Ugha Bugha."""
    out = []
    for letter, action in zip(_LETTERS, _targets(legal), strict=False):
        out.append(f"{letter} = {_t(lang, 'ha', name=names[action['point']])}")
    out.append(f"! = {T[lang]['ugha_bugha']}")
    return out


def _targets(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "ha"]


def text_input(
    view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> tuple[RenderableType, str] | None:
    """While reciting, the person types the item numbers and the call on one line."""
    if view["phase"] != "recite" or not any(a["type"] in ("ha", "ugha_bugha") for a in legal):
        return None
    palette = Table.grid(padding=(0, 2))
    columns = 4
    for _ in range(columns):
        palette.add_column()
    cells = [
        Text.assemble((digits(i, lang).rjust(2) + " ", "cyan"), card_label(cid, lang))
        for i, cid in enumerate(ITEM_IDS, 1)
    ]
    for row in range(0, len(cells), columns):
        palette.add_row(*cells[row : row + columns])
    calls = Text(_t(lang, "calls", calls=_join(lang, _calls(view, legal, names, lang))))
    prompt = _t(lang, "recite", n=view["chain"], said=view["recited"])
    return Panel(Group(palette, calls), title=T[lang]["palette"]), prompt


def parse_input(
    text: str, view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> list[Action]:
    """``"3 3 12 a"`` → say items 3, 3 and 12, then "Ha!" at the first target."""
    calls = _join(lang, [c.split(" = ")[0] for c in _calls(view, legal, names, lang)])
    tokens = [t for t in re.split(r"[\s,]+", text.translate(_TO_LATIN).strip().lower()) if t]
    if not tokens:
        raise ValueError(_t(lang, "empty", calls=calls))
    targets = _targets(legal)
    actions: list[Action] = []
    for i, token in enumerate(tokens):
        if token.isdigit() and 1 <= int(token) <= len(ITEM_IDS):
            actions.append({"type": "say", "item": ITEM_IDS[int(token) - 1]})
            continue
        call = _call(token, targets)
        if call is None:
            raise ValueError(_t(lang, "bad_token", token=token, n=len(ITEM_IDS), calls=calls))
        if i != len(tokens) - 1:
            raise ValueError(_t(lang, "call_last", calls=calls))
        actions.append(call)
    said = sum(a["type"] == "say" for a in actions)
    left = view["chain"] - view["recited"]
    if said > left:
        raise ValueError(_t(lang, "too_many", n=view["chain"], left=left, got=said))
    return actions


def _call(token: str, targets: list[Action]) -> Action | None:
    if len(token) == 1:
        token = token.translate(PERSIAN_KEYS)  # the same key on the Persian layout
    if token in UGHA_BUGHA_KEYS:
        return {"type": "ugha_bugha"}
    if len(token) == 1 and token in _LETTERS[: len(targets)]:
        return dict(targets[_LETTERS.index(token)])
    return None


# ---------------------------------------------------------------- events
def flash_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    """A recitation is heard item by item and then gone; one's own is not echoed."""
    if event["kind"] != "said" or event["seat"] == view["seat"]:
        return None
    return _t(
        lang,
        "flash",
        name=names[event["seat"]],
        i=event["index"] + 1,
        item=card_text(event["item"], lang),
    )


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    kind = event["kind"]
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if kind == "chain_started":
        return _t(lang, _key(lang, "ev_chain", seat, view), no=event["chain_no"], name=name)
    if kind == "flipped":
        card = card_text(event["card"], lang)
        key = _key(lang, "ev_flipped", seat, view)
        return _t(lang, key, name=name, card=card, n=event["chain"])
    if kind == "called":
        if event["call"] == "ha":
            return _t(lang, "ev_ha", name=name, target=names[event["point"]])
        return _t(lang, "ev_ub", name=name)
    if kind == "window":
        secs = event["seconds"]
        shown = "" if secs is None else _t(lang, "secs", s=number(f"{secs:g}", lang))
        return _t(lang, "ev_window", secs=shown, name=name)
    if kind == "ho":
        key = "ev_ho_right" if event["right"] else "ev_ho_wrong"
        at = event.get("at", 0) + 1
        return _t(lang, key, name=name, reciter=names[event["reciter"]], at=at)
    if kind == "window_closed":
        return _t(lang, "ev_window_closed", name=name)
    if kind == "chain_lost":
        why = _why(event, view, names, lang)
        key = _key(lang, "ev_lost", seat, view)
        return _t(lang, key, name=name, length=event["length"], why=why)
    if kind == "chain_won":
        tokens = event["tokens"][event["seat"]]
        key = _key(lang, "ev_won", seat, view)
        return _t(lang, key, name=name, length=event["length"], tokens=tokens)
    if kind == "dealt" and event["count"]:
        return _t(lang, _key(lang, "ev_dealt", seat, view), name=name, count=event["count"])
    if kind == "recycled":
        return _t(lang, "ev_recycled", cards=event["cards"])
    if kind == "game_over":
        winners = event["winners"]
        if event.get("reason") == "out_of_cards":
            key = "ev_out_of_cards"
        else:
            key = _key(lang, "ev_game_over", winners[0] if len(winners) == 1 else None, view)
        return _t(lang, key, names=_join(lang, [names[w] for w in winners]))
    return None


def _why(event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    reason = "by_ho" if event["reason"] == "ho" else event["reason"]
    key = _key(lang, reason, event["seat"], view)
    return _t(
        lang,
        key,
        caller=names[event["caller"]] if "caller" in event else "",
        at=event.get("index", 0) + 1,
        said=event.get("index", 0),
    )


# ----------------------------------------------------------------- board
def board(view: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    """The table: the top card only, and each player's face-down cards and tokens."""
    header = _t(
        lang,
        "header",
        chain_no=view["chain_no"],
        chain=view["chain"],
        deck=view["deck"],
        aside=view["set_aside"],
        tokens=view["tokens_to_win"],
    )
    top: RenderableType = (
        card_label(view["top"], lang) if view["top"] else Text(T[lang]["no_top"], style="dim")
    )
    table = Table(expand=False)
    for key in ("player", "cards", "tokens", "status"):
        table.add_column(T[lang][key])
    for p in range(view["players"]):
        table.add_row(
            names[p],
            "▮" * view["hands"][p] + " " + digits(view["hands"][p], lang),
            "●" * view["tokens"][p],
            _status(view, p, names, lang),
        )
    parts: list[RenderableType] = [Text(header, style="bold")]
    if view["variant"] == "challenges":
        parts.append(Text(T[lang]["variant_challenges"], style="italic"))
    parts += [Panel(top, title=T[lang]["top"], expand=False), table]
    return Group(*parts)


def _status(view: dict[str, Any], p: int, names: list[str], lang: str) -> str:
    if view["phase"] == "window":
        if p == view["turn"]:
            return ""
        return T[lang]["judging"] if p in view["to_act"] else ""
    if p != view["turn"]:
        return ""
    status = T[lang]["to_flip" if view["phase"] == "flip" else "reciting"]
    if view["pointed_by"] is not None:
        status += " · " + _t(lang, "pointed", name=names[view["pointed_by"]])
    return status

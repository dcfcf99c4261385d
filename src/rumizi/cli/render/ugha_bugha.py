"""Ugha Bugha in the terminal: only the top card, the recitation flashed item by item, and
the chain typed by numbers from the palette, then the closing call — all on the clock."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import PERSIAN_KEYS, digits
from rumizi.cli.render import Renderer, action_told, frameless, told
from rumizi.engine.texts import Formatter
from rumizi.games.ugha_bugha import texts
from rumizi.games.ugha_bugha.cards import CARDS, ITEM_IDS, NUMBER

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
        "palette": "Palette",
        "calls": "Then the call: {calls}",
        "recite": "Recite the chain ({n} card(s), {said} said): numbers bottom to top, "
        "then the call: ",
        "bad_token": "“{token}” is not an item number from 1 to {n} nor a call ({calls}).",
        "call_last": "The call ({calls}) comes last, once.",
        "too_many": "The chain has {n} card(s): at most {left} more item(s), not {got}.",
        "empty": "Type the item numbers (e.g. 3 3 12), then the call ({calls}).",
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
        "palette": "واژه‌ها و حرکت‌ها",
        "calls": "و در آخر: {calls}",
        "recite": "زنجیره را بگویید ({n} کارت، {said} گفته شده): شماره‌ها از پایین به بالا، "
        "بعد حرف آخر: ",
        "bad_token": "«{token}» نه شمارهٔ یکی از ۱ تا {n} است و نه حرف آخر ({calls}).",
        "call_last": "حرف آخر ({calls}) یک بار و در انتها می‌آید.",
        "too_many": "زنجیره {n} کارت دارد: حداکثر {left} مورد دیگر، نه {got}.",
        "empty": "شماره‌ها را بنویسید (مثلاً ۳ ۳ ۱۲) و بعد حرف آخر را ({calls}).",
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
    name: str = texts.CATALOGUE[lang][f"card.{cid}"]
    return name


def card_label(cid: str, lang: str) -> Text:
    """The card in its colour, as on the table."""
    card = CARDS[NUMBER[cid]]
    red, green, blue = (int(card.colour[i : i + 2], 16) for i in (1, 3, 5))
    ink = "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"
    return Text(f" {card_text(cid, lang)} ", style=f"bold {ink} on {card.colour}")


# --------------------------------------------------------------- actions
def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    return action_told(texts, action, view, names, lang)


def _calls(view: dict[str, Any], legal: list[Action], names: list[str], lang: str) -> list[str]:
    """The closing calls as the person types them: a letter per target, ! for Ugha Bugha."""
    out = []
    for letter, action in zip(_LETTERS, _targets(legal), strict=False):
        out.append(f"{letter} = {action_text(action, view, names, lang)}")
    out.append(f"! = {action_text({'type': 'ugha_bugha'}, view, names, lang)}")
    return out


def _targets(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "ha"]


def text_input(
    view: dict[str, Any],
    legal: list[Action],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
) -> tuple[RenderableType, str] | None:
    """While reciting, the person types the item numbers and the call on one line; the
    palette (``compact``: without its frame) shows the numbers."""
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
    if compact:
        return Group(palette, calls), prompt
    return Panel(Group(palette, calls), title=T[lang]["palette"]), prompt


def parse_input(
    text: str, view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> list[Action]:
    """``"3 3 12 a"`` → say items 3, 3 and 12, then "Ha!" at the first target. A call
    needs no space before it (``"19a"``, ``"4!"``): numbers and calls are read apart."""
    calls = _join(lang, [c.split(" = ")[0] for c in _calls(view, legal, names, lang)])
    tokens = re.findall(r"\d+|[^\s\d,]+", text.translate(_TO_LATIN).strip().lower())
    tokens = [t for token in tokens for t in ([token] if token.isdigit() else _calls_apart(token))]
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


def typed_answer(
    actions: list[Action], view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> str:
    """The line ``parse_input`` reads as ``actions`` (a lesson says what to type)."""
    tokens = []
    for a in actions:
        if a["type"] == "say":
            tokens.append(digits(ITEM_IDS.index(a["item"]) + 1, lang))
        elif a["type"] == "ha":
            tokens.append(_LETTERS[_targets(legal).index(a)])
        elif a["type"] == "ugha_bugha":
            tokens.append(UGHA_BUGHA_KEYS[0])
    return " ".join(tokens)


def _calls_apart(token: str) -> list[str]:
    """``"a!"`` → ``a``, ``!``: a run of call keys, one call each (a word stays whole)."""
    return list(token) if len(token) <= 2 else [token]


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
    ref = texts.flash_message(event, view["seat"])
    return None if ref is None else Formatter(texts.CATALOGUE, lang, names)(ref)


def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    return told(texts, event, view, names, lang)


def retold(event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str | None:
    """In a replay (the story of a memory game), a flip names the card flipped."""
    text = told(texts, event, view, names, lang)
    if event["kind"] == "flipped" and text:
        return f"{text.rstrip('.')}: {card_text(event['card'], lang)}"
    return text


# ----------------------------------------------------------------- board
def board(
    view: dict[str, Any],
    names: list[str],
    lang: str,
    *,
    compact: bool = False,
    with_hand: bool = True,
) -> RenderableType:
    """The table: the top card only, and each player's face-down cards and tokens.
    ``compact``: the top card on one line and a table without its frame. (Nobody holds
    a hand to look at: ``with_hand`` changes nothing.)"""
    header = _t(
        lang,
        "header",
        chain_no=view["chain_no"],
        chain=view["chain"],
        deck=view["deck"],
        aside=view["set_aside"],
        tokens=view["tokens_to_win"],
    )
    top = card_label(view["top"], lang) if view["top"] else Text(T[lang]["no_top"], style="dim")
    table = frameless() if compact else Table(expand=False)
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
    if compact:
        parts.append(Text.assemble((T[lang]["top"] + ": ", "bold"), top))
    else:
        parts.append(Panel(top, title=T[lang]["top"], expand=False))
    parts.append(table)
    return Group(*parts)


def hand(
    view: dict[str, Any], names: list[str], lang: str, *, compact: bool = False
) -> RenderableType | None:
    """Nothing: your cards lie face down, unseen even by you."""
    return None


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


RENDERER = Renderer(
    board,
    hand,
    action_text,
    event_text,
    text_input=text_input,
    parse_input=parse_input,
    typed_answer=typed_answer,
    flash_text=flash_text,
    retold=retold,
    words=T,
)

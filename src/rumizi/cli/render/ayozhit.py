"""Ayozhit in the terminal: the 15 pictures by number and name, the word card, your secret
board typed as a line of numbers on the marking clock, then the announcing round."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rumizi.cli.i18n import digits
from rumizi.games.ayozhit.content import load_pictures

Action = dict[str, Any]

T = {
    "en": {
        "round": "Round {n} of {of}",
        "tiebreak": "Tie-break round",
        "card": "Word card: {a} / {b}",
        "word": "The word: «{word}»",
        "first": "first dreamer: {name}",
        "dreamer": "dreamer: {name}",
        "player": "Player",
        "score": "Score",
        "sparks": "This round",
        "marked": "Marked",
        "status": "",
        "ready": "ready",
        "marking": "marking…",
        "failed": "failed",
        "deep": "dreamt-deep",
        "out": "sits out",
        "legend": "✓ your mark · ★ three-spark · ✦ two-spark · ✗ fail (face down)",
        "choose_word": "Choose the word «{word}»",
        "mark": "Mark {n}. {title}",
        "unmark": "Unmark {n}. {title}",
        "ready_action": "Ready",
        "announce": "Announce {n}. {title}",
        "mark_help": "Which pictures does «{word}» bring to mind? Type their numbers "
        "(1 to 10 of them), e.g. 3 7 12. Marking too many risks being dreamt-deep.",
        "mark_prompt": "Your pictures: ",
        "bad_number": "“{token}” is not a picture number from 1 to 15.",
        "count": "Mark between 1 and 10 pictures, not {n}.",
        "ev_round": "Round {n} begins: {name} turns the word card: «{a}» or «{b}».",
        "ev_round_tb": "Tie-break round among {names}: {name} turns the word card: «{a}» or «{b}».",
        "ev_word": "{name} chose «{word}». Everyone marks in secret.",
        "ev_word_you": "You chose «{word}». Everyone marks in secret.",
        "ev_ready": "{name} is ready.",
        "ev_ready_you": "You are ready.",
        "ev_time_up": "Time is up for marking.",
        "ev_counted": "Counts: {counts}.",
        "ev_deep": " {name} marked the most: dreamt-deep.",
        "ev_no_deep": " A tie for most: nobody is dreamt-deep.",
        "ev_no_marks": " No mark, so failed this round: {names}.",
        "ev_dreamer": "{name} is the dreamer.",
        "ev_dreamer_you": "You are the dreamer.",
        "ev_three": "{name} announced {n}. {title}: {markers} marked it too — three-spark, "
        "3 points each!",
        "ev_two": "{name} announced {n}. {title}: {markers} marked it too — two-spark, "
        "2 points each.",
        "ev_fail": "{name} announced {n}. {title}: nobody else marked it — {name} fails.",
        "ev_three_you": "You announced {n}. {title}: {markers} marked it too — three-spark, "
        "3 points each!",
        "ev_two_you": "You announced {n}. {title}: {markers} marked it too — two-spark, "
        "2 points each.",
        "ev_fail_you": "You announced {n}. {title}: nobody else marked it — you fail.",
        "ev_no_score": " ({names} had failed: no points.)",
        "ev_round_over": "Round {n} scored: {points}. Scores: {scores}.",
        "ev_penalty": " {name}, dreamt-deep and failed, lost {p}.",
        "ev_row": "New pictures in the {row} row: {titles}.",
        "ev_game_over": "{names} won with {score} points!",
    },
    "fa": {
        "round": "دور {n} از {of}",
        "tiebreak": "دور تعیین برنده",
        "card": "کارت واژه: {a} / {b}",
        "word": "واژه: «{word}»",
        "first": "خوابگذار نخست: {name}",
        "dreamer": "خوابگذار: {name}",
        "player": "بازیکن",
        "score": "امتیاز",
        "sparks": "این دور",
        "marked": "علامت",
        "status": "",
        "ready": "آماده",
        "marking": "در حال علامت‌زدن…",
        "failed": "ناکام",
        "deep": "خواب‌زده",
        "out": "بیرون از این دور",
        "legend": "✓ علامت شما · ★ سه‌کام · ✦ دوکام · ✗ ناکام (رو به پایین)",
        "choose_word": "واژهٔ «{word}» را برگزینید",
        "mark": "علامت روی {n}. {title}",
        "unmark": "برداشتن علامت {n}. {title}",
        "ready_action": "آماده‌ام",
        "announce": "اعلام {n}. {title}",
        "mark_help": "«{word}» شما را یاد کدام تصویرها می‌اندازد؟ شماره‌هایشان را بنویسید "
        "(۱ تا ۱۰ تصویر)، مثلاً ۳ ۷ ۱۲. علامت زیاد ممکن است خواب‌زده‌تان کند.",
        "mark_prompt": "تصویرهای شما: ",
        "bad_number": "«{token}» شمارهٔ تصویری از ۱ تا ۱۵ نیست.",
        "count": "بین ۱ تا ۱۰ تصویر علامت بزنید، نه {n}.",
        "ev_round": "دور {n} آغاز شد: {name} کارت واژه را رو کرد: «{a}» یا «{b}».",
        "ev_round_tb": "دور تعیین برنده میان {names}: {name} کارت واژه را رو کرد: «{a}» یا «{b}».",
        "ev_word": "{name} «{word}» را برگزید. همه پنهانی علامت می‌زنند.",
        "ev_word_you": "«{word}» را برگزیدید. همه پنهانی علامت می‌زنند.",
        "ev_ready": "{name} آماده است.",
        "ev_ready_you": "آماده‌اید.",
        "ev_time_up": "وقت علامت‌زدن تمام شد.",
        "ev_counted": "شمار علامت‌ها: {counts}.",
        "ev_deep": " {name} بیشترین علامت را زد: خواب‌زده است.",
        "ev_no_deep": " چند نفر بیشترین علامت را زدند: کسی خواب‌زده نیست.",
        "ev_no_marks": " بی‌علامت و ناکامِ این دور: {names}.",
        "ev_dreamer": "خوابگذار: {name}.",
        "ev_dreamer_you": "شما خوابگذارید.",
        "ev_three": "{name} {n}. {title} را اعلام کرد: {markers} هم علامت زده بود — سه‌کام، "
        "هر کدام ۳ امتیاز!",
        "ev_two": "{name} {n}. {title} را اعلام کرد: {markers} هم علامت زده بودند — دوکام، "
        "هر کدام ۲ امتیاز.",
        "ev_fail": "{name} {n}. {title} را اعلام کرد: کسی دیگر علامتش نزده بود — ناکام شد.",
        "ev_three_you": "{n}. {title} را اعلام کردید: {markers} هم علامت زده بود — سه‌کام، "
        "هر کدام ۳ امتیاز!",
        "ev_two_you": "{n}. {title} را اعلام کردید: {markers} هم علامت زده بودند — دوکام، "
        "هر کدام ۲ امتیاز.",
        "ev_fail_you": "{n}. {title} را اعلام کردید: کسی دیگر علامتش نزده بود — ناکام شدید.",
        "ev_no_score": " ({names} پیش‌تر ناکام شده بود: امتیازی نمی‌گیرد.)",
        "ev_round_over": "امتیاز دور {n}: {points}. جمع امتیازها: {scores}.",
        "ev_penalty": " {name} خواب‌زده بود و ناکام شد: {p} امتیاز کم شد.",
        "ev_row": "تصویرهای تازه در ردیف {row}: {titles}.",
        "ev_game_over": "{names} با {score} امتیاز برد!",
    },
}

ROWS = {"en": ("top", "middle", "bottom"), "fa": ("بالا", "میانه", "پایین")}
RESULT_MARK = {"three": "★", "two": "✦", "fail": "✗"}
_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩،", "01234567890123456789,")


def _t(lang: str, key: str, **values: Any) -> str:
    return T[lang][key].format(
        **{k: digits(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    )


def _key(lang: str, key: str, seat: Any, view: dict[str, Any]) -> str:
    you = f"{key}_you"
    return you if seat is not None and seat == view.get("seat") and you in T[lang] else key


def _join(lang: str, parts: list[str]) -> str:
    return ("، " if lang == "fa" else ", ").join(parts)


@cache
def _titles() -> dict[str, dict[str, str]]:
    return {p.id: {lang: p.title(lang) for lang in ("fa", "en")} for p in load_pictures()}


def title(picture: str, lang: str) -> str:
    return _titles()[picture][lang]


def _picture(view: dict[str, Any], position: int, lang: str) -> dict[str, Any]:
    return {"n": digits(position + 1, lang), "title": title(view["table"][position], lang)}


# --------------------------------------------------------------- actions
def action_text(action: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    kind = action["type"]
    if kind == "word":
        return _t(lang, "choose_word", word=view["card"]["words"][action["word"]][lang])
    if kind in ("mark", "unmark", "announce"):
        return _t(lang, kind, **_picture(view, action["picture"], lang))
    return _t(lang, "ready_action")


def text_input(
    view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> tuple[RenderableType, str] | None:
    """While marking, the person types all their pictures' numbers on one line."""
    if view["phase"] != "select":
        return None
    return _t(lang, "mark_help", word=view["word"][lang]), _t(lang, "mark_prompt")


def parse_input(
    text: str, view: dict[str, Any], legal: list[Action], names: list[str], lang: str
) -> list[Action]:
    """``"3 7 12"`` → the board holds exactly pictures 3, 7 and 12, then ready."""
    tokens = [t for t in re.split(r"[\s,]+", text.translate(_TO_LATIN).strip()) if t]
    wanted: list[int] = []
    for token in tokens:
        if not token.isdigit() or not 1 <= int(token) <= 15:
            raise ValueError(_t(lang, "bad_number", token=token))
        if int(token) - 1 not in wanted:
            wanted.append(int(token) - 1)
    if not 1 <= len(wanted) <= 10:
        raise ValueError(_t(lang, "count", n=len(wanted)))
    mine = set(view["marks"])
    actions: list[Action] = [{"type": "unmark", "picture": p} for p in sorted(mine - set(wanted))]
    actions += [{"type": "mark", "picture": p} for p in wanted if p not in mine]
    return [*actions, {"type": "ready"}]


# ---------------------------------------------------------------- events
def event_text(
    event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str
) -> str | None:
    kind = event["kind"]
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if kind == "round_started":
        a, b = (w[lang] for w in event["card"]["words"])
        first = names[event["first"]]
        if event["tiebreak"]:
            who = _join(lang, [names[s] for s in event["playing"]])
            return _t(lang, "ev_round_tb", names=who, name=first, a=a, b=b)
        return _t(lang, "ev_round", n=event["round"], name=first, a=a, b=b)
    if kind == "word_chosen":
        return _t(lang, _key(lang, "ev_word", seat, view), name=name, word=event["word"][lang])
    if kind == "ready":
        return _t(lang, _key(lang, "ev_ready", seat, view), name=name)
    if kind == "time_up":
        return _t(lang, "ev_time_up")
    if kind == "counted":
        return _counted(event, view, names, lang)
    if kind == "dreamer":
        return _t(lang, _key(lang, "ev_dreamer", seat, view), name=name)
    if kind == "announced":
        return _announced(event, view, names, lang)
    if kind == "round_over":
        return _round_over(event, names, lang)
    if kind == "row_replaced":
        rows = ROWS[lang]
        titles = _join(lang, [title(p, lang) for p in event["pictures"]])
        return _t(lang, "ev_row", row=rows[event["row"]], titles=titles)
    if kind == "game_over":
        winners = _join(lang, [names[w] for w in event["winners"]])
        score = event["scores"][event["winners"][0]]
        return _t(lang, "ev_game_over", names=winners, score=score)
    return None


def _counted(event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    playing = view.get("playing") or [True] * len(names)
    counts = _join(
        lang,
        [f"{names[s]} {digits(c, lang)}" for s, c in enumerate(event["counts"]) if playing[s]],
    )
    text = _t(lang, "ev_counted", counts=counts)
    deep = event["deep"]
    text += _t(lang, "ev_no_deep") if deep is None else _t(lang, "ev_deep", name=names[deep])
    if event["failed"]:
        text += _t(lang, "ev_no_marks", names=_join(lang, [names[s] for s in event["failed"]]))
    return text


def _announced(event: dict[str, Any], view: dict[str, Any], names: list[str], lang: str) -> str:
    name = names[event["dreamer"]]
    n = digits(event["position"] + 1, lang)
    pic = title(event["picture"], lang)
    markers = _join(lang, [names[s] for s in event["markers"]])
    key = _key(lang, f"ev_{event['result']}", event["dreamer"], view)
    text = _t(lang, key, name=name, n=n, title=pic, markers=markers)
    unpaid = [s for s in event["markers"] if s not in event["scorers"]]
    if unpaid and event["result"] != "fail":
        text += _t(lang, "ev_no_score", names=_join(lang, [names[s] for s in unpaid]))
    return text


def _round_over(event: dict[str, Any], names: list[str], lang: str) -> str:
    points = _join(lang, [f"{names[s]} {digits(p, lang)}" for s, p in enumerate(event["points"])])
    scores = _join(lang, [f"{names[s]} {digits(p, lang)}" for s, p in enumerate(event["scores"])])
    text = _t(lang, "ev_round_over", n=event["round"], points=points, scores=scores)
    for s, p in enumerate(event["penalty"]):
        if p:
            text += _t(lang, "ev_penalty", name=names[s], p=p)
    return text


# ----------------------------------------------------------------- board
def board(view: dict[str, Any], names: list[str], lang: str) -> RenderableType:
    heading = (
        _t(lang, "tiebreak")
        if view["tiebreak_round"]
        else _t(lang, "round", n=view["round"], of=view["rounds"])
    )
    a, b = (w[lang] for w in view["card"]["words"])
    lines = [Text(heading, style="bold"), Text(_t(lang, "card", a=a, b=b))]
    if view["word"] is not None:
        lines.append(Text(_t(lang, "word", word=view["word"][lang]), style="bold magenta"))
    lines.append(Text(_t(lang, "first", name=names[view["first"]])))
    if view["dreamer"] is not None:
        lines.append(Text(_t(lang, "dreamer", name=names[view["dreamer"]]), style="bold"))
    return Group(
        *lines,
        _grid(view, lang),
        Text(_t(lang, "legend"), style="dim"),
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
    for key in ("player", "score", "sparks", "marked", "status"):
        table.add_column(T[lang][key])
    counts = view["counts"]
    for s, name in enumerate(names):
        status = []
        if not view["playing"][s]:
            status.append(T[lang]["out"])
        elif view["phase"] == "select":
            status.append(T[lang]["ready"] if view["ready"][s] else T[lang]["marking"])
        if view["failed"][s]:
            status.append(T[lang]["failed"])
        if view["deep"] == s:
            status.append(T[lang]["deep"])
        sparks = " + ".join(digits(x, lang) for x in view["sparks"][s]) or "—"
        count = "—" if counts is None else digits(counts[s], lang)
        table.add_row(name, digits(view["scores"][s], lang), sparks, count, _join(lang, status))
    return table

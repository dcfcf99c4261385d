"""Ayozhit's words beyond random play, from stacked games: the reader in the second person
(as dreamer, as a marker, dreamt-deep, failed, winner), a failed marker who scores nothing,
the penalty, a tie-break round, a shared win, plurals, action labels — and the terminal
prints exactly what the catalogue says."""

from __future__ import annotations

from typing import Any

from ayozhit_helpers import DECK, announce, boards, choose_word, mark, table

from rumizi import games
from rumizi.cli.render import ayozhit as render
from rumizi.engine import Event, Match
from rumizi.engine.texts import Formatter
from rumizi.games.ayozhit.content import load_pictures
from rumizi.games.ayozhit.texts import CATALOGUE, action_message

NAMES = {"en": ["Ann", "Bob", "Cy", "Di"], "fa": ["آنا", "بابک", "سارا", "دینا"]}
TITLE = {p.id: p.text for p in load_pictures()}


def said(events: list[Event], reader: int | None, lang: str = "en") -> list[str]:
    say = Formatter(CATALOGUE, lang, NAMES[lang])
    out = []
    for event in events:
        if event.visible_to(reader):
            data = games.told("ayozhit", event.to_json(), reader)
            if "message" in data:
                out.append(say(data["message"]))
    return out


def play_round(match: Match, marks: dict[int, list[int]]) -> None:
    boards(match, marks)
    round_no = match.state.round
    while match.state.round == round_no and match.state.phase == "announce":
        seat = match.state.dreamer
        done = match.state.announced_positions()
        announce(match, seat, next(p for p in marks[seat] if p not in done))


def title(position: int, lang: str = "en") -> str:
    return TITLE[DECK[position]][lang].title


def test_a_round_told_to_each_player_in_the_second_person() -> None:
    match = table()
    events = boards(match, {0: [0, 5], 1: [0, 1, 9, 14], 2: [1, 2], 3: [1, 3]})
    events += announce(match, 0, 0)  # three-spark with seat 1
    events += announce(match, 1, 1)  # two-spark with seats 2 and 3
    word = match.view(0)["word"]["en"]
    assert said(events, 0)[:2] == [
        f"You chose “{word}”. Everyone marks in secret.",
        "You are ready; your marks stay secret.",
    ]
    assert said(events, 1)[0] == f"Ann chose “{word}”. Everyone marks in secret."
    assert "Marks counted: Ann 2, you 4, Cy 2, Di 2. You marked the most: you are dreamt-deep." in (
        said(events, 1)
    )
    assert "Marks counted: you 2, Bob 4, Cy 2, Di 2. Bob marked the most: dreamt-deep." in (
        said(events, 0)
    )
    three = f"1. {title(0)}"
    assert f"You announced {three}: Bob marked it too — three-spark, 3 points each!" in said(
        events, 0
    )
    assert f"Ann announced {three}: you marked it too — three-spark, 3 points each!" in said(
        events, 1
    )
    assert f"Ann announced {three}: Bob marked it too — three-spark, 3 points each!" in said(
        events, None
    )
    two = f"2. {title(1)}"
    assert (
        f"Bob announced {two}: you marked it too, and so did Di — two-spark, 2 points each."
        in said(events, 2)
    )
    assert "You are the dreamer: announce one of your marked pictures." in said(events, 1)
    fa = said(events, 1, "fa")
    assert any(
        line.startswith(f"آنا «{title(0, 'fa')}» (تصویر ۱) را اعلام کرد: شما هم علامتش زده بودید")
        for line in fa
    )


def test_a_failed_marker_scores_nothing_and_the_penalty_is_told() -> None:
    match = table()
    events = boards(match, {0: [0], 1: [0, 1, 9, 14], 2: [1, 2], 3: [1, 3]})
    for seat, position in ((0, 0), (1, 1), (2, 2), (3, 3)):
        events += announce(match, seat, position)
    events += announce(match, 1, 9)  # fails: dreamt-deep, loses 1 from each of 2 sparks
    to_bob = said(events, 1)
    assert f"You announced 10. {title(9)}: nobody else marked it — you fail this round." in to_bob
    end = next(line for line in to_bob if line.startswith("Round 1 scored"))
    assert end == (
        "Round 1 scored — Ann 3, you 3, Cy 2, Di 2. Scores: Ann 3, you 3, Cy 2, Di 2. "
        "You were dreamt-deep and failed: you lost 2 points."
    )
    assert next(line for line in said(events, 0) if line.startswith("Round 1")).endswith(
        "Bob, dreamt-deep and failed, lost 2 points."
    )

    match = table()
    events = boards(match, {0: [5, 9], 1: [9], 2: [6], 3: [6, 9]})
    events += announce(match, 0, 5)  # seat 0 fails …
    events += announce(match, 1, 9)  # … then is revealed on 9 but scores nothing
    assert said(events, 0)[-2].endswith(
        "you marked it too, and so did Di — two-spark, 2 points each. "
        "(You had already failed: no points for you.)"
    )
    assert said(events, 2)[-2].endswith("(Ann had already failed: no points.)")


def test_nobody_dreamt_deep_and_a_player_without_marks() -> None:
    match = table(select_seconds=30)
    events = choose_word(match)
    events += mark(match, 0, [0, 1])
    events += mark(match, 1, [0, 2])
    events += mark(match, 2, [1], ready=False)
    events += match.timeout()
    lines = said(events, 3)
    assert lines[0].endswith("Everyone marks in secret (30 seconds on the clock).")
    assert "Time is up for marking." in lines
    counted = next(line for line in lines if line.startswith("Marks counted"))
    assert counted == (
        "Marks counted: Ann 2, Bob 2, Cy 1, you 0. A tie for most: nobody is dreamt-deep. "
        "No mark, so failed this round: you."
    )
    assert said(events, 3, "fa")[0].endswith("همه پنهانی علامت می‌زنند (۳۰ ثانیه وقت).")


def test_tiebreak_round_and_winners() -> None:
    match = table(players=3, tiebreak=True)
    for _ in range(4):
        play_round(match, {0: [0], 1: [0], 2: [1]})
    tiebreak = [e for e in match.events if e.kind == "round_started"][-1]
    assert said([tiebreak], 1)[0].startswith(
        "Tie-break round among Ann, you: you turn the word card: “"
    )
    assert said([tiebreak], 2)[0].startswith("Tie-break round among Ann, Bob: Bob turns the")
    choose_word(match)
    mark(match, 0, [3, 4])
    mark(match, 1, [3])
    announce(match, 1, 3)
    announce(match, 0, 4)
    over = match.events[-1:]
    assert said(over, 1) == ["You won with 15 points!"]
    assert said(over, 0) == ["Bob won with 15 points!"]
    assert said(over, 1, "fa") == ["با ۱۵ امتیاز بردید!"]

    shared = table(players=3)
    for _ in range(4):
        play_round(shared, {0: [0], 1: [0], 2: [1]})
    over = shared.events[-1:]
    assert said(over, 0) == ["You share the win with Bob, 12 points each."]
    assert said(over, 2) == ["Ann, Bob share the win with 12 points each."]


def test_plurals_in_both_languages() -> None:
    say = {lang: Formatter(CATALOGUE, lang, NAMES[lang]) for lang in ("en", "fa")}
    one = {"key": "penalty", "args": {"name": {"seat": 1}, "p": 1}}
    assert say["en"](one) == " Bob, dreamt-deep and failed, lost 1 point."
    assert say["en"]({**one, "args": {**one["args"], "p": 3}}).endswith("lost 3 points.")
    assert say["fa"](one) == " بابک خواب‌زده بود و ناکام شد: ۱ امتیاز کم شد."
    assert say["en"]({"key": "event.game_over", "args": {"names": {"list": []}, "score": 1}})
    assert say["en"]({"key": "clock.on", "args": {"s": 1}}) == " (1 second on the clock)"


def test_action_labels() -> None:
    match = table()
    view = match.view(0)
    say = Formatter(CATALOGUE, "en", NAMES["en"])
    word = view["card"]["words"][1]
    labels = [say(action_message(a, view)) for a in match.legal(0)]
    assert labels == [f"Choose “{view['card']['words'][0]['en']}”", f"Choose “{word['en']}”"]
    choose_word(match)
    view = match.view(0)
    actions: list[dict[str, Any]] = [
        {"type": "mark", "picture": 6},
        {"type": "unmark", "picture": 6},
        {"type": "announce", "picture": 14},
        {"type": "ready"},
    ]
    assert [say(action_message(a, view)) for a in actions] == [
        f"Mark 7. {title(6)}",
        f"Unmark 7. {title(6)}",
        f"Announce 15. {title(14)}",
        "Ready",
    ]
    fa = Formatter(CATALOGUE, "fa", NAMES["fa"])(action_message(actions[2], view))
    assert fa == f"اعلام «{title(14, 'fa')}» (تصویر ۱۵)"


def test_the_terminal_prints_what_the_catalogue_says() -> None:
    match = table()
    events = boards(match, {0: [0], 1: [0], 2: [1], 3: [1, 2]})
    view = match.view(0)
    for lang in ("en", "fa"):
        names = NAMES[lang]
        printed = [render.event_text(e.to_json(), view, names, lang) for e in events]
        assert [p for p in printed if p] == said(events, 0, lang)
        action = {"type": "announce", "picture": 0}
        expected = Formatter(CATALOGUE, lang, names)(action_message(action, view))
        assert render.action_text(action, view, names, lang) == expected

"""Terminal wording that named the reader wrongly (issue 17): a bot's Prince on itself,
a knock-out with nothing more discarded, and "You's" recitation or Ho! in Ugha Bugha."""

from __future__ import annotations

import random
from typing import Any

from love_letter_helpers import stack
from rumizi.cli.render import renderer
from rumizi.engine import Match
from rumizi.games import load

NAMES = {"en": ["You", "Bot 1", "Bot 2", "Bot 3"], "fa": ["شما", "ربات ۱", "ربات ۲", "ربات ۳"]}


def told(match: Match, start: int, lang: str, seat: int = 0) -> list[str]:
    render = renderer(match.game.id)
    view = match.view(seat)
    lines = []
    for event in match.events[start:]:
        if event.visible_to(seat):
            text = render.event_text(event.to_json(), view, NAMES[lang], lang)
            if text:
                lines.append(text)
    return lines


def test_a_bots_prince_on_itself_is_told_in_the_third_person() -> None:
    # set aside a Guard; You: Handmaid; Bot 1: Princess; Bot 2: Guard; You draw a
    # Handmaid, Bot 1 draws the Prince and plays it on itself, discarding the Princess.
    deck = stack("guard", "handmaid", "princess", "guard", "handmaid", "prince")
    match = Match(load("love-letter"), 3, seed=1, options={"deck": deck})
    match.apply(0, {"card": "handmaid"})
    start = len(match.events)
    match.apply(1, {"card": "prince", "target": 1})
    en = told(match, start, "en")
    fa = told(match, start, "fa")
    assert "Bot 1 played the Prince (5) on themself." in en
    assert "Bot 1 is out of the round." in en
    assert not any("yourself" in line or "—" in line for line in en)
    assert "ربات ۱ از این دور بیرون رفت." in fa
    assert not any("—" in line or "خودتان" in line for line in fa)


def _ugha_events_about_my_recitation() -> tuple[Match, list[int]]:
    """A challenges game of random play with at least one Ho! on seat 0's recitation
    called by another seat, and one chain of another seat lost to seat 0's Ho!."""
    game = load("ugha-bugha")
    for seed in range(200):
        rng = random.Random(seed)
        match = Match(game, 3, seed=seed, options={"variant": "challenges", "clock": "none"})
        for _ in range(3000):
            if match.over:
                break
            acting = sorted(match.to_act())
            if not acting:
                match.timeout()
                continue
            seat = rng.choice(acting)
            match.apply(seat, rng.choice(match.legal(seat)))
        data: list[dict[str, Any]] = [e.to_json() for e in match.events]
        on_me = [i for i, e in enumerate(data) if e["kind"] == "ho" and e["reciter"] == 0]
        by_me = [
            i
            for i, e in enumerate(data)
            if e["kind"] == "chain_lost" and e.get("caller") == 0 and e["seat"] != 0
        ]
        if on_me and by_me:
            return match, on_me + by_me
    raise AssertionError("no game with a Ho! on seat 0 and a chain lost to seat 0's Ho!")


def test_ugha_bugha_never_says_yous() -> None:
    match, wanted = _ugha_events_about_my_recitation()
    render = renderer("ugha-bugha")
    view = match.view(0)
    for lang in ("en", "fa"):
        lines = [
            render.event_text(match.events[i].to_json(), view, NAMES[lang], lang) or ""
            for i in wanted
        ]
        assert all(lines)
        if lang == "en":
            assert not any("You's" in line for line in lines), lines
            assert any(
                "your recitation was right" in line or "you slipped" in line for line in lines
            )
            assert any("caught by your Ho!" in line for line in lines)
        else:
            assert any("شما درست گفته بودید" in line or "شما در مورد" in line for line in lines)
            assert any("«هو!»ِ شما" in line for line in lines)


def test_the_terminal_says_you_start_not_you_starts() -> None:
    """The terminal names the person "You" / «شما»: a round they start reads "you start" /
    «شما شروع می‌کنید» (issue 25's "You starts"), a round a bot starts names the bot."""
    for game_id, players in (("skip-bo", 2), ("love-letter", 3)):
        for first, en, fa in (
            (0, "you start", "شما شروع می‌کنید"),
            (1, "Bot 1 starts", "ربات ۱ شروع می‌کند"),
        ):
            match = Match(load(game_id), players, seed=3, options={"first": first})
            said = {lang: " ".join(told(match, 0, lang)) for lang in ("en", "fa")}
            assert en in said["en"] and "You starts" not in said["en"], said["en"]
            assert fa in said["fa"] and "شما شروع می‌کند." not in said["fa"], said["fa"]

"""The reader in the second person: ``addressed`` names the reader's seat "you" wherever a
reference holds it, and ``subject`` picks a message's ``.you`` / ``.you_and`` form, so
the verb agrees in both languages (never "You starts", «شما شروع می‌کند»)."""

from __future__ import annotations

import pytest

from rumizi import games
from rumizi.engine.texts import Formatter, addressed, subject

CATALOGUE = {
    "en": {
        "you": "you",
        "started": "{name} starts.",
        "started.you": "You start.",
        "won": "{names} won!",
        "won.you": "You won!",
        "won.you_and": "You and {names} won!",
        "hit": "{name} hit {target}; scores: {scores}.",
        "score": "{who} {n}",
    },
    "fa": {
        "you": "شما",
        "started": "{name} شروع می‌کند.",
        "started.you": "شما شروع می‌کنید.",
        "won": "برنده: {names}!",
        "won.you": "بردید!",
        "won.you_and": "شما و {names} بردید!",
        "hit": "{name} به {target} زد؛ امتیازها: {scores}.",
        "score": "{who} {n}",
    },
}
NAMES = {"en": ["Ann", "Bob", "Cy"], "fa": ["آنا", "بابک", "سیروس"]}


def say(lang: str, ref: dict) -> str:  # type: ignore[type-arg]
    return Formatter(CATALOGUE, lang, NAMES[lang])(ref)


def test_the_readers_seat_is_you_everywhere_in_a_reference() -> None:
    scores = {
        "list": [{"ref": {"key": "score", "args": {"who": {"seat": s}, "n": s}}} for s in (0, 1)]
    }
    ref = {"key": "hit", "args": {"name": {"seat": 1}, "target": {"seat": 0}, "scores": scores}}
    assert say("en", addressed(ref, 0)) == "Bob hit you; scores: you 0, Bob 1."
    assert say("fa", addressed(ref, 0)) == "بابک به شما زد؛ امتیازها: شما ۰، بابک ۱."
    assert say("en", addressed(ref, None)) == "Bob hit Ann; scores: Ann 0, Bob 1."  # a spectator
    assert say("en", addressed(ref, 2)) == "Bob hit Ann; scores: Ann 0, Bob 1."
    assert ref["args"]["target"] == {"seat": 0}  # the reference itself is left as it was


@pytest.mark.parametrize(
    ("seats", "me", "en", "fa"),
    [
        ([1], 0, "Bob won!", "برنده: بابک!"),
        ([0], 0, "You won!", "بردید!"),
        ([0, 2], 0, "You and Cy won!", "شما و سیروس بردید!"),
        ([0, 2], None, "Ann, Cy won!", "برنده: آنا، سیروس!"),
    ],
)
def test_a_subject_with_the_reader_takes_the_second_person(
    seats: list[int], me: int | None, en: str, fa: str
) -> None:
    key, names = subject("won", seats, me)
    ref = {"key": key, "args": {"names": names}}
    assert (say("en", ref), say("fa", ref)) == (en, fa)


@pytest.mark.parametrize("game_id", ["love-letter", "skip-bo"])
def test_you_start_a_round_in_persian_and_english(game_id: str) -> None:
    """The round's starter is told «شما شروع می‌کنید» / "you start", the others its name."""
    event = {"kind": "round_started", "round": 1, "starter": 0, "stock_sizes": [5, 5]}
    texts = games.texts(game_id)
    told = {me: games.told(game_id, event, me)["message"] for me in (0, 1)}
    fa = {me: Formatter(texts.CATALOGUE, "fa", NAMES["fa"])(ref) for me, ref in told.items()}
    en = {me: Formatter(texts.CATALOGUE, "en", NAMES["en"])(ref) for me, ref in told.items()}
    assert "شما شروع می‌کنید" in fa[0] and "آنا" not in fa[0], fa[0]
    assert "آنا شروع می‌کند" in fa[1], fa[1]
    assert "you start" in en[0] and "Ann" not in en[0], en[0]
    assert "Ann starts" in en[1], en[1]

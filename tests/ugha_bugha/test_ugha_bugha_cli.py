"""Terminal play of Ugha Bugha: only the top card on the board, the chain typed by numbers,
a countdown on a fake clock (tests never wait), timeouts, and the real ``rumizi`` command."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner
from ugha_bugha_helpers import GAME, link, table

from rumizi.bots import make
from rumizi.cli import app
from rumizi.cli.play import Countdown, TerminalTable
from rumizi.cli.render import ugha_bugha as render
from rumizi.engine import Match
from rumizi.games.ugha_bugha.cards import CARDS, IDS, ITEM_IDS, recitation

runner = CliRunner()
FOUR = [
    ["drok", "hupa", "kaza"],
    ["lumo", "mogo", "wuga"],
    ["oktu", "pafa", "rakka"],
    ["shuba", "tonk", "urgh"],
]
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def number_of(item: str) -> str:
    return str(ITEM_IDS.index(item) + 1)


def oracle(match: Match, clock: FakeClock, asked: list[tuple[str, float]], step: float = 1.0):  # type: ignore[no-untyped-def]
    """A person who answers right, taking ``step`` seconds per answer."""

    def ask_timed(prompt: str, seconds: float) -> str | None:
        asked.append((prompt, seconds))
        clock.now += step
        state = match.state
        if state.phase == "flip":
            return "1"
        if state.phase == "recite":
            items = [number_of(IDS[i]) for i in recitation(state.pile)]
            return " ".join([*items, "!" if not state.hands[0] else "a"])
        return "2"  # let a recitation pass

    return ask_timed


def table_for(
    match: Match, clock: FakeClock, ask_timed: Any, lang: str = "en"
) -> tuple[TerminalTable, io.StringIO, list[float]]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    pauses: list[float] = []

    def ask(prompt: str) -> str:
        raise AssertionError(f"untimed question in a timed game: {prompt}")

    bots = [make("ugha-bugha", "hard") for _ in range(match.players - 1)]
    tt = TerminalTable(
        match,
        1,
        bots,
        lang,
        console,
        ask,
        bot_seed=1,
        clock=clock,
        ask_timed=ask_timed,
        pause=pauses.append,
    )
    return tt, out, pauses


# ----------------------------------------------------------- typing a chain
def test_a_chain_is_typed_by_numbers_then_the_call() -> None:
    view = {"phase": "recite", "chain": 3, "recited": 0, "seat": 0}
    legal = [{"type": "ha", "point": 2}, {"type": "ha", "point": 3}, {"type": "ugha_bugha"}]
    assert render.parse_input("2 2 19 b", view, legal, NAMES, "en") == [
        {"type": "say", "item": "drok"},
        {"type": "say", "item": "drok"},
        {"type": "say", "item": "tongue"},
        {"type": "ha", "point": 3},
    ]
    assert render.parse_input("۲، ۱۷ !", view, legal, NAMES, "fa") == [
        {"type": "say", "item": "drok"},
        {"type": "say", "item": "bang"},
        {"type": "ugha_bugha"},
    ]
    assert render.parse_input("a", view, legal, NAMES, "en") == [{"type": "ha", "point": 2}]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type the item numbers"),
        ("0", "“0” is not an item number from 1 to 19"),
        ("20", "“20” is not an item number"),
        ("c", "“c” is not an item number"),
        ("a 3", "The call (a, b, !) comes last, once."),
        ("1 2 3 4", "at most 3 more item(s), not 4"),
    ],
)
def test_bad_typing_is_explained(text: str, message: str) -> None:
    view = {"phase": "recite", "chain": 3, "recited": 0, "seat": 0}
    legal = [{"type": "ha", "point": 2}, {"type": "ha", "point": 3}, {"type": "ugha_bugha"}]
    with pytest.raises(ValueError, match=re.escape(message)):
        render.parse_input(text, view, legal, NAMES, "en")


def test_the_board_shows_the_top_card_and_never_the_chain_below() -> None:
    match = table(FOUR)
    link(match, 0, point=1)
    link(match, 1, point=2)
    match.apply(2, {"type": "flip", "position": 0})
    console = Console(record=True, width=120, color_system=None)
    console.print(render.board(match.view(3), NAMES, "en"))
    screen = console.export_text()
    assert "Oktu" in screen and "Drok" not in screen and "Lumo" not in screen
    assert "Chain 1 · 3 card(s)" in screen


def test_a_recitation_is_flashed_item_by_item_and_never_written_down() -> None:
    view = {"seat": 0}
    said = {"kind": "said", "seat": 2, "index": 1, "item": "hupa"}
    assert render.flash_text(said, view, NAMES, "en") == "Bot 2 · 2: 💧 Hupa"
    assert render.flash_text({**said, "seat": 0}, view, NAMES, "en") is None
    assert render.event_text(said, view, NAMES, "en") is None
    persian = ["شما", "ربات ۱", "ربات ۲", "ربات ۳"]
    assert render.flash_text(said, view, persian, "fa") == "ربات ۲ · ۲: 💧 هوپا"


def test_every_card_reads_in_both_scripts_with_its_colour() -> None:
    for card in CARDS:
        assert card.symbol in render.card_text(card.id, "en")
        assert card.persian in render.card_text(card.id, "fa")
        assert str(render.card_label(card.id, "en").style).endswith(f"on {card.colour}")


# ------------------------------------------------------------- the clock
def test_a_whole_game_at_the_keyboard_with_the_countdown() -> None:
    match = Match(GAME, 4, seed=5, options={"tokens_to_win": 1})
    clock = FakeClock()
    asked: list[tuple[str, float]] = []
    tt, out, pauses = table_for(match, clock, oracle(match, clock, asked))
    tt.run()
    assert match.over
    assert asked[0] == ("Choose 1–3 (q to quit): ", 7.5)
    assert asked[1][0].startswith("Recite the chain (1 card(s), 0 said)")
    assert asked[1][1] == 6.5  # the same turn's clock: one second already spent
    bot_items = [e for e in match.events if e.kind == "said" and e.data["seat"] != 0]
    assert pauses == [tt.flash_seconds] * len(bot_items) and bot_items
    text = out.getvalue()
    assert "Top card" in text and "Palette" in text and "Game over." in text


def test_when_the_countdown_runs_out_the_turn_is_lost() -> None:
    match = table(FOUR)
    clock = FakeClock()

    def too_slow(prompt: str, seconds: float) -> str | None:
        clock.now += seconds
        return None

    tt, out, _ = table_for(match, clock, too_slow)
    tt.human_turn(0)
    lost = [e.data for e in match.events if e.kind == "chain_lost"]
    assert lost[0]["seat"] == 0 and lost[0]["reason"] == "time"
    assert "Time is up!" in out.getvalue()


def test_an_answer_after_the_deadline_counts_as_none() -> None:
    match = table(FOUR)
    clock = FakeClock()
    tt, _, _ = table_for(match, clock, lambda prompt, seconds: "1")
    tt.time_left()
    clock.now += 7.4
    tt.human_turn(0)  # flips in time
    assert match.view(0)["phase"] == "recite"

    def late(prompt: str, seconds: float) -> str:
        clock.now += 0.2
        return "2 a"

    tt.ask_timed = late
    tt.human_turn(0)
    assert [e.data["reason"] for e in match.events if e.kind == "chain_lost"] == ["time"]


def test_a_new_turn_starts_a_new_clock_and_items_do_not() -> None:
    match = table(FOUR)
    clock = FakeClock()
    tt, _, _ = table_for(match, clock, None)
    assert tt.time_left() == 7.5
    clock.now += 2
    match.apply(0, {"type": "flip", "position": 0})
    match.apply(0, {"type": "say", "item": "drok"})
    assert tt.time_left() == 5.5
    match.apply(0, {"type": "ha", "point": 1})
    assert tt.time_left() == 9.0


def test_untimed_play_asks_plainly() -> None:
    match = table(FOUR, turn_seconds=None)
    out = io.StringIO()
    answers = iter(["1", "2 a"])
    tt = TerminalTable(
        match, 1, [make("ugha-bugha", "hard")] * 3, "en", Console(file=out), lambda p: next(answers)
    )
    tt.human_turn(0)
    tt.human_turn(0)
    assert match.view(None)["turn"] == 1 and "s left" not in out.getvalue()


# --------------------------------------------------------- the countdown
class FakeKeys:
    """Keys that arrive at given moments of a fake clock."""

    def __init__(self, clock: FakeClock, keys: list[tuple[float, str]]) -> None:
        self.clock = clock
        self.keys = keys

    def session(self) -> Any:
        import contextlib

        return contextlib.nullcontext()

    def wait(self, seconds: float) -> bool:
        if self.keys and self.keys[0][0] <= self.clock.now + seconds:
            self.clock.now = max(self.clock.now, self.keys[0][0])
            return True
        self.clock.now += seconds
        return False

    def read(self) -> str:
        return self.keys.pop(0)[1]


def countdown(
    keys: list[tuple[float, str]], lang: str = "en"
) -> tuple[Countdown, io.StringIO, FakeClock]:
    clock = FakeClock()
    out = io.StringIO()
    keyed = [(clock.now + t, k) for t, k in keys]
    return (
        Countdown(
            Console(file=out, color_system=None), clock, lang, FakeKeys(clock, keyed), tick=0.5
        ),
        out,
        clock,
    )


def test_the_countdown_shows_the_seconds_left_and_returns_the_line() -> None:
    prompt, out, _clock = countdown(
        [(1.2, "1"), (1.3, "2"), (1.4, "\x7f"), (1.5, "3"), (2.0, "\n")]
    )
    assert prompt("Choose: ", 5.0) == "13"
    shown = re.findall(r"⏳ ([\d.]+) s left", out.getvalue())
    assert shown[0] == "5.0" and "4.5" in shown and float(shown[-1]) >= 3.0
    assert out.getvalue().endswith("\r\x1b[2K")  # the answer is erased from the screen


def test_the_countdown_gives_none_when_time_runs_out() -> None:
    prompt, _out, clock = countdown([(9.0, "1")])
    start = clock.now
    assert prompt("Choose: ", 3.0) is None
    assert clock.now - start == pytest.approx(3.0)


def test_the_countdown_speaks_persian() -> None:
    prompt, out, _ = countdown([(0.1, "\n")], lang="fa")
    prompt("انتخاب: ", 4.0)
    assert "۴٫۰ ثانیه مانده" in out.getvalue()


def test_the_countdown_passes_on_quitting_keys() -> None:
    for key, error in (("\x03", KeyboardInterrupt), ("\x04", EOFError), ("", EOFError)):
        prompt, _, _ = countdown([(0.1, key)])
        with pytest.raises(error):
            prompt("Choose: ", 4.0)


# ------------------------------------------------------- the real command
def test_rumizi_play_ugha_bugha_in_the_terminal() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "ugha-bugha",
            "--players",
            "4",
            "--bots",
            "3",
            "--seed",
            "1",
            "--options",
            '{"turn_seconds": null}',
        ],
        input="1\n40\n" + "q\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Top card" in out and "Palette" in out and "Recite the chain" in out
    assert "“40” is not an item number" in out and "Game left" in out


def test_rumizi_play_ugha_bugha_in_persian_with_a_clock() -> None:
    result = runner.invoke(
        app,
        ["play", "ugha-bugha", "--players", "3", "--bots", "2", "--seed", "1", "--lang", "fa"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "کارت رویی" in result.output and "ثانیه مانده" in result.output


def test_rumizi_simulate_ugha_bugha_ends() -> None:
    result = runner.invoke(app, ["simulate", "ugha-bugha", "-n", "3", "--bot", "hard"])
    assert result.exit_code == 0, result.output
    assert re.search(r"3 games in [\d.]+ s", result.output)

"""Issue 36, point 1: line mode's countdown in Persian is one line redrawn in place (the
Persian console ended every print with a line break, so each redraw was a new line)."""

from __future__ import annotations

import io

from rich.cells import cell_len
from test_cli_details import QuietKeys
from tui_helpers import FakeClock

from rumizi.cli.bidi import BidiConsole, visual
from rumizi.cli.countdown import Countdown


def test_the_persian_countdown_redraws_one_line_in_place() -> None:
    for bidi in ("on", "off"):
        out = io.StringIO()
        clock = FakeClock()
        console = BidiConsole(file=out, width=80, color_system=None, force_terminal=True, bidi=bidi)
        ask = Countdown(console, clock, "fa", QuietKeys(clock), tick=0.1)
        assert ask("زنجیره را بگویید: ", 2.0) is None
        written = out.getvalue()
        assert "\n" not in written, repr(written[:200])
        redraws = [r for r in written.split("\r\x1b[2K") if r]
        assert len(redraws) > 10
        for line in redraws:
            assert cell_len(line) < 80, repr(line)
        if bidi == "on":  # in display order, as the rest of the Persian line mode
            assert visual("ثانیه مانده") in redraws[0], redraws[0]


def test_a_heard_persian_word_is_erased_in_place() -> None:
    from rumizi import games
    from rumizi.cli.play import TerminalTable
    from rumizi.engine import Match

    out = io.StringIO()
    console = BidiConsole(file=out, width=80, color_system=None, force_terminal=True, bidi="on")
    match = Match(games.load("ugha-bugha"), 3, seed=2)
    table = TerminalTable(match, 1, [], "fa", console, input, pause=lambda _s: None)
    table.flash("اوگا")
    assert out.getvalue() == visual("اوگا") + "\r\x1b[2K"

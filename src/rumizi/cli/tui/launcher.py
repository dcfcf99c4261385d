"""``rumizi`` alone: the launcher, a full-screen menu — the game, its seats, the bots'
level, the length and the language — with Play, Learn, Kept games and Leave. It answers
what was chosen (``Chosen``); ``run_launcher`` plays it and opens the menu again at the
end, its choices kept (play again)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Select

from rumizi import games

from ..i18n import LANGS, digits, say
from .widgets import Choice, Shown, flat


@dataclass
class Chosen:
    """What the launcher was asked for: ``what`` is ``play``, ``learn`` or ``games``."""

    what: str
    game: str
    players: int
    level: str
    length: str | None
    lang: str


def terminal_games() -> list[str]:
    from ..games_help import playable_in_terminal

    return [g for g in games.ids() if playable_in_terminal(g)]


class Launcher(App[Chosen | None]):
    """The menu; ``return_value`` is what was chosen (None: leave)."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { align: center middle; }
    #menu { width: 76; max-width: 100%; height: auto; border: round $accent; padding: 0 1; }
    .row { height: 3; }
    .label { width: 22; height: 3; content-align: left middle; color: $text-muted; }
    .row Select { width: 1fr; }
    #buttons { height: 1; margin-top: 1; }
    #buttons Choice { width: 1fr; height: 1; min-width: 0; border: none; margin: 0 1; }
    #buttons Choice:focus { text-style: bold reverse; }
    #kept { height: auto; max-height: 10; margin-top: 1; }
    """
    BINDINGS: ClassVar = [
        Binding("q,ض,escape", "leave", show=False),
        Binding("ctrl+c,ctrl+q", "leave", show=False, priority=True),
    ]

    def __init__(
        self, lang: str, bidi: str = "none", last: Chosen | None = None, kept: Text | None = None
    ) -> None:
        super().__init__()
        self.lang = lang
        self.bidi = bidi
        self.last = last
        self.kept = kept
        ids = terminal_games()
        self.game_id = last.game if last is not None else ids[0]

    def word(self, key: str, **values: Any) -> str:
        return flat(say(self.lang, key, **values), self.bidi)

    def compose(self) -> ComposeResult:
        description = games.describe(self.game_id)
        title = "launch_again" if self.last is not None else "launch_title"
        with Vertical(id="menu"):
            yield Shown(Text(say(self.lang, title), style="bold"), id="heading")
            titles = [
                (flat(games.describe(g).title.get(self.lang, g), self.bidi), g)
                for g in terminal_games()
            ]
            languages = [(flat(say(lang, "launch_lang_name"), self.bidi), lang) for lang in LANGS]
            rows: list[tuple[str, Select[Any]]] = [
                ("launch_game", Select(titles, value=self.game_id, allow_blank=False, id="game")),
                (
                    "launch_seats",
                    Select(self.seat_options(), value=self.seats(), allow_blank=False, id="seats"),
                ),
                (
                    "launch_level",
                    Select(self.level_options(), value=self.level(), allow_blank=False, id="level"),
                ),
                (
                    "launch_length",
                    Select(
                        self.length_options(),
                        value=self.length(),
                        allow_blank=False,
                        id="length",
                        disabled=not description.presets,
                    ),
                ),
                ("launch_lang", Select(languages, value=self.lang, allow_blank=False, id="lang")),
            ]
            for key, select in rows:
                with Horizontal(classes="row"):
                    yield Shown(Text(say(self.lang, key)), classes="label")
                    yield select
            with Horizontal(id="buttons"):
                yield Choice(say(self.lang, "launch_play"), id="play", variant="primary")
                yield Choice(say(self.lang, "launch_learn"), id="learn")
                yield Choice(say(self.lang, "launch_kept"), id="games")
                yield Choice(say(self.lang, "tui_leave_yes"), id="leave")
            if self.kept is not None:
                with VerticalScroll(id="kept"):
                    yield Shown(self.kept)

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    # ------------------------------------------------------------- options
    def seat_options(self) -> list[tuple[str, int]]:
        game = games.describe(self.game_id)
        return [(digits(n, self.lang), n) for n in range(game.min_players, game.max_players + 1)]

    def seats(self) -> int:
        game = games.describe(self.game_id)
        if self.last is not None and self.last.game == self.game_id:
            return self.last.players
        return game.solo_seats

    def level_options(self) -> list[tuple[str, str]]:
        levels = games.describe(self.game_id).bot_levels
        return [(flat(b.name.get(self.lang, b.id), self.bidi), b.id) for b in levels]

    def level(self) -> str:
        if self.last is not None and self.last.game == self.game_id:
            return self.last.level
        return games.describe(self.game_id).solo_level

    def length_options(self) -> list[tuple[str, str]]:
        presets = games.describe(self.game_id).presets
        if not presets:
            return [(self.word("launch_fixed"), "")]
        return [(flat(p.name.get(self.lang, p.id), self.bidi), p.id) for p in presets]

    def length(self) -> str:
        description = games.describe(self.game_id)
        if not description.presets:
            return ""
        if self.last is not None and self.last.game == self.game_id and self.last.length:
            return self.last.length
        return description.solo_preset or description.presets[0].id

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id or not isinstance(event.value, str):
            return
        self.game_id = event.value
        self.query_one("#seats", Select).set_options(self.seat_options())
        self.query_one("#seats", Select).value = self.seats()
        self.query_one("#level", Select).set_options(self.level_options())
        self.query_one("#level", Select).value = self.level()
        length = self.query_one("#length", Select)
        length.set_options(self.length_options())
        length.value = self.length()
        length.disabled = not games.describe(self.game_id).presets

    def chosen(self, what: str) -> Chosen:
        def value(name: str) -> Any:
            return self.query_one(f"#{name}", Select).value

        length = value("length")
        return Chosen(
            what,
            self.game_id,
            int(value("seats")),
            str(value("level")),
            length or None,
            str(value("lang")),
        )

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "leave":
            self.exit(None)
        elif event.button.id in ("play", "learn", "games"):
            self.exit(self.chosen(event.button.id))

    def action_leave(self) -> None:
        self.exit(None)


def kept_games_text(lang: str) -> Text:
    """Your kept games, a few lines (for the launcher's Kept games)."""
    import io

    from rich.console import Console

    from ..kept_list import list_games

    out = io.StringIO()
    list_games(None, lang, console=Console(file=out, width=60, color_system=None))
    return Text(out.getvalue().rstrip())


def run_launcher(lang: str, bidi: str, *, runner: Any = None) -> None:
    """The launcher, again after each game (play again) until Leave."""
    from ..launch import play, with_length

    last: Chosen | None = None
    kept: Text | None = None
    while True:
        app = Launcher(lang, bidi, last, kept)
        chosen = app.run() if runner is None else runner(app)
        if chosen is None:
            return
        lang, last, kept = chosen.lang, chosen, None
        if chosen.what == "games":
            kept = kept_games_text(lang)
            continue
        if chosen.what == "learn":
            from rumizi import lessons

            from .lesson import LessonApp

            if lessons.has(chosen.game):
                lesson = LessonApp(chosen.game, lang, bidi=bidi)
                lesson.run() if runner is None else runner(lesson)
            continue
        from ..bidi import BidiConsole

        options = with_length(chosen.game, chosen.length, {})
        console = BidiConsole(bidi=bidi)
        play(
            chosen.game,
            chosen.players,
            chosen.players - 1,
            None,
            lang,
            chosen.level,
            options,
            console,
            console.input,
            full_screen=True,
            bidi=bidi,
        )

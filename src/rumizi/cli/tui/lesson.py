"""``rumizi learn <game>``: a game's lesson at the full-screen table (docs/terminal.md,
"Lessons").

The same lesson as the browser's (``games/<package>/lesson.py``, played by
``rumizi.lessons``): a real match on the lesson's stacked cards, its bots playing their
script (level ``lesson``), and a coach above the choices. The match's log says which step
is due; the coach says the lines of the bots' moves since yours, then your step's lines
(Next), the last of them what to do now. Of the choices, the one to make is marked ▶ and
has the focus; where the game asks for a typed line (a recitation, your pictures) the
coach says what to type — the render module's ``typed_answer``. Any other choice or line
is not made: the coach says why.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual import on
from textual.widgets import Button, Input

from rumizi import games, lessons
from rumizi.bots import make
from rumizi.engine import Match
from rumizi.engine.lesson import YOU
from rumizi.engine.texts import Formatter

from ..i18n import listed, say
from .app import TableApp
from .widgets import Choice, Shown


class LessonApp(TableApp):
    """One person at a game's lesson, full screen."""

    LEAVE_QUESTION = "tui_leave_lesson"

    def __init__(self, game_id: str, lang: str, **kwargs: Any) -> None:
        lesson = lessons.load(game_id)
        match = Match(games.load(game_id), lesson.players, 0, dict(lesson.options))
        bots = [make(game_id, "lesson") for _ in range(lesson.players - 1)]
        super().__init__(match, bots, lang, 0, **kwargs)
        self.script = lessons.client(game_id)
        self.names[:] = [say(lang, "you")] + [
            say(lang, f"lesson_bot_{i}") for i in range(1, lesson.players)
        ]
        self.words = Formatter(games.texts(game_id).CATALOGUE, lang, self.names)
        self.start = -1  # where the lines the coach says now begin (after your last move)
        self.cursor = 0
        self.shown: list[str] = []
        self.wrong = ""
        self.answer = ""
        self.coach_box = Shown(id="coach")

    def on_mount(self) -> None:
        super().on_mount()
        self.mount(self.coach_box, before="#bar")

    @property
    def coach_text(self) -> str:
        """What the coach says now, as plain text (logical order)."""
        said = self.coach_box.said
        parts = getattr(said, "renderables", [said])
        return "\n".join(getattr(p, "plain", str(p)) for p in parts)

    # ------------------------------------------------------------ the script
    @property
    def index(self) -> int:
        return len(self.match.log)

    def run_of_yours(self) -> list[dict[str, Any]]:
        """Your steps due from now on, one after another (a typed line makes them all)."""
        steps = self.script["steps"]
        run = []
        for step in steps[self.index :]:
            if step["seat"] != YOU:
                break
            run.append(step)
        return run

    def lines(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """What the coach has to say now, and your step if it is due."""
        steps = self.script["steps"]
        upto = min(self.index, len(steps))
        start = next((i + 1 for i in range(upto - 1, -1, -1) if steps[i]["seat"] == YOU), 0)
        if start != self.start:
            self.start, self.cursor, self.wrong = start, 0, ""
        said = [line for step in steps[start:upto] for line in step["lines"]]
        run = self.run_of_yours()
        typed = self.asks_text()
        for step in run if typed else run[:1]:
            said += step["lines"]
        if self.index >= len(steps):
            said.append({**self.script["done"], "done": True})
        return said, (run[0] if run else None)

    def asks_text(self) -> bool:
        view, legal = self.match.view(YOU), self.match.legal(YOU)
        text_input = self.render_module.text_input
        return bool(text_input and legal and text_input(view, legal, self.names, self.lang))

    def say_line(self, line: dict[str, Any]) -> str:
        return self.said(line["say"], line.get("args", {}))

    def said(self, key: str, args: dict[str, Any]) -> str:
        """The coach's line ``key``, in its terminal wording where the game has one
        (``key.terminal``: Enter, not a button only the browser shows)."""
        catalogue = games.texts(self.match.game.id).CATALOGUE[self.lang]
        if f"{key}.terminal" in catalogue:
            key = f"{key}.terminal"
        return self.words({"key": key, "args": args})

    def coach(self, extra: Text | None = None) -> bool:
        """Draw the coach's line; whether more lines come before your move (Next)."""
        said, _mine = self.lines()
        if not said:
            return False
        self.cursor = min(self.cursor, len(said) - 1)
        line = said[self.cursor]
        rules = [r for r in line.get("rules", ()) if r]
        self.shown += [r for r in rules if r not in self.shown]
        parts = [
            Text(
                say(self.lang, "lesson_done" if line.get("done") else "coach"), style="bold magenta"
            )
        ]
        parts.append(Text(self.say_line(line)))
        if rules:
            named = listed([self.rule(r) for r in rules], self.lang)
            parts.append(Text(say(self.lang, "coach_rule", rules=named), style="bold"))
        if line.get("done"):
            named = listed([self.rule(r) for r in self.shown], self.lang)
            parts.append(Text(say(self.lang, "coach_learned", rules=named)))
            parts.append(Text(say(self.lang, "lesson_next", id=self.match.game.id), style="bold"))
        if self.wrong:
            parts.append(Text(self.wrong, style="bold red"))
        if extra is not None:
            parts.append(extra)
        self.coach_box.update(Group(*parts))
        return self.cursor < len(said) - 1

    def rule(self, rule: str) -> str:
        return self.words({"key": f"lesson.rule.{rule}"})

    # ------------------------------------------------------------ your turn
    def ask_person(self) -> None:
        if self.coach():
            self.clear_choices()
            self.status(Text(say(self.lang, "coach_read")))
            nxt = Choice(say(self.lang, "coach_next"), classes="coach-next", variant="primary")
            self.query_one("#choices").mount(nxt)
            self.call_after_refresh(nxt.focus)
            return
        super().ask_person()
        run = self.run_of_yours()
        if run and self.query("#answer.shown"):
            self.answer = self.typed_answer(run)
            self.coach(Text(say(self.lang, "coach_type", answer=self.answer), style="bold"))

    def typed_answer(self, run: list[dict[str, Any]]) -> str:
        view, legal = self.match.view(YOU), self.match.legal(YOU)
        answer = self.render_module.typed_answer
        actions = [step["action"] for step in run]
        return "" if answer is None else str(answer(actions, view, legal, self.names, self.lang))

    def show_step(self) -> None:
        super().show_step()
        run = self.run_of_yours()
        if not run:
            return
        buttons = {b.name: b for b in self.query_one("#choices").query(Choice)}
        for i, actions in enumerate(self.choice_actions, 1):
            button = buttons.get(f"choice-{i}")
            if button is not None and run[0]["action"] in actions:
                button.add_class("coach-target")
                button.said = "▶ " + button.said
                button.refresh()
                self.call_after_refresh(button.focus)

    @on(Button.Pressed, ".coach-next")
    def next_line(self, event: Button.Pressed) -> None:
        event.prevent_default()  # the table's own handler has nothing to do with it
        self.cursor += 1
        self.ask_person()

    def choose(self, index: int) -> None:
        run = self.run_of_yours()
        chosen = self.choice_actions[index - 1] if 1 <= index <= len(self.choice_actions) else None
        if run and chosen is not None and run[0]["action"] not in chosen:
            self.explain(run[0])
            self.show_step()
            return
        self.wrong = ""
        super().choose(index)

    @on(Input.Submitted, "#answer")
    def typed(self, event: Input.Submitted) -> None:
        """Only the line the coach says is taken (then as the table takes any line)."""
        event.prevent_default()  # the table's handler runs only from here, once
        run = self.run_of_yours()
        view, legal = self.match.view(YOU), self.match.legal(YOU)
        try:
            actions = self.render_module.parse_input(
                event.value.strip(), view, legal, self.names, self.lang
            )
        except ValueError:
            actions = []
        if not actions or (run and actions != [step["action"] for step in run[: len(actions)]]):
            self.explain(run[0] if run else None)
            self.coach(Text(say(self.lang, "coach_type", answer=self.answer), style="bold"))
            return
        self.wrong = ""
        super().typed(event)

    def explain(self, step: dict[str, Any] | None) -> None:
        """A move that is not the lesson's: the coach says why (nothing is made)."""
        if step is not None and step.get("wrong"):
            args = {k: v for line in step["lines"] for k, v in line.get("args", {}).items()}
            self.wrong = self.said(step["wrong"], args)
        else:
            self.wrong = say(self.lang, "coach_follow")
        self.coach()

    def advance(self) -> None:
        if not self.left and not self.waiting_panel and YOU not in self.match.to_act():
            if self.index >= len(self.script["steps"]):
                self.coach()
            else:
                self.coach_box.update(Text(say(self.lang, "lesson_wait")))
        super().advance()

    def after_move(self) -> None:
        super().after_move()
        if self.index >= len(self.script["steps"]):
            self.coach()  # the lesson's end, also while a round's panel is up

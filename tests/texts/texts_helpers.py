"""What random play of a game says: every event's message for every seat and the
spectator, and every legal action's label, as (catalogue message reference, seat) pairs."""

from __future__ import annotations

from typing import Any

from rumizi import games
from rumizi.engine import Match
from rumizi.testing import random_playout

SEEDS = (1, 2)


def played(game_id: str, seed: int) -> tuple[Match, list[dict[str, Any]]]:
    """A seeded random game of ``game_id`` (most players, clocks run out now and then) and
    the labels of the legal actions met on the way (``{"action", "view", "ref"}``)."""
    game = games.load(game_id)
    texts = games.texts(game_id)
    actions: list[dict[str, Any]] = []

    def step(match: Match) -> None:
        for seat in sorted(match.to_act()):
            view = match.view(seat)
            for action in match.legal(seat)[:6]:
                if "params" in action:
                    continue
                actions.append(
                    {"seat": seat, "action": action, "ref": texts.action_message(action, view)}
                )

    description = games.describe(game_id)
    players = min(description.max_players, 4)
    options = {  # each seed plays another value of every choice option (variants, clocks)
        o.name: o.choices[seed % len(o.choices)].value for o in description.options if o.choices
    }
    match = random_playout(
        game,
        players,
        seed,
        options,
        check_views=False,
        check_illegal=False,
        on_step=step,
        timeout_every=7,
    )
    return match, actions


def told(game_id: str, match: Match) -> list[tuple[int | None, dict[str, Any], dict[str, Any]]]:
    """Every (reader, event, message reference) the match's events give."""
    out = []
    for reader in [None, *range(match.players)]:
        for event in match.events:
            if event.visible_to(reader):
                data = games.told(game_id, event.to_json(), reader)
                if "message" in data:
                    out.append((reader, data, data["message"]))
    return out


def carried(data: Any) -> list[dict[str, Any]]:
    """The message references an event carries inside its data (Tuki's build problems:
    ``problems``, ``falls``, each a ``{"key", "args"}``), for the readers to fill."""
    if isinstance(data, dict):
        if set(data) == {"key", "args"}:
            return [data]
        return [ref for value in data.values() for ref in carried(value)]
    if isinstance(data, list):
        return [ref for value in data for ref in carried(value)]
    return []

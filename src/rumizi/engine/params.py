"""Parametric actions: when a seat's actions are too many to list, ``legal`` names kinds.

A legal entry is either a concrete action (a JSON object, as always) or an action *kind*:
the fixed fields of the action plus ``"params"``, which maps each missing field to its
domain. A domain is a list of the values allowed, or ``{"min": a, "max": b}`` for the
whole numbers from a to b. An action of the kind is the entry without ``"params"``, with
one value from each domain::

    {"type": "place", "params": {"piece": ["grey", "blue"], "x": {"min": 0, "max": 11}}}
    → {"type": "place", "piece": "blue", "x": 7}

The domains bound each field on its own; ``apply`` still validates the whole action
(a piece may overlap another, leave the volume…) and raises ``IllegalAction`` for
instances the rules refuse. Hosts and generic bots sample an instance and, when the game
refuses it, sample again (``MAX_TRIES``). A concrete action never has a ``params`` field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .errors import IllegalAction
from .game import Action
from .rng import Rng

PARAMS: Final = "params"
"""The field of a legal entry that makes it an action kind."""

MAX_TRIES: Final = 64
"""How many instances a generic host or bot samples before giving up on a kind."""


def is_kind(entry: Mapping[str, Any]) -> bool:
    """Whether a legal entry is an action kind with parameter domains."""
    return PARAMS in entry


def values(domain: Any) -> Sequence[Any]:
    """Every value of a domain: its list, or the range ``min``..``max``."""
    if isinstance(domain, Mapping):
        return range(int(domain["min"]), int(domain["max"]) + 1)
    if isinstance(domain, Sequence) and not isinstance(domain, str):
        return domain
    raise TypeError(f"a domain is a list or {{'min', 'max'}}, not {domain!r}")


def sample(entry: Mapping[str, Any], rng: Rng) -> Action:
    """One action of a legal entry: the entry itself (a copy) or a random instance of it."""
    action = {k: v for k, v in entry.items() if k != PARAMS}
    if not is_kind(entry):
        return action
    for name, domain in entry[PARAMS].items():
        choices = values(domain)
        action[name] = choices[rng.randrange(len(choices))]
    return action


def fits(entry: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether ``action`` is ``entry`` (concrete) or an instance of it (a kind): same fixed
    fields, and each parameter within its domain. Says nothing about the rules' checks."""
    fixed = {k: v for k, v in entry.items() if k != PARAMS}
    domains: Mapping[str, Any] = entry.get(PARAMS, {})
    if set(action) != set(fixed) | set(domains):
        return False
    if any(action[k] != v for k, v in fixed.items()):
        return False
    return all(_within(action[name], domain) for name, domain in domains.items())


def _within(value: Any, domain: Any) -> bool:
    if isinstance(domain, Mapping):
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and domain["min"] <= value <= domain["max"]
        )
    return value in values(domain)


def count(entry: Mapping[str, Any]) -> int:
    """How many actions a legal entry stands for (1 for a concrete action)."""
    total = 1
    for domain in entry.get(PARAMS, {}).values():
        total *= len(values(domain))
    return total


def play_random(
    legal: Sequence[Mapping[str, Any]], rng: Rng, attempt: Callable[[Action], Any]
) -> Action:
    """Pick a legal entry at random, sample an action of it and ``attempt`` it; when the
    game refuses a sampled instance (``IllegalAction``), sample again. Returns the action
    that was accepted. Concrete actions are never refused, so this ends."""
    if not legal:
        raise ValueError("no legal action to choose from")
    last: IllegalAction | None = None
    for _ in range(MAX_TRIES):
        entry = legal[rng.randrange(len(legal))]
        action = sample(entry, rng)
        try:
            attempt(action)
        except IllegalAction as e:
            if not is_kind(entry):
                raise
            last = e
            continue
        return action
    concrete = [e for e in legal if not is_kind(e)]
    if not concrete:
        raise IllegalAction(f"no sampled action was accepted: {last}")
    action = sample(concrete[rng.randrange(len(concrete))], rng)
    attempt(action)
    return action

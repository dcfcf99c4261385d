"""The statics reference cases of the spec as builds, for the docs' pictures and for
anyone who wants to see the rule at work. (The tests build their own copies.)"""

from __future__ import annotations

from dataclasses import dataclass

from rumizi.games.tuki.geometry import Axis, Build, Cell, Placement


@dataclass(frozen=True)
class Example:
    """A named build and what it shows."""

    name: str
    title: str
    build: Build


def _build(*pieces: tuple[str, Axis, Cell]) -> Build:
    return Build(Placement(piece, axis, at) for piece, axis, at in pieces)


EXAMPLES: tuple[Example, ...] = (
    Example(
        "bridge",
        "A bar across two single cubes",
        _build(("snow1", "z", (0, 0, 0)), ("snow2", "y", (4, 0, 0)), ("blue", "x", (0, 0, 1))),
    ),
    Example(
        "end-support",
        "A bar on one cube at its end",
        _build(("snow1", "z", (0, 0, 0)), ("blue", "x", (0, 0, 1))),
    ),
    Example(
        "off-centre",
        "A bar on one cube under its second cube",
        _build(("snow1", "z", (1, 0, 0)), ("blue", "x", (0, 0, 1))),
    ),
    Example(
        "counterweight",
        "The same with a counterweight on the short end",
        _build(("snow1", "z", (1, 0, 0)), ("blue", "x", (0, 0, 1)), ("snow2", "z", (0, 0, 2))),
    ),
    Example(
        "cantilever-3",
        "A cantilever on a 3-long block",
        _build(("snow3", "x", (0, 0, 0)), ("blue", "x", (0, 0, 1))),
    ),
    Example(
        "cantilever-2",
        "A cantilever on a 2-long block",
        _build(("snow2", "x", (0, 0, 0)), ("blue", "x", (0, 0, 1))),
    ),
    Example(
        "side-contact",
        "A block touching an upright stone only from the side",
        _build(("grey", "z", (0, 0, 0)), ("snow2", "x", (1, 0, 2))),
    ),
    Example(
        "hanging",
        "A block trying to hang under a bridge",
        _build(
            ("grey", "z", (0, 0, 0)),
            ("purple", "z", (4, 0, 0)),
            ("blue", "x", (0, 0, 5)),
            ("snow1", "z", (2, 0, 4)),
        ),
    ),
    Example(
        "t-balance",
        "A bar balanced on an upright stone at its middle",
        _build(("grey", "z", (2, 0, 0)), ("blue", "x", (0, 0, 5))),
    ),
)
"""The reference cases in the order the docs show them."""

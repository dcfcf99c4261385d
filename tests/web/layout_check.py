"""Checks of how a page looks, for any browser test: what you must act on is on screen and
not covered, and no text spills out of its box.

``problems(page)`` looks at the page as it is now (no scrolling, no clicking) and returns
what a person would find wrong, as readable lines; an empty list is a pass:

- **outside**: a control you can use (an enabled button, link, field, canvas or
  ``role=button``, not ``aria-disabled``) in the checked parts of the page that is not
  wholly inside the viewport;
- **covered**: such a control whose centre is covered by another element
  (``elementFromPoint`` there is neither the control nor inside it);
- **overflow**: a box holding text whose content is wider or taller
  than the box itself (``scrollWidth > clientWidth``, ``scrollHeight > clientHeight``)
  where it clips or spills;
- **wider than the screen**: the page scrolls sideways.

``scope`` (CSS selectors) says where the controls you must act on are: by default the
table (``#game-root``) and the round's result panel; text is checked in all of ``main``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

TABLE = ("#game-root", "#round-end-box")

_CHECK = (Path(__file__).parent / "layout_check.js").read_text().split("\n", 1)[1]
"""The check as a function (its first line, a comment, left out)."""


def problems(page: Any, scope: tuple[str, ...] = TABLE) -> list[str]:
    """What is wrong with the look of ``page`` now (see the module's docstring)."""
    found: list[str] = page.evaluate(_CHECK, [list(scope)])
    return found

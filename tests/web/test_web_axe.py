"""axe-core (vendored: tests/web/vendor/axe.min.js, axe-core 4.14.1, MPL-2.0, see
vendor/axe-core-LICENSE.txt) scans the home page, a room's lobby, a rules page and every
table, in English and in Persian: no serious or critical violation of WCAG 2 A/AA or
axe's best practices. The scan runs in a context that bypasses the page's CSP (axe is
injected as a script the server never serves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import LAPTOP, WAIT_MS

pytestmark = pytest.mark.browser

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def serious(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations axe finds on the page as it is now."""
    page.add_script_tag(content=AXE)
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: tags})).violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => ({id: v.id, impact: v.impact,
                         where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""",
        TAGS,
    )
    return found


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_no_serious_accessibility_violation(browser: Any, web_server: Any, locale: str) -> None:
    context = browser.new_context(
        locale=locale, viewport=LAPTOP, base_url=web_server.url, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    lang = locale[:2]
    found: dict[str, list[dict[str, Any]]] = {}
    try:
        page.goto("/")
        page.wait_for_selector(".game-card")
        found["home"] = serious(page)
        page.goto(f"/rules/ugha-bugha.{lang}.html")
        found["rules"] = serious(page)
        page.goto("/")  # a room's lobby: a table set up for a friend, not yet started
        page.locator('[data-setup="love-letter"]').click()
        page.locator('#setup-form [name="name"]').fill("Ann" if lang == "en" else "سارا")
        page.locator('#setup-form [name="kind1"]').select_option("person")
        page.locator('#setup-form button[type="submit"]').click()
        page.wait_for_selector(".room-lobby input.invite")
        found["room"] = serious(page)
        for game in ("love-letter", "skip-bo", "ugha-bugha"):
            page.goto("/")
            page.locator(f'[data-solo="{game}"]').click()
            page.wait_for_function("() => window.rumizi.state.legal.length > 0")
            found[game] = serious(page)
            if game == "love-letter":  # the rules drawer at the table
                page.locator("#rules-open").click()
                page.wait_for_selector("#rules-drawer[open]")
                found["rules drawer"] = serious(page)
                page.keyboard.press("Escape")
    finally:
        context.close()
    assert not any(found.values()), {k: v for k, v in found.items() if v}

"""Ayozhit's review contact sheet: every picture card with its titles and keywords in both
languages, then the word deck (a content tool: ``rumizi ayozhit sheet``)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from rumizi.content.ayozhit.layout import layout
from rumizi.games.ayozhit.content import Picture, WordCard
from rumizi.games.ayozhit.render import CARD_CSS, render_card, render_word_card

_SHEET_CSS = """\
body { font-family: Vazirmatn, "Noto Sans Arabic", "Noto Sans", Tahoma, sans-serif;
  margin: 24px; background: #f3f1ec; color: #222; }
h1, h2 { font-weight: 600; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 18px; }
figure { margin: 0; }
figure .ayz-card { width: 100%; height: auto; display: block; border-radius: 14px;
  box-shadow: 0 2px 6px rgba(0,0,0,.18); }
figcaption { font-size: 12px; line-height: 1.35; margin-top: 6px; }
figcaption .fa { direction: rtl; text-align: right; font-size: 13px; }
figcaption .id { color: #888; font-family: monospace; font-size: 10px; }
figcaption .kw { color: #666; font-size: 10.5px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; }
td.fa { direction: rtl; text-align: right; font-size: 14px; }
"""


def _layout(picture: Picture) -> str:
    """A dream card's layout and hero, to compare the compositions at a glance."""
    if picture.kind != "dream":
        return ""
    return html.escape(f" · {layout(picture)} · hero {picture.layers[0].icon}")


def contact_sheet(pictures: Sequence[Picture], cards: Sequence[WordCard]) -> str:
    """An HTML page showing every picture card with its titles and keywords in both
    languages, followed by the word deck: the review sheet."""
    esc = html.escape
    dreams = [p for p in pictures if p.kind == "dream"]
    icons = [p for p in pictures if p.kind == "icon"]
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        "<title>Ayozhit contact sheet</title>",
        f"<style>{_SHEET_CSS}{CARD_CSS}</style></head><body>",
        '<h1>Ayozhit (<bdi lang="fa">آیوژیت</bdi>): contact sheet</h1>',
        f"<p>{len(pictures)} pictures ({len(dreams)} dream cards, {len(icons)} single icons), "
        f"{len(cards)} word cards. Under each card: Persian title and keywords, English title "
        "and keywords, id.</p>",
    ]
    for heading, group in (
        (f"Dream cards ({len(dreams)})", dreams),
        (f"Single icons ({len(icons)})", icons),
    ):
        parts.append(f'<h2>{esc(heading)}</h2><div class="grid">')
        for p in group:
            parts.append(
                f"<figure>{render_card(p)}<figcaption>"
                f'<div class="fa" lang="fa"><b>{esc(p.title("fa"))}</b> · '
                f'<span class="kw">{esc("، ".join(p.keywords("fa")))}</span></div>'
                f'<div lang="en"><b>{esc(p.title("en"))}</b> · '
                f'<span class="kw">{esc(", ".join(p.keywords("en")))}</span></div>'
                f'<div class="id">{esc(p.id)}{_layout(p)}</div></figcaption></figure>'
            )
        parts.append("</div>")
    parts.append(f'<h2>Word cards ({len(cards)})</h2><div class="grid">')
    parts.extend(f"<figure>{render_word_card(card)}</figure>" for card in cards)
    parts.append("</div><table>")
    parts.append("<tr><th>id</th><th>English</th><th>فارسی</th><th>English</th><th>فارسی</th></tr>")
    for card in cards:
        a, b = card.words
        parts.append(
            f"<tr><td>{esc(card.id)}</td><td>{esc(a.en)}</td>"
            f"<td class='fa' lang='fa'>{esc(a.fa)}</td>"
            f"<td>{esc(b.en)}</td><td class='fa' lang='fa'>{esc(b.fa)}</td></tr>"
        )
    parts.append("</table></body></html>")
    return "\n".join(parts)

"""The one card renderer: a picture card as a card-sized SVG (the review contact sheet that
shows them all is a content tool, ``rumizi.content.ayozhit.sheet``).

A single-icon card is the icon on a soft colour chosen to stand apart from the icon's own
colours. A dream card is a background scene (sky gradient, a ground or water band, stars,
mist, bubbles) in a palette keyed to its mood, with a hero icon and one or two small ones
placed by the card's layers. Shadows come from CSS (``CARD_CSS``), so a page can restyle
them; ``render_card(standalone=True)`` embeds the same rules for a file opened on its own.
"""

from __future__ import annotations

import colorsys
import html
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .content import Picture, Word, WordCard, icon_body

CARD_W = 200
CARD_H = 260
RADIUS = 14

CARD_CSS = """\
.ayz-card .ayz-icon { filter: drop-shadow(0 3px 2.5px rgba(20, 20, 40, 0.28)); }
.ayz-card .ayz-small { filter: drop-shadow(0 2px 1.5px rgba(20, 20, 40, 0.3)); }
.ayz-card .ayz-frame { fill: none; stroke: rgba(255, 255, 255, 0.55); stroke-width: 2; }
"""


@dataclass(frozen=True)
class Band:
    """Ground or water along the bottom: its top edge (fraction of the height), colours
    (top, bottom) and the shape of the edge."""

    top: float
    colors: tuple[str, str]
    shape: str = "flat"  # flat | hill | wave | dune


@dataclass(frozen=True)
class Scene:
    sky: tuple[str, ...]  # gradient stops from top to bottom
    band: Band | None = None
    stars: int = 0
    mist: bool = False
    bubbles: bool = False
    rays: bool = False
    glow: str | None = None  # a soft light behind the hero


SCENES: dict[str, Scene] = {
    "day": Scene(("#7cc4f5", "#c6e8fb", "#eef8fd"), Band(0.84, ("#9fd38a", "#6fb463"), "hill")),
    "dawn": Scene(("#f9c6a7", "#fde3c8", "#fff6e9"), Band(0.86, ("#c9b6d9", "#a58fc0"), "hill")),
    "dusk": Scene(("#3a2a6b", "#b0528a", "#f59e6b"), Band(0.86, ("#4a2f5e", "#2d1c3d"), "hill"), 8),
    "night": Scene(
        ("#0d1433", "#1f2a63", "#3a3f8f"), Band(0.88, ("#1b2147", "#10142c"), "hill"), 26
    ),
    "night-sea": Scene(
        ("#0b1230", "#1c2a66", "#33428c"), Band(0.62, ("#1d4e89", "#0b2447"), "wave"), 22
    ),
    "dark": Scene(("#17121f", "#2a1f3a", "#3b2a4f"), None, 6, glow="#ffcf6e"),
    "desert": Scene(("#f7d08a", "#fbe6b8", "#fff4dc"), Band(0.8, ("#e9b872", "#d39a4f"), "dune")),
    "dusk-desert": Scene(
        ("#2e2557", "#9b4f7d", "#f0a066"), Band(0.8, ("#c98a55", "#9c6238"), "dune"), 10
    ),
    "meadow": Scene(("#d9f0c9", "#eef8e4", "#fbfdf5"), Band(0.82, ("#8fcf6f", "#5fae4f"), "hill")),
    "storm": Scene(("#4a5568", "#718096", "#a0aec0"), Band(0.88, ("#5b6b5a", "#3f4b3e"), "hill")),
    "space": Scene(("#05040d", "#120f2e", "#241b4f"), None, 40),
    "mist": Scene(
        ("#dfe6ee", "#eef2f6", "#f8fafc"), Band(0.88, ("#c3ccd6", "#aab5c2"), "hill"), 0, True
    ),
    "underwater": Scene(
        ("#3fb6dc", "#1b76b0", "#0b3d6e"),
        Band(0.9, ("#e6cf9a", "#c9ad72"), "dune"),
        0,
        False,
        True,
        True,
    ),
    "sea": Scene(("#8fd3f4", "#c9ecfb", "#effafe"), Band(0.6, ("#3a9ad9", "#1b5e9e"), "wave")),
    "snow": Scene(("#b9cde4", "#dbe6f2", "#f4f8fc"), Band(0.8, ("#ffffff", "#e3ebf5"), "hill"), 0),
    "autumn": Scene(("#f6c37b", "#f9dcae", "#fff1dc"), Band(0.84, ("#c0703f", "#8d4a2a"), "hill")),
}

# Soft card colours for single icons, one per 30° of hue.
_CARD_COLORS: tuple[str, ...] = tuple(
    "#{:02x}{:02x}{:02x}".format(
        *(round(c * 255) for c in colorsys.hls_to_rgb(h / 360, 0.86, 0.62))
    )
    for h in range(0, 360, 30)
)

_FILL = re.compile(r'fill="#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})"([^>]*?)\sd="([^"]*)"')


@cache
def dominant_hue(icon: str) -> tuple[float, float] | None:
    """The icon's main hue (0-1) and how saturated it is, weighting each filled path by
    the length of its outline data; None for an icon without plain colour fills."""
    x_total = y_total = weight_total = 0.0
    sat_total = 0.0
    for match in _FILL.finditer(icon_body(icon)):
        hex_ = match.group(1)
        if len(hex_) == 3:
            hex_ = "".join(c * 2 for c in hex_)
        r, g, b = (int(hex_[i : i + 2], 16) / 255 for i in (0, 2, 4))
        h, light, s = colorsys.rgb_to_hls(r, g, b)
        w = float(len(match.group(3))) * s * (1 - abs(light - 0.5))
        x_total += w * math.cos(2 * math.pi * h)
        y_total += w * math.sin(2 * math.pi * h)
        sat_total += w * s
        weight_total += w
    if weight_total <= 0:
        return None
    hue = (math.atan2(y_total, x_total) / (2 * math.pi)) % 1.0
    return hue, sat_total / weight_total


def card_color(picture: Picture) -> str:
    """The background colour of a single-icon card: the data's own ``color`` when given,
    else a soft colour far round the hue wheel from the icon's main colour."""
    if picture.color:
        return picture.color
    rng = random.Random(picture.id)
    found = dominant_hue(picture.layers[0].icon)
    if found is None or found[1] < 0.15:
        return _CARD_COLORS[rng.randrange(len(_CARD_COLORS))]
    hue, _ = found
    target = (hue + rng.choice((0.38, 0.5, 0.62))) % 1.0
    index = round(target * len(_CARD_COLORS)) % len(_CARD_COLORS)
    return _CARD_COLORS[index]


def _shade(color: str, factor: float) -> str:
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    h, light, s = colorsys.rgb_to_hls(r, g, b)
    light = max(0.0, min(1.0, light * factor))
    return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in colorsys.hls_to_rgb(h, light, s)))


_ID_ATTR = re.compile(r'\bid="([^"]+)"')


def _scoped(body: str, prefix: str) -> str:
    """Icon markup with its internal ids made unique on the page."""
    ids = set(_ID_ATTR.findall(body))
    if not ids:
        return body
    for old in sorted(ids, key=len, reverse=True):
        new = f"{prefix}-{old}"
        body = body.replace(f'id="{old}"', f'id="{new}"')
        body = body.replace(f"url(#{old})", f"url(#{new})")
        body = body.replace(f'href="#{old}"', f'href="#{new}"')
    return body


def _gradient(gid: str, stops: Sequence[str]) -> str:
    parts = [f'<linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">']
    for i, color in enumerate(stops):
        offset = i / max(1, len(stops) - 1)
        parts.append(f'<stop offset="{offset:.2f}" stop-color="{color}"/>')
    parts.append("</linearGradient>")
    return "".join(parts)


def _band_path(band: Band, rng: random.Random) -> str:
    y = band.top * CARD_H
    w, h = CARD_W, CARD_H
    if band.shape == "flat":
        return f"M0 {y:.1f}H{w}V{h}H0Z"
    if band.shape == "wave":
        segs = [f"M0 {y:.1f}"]
        n = 5
        for i in range(n):
            x0 = w * i / n
            amp = 3.5 if i % 2 == 0 else -3.5
            segs.append(f"Q{x0 + w / n / 2:.1f} {y + amp:.1f} {x0 + w / n:.1f} {y:.1f}")
        return "".join(segs) + f"V{h}H0Z"
    if band.shape == "dune":
        a, b = rng.uniform(-10, 6), rng.uniform(-8, 8)
        return (
            f"M0 {y + 6:.1f}C{w * 0.3:.1f} {y + a:.1f} {w * 0.6:.1f} {y + b + 10:.1f} "
            f"{w} {y - 2:.1f}V{h}H0Z"
        )
    # hill
    a = rng.uniform(-14, -4)
    return (
        f"M0 {y:.1f}C{w * 0.35:.1f} {y + a:.1f} {w * 0.65:.1f} {y + a:.1f} {w} {y + 2:.1f}V{h}H0Z"
    )


def _scene_markup(scene: Scene, uid: str, rng: random.Random) -> tuple[str, str]:
    """(defs, drawing) for a dream card's background."""
    defs = [_gradient(f"{uid}-sky", scene.sky)]
    out = [f'<rect width="{CARD_W}" height="{CARD_H}" fill="url(#{uid}-sky)"/>']
    if scene.glow:
        defs.append(
            f'<radialGradient id="{uid}-glow"><stop offset="0" stop-color="{scene.glow}" '
            f'stop-opacity="0.55"/><stop offset="1" stop-color="{scene.glow}" stop-opacity="0"/>'
            "</radialGradient>"
        )
        out.append(
            f'<circle cx="{CARD_W / 2}" cy="{CARD_H * 0.5}" r="95" fill="url(#{uid}-glow)"/>'
        )
    if scene.rays:
        for i in range(4):
            x = rng.uniform(10, CARD_W - 40)
            out.append(
                f'<path d="M{x:.1f} 0L{x + 26:.1f} 0L{x + 60:.1f} {CARD_H}L{x + 20:.1f} {CARD_H}Z" '
                f'fill="#ffffff" opacity="{0.05 + 0.03 * i:.2f}"/>'
            )
    sky_bottom = scene.band.top if scene.band else 1.0
    for _ in range(scene.stars):
        x, y = rng.uniform(6, CARD_W - 6), rng.uniform(6, CARD_H * sky_bottom * 0.8)
        r = rng.choice((0.6, 0.8, 1.0, 1.4))
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#fffbe6" '
            f'opacity="{rng.uniform(0.5, 0.95):.2f}"/>'
        )
    if scene.band:
        defs.append(_gradient(f"{uid}-band", scene.band.colors))
        out.append(f'<path d="{_band_path(scene.band, rng)}" fill="url(#{uid}-band)"/>')
    if scene.mist:
        for i in range(3):
            y = CARD_H * (0.35 + 0.2 * i) + rng.uniform(-8, 8)
            out.append(
                f'<rect x="{rng.uniform(-40, 10):.1f}" y="{y:.1f}" width="{CARD_W * 0.9:.1f}" '
                f'height="12" rx="6" fill="#ffffff" opacity="0.55"/>'
            )
    if scene.bubbles:
        for _ in range(9):
            x, y = rng.uniform(12, CARD_W - 12), rng.uniform(20, CARD_H * 0.8)
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{rng.uniform(1.5, 4):.1f}" fill="none" '
                'stroke="#e6f7ff" stroke-width="0.9" opacity="0.7"/>'
            )
    return "".join(defs), "".join(out)


def _icon_markup(
    icon: str, cx: float, cy: float, size: float, rotate: float, cls: str, prefix: str
) -> str:
    half = size / 2
    transform = f' transform="rotate({rotate:g} {cx:.1f} {cy:.1f})"' if rotate else ""
    return (
        f'<g class="ayz-icon {cls}"{transform}>'
        f'<svg x="{cx - half:.1f}" y="{cy - half:.1f}" width="{size:.1f}" height="{size:.1f}" '
        f'viewBox="0 0 32 32" overflow="visible">{_scoped(icon_body(icon), prefix)}</svg></g>'
    )


def render_card(
    picture: Picture,
    *,
    uid: str | None = None,
    standalone: bool = False,
    label: str | None = None,
) -> str:
    """The card as an SVG element, ``CARD_W``×``CARD_H`` user units.

    ``uid`` prefixes every id in the markup (default: the picture id) so that many
    cards can share a page; ``standalone`` adds the XML namespace use and the shadow CSS
    for a file opened on its own; ``label`` sets the accessible name (default: none, as
    the picture itself must not give away words)."""
    uid = uid or f"ayz-{picture.id}"
    rng = random.Random(picture.id)
    defs: list[str] = [
        f'<clipPath id="{uid}-clip">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}"/></clipPath>'
    ]
    body: list[str] = []
    if picture.kind == "dream":
        scene = SCENES[picture.scene or "day"]
        scene_defs, scene_body = _scene_markup(scene, uid, rng)
        defs.append(scene_defs)
        body.append(scene_body)
        for index, layer in enumerate(picture.layers):
            body.append(
                _icon_markup(
                    layer.icon,
                    layer.x * CARD_W,
                    layer.y * CARD_H,
                    layer.size * CARD_W,
                    layer.rotate,
                    "ayz-hero" if index == 0 else "ayz-small",
                    f"{uid}-{index}",
                )
            )
    else:
        color = card_color(picture)
        defs.append(_gradient(f"{uid}-bg", (_shade(color, 1.06), color, _shade(color, 0.9))))
        defs.append(
            f'<radialGradient id="{uid}-halo"><stop offset="0" stop-color="#ffffff" '
            'stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>'
            "</radialGradient>"
        )
        body.append(f'<rect width="{CARD_W}" height="{CARD_H}" fill="url(#{uid}-bg)"/>')
        body.append(
            f'<circle cx="{CARD_W / 2}" cy="{CARD_H * 0.47}" r="82" fill="url(#{uid}-halo)"/>'
        )
        layer = picture.layers[0]
        size = layer.size * CARD_W
        cy = layer.y * CARD_H
        body.append(
            f'<ellipse cx="{CARD_W / 2}" cy="{cy + size * 0.56:.1f}" rx="{size * 0.36:.1f}" '
            f'ry="5" fill="#000000" opacity="0.08"/>'
        )
        body.append(_icon_markup(layer.icon, CARD_W / 2, cy, size, 0.0, "ayz-hero", f"{uid}-0"))
    aria = f' role="img" aria-label="{html.escape(label)}"' if label else ' aria-hidden="true"'
    style = f"<style>{CARD_CSS}</style>" if standalone else ""
    xmlns = ' xmlns="http://www.w3.org/2000/svg"'
    return (
        f'<svg{xmlns} class="ayz-card" viewBox="0 0 {CARD_W} {CARD_H}" '
        f'data-picture="{html.escape(picture.id)}"{aria}>{style}'
        f"<defs>{''.join(defs)}</defs>"
        f'<g clip-path="url(#{uid}-clip)">{"".join(body)}</g>'
        f'<rect class="ayz-frame" x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" '
        f'rx="{RADIUS - 1}"/>'
        "</svg>"
    )


#: The word cards' night-sky palette: top and bottom of the gradient, the words' inks.
WORD_CARD_SKY = ("#2b2452", "#5a3a7a")
WORD_INK, WORD_INK_SOFT, WORD_GOLD = "#fff8e8", "#e3d4ff", "#ffd98a"
WORD_FONT = "Vazirmatn, 'Noto Sans Arabic', Tahoma, sans-serif"


def _word_size(text: str, widest: float, largest: float) -> float:
    """A font size that fits ``text`` on the card (about 0.55 em a character)."""
    return round(min(largest, widest / (0.55 * max(len(text), 1))), 1)


def _word_half(word: Word, top: float) -> str:
    """One word: Persian large, English below it, centred in its half of the card."""
    fa = _word_size(word.fa, 160, 30)
    en = _word_size(word.en, 160, 15)
    x = CARD_W / 2
    return (
        f'<text x="{x}" y="{top + 44}" text-anchor="middle" direction="rtl" font-size="{fa}" '
        f'font-weight="700" fill="{WORD_INK}" font-family="{WORD_FONT}" lang="fa">'
        f"{html.escape(word.fa)}</text>"
        f'<text x="{x}" y="{top + 70}" text-anchor="middle" font-size="{en}" font-style="italic" '
        f'fill="{WORD_INK_SOFT}" font-family="{WORD_FONT}" lang="en">{html.escape(word.en)}</text>'
    )


def render_word_card(card: WordCard, *, standalone: bool = False) -> str:
    """A word card as an SVG, the size of a picture card: a night sky with a few stars and
    a gold frame; the two words (Persian large, English beneath) above and below a crescent
    moon, either of which the first dreamer may choose."""
    uid = f"ayz-{card.id}"
    rng = random.Random(card.id)
    stars = "".join(
        f'<circle cx="{rng.uniform(10, CARD_W - 10):.1f}" cy="{rng.uniform(10, CARD_H - 10):.1f}" '
        f'r="{rng.choice((0.6, 0.9, 1.3))}" fill="#ffffff" opacity="{rng.uniform(0.35, 0.9):.2f}"/>'
        for _ in range(22)
    )
    mid = CARD_H / 2
    moon = (
        f'<line x1="30" y1="{mid}" x2="{CARD_W / 2 - 16}" y2="{mid}" stroke="{WORD_GOLD}" '
        'stroke-width="1.2" opacity="0.8"/>'
        f'<line x1="{CARD_W / 2 + 16}" y1="{mid}" x2="{CARD_W - 30}" y2="{mid}" '
        f'stroke="{WORD_GOLD}" stroke-width="1.2" opacity="0.8"/>'
        f'<circle cx="{CARD_W / 2}" cy="{mid}" r="9" fill="{WORD_GOLD}"/>'
        f'<circle cx="{CARD_W / 2 + 4}" cy="{mid - 3}" r="8" fill="{WORD_CARD_SKY[1]}"/>'
    )
    a, b = card.words
    style = f"<style>{CARD_CSS}</style>" if standalone else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ayz-card ayz-word-card" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" data-word-card="{html.escape(card.id)}" role="img" '
        f'aria-label="{html.escape(f"{a.fa} / {a.en} · {b.fa} / {b.en}")}">{style}'
        f"<defs>{_gradient(f'{uid}-sky', (WORD_CARD_SKY[0], WORD_CARD_SKY[1]))}</defs>"
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" fill="url(#{uid}-sky)"/>'
        f"{stars}"
        f'<rect x="8" y="8" width="{CARD_W - 16}" height="{CARD_H - 16}" rx="{RADIUS - 5}" '
        f'fill="none" stroke="{WORD_GOLD}" stroke-width="1.5" opacity="0.75"/>'
        f"{_word_half(a, 22)}{moon}{_word_half(b, mid + 8)}"
        f'<text x="{CARD_W / 2}" y="{CARD_H - 16}" text-anchor="middle" font-size="9" '
        f'fill="{WORD_GOLD}" opacity="0.8" font-family="{WORD_FONT}" lang="fa">آیوژیت</text>'
        "</svg>"
    )

"""SVG pictures: a front view (x right, z up) with an oblique depth cue (y recedes up and
to the right), each cube drawn with its front, top and right faces so the segments of a
stone show. Used for cards (turned as the die says), witness builds and the statics
examples of the docs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from rumizi.engine.texts import Formatter, MessageRef
from rumizi.games.tuki.cards import Card
from rumizi.games.tuki.geometry import Build, Cell, Turn, stone_cells
from rumizi.games.tuki.matching import Rule
from rumizi.games.tuki.statics import Stability
from rumizi.games.tuki.texts import CATALOGUE

SCALE = 30.0
"""Pixels per cube edge."""
DEPTH = 0.45
"""How long one unit of depth (y) looks, as a fraction of a cube edge."""
ANGLE = math.radians(35)
"""The direction depth recedes in, measured up from the x axis."""
MARGIN = 24.0

COLOURS: dict[str, tuple[str, str]] = {
    "grey": ("#8e9399", "#4f5358"),
    "blue": ("#0072b2", "#003a5c"),
    "purple": ("#cc79a7", "#6e3457"),
    "orange": ("#e69f00", "#7a5400"),
    "snow": ("#fbfdff", "#8796a3"),
}
"""Fill and edge colour of each kind of piece: the Okabe–Ito colours, which colour-blind
players tell apart (blue and reddish purple, not blue and violet)."""

LETTERS: dict[str, str] = {"grey": "G", "blue": "B", "purple": "P", "orange": "O"}
"""Each stone also carries its letter on every front face, for those who can't rely on
colour at all."""

ICONS: dict[str, str] = {
    "polar-bear": (
        '<circle cx="10" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/>'
        '<circle cx="30" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/>'
        '<ellipse cx="20" cy="22" rx="14" ry="13" fill="#fff" stroke="#333" stroke-width="2"/>'
        '<circle cx="15" cy="19" r="1.8" fill="#222"/><circle cx="25" cy="19" r="1.8" '
        'fill="#222"/><ellipse cx="20" cy="27" rx="3.5" ry="2.5" fill="#222"/>'
    ),
    "walrus": (
        '<ellipse cx="20" cy="17" rx="15" ry="12" fill="#a0785a" stroke="#333" '
        'stroke-width="2"/><circle cx="14" cy="13" r="1.8" fill="#222"/>'
        '<circle cx="26" cy="13" r="1.8" fill="#222"/>'
        '<circle cx="16" cy="22" r="5" fill="#c9a27e" stroke="#333"/>'
        '<circle cx="24" cy="22" r="5" fill="#c9a27e" stroke="#333"/>'
        '<path d="M14 25 L15 38 L18 26 Z M26 25 L25 38 L22 26 Z" fill="#fffbe8" '
        'stroke="#333" stroke-width="1.2"/>'
    ),
    "arctic-fox": (
        '<path d="M5 4 L14 15 L26 15 L35 4 L33 21 Q20 38 7 21 Z" fill="#eef2f5" '
        'stroke="#333" stroke-width="2" stroke-linejoin="round"/>'
        '<circle cx="15" cy="20" r="1.8" fill="#222"/><circle cx="25" cy="20" r="1.8" '
        'fill="#222"/><circle cx="20" cy="28" r="2.2" fill="#222"/>'
    ),
}
"""The die's three Arctic animals as 40 × 40 SVG icons, drawn for Rumizi (no outside art;
the web table draws the same)."""

ICON = 36.0
"""The size of an icon on a card, in pixels."""

ANIMAL_NAMES: dict[str, str] = {
    "polar-bear": "polar bear",
    "walrus": "walrus",
    "arctic-fox": "arctic fox",
}


@dataclass(frozen=True)
class Shape:
    """A piece to draw: its colour key (a stone colour or ``snow``), its cells, and
    whether to outline it as falling."""

    colour: str
    cells: tuple[Cell, ...]
    falling: bool = False


def project(x: float, y: float, z: float) -> tuple[float, float]:
    """Picture coordinates (right, up) of a point."""
    return (x + DEPTH * y * math.cos(ANGLE), z + DEPTH * y * math.sin(ANGLE))


def shade(colour: str, factor: float) -> str:
    """``colour`` (#rrggbb) lightened (factor > 1) or darkened (< 1)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    if factor >= 1:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in (r, g, b))
    else:
        r, g, b = (round(c * factor) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


FACES: dict[str, tuple[Cell, tuple[Cell, ...], float]] = {
    "front": ((0, -1, 0), ((0, 0, 0), (1, 0, 0), (1, 0, 1), (0, 0, 1)), 1.0),
    "top": ((0, 0, 1), ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)), 1.35),
    "right": ((1, 0, 0), ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)), 0.72),
}
"""Each visible face: the neighbour that hides it, its corners, its shading."""


class Canvas:
    """Collects SVG elements in picture units and lays them out on a page."""

    def __init__(self) -> None:
        self.polygons: list[tuple[list[tuple[float, float]], str]] = []
        self.letters: list[tuple[float, float, str]] = []
        self.icons: dict[int, str] = {}
        """A card's animals by where they lie: 0 bottom, 90 right, 180 top, 270 left."""
        self.die: tuple[str, str] | None = None
        self.min_u = self.min_v = math.inf
        self.max_u = self.max_v = -math.inf

    def cover(self, u: float, v: float) -> None:
        self.min_u, self.max_u = min(self.min_u, u), max(self.max_u, u)
        self.min_v, self.max_v = min(self.min_v, v), max(self.max_v, v)

    def polygon(self, points: list[tuple[float, float]], style: str) -> None:
        for u, v in points:
            self.cover(u, v)
        self.polygons.append((points, style))

    def render(self, title: str, notes: Sequence[tuple[str, str]], footer: str = "") -> str:
        """The finished SVG document: title on top, the drawing, then notes (text, colour)."""
        pad = ICON + 12 if self.icons else 0.0
        width = (self.max_u - self.min_u) * SCALE + 2 * MARGIN + 2 * pad
        text_width = max(9.6 * len(title), 7.4 * max((len(t) for t, _ in notes), default=0))
        width = max(width, text_width + 2 * MARGIN, 240.0)
        top = MARGIN + 22 + pad
        drawing_h = (self.max_v - self.min_v) * SCALE
        die = ICON + 16 if self.die else 0.0
        height = top + drawing_h + pad + MARGIN + 20 * len(notes) + (22 if footer else 0) + 8
        height += die
        left = (width - (self.max_u - self.min_u) * SCALE) / 2

        def at(u: float, v: float) -> str:
            return f"{left + (u - self.min_u) * SCALE:.1f},{top + (self.max_v - v) * SCALE:.1f}"

        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" '
            'font-family="Vazirmatn, DejaVu Sans, sans-serif">',
            '<rect width="100%" height="100%" fill="#f4f7fa" rx="12"/>',
            f'<text x="{width / 2:.1f}" y="{MARGIN + 4:.1f}" text-anchor="middle" font-size="16" '
            f'font-weight="bold" fill="#223">{escape(title)}</text>',
        ]
        for points, style in self.polygons:
            out.append(f'<polygon points="{" ".join(at(u, v) for u, v in points)}" {style}/>')
        for u, v, letter in self.letters:
            x, y = (float(n) for n in at(u, v).split(","))
            out.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                f'font-weight="bold" fill="#fff">{letter}</text>'
            )
        drawing_w = (self.max_u - self.min_u) * SCALE
        spots = {
            0: (width / 2, top + drawing_h + pad / 2),
            90: (left + drawing_w + pad / 2, top + drawing_h / 2),
            180: (width / 2, top - pad / 2),
            270: (left - pad / 2, top + drawing_h / 2),
        }
        for where, animal in sorted(self.icons.items()):
            cx, cy = spots[where]
            out.append(icon_svg(animal, cx - ICON / 2, cy - ICON / 2))
        y = top + drawing_h + pad + MARGIN
        if self.die:
            out.append(die_svg(*self.die, width / 2 - (ICON + 12) / 2, y - 12))
            y += die
        for text, colour in notes:
            y += 20
            out.append(
                f'<text x="{width / 2:.1f}" y="{y:.1f}" text-anchor="middle" font-size="13" '
                f'fill="{colour}">{escape(text)}</text>'
            )
        if footer:
            y += 24
            out.append(
                f'<text x="{width / 2:.1f}" y="{y:.1f}" text-anchor="middle" font-size="12" '
                f'fill="#667">{escape(footer)}</text>'
            )
        out.append("</svg>")
        return "\n".join(out) + "\n"


def icon_svg(animal: str, x: float, y: float, size: float = ICON) -> str:
    """An animal icon with its top-left corner at (x, y)."""
    name = ANIMAL_NAMES[animal]
    return (
        f'<g transform="translate({x:.1f} {y:.1f}) scale({size / 40:.3f})">'
        f"<title>{name}</title>{ICONS[animal]}</g>"
    )


def die_svg(animal: str, rule: str, x: float, y: float) -> str:
    """The die's face: the animal, on a white square when the face has one."""
    side = ICON + 12
    white = (
        f'<rect x="{x + 5:.1f}" y="{y + 5:.1f}" width="{side - 10:.1f}" height="{side - 10:.1f}" '
        'fill="#fff" stroke="#334" stroke-width="1.5"/>'
        if rule == "white"
        else ""
    )
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{side:.1f}" height="{side:.1f}" rx="8" '
        f'fill="#9fb3c8" stroke="#334" stroke-width="2"/>{white}' + icon_svg(animal, x + 6, y + 6)
    )


def draw_shapes(canvas: Canvas, shapes: Sequence[Shape]) -> None:
    """Paint the cubes back to front (far y first, then bottom-up, left to right)."""
    filled = {cell for shape in shapes for cell in shape.cells}
    cubes = sorted(
        ((cell, shape) for shape in shapes for cell in shape.cells),
        key=lambda item: (-item[0][1], item[0][2], item[0][0]),
    )
    for (x, y, z), shape in cubes:
        fill, edge = COLOURS[shape.colour]
        stroke = "#d62828" if shape.falling else edge
        width = 2.2 if shape.falling else 1.0
        for hider, corners, factor in FACES.values():
            if (x + hider[0], y + hider[1], z + hider[2]) in filled:
                continue
            points = [project(x + dx, y + dy, z + dz) for dx, dy, dz in corners]
            style = (
                f'fill="{shade(fill, factor)}" stroke="{stroke}" stroke-width="{width}" '
                'stroke-linejoin="round"'
            )
            canvas.polygon(points, style)
            if shape.colour in LETTERS and hider == (0, -1, 0):
                centre = project(x + 0.5, y, z + 0.5)
                canvas.letters.append((centre[0], centre[1], LETTERS[shape.colour]))


BOX_EDGES: tuple[tuple[Cell, Cell], ...] = tuple(
    (a, b)
    for a in ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1))
    for b in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 1, 1))
    if sum(abs(p - q) for p, q in zip(a, b, strict=True)) == 1
)
"""The 12 edges of a unit box, as pairs of corners."""


def draw_hidden_edges(canvas: Canvas, shapes: Sequence[Shape]) -> None:
    """Dashed box outlines of every stone over the picture, so that a stone hidden behind
    another still shows where it reaches (a technical drawing's hidden lines)."""
    for shape in (s for s in shapes if s.colour != "snow"):
        xs, ys, zs = zip(*shape.cells, strict=True)
        low = (min(xs), min(ys), min(zs))
        size = (max(xs) - low[0] + 1, max(ys) - low[1] + 1, max(zs) - low[2] + 1)
        edge = "#d62828" if shape.falling else COLOURS[shape.colour][1]
        for a, b in BOX_EDGES:
            ends = [
                project(
                    low[0] + corner[0] * size[0],
                    low[1] + corner[1] * size[1],
                    low[2] + corner[2] * size[2],
                )
                for corner in (a, b)
            ]
            canvas.polygon(
                ends,
                f'fill="none" stroke="{edge}" stroke-width="0.8" stroke-dasharray="3 3" '
                'stroke-opacity="0.55"',
            )


def draw_table(canvas: Canvas, shapes: Sequence[Shape], height: int = 0) -> None:
    """A strip of table under the drawing at ``height``."""
    cells = [c for s in shapes for c in s.cells]
    x0 = min(c[0] for c in cells) - 1.0
    x1 = max(c[0] for c in cells) + 2.0
    y0 = min(c[1] for c in cells) - 0.5
    y1 = max(c[1] for c in cells) + 1.5
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    points = [project(x, y, height) for x, y in corners]
    canvas.polygons.insert(0, (points, 'fill="#d9c7a6" stroke="#a8916b" stroke-width="1"'))
    for u, v in points:
        canvas.cover(u, v)


def told_in_english(problems: Sequence[MessageRef]) -> str:
    """A build's problems in the catalogue's English (the content tools are English)."""
    say = Formatter(CATALOGUE, "en", [])
    return "; ".join(say(p) for p in problems)


def build_shapes(build: Build, falling: Sequence[str] = ()) -> list[Shape]:
    """The pieces of a build as shapes (snow white)."""
    return [
        Shape(p.piece if p.is_stone else "snow", p.cells, p.piece in falling)
        for p in build.placements
    ]


def build_svg(
    build: Build, title: str, stability: Stability | None = None, footer: str = ""
) -> str:
    """A picture of a build on the table, with the statics verdict when given (falling
    pieces outlined in red)."""
    falling = [f.piece for f in stability.falls] if stability else []
    shapes = build_shapes(build, falling)
    canvas = Canvas()
    draw_table(canvas, shapes)
    draw_shapes(canvas, shapes)
    notes: list[tuple[str, str]] = []
    if stability is not None:
        verdict = told_in_english(stability.problems()) or "the build stands"
        colour = "#1b7a3a" if stability.stable else "#b3261e"
        notes.append((verdict[0].upper() + verdict[1:], colour))
    return canvas.render(title, notes, footer)


def card_svg(card: Card, turn: Turn = 0, rule: Rule = "plain", witness: bool = False) -> str:
    """A card turned as the die says: the stones only (or the stored witness build with
    its snow blocks), the animal at the bottom, and the table rule."""
    task = card.task(turn, rule)
    animal = ANIMAL_NAMES[card.icons[turn]]
    title = f"Tuki · توکی · card {card.id} — turned {turn}° ({animal} at the bottom)"
    canvas = Canvas()
    if witness:
        shapes = build_shapes(card.witnesses[task.key])
        draw_table(canvas, shapes)
    else:
        shapes = [Shape(c, stone_cells((c, a, at))) for c, a, at in sorted(task.target)]
    draw_shapes(canvas, shapes)
    draw_hidden_edges(canvas, shapes)
    canvas.icons = {(edge - turn) % 360: animal for edge, animal in card.icons.items()}
    canvas.die = (card.icons[turn], rule)
    rule_note = (
        ("White square: no stone may touch the table", "#3a4a5a")
        if rule == "white"
        else ("Plain die: a stone must touch the table", "#3a4a5a")
    )
    notes = [rule_note]
    if witness:
        notes.append(("One way to build it with the snow blocks (white)", "#556"))
    footer = f"{card.level} deck · x right, z up, depth drawn receding up-right"
    return canvas.render(title, notes, footer)

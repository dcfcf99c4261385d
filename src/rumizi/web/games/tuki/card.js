// Flat pictures: the turned card's face (its structure from the front, depth drawn up and to
// the right, and the three animals on its edges), the die, and a small picture of a build.
import { esc, S, sep } from "../../components/util.js";
import { LOOK, SNOW, atOrigin, cells, turnedStones } from "./pieces.js";
import { lang, w } from "./words.js";

/** The picture of some pieces: a front view (x right, z up), depth up and to the right. */
export function picture(stones) {
  const size = 22, dx = 0.45, dz = 0.35;
  const cubes = stones.flatMap(([c, a, x, y, z]) => cells(c, a, x, y, z).map((p) => [c, ...p]));
  cubes.sort((p, q) => q[2] - p[2] || p[3] - q[3] || p[1] - q[1]);
  const maxX = Math.max(...cubes.map((p) => p[1] + p[2] * dx)) + 2;
  const maxZ = Math.max(...cubes.map((p) => p[3] + p[2] * dz)) + 2;
  const px = (x, y) => (x + y * dx) * size + 6;
  const pz = (z, y) => (maxZ - z - y * dz) * size;
  const faces = cubes.map(([c, x, y, z]) => {
    const look = LOOK[c];
    const colour = look?.colour ?? SNOW;
    const letter = look?.letter[lang()] ?? "";
    const front = `<rect x="${px(x, y)}" y="${pz(z + 1, y)}" width="${size}" height="${size}" fill="${colour}" stroke="#222" stroke-width="1"/>`;
    const top = `<polygon points="${px(x, y)},${pz(z + 1, y)} ${px(x + 1, y)},${pz(z + 1, y)} ${px(x + 1, y + 1)},${pz(z + 1, y + 1)} ${px(x, y + 1)},${pz(z + 1, y + 1)}" fill="${colour}" opacity="0.75" stroke="#222" stroke-width="0.6"/>`;
    const side = `<polygon points="${px(x + 1, y)},${pz(z + 1, y)} ${px(x + 1, y + 1)},${pz(z + 1, y + 1)} ${px(x + 1, y + 1)},${pz(z, y + 1)} ${px(x + 1, y)},${pz(z, y)}" fill="${colour}" opacity="0.55" stroke="#222" stroke-width="0.6"/>`;
    const mark = letter ? `<text x="${px(x, y) + size / 2}" y="${pz(z, y) - size / 3}" font-size="11" text-anchor="middle" fill="#fff" font-weight="700">${letter}</text>` : "";
    return side + top + front + mark;
  });
  return { body: faces.join(""), width: maxX * size + 12, height: maxZ * size + 6 };
}

/** A small picture of a build (another builder's, beside their name). */
export function smallBuild(build) {
  if (!build.length) return "";
  const p = picture(atOrigin(build));
  return `<svg class="tk-small" viewBox="0 0 ${p.width} ${p.height}" aria-hidden="true">${p.body}</svg>`;
}

// The die's three Arctic animals, drawn for Rumizi (40 × 40, no outside art).
const ICONS = {
  "polar-bear": `<circle cx="10" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/><circle cx="30" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/>
    <ellipse cx="20" cy="22" rx="14" ry="13" fill="#fff" stroke="#333" stroke-width="2"/><circle cx="15" cy="19" r="1.8" fill="#222"/><circle cx="25" cy="19" r="1.8" fill="#222"/>
    <ellipse cx="20" cy="27" rx="3.5" ry="2.5" fill="#222"/>`,
  walrus: `<ellipse cx="20" cy="17" rx="15" ry="12" fill="#a0785a" stroke="#333" stroke-width="2"/><circle cx="14" cy="13" r="1.8" fill="#222"/><circle cx="26" cy="13" r="1.8" fill="#222"/>
    <circle cx="16" cy="22" r="5" fill="#c9a27e" stroke="#333"/><circle cx="24" cy="22" r="5" fill="#c9a27e" stroke="#333"/>
    <path d="M14 25 L15 38 L18 26 Z M26 25 L25 38 L22 26 Z" fill="#fffbe8" stroke="#333" stroke-width="1.2"/>`,
  "arctic-fox": `<path d="M5 4 L14 15 L26 15 L35 4 L33 21 Q20 38 7 21 Z" fill="#eef2f5" stroke="#333" stroke-width="2" stroke-linejoin="round"/>
    <circle cx="15" cy="20" r="1.8" fill="#222"/><circle cx="25" cy="20" r="1.8" fill="#222"/><circle cx="20" cy="28" r="2.2" fill="#222"/>`,
};

function icon(animal, x, y, size = 34) {
  return `<g transform="translate(${x} ${y}) scale(${size / 40})"><title>${esc(w("animals." + animal))}</title>${ICONS[animal] ?? ""}</g>`;
}

/** Where each edge's icon lies once the card is turned: 0 bottom, 90 right, 180 top, 270 left. */
function edgesAfterTurn(icons, turn) {
  return Object.entries(icons).map(([edge, animal]) => [((Number(edge) - turn) % 360 + 360) % 360, animal]);
}

/** The card face: a title (the card's printed label), the turned structure, the animals. */
export function cardSvg(v) {
  const pic = picture(turnedStones(v.card.stones, v.turn));
  const pad = 44, head = 26;
  const W = pic.width + 2 * pad, H = pic.height + 2 * pad + head;
  const spot = { 0: [W / 2 - 17, H - pad + 5], 90: [W - pad + 5, head + pad + pic.height / 2 - 17], 180: [W / 2 - 17, head + 5], 270: [5, head + pad + pic.height / 2 - 17] };
  const icons = edgesAfterTurn(v.card.icons, v.turn).map(([at, animal]) => icon(animal, ...spot[at])).join("");
  const title = `${S.lang === "fa" ? "توکی" : "Tuki"}${sep()}`;
  return `<svg class="tk-card-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(w("card", { animal: w("animals." + v.die.animal) }))}">
    <rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="14" fill="#fff" stroke="#556" stroke-width="2"/>
    <text x="${W / 2}" y="20" text-anchor="middle" font-size="14" font-weight="700" fill="#223">${esc(title)}<tspan class="tk-label" direction="ltr" unicode-bidi="isolate">${esc(v.card.id)}</tspan></text>
    <svg x="${pad}" y="${pad + head / 2}" width="${pic.width}" height="${pic.height}" viewBox="0 0 ${pic.width} ${pic.height}">${pic.body}</svg>${icons}</svg>`;
}

/** The die's face: the rolled animal, on a white square when the face has one. */
export function dieSvg(v) {
  const white = v.die.rule === "white";
  return `<svg class="tk-die-svg" viewBox="0 0 60 60" width="44" height="44" aria-hidden="true">
    <rect x="2" y="2" width="56" height="56" rx="10" fill="#9fb3c8" stroke="#334" stroke-width="2"/>
    ${white ? '<rect x="9" y="9" width="42" height="42" fill="#fff" stroke="#334" stroke-width="1.5"/>' : ""}
    ${icon(v.die.animal, 13, 13, 34)}</svg>`;
}

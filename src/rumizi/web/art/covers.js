// A picture of each game for the home page, drawn from the game's own art: Love Letter's
// emblems, Skip-Bo's faces (drawn by CSS), Ugha Bugha's sound pictures, Ayozhit's picture
// cards (served by the game), Tuki's pieces. Decorative: the card's
// heading names the game.
import { emblem } from "./love-letter.js";
import { picture } from "./ugha-bugha.js";
import { num } from "../components/util.js";

const LL = [["guard", 1], ["princess", 8], ["king", 6]];
const SB = [[1, "v1"], [7, "v7"], ["★", "wild"], [12, "v12"]];
const UB = [["mogo", "#FFD60A"], ["wuga", "#FF70A6"], ["tonk", "#1D4ED8"]];
const AYZ = ["full-moon", "rainbow", "comet"];

/** Tuki's pieces (Okabe–Ito colours) built up on a card. */
const TUKI = `<svg viewBox="0 0 74 80" aria-hidden="true" focusable="false">
  <rect x="6" y="8" width="62" height="66" rx="6" fill="#fff" stroke="#333" stroke-width="1.5"/>
  <rect x="18" y="44" width="38" height="10" fill="#0072B2"/><rect x="18" y="34" width="10" height="10" fill="#E69F00"/>
  <rect x="46" y="34" width="10" height="10" fill="#E69F00"/><rect x="18" y="24" width="38" height="10" fill="#009E73"/>
  <rect x="32" y="14" width="10" height="10" fill="#CC79A7"/>
</svg>`;

function fan(cards) {
  const n = cards.length;
  return cards.map((html, i) => `<span class="cover-card" style="--r:${(i - (n - 1) / 2) * 11}deg">${html}</span>`).join("");
}

const DRAW = {
  "love-letter": () => fan(LL.map(([id, v]) => `<span class="card ll-cover"><b>${num(v)}</b>${emblem(id)}</span>`)),
  "skip-bo": (title) => fan(SB.map(([v, c]) => `<span class="card sb-card ${c}" data-c="${num(v)}">${c === "wild" ? title.toUpperCase() : num(v)}</span>`)), // the wild card bears the game's name
  "ugha-bugha": () => fan(UB.map(([id, colour]) => `<span class="card ub-cover" style="border-color:${colour}">${picture(id, colour)}</span>`)),
  ayozhit: () => fan(AYZ.map((id) => `<img src="/art/ayozhit/${id}.svg" alt="" width="200" height="260" loading="lazy">`)),
  tuki: () => TUKI,
};

/** The game's picture for its home card ("" for a game without one yet); `title`: the
 * game's name in the interface's language (its description's). */
export function cover(id, title = "") {
  const draw = DRAW[id];
  return draw ? `<div class="cover ${id}" aria-hidden="true">${draw(title)}</div>` : "";
}

// Pictures in the rules pages: the cards and pieces a page names, drawn by the game's own
// art, as at its table. A page holds placeholders (`data-art`: the game; `data-id`: what;
// Ugha Bugha's `data-colour`; Tuki's `data-view`, the part of a view its card needs),
// filled here when the page opens on its own or in the table's rules drawer. Skip-Bo's
// faces are CSS and Ayozhit's pictures images: they need nothing from here.
import { S } from "../components/util.js";

const DRAW = {
  "love-letter": async (el) => (await import("../art/love-letter.js")).emblem(el.dataset.id),
  "ugha-bugha": async (el) => (await import("../art/ugha-bugha.js")).picture(el.dataset.id, el.dataset.colour),
  tuki: async (el) => {
    const card = await import("../games/tuki/card.js");
    const view = JSON.parse(el.dataset.view);
    return el.dataset.id === "die" ? card.dieSvg(view) : card.cardSvg(view);
  },
};

/** Draw every picture placeholder under `root` that is still empty. */
export async function fill(root = document) {
  for (const el of root.querySelectorAll("[data-art]")) {
    const draw = DRAW[el.dataset.art];
    if (draw && !el.firstElementChild) el.innerHTML = await draw(el);
  }
}

if (document.querySelector("main.rules")) {
  S.lang = document.documentElement.lang === "fa" ? "fa" : "en"; // a rules page on its own
  fill();
}

// Tuki at the table: a 3D build area (three.js, imported only by Tuki's modules) built by
// touch, mouse or keys — a tap or click brings the piece in hand to a cell or against the
// face of a piece, a drag turns the view, a pinch or the wheel zooms, a pad moves, raises and
// turns it — beside the turned card (a picture and a small 3D model), the die, the other
// builders' builds and the last round's verdicts. The modules are in games/tuki/.
//
// The table is one element kept across the shell's redraws and brought up to date in place
// (`morph`), so a tap that lands while the table is redrawn is never lost.
import { esc } from "../components/util.js";
import {
  choose, commit, describeView, ensureViews, letGo, newRound, nudge, redraw, removeSelected, turnGhost, ui, undo,
} from "./tuki/build.js";
import { cardHtml, controlsHtml, ghostText, helpHtml, hintsHtml, padHtml, resultsHtml, seatInfo, told, viewPadHtml } from "./tuki/html.js";
import { morph } from "./tuki/morph.js";
import { building, moves, refused, settle, submit } from "./tuki/moves.js";
import { lengthOf, turnedStones } from "./tuki/pieces.js";
import { w } from "./tuki/words.js";

// Tuki's own stylesheet, in place before the first drawing.
await new Promise((done) => {
  if (document.querySelector("link[data-tuki]")) return done();
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./tuki/tuki.css", import.meta.url).href });
  link.dataset.tuki = "";
  link.onload = link.onerror = done;
  document.head.append(link);
});

/** What each of the pad's and the table's buttons does, on the table as it is now. */
const ACTIONS = {
  left: () => nudge(-1, 0, 0), right: () => nudge(1, 0, 0), away: () => nudge(0, 1, 0), near: () => nudge(0, -1, 0),
  up: () => nudge(0, 0, 1), down: () => nudge(0, 0, -1), turn: (c) => turnGhost(c),
  place: (c) => commit(c), remove: (c) => removeSelected(c), undo: (c) => undo(c), letgo: () => letGo(),
  hint: (c) => submit(c, { type: "hint" }), done: (c) => submit(c, { type: "done" }),
  card3d: () => { ui.cardIn3d = !ui.cardIn3d; },
  view_left: () => ui.main.orbit(-Math.PI / 8, 0),
  view_right: () => ui.main.orbit(Math.PI / 8, 0),
  front: () => ui.main.front(),
  zoom_in: () => ui.main.zoomTo(ui.main.radius / 1.2),
  zoom_out: () => ui.main.zoomTo(ui.main.radius * 1.2),
};

/** The table's element, made once (from the first drawing): one click handler for all
 * its buttons. */
function tableElement(first) {
  if (ui.dom) return ui.dom;
  ui.dom = first ?? Object.assign(document.createElement("div"), { className: "tk-table" });
  ui.dom.removeAttribute("id");
  ui.dom.addEventListener("click", (e) => {
    const button = e.target.closest("[data-tk], [data-piece]");
    if (!button || !ui.c) return;
    if (button.dataset.piece) choose(ui.c, button.dataset.piece);
    else ACTIONS[button.dataset.tk]?.(ui.c);
    refresh();
  });
  return ui.dom;
}

function tableHtml(c) {
  const v = c.view;
  const falls = v.falls[c.seat] ?? [];
  const statics = (v.builds[c.seat] ?? []).length
    ? `<p class="tk-statics ${falls.length ? "falls" : ""}" role="status" id="tk-statics">${esc(falls.length ? w("falls", { why: told(c, falls) }) : w("stands"))}</p>`
    : "";
  return `<section class="tk-build" aria-label="${esc(w("build"))}">
      ${v.final ? `<p class="badge">${esc(w("final"))}</p>` : ""}${v.practice ? `<p class="label">${esc(w("practice"))}</p>` : ""}${hintsHtml(c)}
      <div class="tk-stagerow"><div id="tk-stage" class="tk-stage">${viewPadHtml()}</div>${padHtml(c)}</div>
      <p class="tk-ghost" id="tk-ghost" role="status">${esc(ghostText(c))}</p><p class="tk-refused" id="tk-refused" role="alert">${esc(moves.refusal ?? "")}</p>${statics}
      <div id="tk-controls" class="tk-controls">${controlsHtml(c)}</div>
      ${building(c) ? helpHtml() : ""}
    </section>
    <aside class="tk-aside">
      ${cardHtml(v)}
      ${resultsHtml(c)}
    </aside>`;
}

/** Bring the table up to date with the context of the last drawing (after a button). */
function refresh() {
  const c = ui.c;
  morph(ui.dom, tableHtml(c));
  placeCanvases();
  redraw(c);
}

function placeCanvases() {
  const stage = ui.dom.querySelector("#tk-stage");
  if (ui.main.canvas.parentElement !== stage) stage.prepend(ui.main.canvas);
  const model = ui.dom.querySelector("#tk-model");
  if (ui.model.canvas.parentElement !== model) model.append(ui.model.canvas);
  ui.main.fit();
  ui.model.fit();
}

export default {
  id: "tuki",
  scoreLabel: "score",

  status(c) {
    const v = c.view;
    return w("status", { r: v.round, card: c.word(`card.${v.card.id}`), deck: v.deck });
  },

  keepUi() {
    return {};
  },

  resultText() {
    return w("result");
  },

  /** A builder at their seat: building, done (in which order) or out; pieces down, cards
   * taken; the others' builds as small live pictures. */
  seat(c, p) {
    return seatInfo(c, p);
  },

  /** The table refused a message: if it was our move, the table says why (or resends it). */
  onError(error, c) {
    return refused(c, error);
  },

  /** The table as HTML (a replay draws only this); at the live table `bind` puts the kept
   * table element in its place and brings it up to date. */
  render(c) {
    return `<div id="tk-mount" class="tk-table">${tableHtml(c)}</div>`;
  },

  /** A lesson's pointer: the piece to take, Turn, the pad's arrow that brings it nearer
   * where it goes (as seen on screen), then Place; Done. */
  lessonTarget(root, c, a) {
    const at = (id) => root.querySelector(`[data-tk="${id}"]`);
    if (a.type !== "place") return at(a.type);
    const g = ui.ghost;
    if (g.piece !== a.piece || ui.moving) return root.querySelector(`[data-piece="${a.piece}"]`);
    if (lengthOf(a.piece) > 1 && g.axis !== a.axis) return at("turn");
    if (g.z !== a.z) return at(g.z < a.z ? "up" : "down");
    const [rx, ry] = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] }[ui.main.quarter()];
    const pad = { right: [rx, ry], left: [-rx, -ry], away: [-ry, rx], near: [ry, -rx] };
    const way = Object.keys(pad).find((k) => pad[k][0] * (a.x - g.x) + pad[k][1] * (a.y - g.y) > 0);
    return at(way ?? "place");
  },

  /** Places a lesson's coach points at: the card, the die, the build area, why it falls. */
  lessonPlace(root, c, name) {
    const where = { card: ".tk-cardbox", die: ".tk-die", build: "#tk-stage", statics: "#tk-statics" }[name];
    return where ? root.querySelector(where) : null;
  },

  bind(root, c) {
    ui.c = c;
    ensureViews();
    newRound(c, turnedStones(c.view.card.stones, c.view.turn));
    const mount = root.querySelector("#tk-mount");
    const first = !ui.dom;
    const table = tableElement(mount);
    if (mount && mount !== table) mount.replaceWith(table);
    else if (!root.contains(table)) root.append(table);
    ui.main.canvas.setAttribute("aria-label", w("build"));
    refresh();
    describeView();
    if (first && matchMedia("(orientation: landscape) and (max-height: 500px)").matches) table.scrollIntoView({ block: "start" });
    settle(c); // the move in flight landed (or send the next): may draw the table again
  },
};

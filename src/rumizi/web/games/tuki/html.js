// The table around the build area, as HTML: the card strip (the turned card, its 3D model,
// the die), the pad, the tray, the other builders and the last round's verdicts.
import { esc } from "../../components/util.js";
import { cardSvg, dieSvg, smallBuild } from "./card.js";
import { LOOK, isStone, levelPieces } from "./pieces.js";
import { building, expectedBuild } from "./moves.js";
import { touchFirst, ui } from "./build.js";
import { lang, placeWords, w } from "./words.js";

// Small pictures for the pad's buttons (no font needed): arrows, raise and lower, turns.
const ICON = {
  left: "M15 5 8 12l7 7", right: "M9 5l7 7-7 7", away: "M5 15l7-7 7 7", near: "M5 9l7 7 7-7",
  up: "M5 13l7-7 7 7M5 19h14", down: "M5 11l7 7 7-7M5 5h14",
  turn: "M19 12a7 7 0 1 1-3-5.7M16 2v5h5", view_left: "M4 12a8 4 0 1 0 8-4M12 4v4H8", view_right: "M20 12a8 4 0 1 1-8-4M12 4v4h4",
  front: "M5 6h14v12H5zM9 10h6v4H9z", zoom_in: "M12 6v12M6 12h12", zoom_out: "M6 12h12",
};

function iconButton(id) {
  return `<button type="button" class="tk-icon" data-tk="${id}" data-key="tk-${id}" aria-label="${esc(w(id))}" title="${esc(w(id))}">
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="${ICON[id]}" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg></button>`;
}

const textButton = (id, text, cls = "") => `<button type="button" class="${cls}" data-tk="${id}" data-key="tk-${id}">${esc(text)}</button>`;

/** The card to copy, the die, and (on a phone, by the toggle) the card's 3D model. */
export function cardHtml(v) {
  const caption = w("card", { animal: w("animals." + v.die.animal) });
  const rule = w(v.die.rule);
  return `<section class="tk-cardbox ${ui.cardIn3d ? "in-3d" : ""}" aria-label="${esc(caption)}">
    <h3 class="tk-cap">${esc(caption)}</h3>
    <div class="tk-card">${cardSvg(v)}</div>
    <div id="tk-model" class="tk-model" title="${esc(w("model"))}"></div>
    <div class="tk-die" role="img" aria-label="${esc(w("animals." + v.die.animal))}${lang() === "fa" ? "، " : ", "}${esc(rule)}">${dieSvg(v)}
      <span class="label"><strong>${esc(w("animals." + v.die.animal))}</strong> — ${esc(rule)}</span></div>
    <button type="button" class="tk-card-toggle" data-tk="card3d" data-key="tk-card3d" aria-pressed="${ui.cardIn3d}">${esc(w(ui.cardIn3d ? "card_flat" : "card_3d"))}</button>
  </section>`;
}

/** Your pieces: each one to take in hand (a placed one is taken to move, turn or remove). */
function trayHtml(c) {
  const placed = expectedBuild(c);
  return levelPieces(c.view.level)
    .map((p) => {
      const look = LOOK[p];
      const swatch = `<span class="tk-swatch" style="background:${look ? look.colour : "#f4f8fb"}"></span>`;
      const state = placed[p] ? "placed" : "free";
      return `<button type="button" class="tk-piece ${state} ${ui.ghost.piece === p ? "chosen" : ""}" data-piece="${p}" data-key="tk-${p}" aria-pressed="${ui.ghost.piece === p}" title="${esc(c.word(`piece.${p}`))}">${swatch}<span>${esc(w(`short.${p}`))}</span></button>`;
    })
    .join("");
}

/** The tray and the buttons: take a piece; put it down, take it back, undo, let go; hint
 * and done. */
export function controlsHtml(c) {
  if (!building(c)) return c.view.done.includes(c.seat) ? `<p role="status" class="tk-wait">${esc(w("declared_wait"))}</p>` : "";
  const action = (id, kind, cls = "") => textButton(id, c.word(`action.${kind}`), cls);
  const hint = c.legal.some((a) => a.type === "hint") ? action("hint", "hint") : "";
  return `<div class="tk-tray" role="group" aria-label="${esc(w("tray"))}">${trayHtml(c)}</div>
    <div class="tk-acts" role="group">${action("place", ui.moving ? "move" : "place", "primary")}${textButton("remove", w("remove"))}${textButton("undo", w("undo"))}${textButton("letgo", w("letgo"))}${hint}${action("done", "done", "primary tk-done")}</div>`;
}

/** The pad beside (or under) the build area: move the piece as seen on screen, raise,
 * lower and turn it. */
export function padHtml(c) {
  if (!building(c)) return "";
  return `<div class="tk-pad" role="group" aria-label="${esc(w("pad"))}">
      ${["left", "away", "near", "right", "up", "down", "turn"].map(iconButton).join("")}
    </div>`;
}

/** The buttons over the build area that turn and zoom the view, and from where it is seen. */
export function viewPadHtml() {
  return `<div class="tk-viewpad" role="group" aria-label="${esc(w("view_pad"))}">${["view_left", "view_right", "front", "zoom_out", "zoom_in"].map(iconButton).join("")}</div>
    <p class="tk-seen" id="tk-view" role="status">${esc(ui.main ? w(`seen.${ui.main.quarter()}`) : w("seen.0"))}</p>`;
}

/** Where the piece in hand is, in words (or that nothing is in hand). */
export function ghostText(c) {
  const g = ui.ghost;
  if (!g.piece) return w("nothing");
  return placeWords(c.word(`piece.${g.piece}`), g.piece, g.axis, g.x, g.y, g.z, ui.moving ? "moving" : "ghost");
}

export function helpHtml() {
  return `<p class="label tk-help">${esc(w(touchFirst() ? "touch" : "keys"))}</p>`;
}

/** What a builder is doing now: building, done (with the order), out, or scouting. */
export function builderState(v, p) {
  if (v.out.includes(p)) return w("out");
  if (v.done.includes(p)) return w("declared", { k: v.done.indexOf(p) + 1 });
  return v.builders.includes(p) ? w("building") : w("scout");
}

/** A stone's colour chip (its letter in the reader's language). */
function chip(piece) {
  return `<span class="tk-chip" style="background:${LOOK[piece].colour}">${LOOK[piece].letter[lang()]}</span>`;
}

/** What the table's shell shows at a builder's seat. */
export function seatInfo(c, p) {
  const v = c.view;
  const build = v.builds[p] ?? [];
  const facts = [builderState(v, p), w("pieces", { n: build.length }), w("taken_n", { n: v.taken[p].length })];
  if (p === c.seat) return { facts, out: v.out.includes(p) };
  const stones = build.filter(([piece]) => isStone(piece)).map(([piece]) => chip(piece)).join("");
  const extra = build.length ? `<div class="tk-seat-build">${stones}${smallBuild(build)}</div>` : "";
  return { facts, out: v.out.includes(p), extra };
}

/** A build's problems (catalogue message references from the rules) in the reader's words. */
export function told(c, problems) {
  return problems.map((p) => c.tell(p)).join(lang() === "fa" ? "؛ " : "; ");
}

export function resultsHtml(c) {
  const last = c.view.last;
  if (!last || !last.results.length) return "";
  const rows = last.results
    .map((r) => `<li data-seat="${r.seat}" class="${r.ok ? "ok" : "wrong"}"><strong>${esc(c.names[r.seat])}</strong>: ${r.ok ? esc(w("ok")) : esc(told(c, r.problems))}</li>`)
    .join("");
  const took = last.taker !== null ? `<p>${esc(w("took", { name: c.names[last.taker] }))}</p>` : "";
  return `<section class="tk-results" aria-labelledby="tk-res-h"><h3 id="tk-res-h">${esc(w("results", { card: c.word(`card.${last.card}`) }))}</h3><ul>${rows}</ul>${took}</section>`;
}

export function hintsHtml(c) {
  return (c.view.hints ?? [])
    .map(([p, a, x, y, z]) => `<p class="label tk-hint" role="status">${esc(w("hinted", { piece: c.word(`piece.${p}`), axis: w(`axis.${a}`), spot: w("spot", { x, y, z }) }))}</p>`)
    .join("");
}


// The table scene, the same for every game: the seats around the table (the others round
// its edges in the order play goes, yours at the bottom beside your hand) and the game's
// own pieces in the middle. The shell draws each seat: an avatar (the name's initial, or a
// bot's face), the name, what the game says of it (score or tokens, cards in hand as
// backs, badges, its own extras: the `seat(c, p)` hook of the game's module), whose turn
// it is, the seat's clock and whether its person is here. The game's `render(c)` draws the
// middle (`.felt`) and your hand (`.me`); a module without the hook keeps its own layout
// under the seats.
import { esc, t } from "./util.js";

const HUES = [205, 25, 145, 285, 50, 330, 180, 0];

const BOT = `<svg viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true" focusable="false" fill="currentColor"><rect x="5" y="7" width="14" height="11" rx="3"/><rect x="11" y="3" width="2" height="4"/><circle cx="12" cy="3" r="1.6"/><circle cx="9.5" cy="12" r="1.7" fill="var(--avatar-bg)"/><circle cx="14.5" cy="12" r="1.7" fill="var(--avatar-bg)"/><rect x="9" y="15" width="6" height="1.4" rx="0.7" fill="var(--avatar-bg)"/><rect x="2.5" y="10" width="2" height="5" rx="1"/><rect x="19.5" y="10" width="2" height="5" rx="1"/></svg>`;

/** A person's initial (the first letter of the name), or a bot's face. */
function avatar(name, bot, p) {
  const initial = [...(name ?? "").replace(/^[\s(]+/, "")][0] ?? "?";
  return `<span class="avatar" style="--hue:${HUES[p % HUES.length]}" aria-hidden="true">${bot ? BOT : esc(initial.toUpperCase())}</span>`;
}

/** Cards in a seat's hand, as backs (at most 12 drawn). */
function backs(n) {
  if (!n) return "";
  const shown = Math.min(n, 12);
  return `<span class="seat-backs" aria-hidden="true">${'<span class="card back mini"></span>'.repeat(shown)}</span>`;
}

/**
 * One seat. `live` adds what only the live table knows: `clock(p)` (an `<rz-clock>` or
 * ""), `presence(p)` (a badge or ""), `bot(p)` (is the seat a bot).
 */
function seatHtml(c, game, p, live) {
  const info = game.seat?.(c, p) ?? {};
  const name = c.names[p];
  const you = p === c.seat;
  const turn = !c.over && c.toAct.includes(p);
  const facts = (info.facts ?? []).filter(Boolean);
  const badges = [
    you ? `<span class="badge">${esc(t("you"))}</span>` : "",
    ...(info.badges ?? []).map((b) => `<span class="badge">${esc(b)}</span>`),
    live.presence?.(p) ?? "",
  ].join("");
  const clock = turn ? live.clock?.(p) ?? "" : "";
  const cls = ["seat", "player", you ? "you" : "", turn ? "current" : "", info.out ? "out" : "", info.cls ?? ""];
  return `<section class="${cls.join(" ")}" aria-label="${esc(name)}" data-seat="${p}">
    <div class="seat-head">${avatar(name, live.bot?.(p), p)}
      <div class="seat-who"><div class="pname"><span class="seat-name">${esc(name)}</span>${badges}</div>
      ${facts.length ? `<div class="meta">${facts.map((f) => `<span>${esc(f)}</span>`).join("")}</div>` : ""}</div>
      ${turn ? `<span class="seat-turn">${clock || `<span class="turn-dot" aria-hidden="true"></span>`}</span>` : ""}
    </div>
    ${you ? "" : backs(info.cards)}
    ${info.extra ?? ""}
  </section>`;
}

/**
 * The other seats in the order play goes round from yours (the next one first), split into
 * the three edges of the table: the first on your start side, the last on your end side,
 * the rest across the top. With fewer than three others they all sit across the top (a
 * triangle with yours); where the screen is narrow the stylesheet lines them all up.
 */
export function edges(c) {
  const n = c.names.length;
  const from = c.seat !== null && c.seat !== undefined ? c.seat + 1 : 0;
  const others = Array.from({ length: n }, (_, i) => (from + i) % n).filter((p) => p !== c.seat);
  if (others.length < 3) return { start: [], top: others, end: [] };
  return { start: others.slice(0, 1), top: others.slice(1, -1), end: others.slice(-1) };
}

/** The whole table: the other seats round its edges, the game's pieces, your seat. */
export function tableHtml(c, game, live = {}) {
  const at = edges(c);
  const edge = (name) =>
    `<div class="ring-${name}">${at[name].map((p) => seatHtml(c, game, p, live)).join("")}</div>`;
  const n = at.start.length + at.top.length + at.end.length;
  const ring = `<div class="seats-ring" data-n="${n}">${edge("start")}${edge("top")}${edge("end")}</div>`;
  const mine = c.seat !== null && c.seat !== undefined ? seatHtml(c, game, c.seat, live) : "";
  if (!game.seat) return `${ring}${mine}<div class="tt-own">${game.render(c)}</div>`;
  return `${ring}${game.render(c)}${mine}`;
}

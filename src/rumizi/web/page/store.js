// What the page knows and keeps: the seat's state (only messages its own seat received),
// localStorage, the games as they describe themselves, and the live room's parts.
import { S } from "../components/util.js";

export const app = document.getElementById("app");

export const store = {
  get(k) {
    try {
      return JSON.parse(localStorage.getItem(k));
    } catch {
      return null;
    }
  },
  set(k, v) {
    try {
      localStorage.setItem(k, JSON.stringify(v));
    } catch {
      /* private mode: the URL still holds the token */
    }
  },
};

/** What this page knows: only messages its own seat received. Tests read it. */
export const state = {
  room: null, role: null, seat: null, match: null, index: 0, view: null, legal: [],
  toAct: [], over: false, outcome: null, clock: null, events: [], connected: false,
  offset: 0, takenOver: false,
};
window.rumizi = { state };

/** The room being played: its connection, the game's table module, the game's text
 * catalogue (fa and en, as the server serves it) and the table's own UI state. */
export const live = { conn: null, game: null, words: null, ui: {} };

let toastTimer;
export function toast(text) {
  let el = document.querySelector(".toast");
  if (!el) {
    el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "alert");
    document.body.append(el);
  }
  el.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.remove(), 3500);
}

// Everything about a game (title, players, options, presets, bot levels, the solo game)
// comes from its description: every game's in /api/games for the home page, one game's in
// /api/games/{id} for a room or a replay; its table is the module web/games/<id>.js.
let gamesCache = [];
export async function games() {
  if (!gamesCache.length) gamesCache = await (await fetch("/api/games")).json();
  return gamesCache;
}

const single = {}; // id: a description fetched alone
const asked = {}; // id: its fetch
/** One game's description, fetched alone unless the whole list is here already. */
export async function describe(id) {
  if (described(id)) return described(id);
  asked[id] ??= fetch(`/api/games/${encodeURIComponent(id)}`)
    .then((r) => (r.ok ? r.json() : null))
    .then((g) => (single[id] = g));
  return asked[id];
}

/** The description of `id`, if the page has it (see `games` and `describe`). */
export function described(id) {
  return gamesCache.find((g) => g.id === id) ?? single[id] ?? undefined;
}

/** A description's text in the interface's language. */
export function say(text) {
  return text?.[S.lang] ?? text?.en ?? "";
}

export function gameTitle(id) {
  return say(described(id)?.title) || id;
}

export function levelName(id, level) {
  return say(described(id)?.bot_levels.find((b) => b.id === level)?.name) || level;
}

export function myName() {
  return store.get("rz:name") || "";
}

/** The name a person gave (the server's stand-in "player N" is no name). */
export function givenName(seat) {
  return seat?.name && !/^player \d+$/.test(seat.name) ? seat.name : "";
}

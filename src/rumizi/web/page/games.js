// The games as they describe themselves: title, players, options, presets, bot levels, the
// solo game. Every game's description comes in /api/games for the home page, one game's in
// /api/games/{id} for a room or a replay; its table is the module web/games/<id>.js. No DOM.
import { S } from "../components/util.js";

let gamesCache = [];
/** Every game's description (fetched once). */
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

// The context a game's table module draws from (docs/web.md, "The tables"): the position
// shown, the seat's legal moves, the game's words, and the calls that act. The live table
// (page/play.js) and the replay (replay.js) both build theirs here. No DOM.
import { S, key, num } from "../components/util.js";
import { tell as tellWith } from "./words.js";

/** A word of the game's catalogue (`words`: fa and en) in the interface's language, its
 * {placeholders} filled from `vars` as the interface's own strings are (numbers in the
 * interface's digits); the key itself when the catalogue has no such word. */
export function word(words, k, vars) {
  const text = words?.[S.lang]?.[k] ?? k;
  if (!vars || typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (_, name) => {
    const v = vars[name];
    return typeof v === "number" ? num(v) : v ?? "";
  });
}

/**
 * A game module's context. `p` gives the position (`view`, `legal`, `said`, `toAct`, `seat`,
 * `over`, `outcome`, `room`, `pending`, `events`), the seats' `names`, the game's `words`,
 * the table's `ui` and the calls `setUi`, `act`, `sync`; a replay may give its own `tell`
 * and `told`. Its words: `word(key, vars)`, `tell(message)`, `told(kind…)` (the latest
 * event of those kinds, in words) and `said(i)` (how legal action `i` reads).
 */
export function gameCtx(p) {
  const legal = p.legal ?? [];
  const toAct = p.toAct ?? [];
  const pending = p.pending ?? false;
  const tell = p.tell ?? ((ref) => tellWith(p.words, p.names, ref));
  const told =
    p.told ??
    ((...kinds) => {
      const e = (p.events ?? []).findLast((x) => kinds.includes(x.kind) && x.message);
      return e ? tell(e.message) : "";
    });
  return {
    view: p.view, legal, toAct, seat: p.seat, names: p.names, over: p.over ?? false,
    outcome: p.outcome ?? null, room: p.room, pending,
    mine: toAct.includes(p.seat) && legal.length > 0 && !pending,
    ui: p.ui ?? {}, setUi: p.setUi ?? (() => {}), act: p.act ?? (() => false), key,
    sync: p.sync ?? (() => false), // ask for the seat's view again
    tell, told, word: (k, vars) => word(p.words, k, vars),
    said: (i) => tell(p.said?.[i]), // how legal action i reads, from the game's catalogue
  };
}

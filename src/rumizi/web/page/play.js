// The live table's moves and the context its game module draws from: `act` sends a move
// made on the position shown (one at a time; a lesson may hold it back), `setUi` changes
// what the table shows, `sync` asks for the seat's view again. They write the store and
// send through the connection; the table redraws as the store says.
import { gameCtx } from "./ctx.js";
import { send, sendAct } from "./connection.js";
import { store } from "./store.js";
import { names } from "./words.js";

/** Send an action made on the position shown; false when it could not be sent now (one is
 * on its way already, or the socket is reconnecting). */
export function act(action) {
  if (store.state.pending) return false;
  if (store.table.lesson && !store.table.lesson.allows(action)) return false; // a lesson says why
  store.patch({ pending: sendAct(action) }, { kind: "pending" });
  return store.state.pending;
}

function setUi(fields) {
  store.setUi(fields);
}

function sync() {
  return send({ type: "sync" });
}

/** The context of the live table now (docs/web.md, "The tables"). */
export function liveCtx() {
  const s = store.state;
  return gameCtx({
    view: s.view, legal: s.legal, said: s.said, toAct: s.toAct, seat: s.seat, over: s.over,
    outcome: s.outcome, room: s.room, pending: s.pending, events: s.events, names: names(s.room),
    words: store.table.words, ui: store.table.ui, setUi, act, sync,
  });
}

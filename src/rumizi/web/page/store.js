// The store: what the room's page holds, written by the connection (page/connection.js)
// and the table's own moves (page/play.js), read by every view, which `subscribe`s to hear
// what changed. Only what the server sent this page's own seat: the room, the seat's view,
// its events, its legal moves, clocks, the outcome. No DOM: its update logic is unit-tested
// in Node (tests/js/store.test.mjs).

/** What a page holds before it hears from the server. */
export function initialState() {
  return {
    room: null, role: null, seat: null, match: null, index: 0, view: null, legal: [], said: [],
    toAct: [], over: false, outcome: null, clock: null, events: [], connected: false,
    offset: 0, takenOver: false, pending: false,
  };
}

/** The `hello` a socket sends when it opens. A reconnect names the match and the index the
 * page holds, so the server sends only what was missed; a page that holds nothing (a
 * reload) gets the seat's whole history (`since: 0`). `follow`: the page may be sent to
 * the room's owner; `name`: the name this person gave. */
export function helloFor(state, token, { follow = false, name = "" } = {}) {
  const hello = { type: "hello", v: 1, token };
  if (follow) hello.follow = true;
  if (name) hello.name = name.slice(0, 40);
  if (state.match) Object.assign(hello, { match: state.match, index: state.index });
  return hello;
}

/** The `act` for an action chosen on the position shown: it carries that position's index,
 * so the server refuses it as `stale` once play has moved on. */
export function actFor(state, action) {
  return { type: "act", action, index: state.index, ref: `a${state.index}` };
}

/** A `welcome`: who this page is in the room. `now` is this page's clock (ms): the offset
 * is the server's clock less ours. */
export function welcomed(state, msg, now) {
  const next = { ...state, connected: true, role: msg.role, seat: msg.seat, room: msg.room };
  if (typeof msg.now === "number") next.offset = msg.now * 1000 - now;
  return next;
}

/** A `room` message: the room as it is now. A new match drops the move on its way. */
export function roomChanged(state, room) {
  const next = { ...state, room };
  if (state.room?.match !== room.match) next.pending = false;
  return next;
}

/** A `pong` with the server's clock: a message only ever arrives late, so the largest
 * offset measured is the truest. `null` when it is no larger than the one held. */
export function ponged(state, serverNow, now) {
  if (typeof serverNow !== "number" || serverNow * 1000 - now <= state.offset) return null;
  return { ...state, offset: serverNow * 1000 - now };
}

/**
 * An `update`: the seat's view, legal moves and the events since `since`. `fresh`: a new
 * match, or the whole match retold (`since: 0`, the log rebuilt from its events). `alive`:
 * the page was watching the match live (it held this match's view and the update follows
 * on from it — also when that view was the opening, index 0, as for the match's first move).
 */
export function updated(state, u) {
  const fresh = u.match !== state.match || u.since === 0;
  const alive = state.view !== null && u.match === state.match && (u.since !== 0 || state.index === 0);
  const next = {
    ...state, match: u.match, index: u.index, view: u.view, legal: u.legal, said: u.said ?? [],
    toAct: u.to_act, over: u.over, outcome: u.outcome, clock: u.clock, pending: false,
    events: fresh ? [...u.events] : [...state.events, ...u.events],
  };
  return { state: next, fresh, alive };
}

/** The table's own UI state (a chosen card…) after an update: a table that watched play
 * live keeps what its game says to keep (`keepUi`) and whether cards have been seen (new
 * ones then arrive); a table new to the match starts empty. */
export function uiAfter(game, ui, state, fresh, alive) {
  if (fresh && !alive) return {};
  return { ...(game?.keepUi?.(ui, state) ?? {}), seen: ui.seen };
}

/** The state and parts of one room's page, and who listens to them. */
export class Store {
  constructor() {
    this.state = initialState();
    /** The live table's parts: the game's table module, its text catalogue (fa and en, as
     * the server serves it), the table's UI state and a lesson's check on moves. */
    this.table = { game: null, words: null, ui: {}, lesson: null };
    this.listeners = new Set();
  }

  /** `fn(state, change)` after every write; `change.kind` says what changed. Returns the
   * call that stops it. */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  write(state, change) {
    this.state = state;
    for (const fn of [...this.listeners]) fn(state, change);
  }

  patch(fields, change) {
    this.write({ ...this.state, ...fields }, change);
  }

  /** The table's parts (no one is told: they change with what is drawn). */
  setTable(parts) {
    Object.assign(this.table, parts);
  }

  welcome(msg, now = Date.now()) {
    this.write(welcomed(this.state, msg, now), { kind: "welcome" });
  }

  room(room) {
    const before = this.state.room;
    this.write(roomChanged(this.state, room), { kind: "room", before });
  }

  update(u) {
    const { state, fresh, alive } = updated(this.state, u);
    this.table.ui = uiAfter(this.table.game, this.table.ui, state, fresh, alive);
    this.write(state, { kind: "update", update: u, fresh, alive });
  }

  pong(serverNow, now = Date.now()) {
    const next = ponged(this.state, serverNow, now);
    if (next) this.write(next, { kind: "clock" });
  }

  /** A notice from the server (a seat's move clock started): nothing held changes. */
  notice(msg) {
    this.write(this.state, { kind: "notice", notice: msg });
  }

  /** The server refused something (`error`): nothing is on its way any more. */
  error(msg) {
    this.patch({ pending: false }, { kind: "error", error: msg });
  }

  /** The table's UI state changed (a card chosen): the table is drawn again. */
  setUi(fields) {
    Object.assign(this.table.ui, fields);
    this.write(this.state, { kind: "ui" });
  }

  /** A new room's page: nothing of the last room's match is held. */
  enter() {
    this.table.game = null;
    this.patch({ room: null, match: null, index: 0, view: null, events: [], legal: [], toAct: [] }, { kind: "enter" });
  }
}

/** The page's one store. */
export const store = new Store();

// The store's update logic (src/rumizi/web/page/store.js), without a browser: an update,
// a move refused as stale, a reconnect's history. Run by `make test` (node --test tests/js).
import assert from "node:assert/strict";
import test from "node:test";
import {
  Store, actFor, helloFor, initialState, ponged, roomChanged, uiAfter, updated, welcomed,
} from "../../src/rumizi/web/page/store.js";

const ROOM = { id: "r1", game: "love-letter", match: "m1", status: "playing", seats: [{ kind: "person" }, { kind: "bot", bot: "easy" }] };
const ev = (kind, seat = 0) => ({ kind, seat, message: { key: kind, args: {} } });

/** An update as the server sends it. */
function upd(fields) {
  return { type: "update", match: "m1", since: 0, index: 0, view: { round: 1 }, legal: [], to_act: [0], over: false, outcome: null, clock: null, events: [], ...fields };
}

/** A store that records every change it tells its subscriber. */
function recorded() {
  const store = new Store();
  const changes = [];
  store.subscribe((state, change) => changes.push({ state, change }));
  return { store, changes };
}

test("an update: the view, legal moves and events held; subscribers told what changed", () => {
  const { store, changes } = recorded();
  store.welcome({ type: "welcome", role: "seat", seat: 0, room: ROOM, now: 1000 }, 400);
  assert.equal(store.state.connected, true);
  assert.equal(store.state.seat, 0);
  assert.equal(store.state.offset, 1000 * 1000 - 400);
  store.update(upd({ index: 0, events: [ev("start")], legal: [{ card: "guard" }], said: [{ key: "play" }] }));
  const { state, change } = changes.at(-1);
  assert.equal(change.kind, "update");
  assert.equal(change.fresh, true); // the match's first update
  assert.equal(change.alive, false); // nothing was on screen before
  assert.deepEqual(state.legal, [{ card: "guard" }]);
  assert.deepEqual(state.said, [{ key: "play" }]);
  assert.deepEqual(state.toAct, [0]);
  assert.equal(state.events.length, 1);
  // The next update follows on from the one held: its events are added, the page was live.
  store.update(upd({ since: 0 + 1, index: 1, events: [ev("played", 1)], to_act: [1] }));
  const next = changes.at(-1);
  assert.equal(next.change.fresh, false);
  assert.equal(next.change.alive, true);
  assert.deepEqual(next.state.events.map((e) => e.kind), ["start", "played"]);
  assert.deepEqual(next.change.update.events.map((e) => e.kind), ["played"]);
  assert.equal(store.state.index, 1);
  assert.deepEqual(changes.map((c) => c.change.kind), ["welcome", "update", "update"]);
});

test("the first move of a match is watched live: the opening (index 0) was on screen", () => {
  let state = updated(initialState(), upd({ index: 0 })).state;
  const move = updated(state, upd({ since: 0, index: 1, events: [ev("played")] }));
  assert.equal(move.fresh, true); // since 0: the whole match is told again …
  assert.equal(move.alive, true); // … but the page held its opening: it watched it live
  state = move.state;
  const later = updated(state, upd({ since: 0, index: 2, events: [ev("start"), ev("played"), ev("played", 1)] }));
  assert.equal(later.alive, false); // a retelling from further on: not live
  assert.equal(later.state.events.length, 3); // the log rebuilt, not doubled
});

test("a new match: the events start again", () => {
  let state = updated(initialState(), upd({ index: 3, events: [ev("a"), ev("b")] })).state;
  const other = updated(state, upd({ match: "m2", since: 0, index: 0, events: [ev("start")] }));
  assert.equal(other.fresh, true);
  assert.equal(other.alive, false);
  assert.deepEqual(other.state.events.map((e) => e.kind), ["start"]);
  state = roomChanged({ ...other.state, pending: true }, { ...ROOM, match: "m3" });
  assert.equal(state.pending, false); // a move on its way is dropped with its match
  assert.equal(roomChanged({ ...state, pending: true }, { ...ROOM, match: "m3" }).pending, true);
});

test("a stale index: the act carries the position's index; a refusal clears it; the next act carries the new one", () => {
  const { store, changes } = recorded();
  store.welcome({ type: "welcome", role: "seat", seat: 0, room: ROOM });
  store.update(upd({ index: 4, legal: [{ card: "guard" }] }));
  assert.deepEqual(actFor(store.state, { card: "guard" }), { type: "act", action: { card: "guard" }, index: 4, ref: "a4" });
  store.patch({ pending: true }, { kind: "pending" });
  store.error({ type: "error", code: "stale", ref: "a4" });
  assert.equal(store.state.pending, false);
  assert.equal(changes.at(-1).change.kind, "error");
  assert.equal(changes.at(-1).change.error.code, "stale"); // the table asks for its view again
  store.update(upd({ since: 4, index: 5, events: [ev("played", 1)], legal: [{ card: "priest" }] }));
  assert.equal(actFor(store.state, { card: "priest" }).index, 5);
  assert.equal(store.state.pending, false);
});

test("a reconnect's history: a reconnect names what it holds, a reload asks for everything", () => {
  const fresh = initialState();
  assert.deepEqual(helloFor(fresh, "tok", { follow: true, name: "Sara" }), { type: "hello", v: 1, token: "tok", follow: true, name: "Sara" });
  assert.deepEqual(helloFor(fresh, "tok"), { type: "hello", v: 1, token: "tok" }); // a reload: the whole history comes
  assert.equal(helloFor(fresh, "tok", { name: "x".repeat(60) }).name.length, 40);
  let state = updated(fresh, upd({ index: 0, events: [ev("start")] })).state;
  state = updated(state, upd({ since: 0, index: 2, events: [ev("start"), ev("played"), ev("played", 1)] })).state;
  const hello = helloFor(state, "tok");
  assert.equal(hello.match, "m1");
  assert.equal(hello.index, 2);
  // What was missed while away: only the events since the index held are added.
  const missed = updated(state, upd({ since: 2, index: 4, events: [ev("played"), ev("round_over")] }));
  assert.equal(missed.fresh, false);
  assert.equal(missed.alive, true);
  assert.deepEqual(missed.state.events.map((e) => e.kind), ["start", "played", "played", "played", "round_over"]);
});

test("the table's UI state: kept by the game while play is watched live, new otherwise", () => {
  const game = { keepUi: (ui) => ({ card: ui.card }) };
  const ui = { card: "guard", target: 1, seen: true };
  assert.deepEqual(uiAfter(game, ui, {}, false, true), { card: "guard", seen: true });
  assert.deepEqual(uiAfter(game, ui, {}, true, false), {});
  assert.deepEqual(uiAfter(null, ui, {}, false, true), { seen: true });
  const store = new Store();
  store.setTable({ game });
  store.table.ui = { card: "king", seen: true };
  store.update(upd({ index: 0 }));
  assert.deepEqual(store.table.ui, {}); // a table new to the match
  store.setUi({ card: "baron" });
  store.update(upd({ since: 0, index: 1 }));
  assert.deepEqual(store.table.ui, { card: "baron", seen: undefined });
});

test("clocks: the offset only grows, as a message only arrives late", () => {
  const state = welcomed(initialState(), { role: "seat", seat: 0, room: ROOM, now: 10 }, 9000);
  assert.equal(state.offset, 1000);
  assert.equal(ponged(state, 10, 9500), null); // later: a smaller offset, not taken
  assert.equal(ponged(state, 10.5, 9000).offset, 1500);
  const { store, changes } = recorded();
  store.pong(1, 0);
  assert.equal(changes.at(-1).change.kind, "clock");
  store.pong(0.5, 0);
  assert.equal(changes.length, 1);
});

test("subscribe gives back the call that stops it; entering a room forgets the last one's match", () => {
  const store = new Store();
  const seen = [];
  const stop = store.subscribe((_, change) => seen.push(change.kind));
  store.update(upd({ index: 3, events: [ev("a")] }));
  const held = store.state;
  store.notice({ type: "notice", kind: "move_clock", seat: 1 });
  assert.equal(store.state, held); // a notice changes nothing held
  store.enter();
  assert.equal(store.state.match, null);
  assert.deepEqual(store.state.events, []);
  assert.equal(store.table.game, null);
  stop();
  store.update(upd({}));
  assert.deepEqual(seen, ["update", "notice", "enter"]);
});

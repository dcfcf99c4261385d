// The builder's moves on their way to the table. One move is in flight at a time, the rest
// wait in order; each is checked against the build it will land on first, so a move the
// rules refuse is never sent and the page says why at once. A move refused as stale (another
// builder moved first) is sent again on the new position — it means the same thing, since
// only you change your build. A move the table refuses is said on screen; one that got no
// answer is asked after (`sync`), then sent again. The build drawn is always the server's.
import { afterMove, buildOf, shows } from "./pieces.js";
import { w } from "./words.js";

/** How long a move may go unanswered before the page asks the table where it stands. */
const PATIENCE_MS = 5000;
const MAX_TRIES = 6;

export const moves = {
  queue: [], // {action, undo}: not sent yet
  flying: null, // {action, undo, sent, tries, timer, hints}: sent, not answered
  refusal: null, // why the last move could not be made, in the reader's words
  done: [], // the moves made (on their way or taken), each with the move that undoes it
};

/** Forget everything (a new round or a new match). */
export function resetMoves() {
  if (moves.flying) clearTimeout(moves.flying.timer);
  Object.assign(moves, { queue: [], flying: null, refusal: null, done: [] });
}

export function building(c) {
  const v = c.view;
  return v.phase === "build" && v.to_act.includes(c.seat);
}

/** The build as it will be once the moves on their way land. */
export function expectedBuild(c) {
  let build = buildOf(c.view, c.seat);
  for (const m of [moves.flying, ...moves.queue]) {
    if (!m) continue;
    const next = afterMove(build, m.action);
    if (next.build) build = next.build;
  }
  return build;
}

/** Say why a move can't be made (a `no.*` word with its arguments), in the table. */
function refuse(c, reason) {
  const args = { ...reason.args };
  for (const k of ["piece", "other"]) if (args[k]) args[k] = c.word(`piece.${args[k]}`);
  moves.refusal = w(reason.key, args);
}

/** A build move (place, move, turn, remove), `done` or `hint`: checked, then queued.
 * `undo` is the move that takes it back. Returns whether it was taken. */
export function submit(c, action, undo = null) {
  if (!building(c)) return false;
  if (["place", "move", "turn", "remove"].includes(action.type)) {
    const checked = afterMove(expectedBuild(c), action);
    if (checked.refused) {
      refuse(c, checked.refused);
      return false;
    }
  }
  moves.refusal = null;
  const move = { action, undo };
  moves.queue.push(move);
  if (undo) moves.done.push(move);
  pump(c);
  return true;
}

/** A move the table did not take: nothing to undo. */
function forget(...gone) {
  moves.done = moves.done.filter((m) => !gone.includes(m));
}

/** Whether the table has taken the move in flight. */
function landed(c, m) {
  const a = m.action;
  if (a.type === "done") return c.view.done.includes(c.seat) || !building(c);
  if (a.type === "hint") return (c.view.hints?.length ?? 0) > m.hints || !building(c);
  return shows(buildOf(c.view, c.seat), a);
}

/** After every update: settle the move in flight, then send the next one. */
export function settle(c) {
  const m = moves.flying;
  if (m && landed(c, m)) {
    clearTimeout(m.timer);
    moves.flying = null;
  } else if (m && !building(c)) {
    clearTimeout(m.timer);
    forget(m.move, ...moves.queue);
    moves.flying = null;
    moves.queue = [];
  }
  pump(c);
}

function pump(c) {
  if (!moves.flying && moves.queue.length) {
    const next = moves.queue.shift();
    moves.flying = { ...next, move: next, sent: false, tries: 0, timer: null, hints: c.view.hints?.length ?? 0 };
  }
  const m = moves.flying;
  if (m && !m.sent) send(c, m);
}

function send(c, m) {
  if (m.tries >= MAX_TRIES) {
    forget(m.move, ...moves.queue);
    moves.flying = null;
    moves.queue = [];
    refuse(c, { key: "no.other", args: { why: "" } });
    return;
  }
  m.tries += 1;
  m.sent = true; // before acting: the table draws itself (and settles) inside `act`
  m.sent = c.act(m.action) !== false;
  clearTimeout(m.timer);
  m.timer = setTimeout(() => {
    if (moves.flying !== m) return;
    m.sent = false; // no answer: ask where the table stands; the reply settles or resends it
    c.sync?.();
  }, PATIENCE_MS);
}

/** The table refused a message. Returns true when it was about our move in flight (then
 * the page says why in its own words, or sends it again when it was only stale). */
export function refused(c, error) {
  const m = moves.flying;
  if (!m) return false;
  if (error.code === "stale") {
    m.sent = false;
    send(c, m);
    return true;
  }
  clearTimeout(m.timer);
  const later = moves.queue;
  moves.flying = null;
  moves.queue = [];
  forget(...later); // planned on the refused move: dropped with it
  const build = buildOf(c.view, c.seat);
  if (["place", "move", "turn", "remove"].includes(m.action.type) && shows(build, m.action)) return true; // it had landed after all (sent twice)
  forget(m.move);
  const local = ["place", "move", "turn", "remove"].includes(m.action.type) ? afterMove(build, m.action).refused : null;
  if (local) refuse(c, local);
  else if (error.code === "not_your_turn") refuse(c, { key: "no.turn", args: {} });
  else if (error.code === "over") refuse(c, { key: "no.over", args: {} });
  else if (error.code === "rate_limited") refuse(c, { key: "no.busy", args: {} });
  else refuse(c, { key: "no.other", args: { why: error.message ?? "" } });
  return true;
}

/** Take back the last move made: one still waiting is simply not sent; one on its way or
 * taken is undone by the move that undoes it, after it. */
export function undoLast(c) {
  const last = moves.done.pop();
  if (!last) return;
  if (moves.queue.includes(last)) {
    moves.queue = moves.queue.filter((m) => m !== last);
    return;
  }
  if (!submit(c, last.undo)) moves.done.push(last);
}

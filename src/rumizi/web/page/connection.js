// The room's WebSocket connection and what its messages do: the seat's state, the game's
// words (names, log lines) and the context a game's table module draws from.
import { Formatter, catalogue } from "../components/texts.js";
import { S, key, t } from "../components/util.js";
import { showRoundEnd } from "./results.js";
import { isTable, render, showGone, takenOver } from "./room.js";
import { givenName, levelName, live, myName, state, store, toast } from "./store.js";
import { renderConn, renderTable } from "./table.js";

/** A catalogue message reference ({key, args}, as the server attaches to events) in words. */
export function tell(ref) {
  return live.words && ref ? new Formatter(live.words, S.lang, names()).format(ref) : "";
}

/** The words of the latest event of one of `kinds` this seat saw ("" if none). */
export function told(...kinds) {
  const e = state.events.findLast((x) => kinds.includes(x.kind) && x.message);
  return e ? tell(e.message) : "";
}

export function names() {
  return (state.room?.seats ?? []).map((s, i) =>
    s.kind === "bot"
      ? s.bot === "lesson"
        ? t(`lesson_bot_${i}`)
        : t("bot_name", { n: i + 1, level: levelName(state.room.game, s.bot) })
      : givenName(s) || t("guest_n", { n: i + 1 })
  );
}

/** The page's own socket address: where every connection starts. */
function homeSocket() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/** Redirects followed in a row before the page stays where it connected (the room moving
 * between workers again and again): the server then relays its messages to the owner. */
const MOST_REDIRECTS = 3;

export class Conn {
  constructor(token) {
    this.token = token;
    this.tries = 0;
    this.closed = false;
    this.owner = null; // the room owner's socket address, once a worker sent us there
    this.redirects = 0;
    this.open();
  }
  open() {
    const ws = new WebSocket(this.owner ?? homeSocket());
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      const hello = { type: "hello", v: 1, token: this.token };
      if (this.redirects < MOST_REDIRECTS) hello.follow = true; // we can go to the room's owner
      if (myName()) hello.name = myName().slice(0, 40);
      if (state.match) Object.assign(hello, { match: state.match, index: state.index });
      ws.send(JSON.stringify(hello));
      this.ping = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (m) => onMessage(JSON.parse(m.data));
    ws.onclose = (e) => {
      clearInterval(this.ping);
      state.connected = false;
      if (this.closed || this.ws !== ws) return;
      if (e.code === 4401) {
        showGone();
        return;
      }
      if (e.code === 4409) {
        takenOver();
        return;
      }
      if (e.code === 4302 && this.owner) {
        this.open(); // sent to the room's owner: go there at once
        return;
      }
      if (!this.welcomed && this.owner) this.owner = null; // the owner's address failed: start again at home
      renderConn();
      const wait = Math.min(4000, 300 * 2 ** this.tries++);
      this.retry = setTimeout(() => this.open(), wait);
    };
  }
  /** A worker sent us to the room's owner (`redirect`, then close 4302). Only a socket
   * address is followed. */
  follow(url) {
    if (!/^wss?:\/\//.test(url ?? "")) return;
    this.owner = url;
    this.redirects++;
  }
  send(msg) {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }
  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.ws?.close();
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "redirect":
      live.conn.follow(msg.url);
      break;
    case "welcome":
      live.conn.tries = 0;
      live.conn.redirects = 0;
      live.conn.welcomed = true;
      state.connected = true;
      Object.assign(state, { role: msg.role, seat: msg.seat, room: msg.room });
      if (typeof msg.now === "number") {
        // The server's clock less ours, measured now and by a few pings: a message only
        // ever arrives late, so the largest measure is the truest.
        state.offset = msg.now * 1000 - Date.now();
        for (let i = 0; i < 3; i++) setTimeout(() => live.conn?.send({ type: "ping", ref: "clock" }), 200 * i);
      }
      autoReady();
      render();
      break;
    case "room": {
      const before = state.room;
      state.room = msg.room;
      presenceNotices(before, msg.room);
      if (before?.match !== msg.room.match) state.pending = false;
      render();
      break;
    }
    case "update":
      onUpdate(msg);
      break;
    case "pong":
      if (typeof msg.now === "number" && msg.now * 1000 - Date.now() > state.offset) {
        state.offset = msg.now * 1000 - Date.now();
        if (isTable()) renderTable();
      }
      break;
    case "notice":
      if (msg.kind === "move_clock") logLines([{ text: t("notice_clock", { name: names()[msg.seat] }) }]);
      break;
    case "error":
      state.pending = false;
      if (msg.code === "taken_over") return takenOver();
      if (live.game?.onError?.(msg, ctx())) { // the game says why at its own table
        render();
        break;
      }
      if (msg.code === "stale") live.conn.send({ type: "sync" });
      else toast(t(`err.${msg.code}`) === `err.${msg.code}` ? t("err.other") : t(`err.${msg.code}`));
      render();
      break;
  }
}

function onUpdate(u) {
  // `since: 0` retells the whole match (the log is rebuilt); the page was watching it live
  // when it already held this match's view and the update follows on from it — also when
  // that view was the opening (index 0), as for the match's very first move.
  const fresh = u.match !== state.match || u.since === 0;
  const alive = state.view !== null && u.match === state.match && (u.since !== 0 || state.index === 0);
  if (fresh) state.events = [];
  Object.assign(state, {
    match: u.match, index: u.index, view: u.view, legal: u.legal, said: u.said ?? [], toAct: u.to_act,
    over: u.over, outcome: u.outcome, clock: u.clock, pending: false,
  });
  state.events.push(...u.events);
  if (fresh && !alive) live.ui = {};
  else live.ui = { ...(live.game?.keepUi?.(live.ui, state) ?? {}), seen: live.ui.seen }; // seen: cards new from now on arrive
  if (!live.game || live.game.id !== state.room?.game) {
    loadGame().then(() => afterUpdate(u, fresh, alive));
    return;
  }
  afterUpdate(u, fresh, alive);
}

function afterUpdate(u, fresh, alive) {
  if (!isTable()) {
    render(); // builds the table and writes the whole log
  } else {
    renderTable();
    if (fresh) document.querySelector("rz-log")?.clear();
    if (fresh) logLines([{ text: t("log_start", { n: state.room.number ?? 1 }) }]);
    logLines((fresh ? state.events : u.events).map(eventLine).filter(Boolean));
  }
  if (alive) live.game.onEvents?.(u.events, ctx());
  if (alive && !state.over) showRoundEnd(u.events);
}

export function eventLine(e) {
  // A game's words come from its catalogue; a game still being added may tell its own.
  const text = e.message ? tell(e.message) : live.game?.eventText?.(e, ctx());
  if (!text) return null;
  return { text, mine: e.seat === state.seat };
}

export function logLines(lines) {
  document.querySelector("rz-log")?.add(lines);
}

export async function loadGame() {
  const id = state.room.game;
  [live.game, live.words] = await Promise.all([import(`../games/${id}.js`).then((m) => m.default), catalogue(id)]);
}

function autoReady() {
  const me = state.room?.seats?.[state.seat];
  const saved = store.get(`rz:room:${state.room?.id}`);
  if (state.room?.status === "open" && me && !me.ready && saved?.creator) live.conn.send({ type: "ready" });
}

/** Send an action made on the position shown; false when it could not be sent now (one is
 * on its way already, or the socket is reconnecting). */
function act(action) {
  if (state.pending) return false;
  if (live.lesson && !live.lesson.allows(action)) return false; // a lesson says why
  state.pending = live.conn.send({ type: "act", action, index: state.index, ref: `a${state.index}` });
  renderTable();
  return state.pending;
}

export function ctx() {
  return {
    view: state.view, legal: state.legal, toAct: state.toAct, seat: state.seat, names: names(),
    over: state.over, outcome: state.outcome, room: state.room, pending: state.pending,
    mine: state.toAct.includes(state.seat) && state.legal.length > 0 && !state.pending,
    ui: live.ui, setUi: (patch) => { Object.assign(live.ui, patch); renderTable(); }, act, key,
    sync: () => live.conn?.send({ type: "sync" }), // ask for the seat's view again
    tell, told, word: (k) => live.words?.[S.lang]?.[k] ?? k,
    said: (i) => tell(state.said?.[i]), // how legal action i reads, from the game's catalogue
  };
}

/** A seat went away, came back, or a bot stepped in for someone: one line in the log. */
export function presenceNotices(before, after) {
  if (!before || !isTable() || before.match !== after.match) return;
  const ns = names();
  after.seats.forEach((s, i) => {
    const was = before.seats[i];
    if (!was || s.kind !== "person" || i === state.seat) return;
    if (s.standin && !was.standin) logLines([{ text: t("notice_standin", { name: ns[i] }) }]);
    else if (!s.standin && was.standin) logLines([{ text: t("notice_back", { name: ns[i] }) }]);
    else if (!s.connected && was.connected && !s.standin) logLines([{ text: t("notice_away", { name: ns[i] }) }]);
  });
}

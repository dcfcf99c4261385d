// Rumizi in the browser: home, lobby and the table. No build step: native ES modules.
// The page holds only what the server sends to its own seat (views, its events, legal moves).
import "./components/rz-clock.js";
import "./components/rz-log.js";
import "./components/rz-copy.js";
import { Formatter, catalogue } from "./components/texts.js";
import { S, esc, join, key, loadDict, num, sep, t } from "./components/util.js";

const app = document.getElementById("app");
const store = {
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
const state = {
  room: null, role: null, seat: null, match: null, index: 0, view: null, legal: [],
  toAct: [], over: false, outcome: null, clock: null, events: [], connected: false,
  offset: 0, takenOver: false,
};
window.rumizi = { state };

// ------------------------------------------------------------------ shell
function pickLang() {
  const saved = store.get("rz:lang");
  if (saved === "fa" || saved === "en") return saved;
  const asked = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  return asked.some((l) => l.toLowerCase().startsWith("fa")) ? "fa" : "en";
}

function applyTheme() {
  const saved = store.get("rz:theme");
  const dark = saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

function header() {
  const dark = document.documentElement.dataset.theme === "dark";
  const other = S.lang === "fa" ? "en" : "fa";
  return `<header class="top">
    <a class="brand" href="/">${esc(t("brand"))}</a>
    <span class="spacer"></span>
    <button type="button" id="lang" lang="${other}" data-key="lang">${other === "fa" ? "فارسی" : "English"}</button>
    <button type="button" id="theme" aria-pressed="${dark}" data-key="theme">${esc(t(dark ? "theme_light" : "theme_dark"))}</button>
  </header>`;
}

function bindHeader() {
  document.getElementById("lang").onclick = async () => {
    store.set("rz:lang", S.lang === "fa" ? "en" : "fa");
    await loadDict(store.get("rz:lang"));
    route();
  };
  document.getElementById("theme").onclick = () => {
    const dark = document.documentElement.dataset.theme === "dark";
    store.set("rz:theme", dark ? "light" : "dark");
    applyTheme();
    route();
  };
}

let toastTimer;
function toast(text) {
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

// ------------------------------------------------------------------ games, as they describe themselves
// Everything about a game (title, players, options, bot levels, solo defaults) comes from its
// description in /api/games; its table is the module web/games/<id>.js.
let gamesCache = [];
async function games() {
  if (!gamesCache.length) gamesCache = await (await fetch("/api/games")).json();
  return gamesCache;
}

function described(id) {
  return gamesCache.find((g) => g.id === id);
}

/** A description's text in the interface's language. */
function say(text) {
  return text?.[S.lang] ?? text?.en ?? "";
}

function gameTitle(id) {
  return say(described(id)?.title) || id;
}

function levelName(id, level) {
  return say(described(id)?.bot_levels.find((b) => b.id === level)?.name) || level;
}

// ------------------------------------------------------------------ home

async function home() {
  document.title = t("brand");
  const list = await games();
  app.innerHTML = `${header()}<main>
    <h1>${esc(t("home_title"))}</h1>
    <p>${esc(t("home_intro"))}</p>
    <div class="games">${list.map(gameCard).join("")}</div>
    <div id="setup"></div>
    <section aria-labelledby="lobby-h"><h2 id="lobby-h">${esc(t("open_rooms"))}</h2><ul class="lobby-list" id="lobby"></ul></section>
  </main>`;
  bindHeader();
  for (const b of app.querySelectorAll("[data-solo]")) b.onclick = () => solo(b.dataset.solo);
  for (const b of app.querySelectorAll("[data-setup]")) b.onclick = () => setupForm(b.dataset.setup);
  const lobby = await (await fetch("/api/lobby")).json();
  const ul = document.getElementById("lobby");
  if (!ul) return;
  const rooms = lobby.filter((r) => described(r.game));
  ul.innerHTML = rooms.length
    ? rooms
        .map(
          (r) => `<li><span>${esc(gameTitle(r.game)) + sep() + esc(
            t("seats_taken", { n: r.seats - r.free, m: r.seats })
          )}</span><a href="/room/${esc(r.id)}">${esc(t("join"))}</a></li>`
        )
        .join("")
    : `<li>${esc(t("no_rooms"))}</li>`;
}

function gameCard(g) {
  const players =
    g.min_players === g.max_players
      ? t("players_n", { n: g.min_players })
      : t("players_range", { a: g.min_players, b: g.max_players });
  return `<article class="game-card" data-game="${g.id}">
    <h2>${esc(gameTitle(g.id))}</h2>
    <p class="facts">${esc(players)}${sep()}${esc(say(g.length))}</p>
    <p class="pitch">${esc(say(g.pitch))}</p>
    <div class="row">
      <button type="button" class="primary" data-solo="${g.id}">${esc(t("play_bots"))}</button>
      <button type="button" data-setup="${g.id}">${esc(t("set_up"))}</button>
      <a href="/rules/${g.id}.${S.lang}.html">${esc(t("rules"))}</a>
    </div>
  </article>`;
}

function myName() {
  return store.get("rz:name") || "";
}

async function createRoom(body) {
  const r = await fetch("/api/rooms", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await r.json();
  if (!r.ok) {
    toast(`${t("err.create")}: ${reply.message ?? r.status}`);
    return;
  }
  const id = reply.room.id;
  const mine = reply.seats.find((s) => s.token);
  store.set(`rz:room:${id}`, {
    host: reply.host_token, links: reply.links.seats, watch: reply.links.spectate, creator: true,
  });
  store.set(`rz:tok:${id}`, mine.token);
  history.pushState(null, "", `/room/${id}#token=${mine.token}`);
  route();
}

async function solo(id) {
  const g = (await games()).find((x) => x.id === id);
  const seats = [{ kind: "person", name: myName() || t("you_default") }];
  for (let i = 1; i < g.solo.seats; i++) seats.push({ kind: "bot", bot: g.solo.level });
  await createRoom({ game: id, seats, settings: { autostart: true } });
}

/** The form control of one declared option (`o.form`); its label and help in the interface's language. */
function optionField(o, players) {
  const name = `opt_${o.name}`;
  const label = esc(say(o.label));
  const help = `<small class="help" id="help_${o.name}">${esc(say(o.help))}</small>`;
  const described = `aria-describedby="help_${o.name}"`;
  if (o.type === "bool")
    return `<label><input type="checkbox" name="${name}" ${o.default ? "checked" : ""} ${described}> ${label}</label>${help}`;
  if (o.type === "choice" || o.type === "seat") {
    const choices =
      o.type === "choice"
        ? o.choices.map((c) => [c.value, say(c.label)])
        : [["random", t("seat_random")], ...Array.from({ length: players }, (_, i) => [String(i), t("seat_n", { n: i + 1 })])];
    const options = choices
      .map(([v, text]) => `<option value="${esc(v)}" ${String(o.default) === v ? "selected" : ""}>${esc(text)}</option>`)
      .join("");
    return `<label>${label} <select name="${name}" ${described}>${options}</select></label>${help}`;
  }
  const step = o.type === "seconds" ? "any" : "1";
  const placeholder = o.default ?? t("default");
  return `<label>${label} <input type="number" inputmode="decimal" name="${name}" min="${o.minimum}" max="${o.maximum}" step="${step}" placeholder="${esc(typeof placeholder === "number" ? num(placeholder) : placeholder)}" style="inline-size:6rem" ${described}></label>${help}`;
}

/** The options the form's fields give: only those the person changed from the default. */
function formOptions(g, form) {
  const options = {};
  for (const o of g.options.filter((x) => x.form)) {
    const el = form[`opt_${o.name}`];
    if (o.type === "bool") {
      if (el.checked !== Boolean(o.default)) options[o.name] = el.checked;
    } else if (o.type === "seat") {
      const v = el.value === "random" ? "random" : Number(el.value);
      if (v !== o.default) options[o.name] = v;
    } else if (o.type === "choice") {
      if (el.value !== o.default) options[o.name] = el.value;
    } else if (el.value !== "") options[o.name] = Number(el.value);
  }
  return options;
}

async function setupForm(id) {
  const g = (await games()).find((x) => x.id === id);
  const box = document.getElementById("setup");
  const counts = [];
  for (let i = g.min_players; i <= g.max_players; i++) counts.push(i);
  const levels = g.bot_levels.map((b) => `<option value="${esc(b.id)}">${esc(say(b.name))}</option>`).join("");
  const seatRow = (i) => `<div class="seat-plan" data-seat="${i}">
      <span>${esc(t("seat_n", { n: i + 1 }))}</span>
      <select aria-label="${esc(t("seat_kind", { n: i + 1 }))}" name="kind${i}">
        <option value="bot">${esc(t("kind.bot"))}</option><option value="person">${esc(t("kind.person"))}</option>
      </select>
      <select aria-label="${esc(t("seat_level", { n: i + 1 }))}" name="level${i}">${levels}</select>
    </div>`;
  const fields = (players) => g.options.filter((o) => o.form).map((o) => optionField(o, players)).join("");
  box.innerHTML = `<form class="setup" id="setup-form" aria-labelledby="setup-h">
    <h2 id="setup-h">${esc(t("setup_title", { game: gameTitle(id) }))}</h2>
    <label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(myName())}" autocomplete="nickname"></label>
    <label>${esc(t("player_count"))} <select name="players">${counts
      .map((c) => `<option value="${c}" ${c === g.solo.seats ? "selected" : ""}>${num(c)}</option>`)
      .join("")}</select></label>
    <fieldset><legend>${esc(t("seats"))}</legend><div class="seat-plan"><span>${esc(t("seat_n", { n: 1 }))}</span><span>${esc(t("kind.you"))}</span></div><div id="seat-rows"></div></fieldset>
    <fieldset class="game-options"><legend>${esc(t("game_options"))}</legend><div id="game-options">${fields(g.solo.seats)}</div></fieldset>
    <fieldset><legend>${esc(t("options"))}</legend>
      <label>${esc(t("bot_speed"))} <select name="speed"><option value="0.8">${esc(t("speed.normal"))}</option><option value="1.6">${esc(t("speed.slow"))}</option><option value="0.2">${esc(t("speed.fast"))}</option></select></label>
      <label><input type="checkbox" name="public"> ${esc(t("public_room"))}</label>
    </fieldset>
    <div class="row"><button class="primary" type="submit">${esc(t("create"))}</button></div>
  </form>`;
  const form = document.getElementById("setup-form");
  const rows = () => {
    const n = Number(form.players.value);
    const old = [...form.querySelectorAll(".seat-plan[data-seat]")].map((r) => [
      r.querySelector("[name^=kind]").value,
      r.querySelector("[name^=level]").value,
    ]);
    document.getElementById("seat-rows").innerHTML = Array.from({ length: n - 1 }, (_, i) => seatRow(i + 1)).join("");
    form.querySelectorAll(".seat-plan[data-seat]").forEach((r, i) => {
      const [kind, level] = old[i] ?? ["bot", g.solo.level];
      r.querySelector("[name^=kind]").value = kind;
      r.querySelector("[name^=level]").value = level;
      r.querySelector("[name^=level]").hidden = kind === "person";
    });
    for (const o of g.options.filter((x) => x.type === "seat")) {
      const el = form[`opt_${o.name}`];
      const kept = el.value;
      el.closest("label").outerHTML = optionField(o, n).replace(/<small[\s\S]*$/, "");
      if (Number(kept) < n || kept === "random") form[`opt_${o.name}`].value = kept;
    }
  };
  form.players.onchange = rows;
  form.addEventListener("change", (e) => {
    if (e.target.name?.startsWith("kind")) e.target.parentElement.querySelector("[name^=level]").hidden = e.target.value === "person";
  });
  rows();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const name = form.name.value.trim();
    store.set("rz:name", name);
    const seats = [{ kind: "person", name }];
    for (const r of form.querySelectorAll(".seat-plan[data-seat]")) {
      const kind = r.querySelector("[name^=kind]").value;
      seats.push(kind === "bot" ? { kind, bot: r.querySelector("[name^=level]").value } : { kind });
    }
    await createRoom({
      game: id, seats, options: formOptions(g, form), public: form.public.checked,
      settings: { bot_delay: Number(form.speed.value) },
    });
  };
  form.name.focus();
  box.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ room: connection
let conn = null;
let game = null;
let words = null; // the game's text catalogue (fa and en), as the server serves it
let ui = {};

/** The name a person gave (the server's stand-in "player N" is no name). */
function givenName(seat) {
  return seat?.name && !/^player \d+$/.test(seat.name) ? seat.name : "";
}

/** A catalogue message reference ({key, args}, as the server attaches to events) in words. */
function tell(ref) {
  return words && ref ? new Formatter(words, S.lang, names()).format(ref) : "";
}

/** The words of the latest event of one of `kinds` this seat saw ("" if none). */
function told(...kinds) {
  const e = state.events.findLast((x) => kinds.includes(x.kind) && x.message);
  return e ? tell(e.message) : "";
}

function names() {
  return (state.room?.seats ?? []).map((s, i) =>
    s.kind === "bot"
      ? t("bot_name", { n: i + 1, level: levelName(state.room.game, s.bot) })
      : givenName(s) || t("seat_n", { n: i + 1 })
  );
}

class Conn {
  constructor(token) {
    this.token = token;
    this.tries = 0;
    this.closed = false;
    this.open();
  }
  open() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", v: 1, token: this.token };
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
      renderConn();
      const wait = Math.min(4000, 300 * 2 ** this.tries++);
      this.retry = setTimeout(() => this.open(), wait);
    };
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
    case "welcome":
      conn.tries = 0;
      state.connected = true;
      Object.assign(state, { role: msg.role, seat: msg.seat, room: msg.room });
      if (typeof msg.now === "number") {
        // The server's clock less ours, measured now and by a few pings: a message only
        // ever arrives late, so the largest measure is the truest.
        state.offset = msg.now * 1000 - Date.now();
        for (let i = 0; i < 3; i++) setTimeout(() => conn?.send({ type: "ping", ref: "clock" }), 200 * i);
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
      if (msg.code === "stale") conn.send({ type: "sync" });
      else toast(t(`err.${msg.code}`) === `err.${msg.code}` ? t("err.other") : t(`err.${msg.code}`));
      render();
      break;
  }
}

function onUpdate(u) {
  const fresh = u.match !== state.match || u.since === 0;
  if (fresh) state.events = [];
  const live = !fresh && state.view !== null;
  Object.assign(state, {
    match: u.match, index: u.index, view: u.view, legal: u.legal, said: u.said ?? [], toAct: u.to_act,
    over: u.over, outcome: u.outcome, clock: u.clock, pending: false,
  });
  state.events.push(...u.events);
  if (fresh) ui = {};
  else ui = { ...(game?.keepUi?.(ui, state) ?? {}), seen: ui.seen }; // seen: cards new from now on arrive
  if (!game || game.id !== state.room?.game) {
    loadGame().then(() => afterUpdate(u, fresh, live));
    return;
  }
  afterUpdate(u, fresh, live);
}

function afterUpdate(u, fresh, live) {
  if (!isTable()) {
    render(); // builds the table and writes the whole log
  } else {
    renderTable();
    if (fresh) document.querySelector("rz-log")?.clear();
    if (fresh) logLines([{ text: t("log_start", { n: state.room.number ?? 1 }) }]);
    logLines((fresh ? state.events : u.events).map(eventLine).filter(Boolean));
  }
  if (live) game.onEvents?.(u.events, ctx());
  if (live && !state.over) showRoundEnd(u.events);
}

const ROUND_ENDS = new Set(["round_over", "chain_won", "chain_lost"]);
let roundEnd = null;
/** A round (or chain) just ended: a panel says how (who won, the hands, the tokens or
 * points) and stays for a few seconds, or until "Continue". It does not block the table. */
function showRoundEnd(events) {
  const ends = events.filter((e) => ROUND_ENDS.has(e.kind)).map(eventLine).filter(Boolean);
  if (!ends.length) return;
  clearTimeout(roundEnd?.timer);
  roundEnd = { lines: ends.map((l) => l.text), timer: setTimeout(hideRoundEnd, 6000) };
  renderRoundEnd();
}

function hideRoundEnd() {
  clearTimeout(roundEnd?.timer);
  roundEnd = null;
  renderRoundEnd();
}

function renderRoundEnd() {
  const box = document.getElementById("round-end-box");
  if (!box) return;
  if (!roundEnd || state.over) {
    box.innerHTML = "";
    return;
  }
  const v = state.view ?? {};
  const marks = v.tokens ?? v.scores ?? null;
  const ns = names();
  box.innerHTML = `<section class="results round-end" id="round-end" aria-labelledby="round-end-h" role="status">
    <h2 id="round-end-h">${esc(t("round_end"))}</h2>
    ${roundEnd.lines.map((l) => `<p>${esc(l)}</p>`).join("")}
    ${marks ? `<p>${esc(join(ns.map((n, i) => `${n}: ${num(marks[i] ?? 0)}`)))}</p>` : ""}
    <button type="button" id="round-end-ok" data-key="round-end-ok">${esc(t("continue"))}</button>
  </section>`;
  document.getElementById("round-end-ok").onclick = hideRoundEnd;
}

function eventLine(e) {
  // A game's words come from its catalogue; a game still being added may tell its own.
  const text = e.message ? tell(e.message) : game?.eventText?.(e, ctx());
  if (!text) return null;
  return { text, mine: e.seat === state.seat };
}

function logLines(lines) {
  document.querySelector("rz-log")?.add(lines);
}

async function loadGame() {
  const id = state.room.game;
  [game, words] = await Promise.all([import(`./games/${id}.js`).then((m) => m.default), catalogue(id)]);
}

function autoReady() {
  const me = state.room?.seats?.[state.seat];
  const saved = store.get(`rz:room:${state.room?.id}`);
  if (state.room?.status === "open" && me && !me.ready && saved?.creator) conn.send({ type: "ready" });
}

function act(action) {
  if (state.pending) return;
  state.pending = true;
  conn.send({ type: "act", action, index: state.index, ref: `a${state.index}` });
  renderTable();
}

function ctx() {
  return {
    view: state.view, legal: state.legal, toAct: state.toAct, seat: state.seat, names: names(),
    over: state.over, outcome: state.outcome, room: state.room, pending: state.pending,
    mine: state.toAct.includes(state.seat) && state.legal.length > 0 && !state.pending,
    ui, setUi: (patch) => { Object.assign(ui, patch); renderTable(); }, act, key,
    tell, told, word: (k) => words?.[S.lang]?.[k] ?? k,
    said: (i) => tell(state.said?.[i]), // how legal action i reads, from the game's catalogue
  };
}

// ------------------------------------------------------------------ room: pages
async function roomPage(id) {
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromUrl) store.set(`rz:tok:${id}`, fromUrl);
  const token = fromUrl || store.get(`rz:tok:${id}`);
  if (token && !fromUrl) history.replaceState(null, "", `/room/${id}#token=${token}`);
  if (!token) return joinPublic(id);
  if (conn && conn.token === token) {
    app.innerHTML = "";
    render();
    return;
  }
  conn?.close();
  Object.assign(state, { room: null, match: null, index: 0, view: null, events: [], legal: [], toAct: [] });
  game = null;
  app.innerHTML = `${header()}<main><p role="status">${esc(t("connecting"))}</p></main>`;
  bindHeader();
  conn = new Conn(token);
}

async function joinPublic(id) {
  const r = await fetch(`/api/rooms/${id}`);
  const room = r.ok ? await r.json() : null;
  app.innerHTML = `${header()}<main class="room-lobby">
    ${room ? `<h1>${esc(gameTitle(room.game))}</h1>` : ""}
    ${room?.public && room.status === "open"
      ? `<form id="pj" class="row"><label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(myName())}"></label><button class="primary">${esc(t("join"))}</button></form>`
      : `<p>${esc(t("need_link"))}</p>`}
    <p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
  const form = document.getElementById("pj");
  if (!form) return;
  form.onsubmit = async (e) => {
    e.preventDefault();
    store.set("rz:name", form.name.value.trim());
    const j = await fetch(`/api/rooms/${id}/join`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: form.name.value.trim() }),
    });
    const reply = await j.json();
    if (!j.ok) return toast(t(`err.${reply.code}`));
    store.set(`rz:tok:${id}`, reply.token);
    history.replaceState(null, "", `/room/${id}#token=${reply.token}`);
    roomPage(id);
  };
}

/** Another tab or browser took this seat over: say so, and stop acting here. */
function takenOver() {
  state.takenOver = true;
  conn?.close();
  app.innerHTML = `${header()}<main><section class="room-lobby"><p role="alert" id="taken-over">${esc(t("taken_over"))}</p>
    <p><button type="button" class="primary" id="take-back">${esc(t("take_back"))}</button> <a href="/">${esc(t("back_home"))}</a></p></section></main>`;
  bindHeader();
  document.getElementById("take-back").onclick = () => {
    const token = conn?.token;
    conn = null;
    state.takenOver = false;
    if (token) roomPage(state.room?.id ?? location.pathname.split("/").pop());
  };
}

/** A seat went away, came back, or a bot stepped in for someone: one line in the log. */
function presenceNotices(before, after) {
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

function showGone() {
  app.innerHTML = `${header()}<main><p role="alert">${esc(t("err.unknown_token"))}</p><p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
}

function isTable() {
  return state.view !== null && !!document.getElementById("game-root");
}

function render() {
  if (!state.room) return;
  if (state.view === null) return renderLobby();
  if (!game || game.id !== state.room.game) {
    loadGame().then(render);
    return;
  }
  if (!document.getElementById("game-root")) renderTableShell();
  else renderTable();
}

function renderLobby() {
  const room = state.room;
  const saved = store.get(`rz:room:${room.id}`) ?? {};
  const me = room.seats[state.seat];
  const everyone = room.seats.every((s) => s.ready);
  const focus = document.activeElement?.dataset?.key;
  const seatLine = (s, i) => {
    const link = saved.links?.[String(i)];
    const status =
      s.kind === "bot"
        ? `<span class="badge">${esc(t("kind.bot"))}</span>`
        : `<span class="badge ${s.ready ? "ok" : ""}">${esc(t(s.ready ? "ready" : s.joined ? "joined" : "waiting"))}</span>`;
    const invite =
      s.kind === "person" && i !== state.seat && !s.joined && link
        ? `<input class="invite" readonly value="${esc(new URL(link, location.href).href)}" aria-label="${esc(t("invite_for", { n: i + 1 }))}"><rz-copy text="${esc(link)}" label="${esc(t("copy_invite", { n: i + 1 }))}"></rz-copy>`
        : "";
    return `<li><strong>${esc(names()[i])}</strong>${i === state.seat ? ` <span>${esc(t("you"))}</span>` : ""} ${status} ${invite}</li>`;
  };
  app.innerHTML = `${header()}<main><section class="room-lobby" aria-labelledby="room-h">
    <h1 id="room-h">${esc(gameTitle(room.game))}</h1>
    <p><a href="/rules/${room.game}.${S.lang}.html" target="_blank" rel="noopener">${esc(t("rules"))}</a></p>
    <h2>${esc(t("who_joined"))}</h2>
    <ul class="seats">${room.seats.map(seatLine).join("")}</ul>
    ${saved.watch ? `<p class="row"><label>${esc(t("watch_link"))} <input class="invite" id="watch-link" readonly value="${esc(new URL(saved.watch, location.href).href)}"></label><rz-copy text="${esc(saved.watch)}" label="${esc(t("copy_watch"))}"></rz-copy></p>` : ""}
    ${state.role === "spectator" ? `<p class="badge ok" id="you-watch">${esc(t("you_watch"))}</p>` : ""}
    ${me && !me.ready
      ? `<form id="ready-form" class="row" style="margin-block:0.75rem"><label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(givenName(me) || myName())}" data-key="name"></label><button class="primary" data-key="ready">${esc(t("join_ready"))}</button></form>`
      : ""}
    ${me
      ? `<div class="row" style="margin-block:0.75rem"><button class="primary" id="start" data-key="start" ${everyone ? "" : "disabled"}>${esc(t("start"))}</button>
         <span role="status">${esc(everyone ? t("all_ready") : t("waiting_ready"))}</span></div>`
      : ""}
    <p><a href="/">${esc(t("back_home"))}</a></p>
  </section></main>`;
  bindHeader();
  if (focus) document.querySelector(`[data-key="${focus}"]`)?.focus();
  const form = document.getElementById("ready-form");
  if (form)
    form.onsubmit = async (e) => {
      e.preventDefault();
      const name = form.name.value.trim();
      store.set("rz:name", name);
      const j = await fetch(`/api/rooms/${room.id}/join`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${conn.token}` },
        body: JSON.stringify({ name }),
      });
      if (j.ok) {
        /* every join hands out a fresh token for the seat; the old one is revoked */
        const reply = await j.json();
        conn.token = reply.token;
        store.set(`rz:tok:${room.id}`, reply.token);
        history.replaceState(null, "", `/room/${room.id}#token=${reply.token}`);
      }
      conn.send({ type: "ready" });
    };
  const start = document.getElementById("start");
  if (start) start.onclick = () => conn.send({ type: "start" });
}

function renderTableShell() {
  wasMine = titleMine = false;
  roundEnd = null;
  app.innerHTML = `${header()}<main class="table-main"><div class="table">
    <section class="board" aria-label="${esc(t("table"))}">
      <div class="status-bar" id="status"></div>
      <div id="results"></div><div id="round-end-box"></div>
      <div id="game-root" class="game ${state.room.game}"></div>
    </section>
    <aside class="side"><section class="people" id="people" aria-labelledby="people-h"></section>
      <section class="log" aria-labelledby="log-h"><h2 id="log-h">${esc(t("log"))}</h2><rz-log></rz-log></section>
      <p><a href="/">${esc(t("back_home"))}</a></p></aside>
  </div></main>`;
  bindHeader();
  renderTable();
  logLines([{ text: t("log_start", { n: state.room.number ?? 1 }) }, ...state.events.map(eventLine).filter(Boolean)]);
}

function renderConn() {
  const el = document.getElementById("conn");
  if (el) el.textContent = state.connected ? "" : t("reconnecting");
}

function renderTable() {
  const root = document.getElementById("game-root");
  if (!root || !game) return;
  const c = ctx();
  const focus = document.activeElement?.dataset?.key;
  const ns = names();
  const turnSeat = state.toAct.length === 1 ? state.toAct[0] : null;
  const turn = state.over
    ? t("game_over")
    : c.mine
      ? t("your_turn")
      : turnSeat !== null
        ? t("their_turn", { name: ns[turnSeat] })
        : state.toAct.length > 1
          ? t("several_turn")
          : t("wait");
  const inTable = root.contains(document.activeElement);
  document.getElementById("status").innerHTML = `<strong>${esc(gameTitle(state.room.game))}</strong>
    <span>${esc(game.status?.(c) ?? "")}</span>
    <span class="turn ${c.mine ? "mine" : ""}" role="status" id="turn">${esc(turn)}</span>
    ${clockHtml()}
    <span class="conn" id="conn" role="status">${state.connected ? "" : esc(t("reconnecting"))}</span>
    <button type="button" class="sound" id="sound" data-key="sound" aria-pressed="${soundOn()}">${esc(t(soundOn() ? "sound_on" : "sound_off"))}</button>
    <button type="button" id="rules-open" data-key="rules-open" aria-haspopup="dialog">${esc(t("rules"))}</button>`;
  document.getElementById("rules-open").onclick = openRules;
  document.getElementById("sound").onclick = () => {
    store.set("rz:sound", !soundOn());
    renderTable();
  };
  turnNotice(c.mine);
  renderPeople();
  const before = new Set([...root.querySelectorAll("[data-fresh]")].map((e) => e.dataset.fresh));
  const places = placesIn(root);
  root.innerHTML = game.render(c);
  if (ui.seen)
    for (const el of root.querySelectorAll("[data-fresh]"))
      if (!before.has(el.dataset.fresh)) arrive(el, places.get(el.dataset.from));
  ui.seen = true;
  game.bind?.(root, c);
  renderResults(c);
  if (focus) document.querySelector(`[data-key="${CSS.escape(focus)}"]`)?.focus();
  placeFocus(root, c.mine, inTable);
}

/** Where things are on the table now: each player's panel (`seat-N`) and each place a game
 * module names (`data-place`: a hand, the deck…), as screen rectangles. */
function placesIn(root) {
  const places = new Map();
  for (const el of root.querySelectorAll("[data-seat]")) places.set(`seat-${el.dataset.seat}`, el.getBoundingClientRect());
  for (const el of root.querySelectorAll("[data-place]")) places.set(el.dataset.place, el.getBoundingClientRect());
  return places;
}

const still = matchMedia("(prefers-reduced-motion: reduce)");
/** A card just put on the table moves there from where it came from (`data-from`: a place
 * of the previous drawing), or pops in; nothing moves for someone who asked for less motion. */
function arrive(el, from) {
  if (still.matches) return;
  const to = el.getBoundingClientRect();
  if (!from || !to.width) {
    el.classList.add("fresh");
    return;
  }
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  el.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(0.85)`, opacity: 0.5 }, { transform: "none", opacity: 1 }],
    { duration: 380, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" }
  );
}

/** The rules in a drawer at the table: the game's rules page in the page's language. */
async function openRules() {
  let drawer = document.getElementById("rules-drawer");
  if (!drawer) {
    drawer = document.createElement("dialog");
    drawer.id = "rules-drawer";
    drawer.className = "drawer";
    drawer.setAttribute("aria-labelledby", "rules-drawer-h");
    document.body.append(drawer);
  }
  const page = await (await fetch(`/rules/${state.room.game}.${S.lang}.html`)).text();
  const body = new DOMParser().parseFromString(page, "text/html").querySelector("main");
  body.querySelectorAll("a[href='/']").forEach((a) => a.closest("p")?.remove());
  const title = body.querySelector("h1");
  if (title) title.id = "rules-drawer-h";
  drawer.replaceChildren();
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.textContent = t("close");
  close.onclick = () => drawer.close();
  drawer.append(close, ...body.childNodes);
  drawer.onclose = () => document.getElementById("rules-open")?.focus();
  drawer.showModal();
  close.focus();
}

/** The countdown: to the server's deadline timestamp (corrected by the clock offset
 * measured at connect), so a redraw or another player's reconnect never moves it. A new
 * chain's "get ready" pause (the view's `ready` seconds) is shown before the turn's clock. */
function clockHtml() {
  const c = state.clock;
  if (!c || state.over) return "";
  const at = c.deadline_at ?? c.moves_at?.[String(state.seat)] ?? null;
  if (at === null) return "";
  const until = Math.round(at * 1000 - state.offset);
  const ready = c.deadline_at != null ? Number(state.view?.ready ?? 0) : 0;
  const turn = ready > 0 ? Number(state.view.deadline) - ready : null;
  return `<rz-clock until="${until}" ${turn !== null ? `turn="${turn}"` : ""}></rz-clock>`;
}

let wasMine = false;
/** Focus lands on your hand when your turn begins, and stays in the table after a move. */
function placeFocus(root, mine, inTable) {
  const starts = mine && !wasMine;
  wasMine = mine;
  if (starts) {
    const first = root.querySelector(".me .legal:not([disabled]):not([aria-disabled='true']), .me [data-act], .me button:not([disabled]):not([aria-disabled='true'])");
    if (first) {
      first.focus({ preventScroll: false });
      first.scrollIntoView?.({ block: "nearest" });
      return;
    }
  }
  if (inTable && !root.contains(document.activeElement)) {
    const home = root.querySelector(".me") ?? root;
    home.tabIndex = -1;
    home.focus({ preventScroll: true });
  }
}

function soundOn() {
  return store.get("rz:sound") === true;
}

let titleMine = false;
/** Your turn: the tab's title says so, and (when sound is on) a short tone. */
function turnNotice(mine) {
  const base = `${gameTitle(state.room.game)} · ${t("brand")}`;
  document.title = mine ? `● ${t("your_turn")} · ${base}` : base;
  if (mine && !titleMine && soundOn()) beep();
  titleMine = mine;
}

function beep() {
  try {
    const audio = new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    /* no audio here */
  }
}

/** Who is at the table: each seat here, away (with the grace countdown) or played by a
 * stand-in bot; who is watching; the watch link for the table's creator. */
function renderPeople() {
  const box = document.getElementById("people");
  if (!box || !state.room) return;
  const ns = names();
  const room = state.room;
  const saved = store.get(`rz:room:${room.id}`) ?? {};
  const seat = (s, i) => {
    let badge;
    if (s.kind === "bot") badge = `<span class="badge">${esc(t("kind.bot"))}</span>`;
    else if (s.standin) badge = `<span class="badge warn">${esc(t("standin_badge"))}</span>`;
    else if (s.connected) badge = `<span class="badge ok">${esc(t("here"))}</span>`;
    else if (s.away_until)
      badge = `<span class="badge warn">${esc(t("away"))} <rz-clock until="${Math.round(s.away_until * 1000 - state.offset)}" label="grace_left"></rz-clock></span>`;
    else badge = `<span class="badge warn">${esc(t("away"))}</span>`;
    return `<li data-seat="${i}"><span>${esc(ns[i])}${i === state.seat ? ` ${esc(t("you"))}` : ""}</span> ${badge}</li>`;
  };
  const watchers = room.watchers ?? [];
  const watching = watchers.length
    ? t("watching", { names: join(watchers.map((w) => w || t("watcher_anon"))) })
    : "";
  box.innerHTML = `<h2 id="people-h">${esc(t("at_table"))}</h2>
    ${state.role !== "seat" ? `<p class="badge ok" id="you-watch">${esc(t("you_watch"))}</p>` : ""}
    <ul class="seats">${room.seats.map(seat).join("")}</ul>
    ${watching ? `<p id="watchers">${esc(watching)}</p>` : ""}
    ${replaysHtml()}
    ${saved.watch ? `<p class="row"><label>${esc(t("watch_link"))} <input class="invite" id="watch-link" readonly value="${esc(new URL(saved.watch, location.href).href)}"></label><rz-copy text="${esc(saved.watch)}" label="${esc(t("copy_watch"))}"></rz-copy></p>` : ""}`;
}

/** A link to a finished match's replay (web/replay.js); the room's token stays in this browser. */
function replayLink(label, match = state.match, vars = {}) {
  return `<a class="replay-link" href="/replay/${esc(match)}?room=${esc(state.room.id)}">${esc(t(label, vars))}</a>`;
}

let replays = { key: "", html: "" };
/** The room's finished matches, each a link to its replay: asked for again when a match
 * starts or ends, then the panel is drawn again. */
function replaysHtml() {
  const key = `${state.room.id}:${state.match}:${state.over}`;
  if (replays.key !== key) {
    replays = { key, html: replays.key.startsWith(`${state.room.id}:`) ? replays.html : "" };
    fetch(`/api/rooms/${state.room.id}/replays`, { headers: { authorization: `Bearer ${conn?.token}` } })
      .then((r) => (r.ok ? r.json() : []))
      .then((list) => {
        if (replays.key !== key) return;
        const links = list.map((m) => `<li>${replayLink("replay_n", m.match, { n: m.number })}</li>`).join("");
        replays.html = links ? `<h3 id="replays-h">${esc(t("replays"))}</h3><ul aria-labelledby="replays-h">${links}</ul>` : "";
        renderPeople();
      });
  }
  return replays.html;
}

function renderResults(c) {
  const box = document.getElementById("results");
  if (!state.over) {
    box.innerHTML = "";
    return;
  }
  const ns = names();
  const o = state.outcome ?? {};
  const winners = o.winners ?? [];
  const scores = o.scores ?? [];
  const order = ns.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const title = winners.length
    ? winners.includes(state.seat)
      ? t("you_won")
      : t("winners", { names: join(winners.map((w) => ns[w])) })
    : t("no_winner");
  box.innerHTML = `<section class="results" aria-labelledby="res-h" id="game-result">
    <h2 id="res-h">${esc(title)}</h2>
    ${game.resultText ? `<p>${esc(game.resultText(c))}</p>` : ""}
    <table><thead><tr><th>${esc(t("player"))}</th><th>${esc(t(game.scoreLabel ?? "score"))}</th></tr></thead><tbody>
    ${order.map((i) => `<tr><td>${esc(ns[i])}${winners.includes(i) ? " 🏆" : ""}</td><td>${num(scores[i] ?? 0)}</td></tr>`).join("")}
    </tbody></table>
    <div class="row" style="margin-block-start:0.5rem">${state.role === "spectator" ? "" : `<button class="primary" id="rematch" data-key="rematch">${esc(t("rematch"))}</button>`}${replayLink("replay_link")}<a href="/">${esc(t("back_home"))}</a></div>
  </section>`;
  const again = document.getElementById("rematch");
  if (again) again.onclick = () => conn.send({ type: "rematch" });
}

// ------------------------------------------------------------------ router
function route() {
  const path = location.pathname;
  const m = path.match(/^\/room\/([\w-]+)$/);
  if (m) return roomPage(m[1]);
  conn?.close();
  conn = null;
  const r = path.match(/^\/replay\/([\w-]+)$/);
  if (r) return import("./replay.js").then((v) => v.replayPage(app, { header, bindHeader, gameTitle, levelName }, r[1]));
  return home();
}

window.addEventListener("popstate", route);
applyTheme();
await Promise.all([loadDict(pickLang()), games()]);
route();

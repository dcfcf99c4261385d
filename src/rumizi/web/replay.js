// The replay viewer: a finished match stepped through from its log. Each position is drawn
// by the game's own table module from a view the server's engine made: one seat's view
// (its events, its cards) or, the match being over, every seat's. The post-game analysis
// of a seat's decisions marks the moves that cost most.
import "./components/rz-log.js";
import { tableHtml } from "./components/seats.js";
import { Formatter, catalogue } from "./components/texts.js";
import { S, esc, join, key, num, sep, t } from "./components/util.js";
import { gameCtx } from "./page/ctx.js";
import { w } from "./replay-words.js";

/** A share (0–1) as a percentage in the interface's digits. */
function percent(x) {
  return new Intl.NumberFormat(S.lang, { style: "percent", maximumFractionDigits: 0 }).format(x);
}

/** The replays already fetched (by match and seat) and the analyses (by match and seat). */
const fetched = {};
const analysed = {};
let viewer = null;

function readToken(room) {
  try {
    return room ? JSON.parse(localStorage.getItem(`rz:tok:${room}`)) : null;
  } catch {
    return null;
  }
}

async function getJson(url, token) {
  const r = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  let body = null;
  try {
    body = await r.json();
  } catch {
    /* not JSON: the status says enough */
  }
  return { ok: r.ok, status: r.status, body };
}

/** Every position of the match as seen by `seat` ("all": every seat), all pages. */
async function positions(match, seat, token) {
  const id = `${match}:${seat}`;
  fetched[id] ??= (async () => {
    const all = [];
    let start = 0;
    let head = null;
    while (start !== null) {
      const params = new URLSearchParams({ start });
      if (seat !== "all") params.set("seat", seat);
      const r = await getJson(`/api/matches/${match}/replay?${params}`, token);
      if (!r.ok) throw Object.assign(new Error("replay"), { status: r.status, code: r.body?.code });
      head = r.body;
      all.push(...r.body.positions);
      start = r.body.next;
    }
    return { head, positions: all };
  })();
  try {
    return await fetched[id];
  } catch (e) {
    delete fetched[id];
    throw e;
  }
}

function fromHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  return { step: h.has("step") ? Number(h.get("step")) : null, seat: h.get("seat") };
}

function toHash() {
  const h = new URLSearchParams({ seat: viewer.seat, step: viewer.step });
  history.replaceState(null, "", `${location.pathname}${location.search}#${h}`);
}

/** The page of one match's replay. `shell` gives the app's header and game descriptions. */
export async function replayPage(app, shell, match) {
  const room = new URLSearchParams(location.search).get("room");
  const token = readToken(room);
  const asked = fromHash();
  if (viewer?.match !== match) viewer = { match, room, token, seat: asked.seat ?? "all", step: asked.step };
  document.title = `${w("title")} · ${t("brand")}`;
  app.innerHTML = `${shell.header()}<main><p role="status">${esc(w("loading"))}</p></main>`;
  shell.bindHeader();
  ensureStyle();
  let first;
  try {
    first = await positions(match, "all", token);
    if (!first.head.finished) throw Object.assign(new Error("in play"), { code: "in_play" });
  } catch (e) {
    delete fetched[`${match}:all`];
    const text = e.code === "in_play" ? w("in_play") : w("not_found");
    app.innerHTML = `${shell.header()}<main><p role="alert">${esc(text)}</p>
      ${room ? `<p><a href="/room/${esc(room)}">${esc(w("back_room"))}</a></p>` : ""}<p><a href="/">${esc(t("back_home"))}</a></p></main>`;
    shell.bindHeader();
    return;
  }
  const head = first.head;
  const [module, words, roomInfo] = await Promise.all([
    import(`./games/${head.game}.js`).then((m) => m.default),
    catalogue(head.game),
    getJson(`/api/rooms/${head.room}`, token),
    shell.describe(head.game), // its title and bot levels
  ]);
  Object.assign(viewer, { head, game: module, words, seats: roomInfo.ok ? roomInfo.body.seats : [] });
  viewer.room = viewer.room ?? head.room;
  if (viewer.seat !== "all" && !(Number(viewer.seat) >= 0 && Number(viewer.seat) < head.players)) viewer.seat = "all";
  await show(app, shell);
}

function names() {
  const v = viewer;
  return Array.from({ length: v.head.players }, (_, i) => {
    const s = v.seats[i];
    if (s?.kind === "bot") return t("bot_name", { n: i + 1, level: v.levelName?.(s.bot) ?? s.bot });
    return s?.name && !/^player \d+$/.test(s.name) ? s.name : t(s ? "guest_n" : "seat_n", { n: i + 1 });
  });
}

async function show(app, shell) {
  const v = viewer;
  v.levelName = (level) => shell.levelName(v.head.game, level);
  v.data = await positions(v.match, v.seat, v.token);
  const total = v.data.positions.length;
  v.step = Math.max(0, Math.min(v.step ?? total - 1, total - 1));
  v.rounds = roundStarts(v.data.positions);
  const ns = names();
  app.innerHTML = `${shell.header()}<main class="table-main replay"><div class="table">
    <section class="board" aria-labelledby="replay-h">
      <div class="status-bar"><h1 id="replay-h">${esc(w("of", { game: shell.gameTitle(v.head.game) }))}</h1>
        <span id="replay-status"></span><span id="replay-step" role="status"></span></div>
      <div class="replay-controls" role="group" aria-label="${esc(w("title"))}">
        <label>${esc(w("seen_by"))} <select id="replay-seat" data-key="seat">
          ${ns.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join("")}
          <option value="all">${esc(w("all_cards"))}</option></select></label>
        <button type="button" id="replay-first">${esc(w("first"))}</button>
        <button type="button" id="replay-back">${esc(w("back"))}</button>
        <div class="replay-track"><input type="range" id="replay-slider" min="0" max="${total - 1}" aria-label="${esc(w("slider"))}">
          <div class="replay-marks" id="replay-marks"></div></div>
        <button type="button" id="replay-forward" class="primary">${esc(w("forward"))}</button>
        <button type="button" id="replay-last">${esc(w("last"))}</button>
        ${v.rounds.length > 1
          ? `<label>${esc(w("jump_round"))} <select id="replay-round">${v.rounds
              .map(([r, k]) => `<option value="${k}">${esc(w("round_n", { r }))}</option>`)
              .join("")}</select></label>`
          : ""}
      </div>
      <p class="replay-keys">${esc(w("keys"))}</p>
      <p id="replay-here" class="replay-here" role="status"></p>
      <div id="results"></div>
      <div id="game-root" class="game tabletop ${esc(v.head.game)}"></div>
      <section id="replay-hands" class="replay-hands" aria-labelledby="hands-h" hidden><h2 id="hands-h">${esc(w("hands"))}</h2><div></div></section>
    </section>
    <aside class="side">
      <section class="replay-analysis" aria-labelledby="analysis-h" ${v.head.analysable === false ? "hidden" : ""}><h2 id="analysis-h">${esc(w("analysis"))}</h2>
        <div class="row"><label>${esc(w("analyse_whom"))} <select id="analysis-seat">
          ${ns.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join("")}</select></label>
          <button type="button" id="analyse">${esc(w("analyse"))}</button></div>
        <div id="analysis-body" aria-live="polite"></div></section>
      <section class="log" aria-labelledby="log-h"><h2 id="log-h">${esc(t("log"))}</h2><rz-log></rz-log></section>
      <p>${v.room ? `<a href="/room/${esc(v.room)}">${esc(w("back_room"))}</a>${sep()}` : ""}<a href="/">${esc(t("back_home"))}</a></p>
    </aside></div></main>`;
  shell.bindHeader();
  document.getElementById("replay-seat").value = v.seat;
  const whom = document.getElementById("analysis-seat");
  whom.value = v.seat === "all" ? String(v.whom ?? 0) : v.seat;
  document.getElementById("replay-seat").onchange = async (e) => {
    const seat = e.target.value;
    await positions(v.match, seat, v.token); // the old view stays drawn until the new one is here
    v.seat = seat;
    if (v.seat !== "all") v.whom = Number(v.seat);
    toHash();
    await show(app, shell);
    document.getElementById("replay-seat")?.focus();
  };
  whom.onchange = () => {
    v.whom = Number(whom.value);
    renderAnalysis();
  };
  document.getElementById("analyse").onclick = () => analyse(Number(whom.value));
  document.getElementById("replay-first").onclick = () => go(0);
  document.getElementById("replay-back").onclick = () => go(v.step - 1);
  document.getElementById("replay-forward").onclick = () => go(v.step + 1);
  document.getElementById("replay-last").onclick = () => go(total - 1);
  document.getElementById("replay-slider").oninput = (e) => go(Number(e.target.value));
  const round = document.getElementById("replay-round");
  if (round) round.onchange = () => go(Number(round.value));
  document.onkeydown = onKey;
  v.whom = Number(whom.value);
  draw();
  renderAnalysis();
}

/** Where each round starts: [round, position] for every round the views number. */
function roundStarts(list) {
  const starts = [];
  list.forEach((p, k) => {
    const r = viewOf(p)?.round;
    if (typeof r === "number" && (!starts.length || starts[starts.length - 1][0] !== r)) starts.push([r, k]);
  });
  return starts;
}

function viewOf(position) {
  return position.view ?? position.views?.spectator;
}

function onKey(e) {
  if (!viewer || !document.getElementById("replay-slider")) {
    document.onkeydown = null;
    return;
  }
  if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("select, input, textarea")) return;
  const rtl = document.documentElement.dir === "rtl";
  const step = viewer.step;
  const moves = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
  };
  if (e.key in moves) go(step + moves[e.key]);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(viewer.data.positions.length - 1);
  else if (e.key === "PageDown" || e.key === "PageUp") {
    const starts = viewer.rounds.map(([, k]) => k);
    const next = e.key === "PageDown" ? starts.find((k) => k > step) : [...starts].reverse().find((k) => k < step);
    if (next === undefined) return;
    go(next);
  } else return;
  e.preventDefault();
}

function go(k) {
  const total = viewer.data.positions.length;
  const step = Math.max(0, Math.min(k, total - 1));
  if (step === viewer.step && document.getElementById("replay-slider")?.value === String(step)) return;
  viewer.step = step;
  toHash();
  draw();
}

/** The events up to the current step, each as {kind, seat, message, to}. */
function eventsSoFar() {
  const out = [];
  for (const p of viewer.data.positions.slice(0, viewer.step + 1))
    for (const e of p.events) out.push(e.event ? { ...e.event, message: e.message, to: e.to } : e);
  return out;
}

function formatter() {
  return viewer.words ? new Formatter(viewer.words, S.lang, names()) : null;
}

function tellRef(ref) {
  const f = formatter();
  if (!f || !ref) return "";
  try {
    return f.format(ref);
  } catch {
    return "";
  }
}

/** The context a game's table module draws from (page/ctx.js): nothing to play, only the
 * view at this step, and what this seat was told so far. */
function ctx(view, seat, position, events) {
  const v = viewer;
  const last = v.step === v.data.positions.length - 1;
  const over = last && v.head.finished && v.head.outcome != null;
  return gameCtx({
    view, toAct: position.to_act ?? [], seat, names: names(), over, outcome: over ? v.head.outcome : null,
    room: { game: v.head.game, seats: v.seats }, words: v.words, tell: tellRef,
    told: (...kinds) => {
      const e = events.findLast((x) => kinds.includes(x.kind) && x.message && (seat === null || !x.to || x.to.includes(seat)));
      return e ? tellRef(e.message) : "";
    },
  });
}

function draw() {
  const v = viewer;
  const root = document.getElementById("game-root");
  if (!root) return;
  const list = v.data.positions;
  const position = list[v.step];
  const events = eventsSoFar();
  const seat = v.seat === "all" ? null : Number(v.seat);
  const view = v.seat === "all" ? position.views.spectator : position.view;
  const c = ctx(view, seat, position, events);
  root.classList.toggle("own-layout", !v.game.seat);
  root.innerHTML = tableHtml(c, v.game, { bot: (p) => v.seats[p]?.kind === "bot" });
  for (const b of root.querySelectorAll("button")) b.disabled = true; // a replay: nothing to play
  drawHands(position, events);
  document.getElementById("replay-status").textContent = v.game.status?.(c) ?? "";
  document.getElementById("replay-step").textContent = v.step === 0 ? w("start") : w("step", { k: v.step, n: list.length - 1 });
  const slider = document.getElementById("replay-slider");
  slider.value = String(v.step);
  slider.setAttribute("aria-valuetext", document.getElementById("replay-step").textContent);
  document.getElementById("replay-back").disabled = document.getElementById("replay-first").disabled = v.step === 0;
  document.getElementById("replay-forward").disabled = document.getElementById("replay-last").disabled = v.step === list.length - 1;
  const round = document.getElementById("replay-round");
  if (round) {
    const current = [...v.rounds].reverse().find(([, k]) => k <= v.step);
    if (current) round.value = String(current[1]);
  }
  drawResult(c);
  drawHere();
  drawLog(events, seat);
  for (const li of document.querySelectorAll(".analysis-list li")) li.classList.toggle("here", Number(li.dataset.index) === v.step);
}

/** Every card: each seat's own part of the table, as its own view at this step draws it. */
function drawHands(position, events) {
  const box = document.getElementById("replay-hands");
  if (viewer.seat !== "all") {
    box.hidden = true;
    return;
  }
  const ns = names();
  const parts = ns.map((name, s) => {
    const view = position.views[String(s)];
    const scratch = document.createElement("div");
    scratch.innerHTML = viewer.game.render(ctx(view, s, position, events));
    const mine = scratch.querySelector(".me");
    if (!mine) return "";
    mine.querySelectorAll("[id]").forEach((el) => el.removeAttribute("id"));
    mine.removeAttribute("aria-labelledby");
    mine.querySelectorAll(".choices").forEach((el) => el.remove());
    const heading = mine.querySelector("h2");
    if (heading) heading.textContent = w("hand_of", { name });
    mine.setAttribute("aria-label", w("hand_of", { name }));
    mine.classList.remove("me");
    mine.classList.add("replay-hand");
    mine.dataset.seat = String(s);
    mine.querySelectorAll("button").forEach((b) => (b.disabled = true));
    return mine.outerHTML;
  });
  box.querySelector("div").innerHTML = parts.join("");
  box.hidden = !parts.some(Boolean);
}

function drawResult(c) {
  const box = document.getElementById("results");
  if (!c.over) {
    box.innerHTML = "";
    return;
  }
  const ns = names();
  const winners = viewer.head.outcome.winners ?? [];
  const scores = viewer.head.outcome.scores ?? [];
  box.innerHTML = `<section class="results" aria-labelledby="replay-res-h"><h2 id="replay-res-h">${esc(w("result"))}: ${esc(
    winners.length ? t("winners", { names: join(winners.map((x) => ns[x])) }) : t("no_winner")
  )}</h2><p>${esc(join(ns.map((n, i) => `${n}: ${num(scores[i] ?? 0)}`)))}</p>${
    viewer.game.resultText ? `<p>${esc(viewer.game.resultText(c))}</p>` : ""
  }</section>`;
}

function drawLog(events, seat) {
  const log = document.querySelector("rz-log");
  if (!log) return;
  log.clear();
  const ns = names();
  const lines = [];
  for (const e of events) {
    const text = e.message ? tellRef(e.message) : viewer.game.eventText?.(e, {}) ?? "";
    if (!text) continue;
    const to = viewer.seat === "all" && e.to ? `${w("to", { names: join(e.to.map((s) => ns[s])) })}: ` : "";
    lines.push({ text: to + text, mine: seat !== null && e.seat === seat });
  }
  log.add(lines);
}

// ------------------------------------------------------------------ analysis
async function analyse(seat) {
  const v = viewer;
  const id = `${v.match}:${seat}`;
  v.whom = seat;
  analysed[id] = { waiting: true };
  renderAnalysis();
  const r = await getJson(`/api/matches/${v.match}/analysis?seat=${seat}`, v.token);
  analysed[id] = r.ok ? r.body : { error: r.body?.code ?? String(r.status) };
  if (viewer === v) {
    renderAnalysis();
    drawHere();
  }
}

function current() {
  return analysed[`${viewer.match}:${viewer.whom}`];
}

function moveWords(ref, action) {
  return tellRef(ref) || JSON.stringify(action);
}

function renderAnalysis() {
  const box = document.getElementById("analysis-body");
  if (!box) return;
  const a = current();
  const name = names()[viewer.whom];
  drawMarks([]);
  if (!a) {
    box.innerHTML = "";
    return;
  }
  if (a.waiting) {
    box.innerHTML = `<p role="status">${esc(w("analysing"))}</p>`;
    return;
  }
  if (a.error) {
    const text = a.error === "no_analysis" ? w("analysis_none") : a.error === "busy" ? w("analysis_busy") : w("analysis_failed");
    box.innerHTML = `<p role="alert">${esc(text)}</p>`;
    return;
  }
  const costly = a.decisions.filter((d) => d.costly);
  const item = (d) => `<li data-index="${d.index}" class="${d.costly ? "costly" : ""}">
      <button type="button" class="link" data-step="${d.index}">${esc(w("decision", { k: d.index + 1 }))}</button>
      ${d.costly ? `<span class="badge warn mark" title="${esc(w("costly"))}">✗ ${esc(w("costly"))}</span>` : ""}
      <span>${esc(w("played", { move: moveWords(d.played_message, d.played) }))} (${esc(percent(d.played_value))})</span>
      ${key(d.best) === key(d.played) ? "" : `<span>${esc(w("best", { move: moveWords(d.best_message, d.best) }))} (${esc(percent(d.best_value))})</span>`}
      ${d.costly ? `<span>${esc(w("cost", { p: percent(d.cost) }))}</span>` : ""}
    </li>`;
  box.innerHTML = `<p class="help">${esc(w("analysis_intro", { name }))}</p>
    <h3>${esc(w("lost_here"))}</h3>
    ${costly.length ? `<ol class="analysis-list lost">${costly.map(item).join("")}</ol>` : `<p>${esc(w("no_loss"))}</p>`}
    <details><summary>${esc(w("all_moves", { n: a.decisions.length }))}</summary><ol class="analysis-list">${a.decisions.map(item).join("")}</ol></details>`;
  for (const b of box.querySelectorAll("[data-step]")) b.onclick = () => go(Number(b.dataset.step));
  for (const li of box.querySelectorAll(".analysis-list li")) li.classList.toggle("here", Number(li.dataset.index) === viewer.step);
  drawMarks(costly);
}

/** The costly moves as marks along the slider, each where its position lies in the match. */
function drawMarks(costly) {
  const box = document.getElementById("replay-marks");
  if (!box) return;
  const last = Math.max(1, viewer.data.positions.length - 1);
  box.innerHTML = costly
    .map(
      (d) => `<button type="button" class="mark" data-step="${d.index}" style="inset-inline-start:calc(0.5rem + (100% - 1rem) * ${d.index / last})"
        aria-label="${esc(`${w("costly")}: ${w("decision", { k: d.index + 1 })}`)}" title="${esc(w("decision", { k: d.index + 1 }))}">✗</button>`
    )
    .join("");
  for (const b of box.querySelectorAll("[data-step]")) b.onclick = () => go(Number(b.dataset.step));
}

/** At a decision the analysis weighed: what was played, its chance, and the best move. */
function drawHere() {
  const box = document.getElementById("replay-here");
  if (!box) return;
  const a = current();
  const d = a?.decisions?.find((x) => x.index === viewer.step);
  if (!d) {
    box.innerHTML = "";
    return;
  }
  const move = moveWords(d.played_message, d.played);
  const name = names()[viewer.whom];
  const text =
    key(d.best) === key(d.played)
      ? w("here_best", { name, move, p: percent(d.played_value) })
      : w("here_played", { name, move, p: percent(d.played_value), best: moveWords(d.best_message, d.best), q: percent(d.best_value) });
  box.innerHTML = `${d.costly ? `<span class="badge warn mark">✗ ${esc(w("costly"))}</span> ` : ""}${esc(text)}`;
}

function ensureStyle() {
  if (document.querySelector('link[href="/replay.css"]')) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/replay.css";
  document.head.append(link);
}

// The table's shell, the same for every game: the status bar (turn, clock, sound, rules),
// the game's own drawing, cards arriving from where they came, focus, the turn's notice.
import { tableHtml } from "../components/seats.js";
import { S, esc, t } from "../components/util.js";
import { app, logLines } from "./dom.js";
import { gameTitle } from "./games.js";
import { bindHeader, header } from "./header.js";
import { renderPeople } from "./people.js";
import { liveCtx } from "./play.js";
import { renderResults, resetRoundEnd } from "./results.js";
import { saved } from "./saved.js";
import { store } from "./store.js";
import { eventLine, names } from "./words.js";

export function renderTableShell() {
  const state = store.state;
  wasMine = titleMine = false;
  resetRoundEnd();
  app.innerHTML = `${header()}<main class="table-main"><div class="table">
    <section class="board" aria-label="${esc(t("table"))}">
      <div class="status-bar" id="status"></div>
      <div id="results"></div>
      <div id="game-root" class="game tabletop ${state.room.game}"></div>
    </section>
    <aside class="side"><div id="round-end-box"></div><section class="people" id="people" aria-labelledby="people-h"></section>
      <section class="log" aria-labelledby="log-h"><h2 id="log-h">${esc(t("log"))}</h2><rz-log></rz-log></section>
      <p><a href="/">${esc(t("back_home"))}</a></p></aside>
  </div></main>`;
  bindHeader();
  renderTable();
  const c = liveCtx();
  const game = store.table.game;
  logLines([{ text: t("log_start", { n: state.room.number ?? 1 }) }, ...state.events.map((e) => eventLine(game, c, e)).filter(Boolean)]);
}

export function renderConn() {
  const el = document.getElementById("conn");
  if (el) el.textContent = store.state.connected ? "" : t("reconnecting");
}

export function renderTable() {
  const root = document.getElementById("game-root");
  const { game, ui } = store.table;
  if (!root || !game) return;
  const state = store.state;
  const c = liveCtx();
  const focus = document.activeElement?.dataset?.key;
  const ns = names(state.room);
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
    saved.set("rz:sound", !soundOn());
    renderTable();
  };
  turnNotice(c.mine);
  renderPeople();
  const before = new Set([...root.querySelectorAll("[data-fresh]")].map((e) => e.dataset.fresh));
  const places = placesIn(root);
  root.classList.toggle("own-layout", !game.seat);
  root.innerHTML = tableHtml(c, game, { clock: seatClock, presence, bot: (p) => state.room.seats[p]?.kind === "bot" });
  if (ui.seen)
    for (const el of root.querySelectorAll("[data-fresh]"))
      if (!before.has(el.dataset.fresh)) arrive(el, places.get(el.dataset.from));
  ui.seen = true;
  game.bind?.(root, c);
  renderResults(c);
  if (focus) document.querySelector(`[data-key="${CSS.escape(focus)}"]`)?.focus();
  placeFocus(root, c.mine, inTable);
  coach(root, c);
}

let runner = null;
/** A lesson's room (its bots play a script): the lesson runner, loaded only there. */
function coach(root, c) {
  if (!store.state.room.seats.some((s) => s.kind === "bot" && s.bot === "lesson")) return store.setTable({ lesson: null });
  if (runner) return runner.coachTable(root, c);
  import("./lesson.js").then((m) => {
    runner = m;
    renderTable();
  });
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
  const page = await (await fetch(`/rules/${store.state.room.game}.${S.lang}.html`)).text();
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
  import("../rules/pictures.js").then((m) => m.fill(drawer)); // the cards and pieces it names
}

/** The countdown: to the server's deadline timestamp (corrected by the clock offset
 * measured at connect), so a redraw or another player's reconnect never moves it. A new
 * chain's "get ready" pause (the view's `ready` seconds) is shown before the turn's clock. */
function clockHtml() {
  const state = store.state;
  const c = state.clock;
  if (!c || state.over) return "";
  const at = c.deadline_at ?? c.moves_at?.[String(state.seat)] ?? null;
  if (at === null) return "";
  const until = Math.round(at * 1000 - state.offset);
  const ready = c.deadline_at != null ? Number(state.view?.ready ?? 0) : 0;
  const turn = ready > 0 ? Number(state.view.deadline) - ready : null;
  return `<rz-clock until="${until}" ${turn !== null ? `turn="${turn}"` : ""}></rz-clock>`;
}

/** A seat's own countdown, beside its name while it is to act: the turn's deadline, or
 * the seat's own move clock. */
function seatClock(p) {
  const state = store.state;
  const c = state.clock;
  if (!c || state.over) return "";
  const at = c.deadline_at ?? c.moves_at?.[String(p)] ?? null;
  if (at === null) return "";
  return `<rz-clock until="${Math.round(at * 1000 - state.offset)}"></rz-clock>`;
}

/** A person away from the table (or played by a stand-in bot), said at their seat. */
function presence(p) {
  const s = store.state.room?.seats?.[p];
  if (!s || s.kind !== "person") return "";
  if (s.standin) return `<span class="badge warn">${esc(t("standin_badge"))}</span>`;
  return s.connected ? "" : `<span class="badge warn">${esc(t("away"))}</span>`;
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
  return saved.get("rz:sound") === true;
}

let titleMine = false;
/** Your turn: the tab's title says so, and (when sound is on) a short tone. */
function turnNotice(mine) {
  const base = `${gameTitle(store.state.room.game)} · ${t("brand")}`;
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

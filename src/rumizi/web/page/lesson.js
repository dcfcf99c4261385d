// The lesson runner: one for every game (docs/web.md, "Lessons"). A lesson room is a real
// match whose bots (level "lesson") play a script; its steps (GET /api/lessons/{game}) are
// the match's log in order, so the match's index says which step is due. The coach says
// the lines of the bots' steps played since your last move, then your step's lines one at
// a time ("Next"), the last of them saying what to do now while it points at the control
// to press (highlight, arrow, focus). Where that control is comes from the game's module:
// `lessonTarget(root, c, action)` (the next control for the action expected, in the
// table's state now) and, for the places a line points at, `lessonPlace(root, c, name)`.
// Anything else you press (or a move you send) is not made: the coach says why.
import { esc, key, t } from "../components/util.js";
import { liveCtx as ctx } from "./play.js";
import { solo, startLesson } from "./rooms.js";
import { store } from "./store.js";
import { names, tell } from "./words.js";

const L = {
  game: null, script: null, loading: null, match: null, from: -1, cursor: 0, wrong: "",
  sig: "", asks: 0, presses: 0, shown: [], closed: false, target: null,
};

/** A room whose bots play a lesson. */
export function isLesson() {
  return !!store.state.room?.seats?.some((s) => s.kind === "bot" && s.bot === "lesson");
}

function words(ref) {
  return tell(store.table.words, names(store.state.room), ref);
}

function load(game, again) {
  if (L.game === game && (L.script || L.loading)) return;
  L.game = game;
  L.loading = fetch(`/api/lessons/${encodeURIComponent(game)}`)
    .then((r) => (r.ok ? r.json() : null))
    .then((script) => {
      L.script = script;
      L.loading = null;
      again();
    });
}

/** What the coach has to say now: the lines of the bots' steps played since your last move,
 * then your step's lines (or the lesson's closing line); `mine`: your step, if it is due. */
function queue(index) {
  const { steps, you, done } = L.script;
  const upTo = Math.min(index, steps.length);
  let from = 0;
  for (let i = upTo - 1; i >= 0; i--)
    if (steps[i].seat === you) {
      from = i + 1;
      break;
    }
  const lines = [];
  for (let i = from; i < upTo; i++) lines.push(...steps[i].lines);
  const mine = index < steps.length && steps[index].seat === you ? steps[index] : null;
  if (mine) lines.push(...mine.lines);
  if (index >= steps.length) lines.push({ ...done, done: true });
  return { from, lines, mine };
}

/** Whether `action` is the legal entry `a`, or an instance of it (an action kind with
 * parameter domains: docs/engine.md, "Parametric actions"). */
function fits(a, action) {
  if (!a.params) return key(a) === key(action);
  const fixed = Object.keys(a).filter((k) => k !== "params");
  return fixed.every((k) => key({ v: a[k] }) === key({ v: action[k] })) && Object.entries(a.params).every(([k, d]) =>
    Array.isArray(d) ? d.includes(action[k]) : action[k] >= d.min && action[k] <= d.max);
}

/** The arguments of every line of a step (a wrong move's words take them). */
function stepArgs(step) {
  return Object.assign({}, ...step.lines.map((l) => l.args ?? {}));
}

/** Where a line points: a seat, your hand, the clock, or a place the game names. */
function place(root, c, name) {
  if (!name) return null;
  const seat = name.match(/^seat:(\d+)$/);
  if (seat) return root.querySelector(`[data-seat="${seat[1]}"]`);
  if (name === "clock") return document.querySelector("#status rz-clock") ?? root.querySelector(".seat.current rz-clock");
  return store.table.game.lessonPlace?.(root, c, name) ?? root.querySelector(`[data-place="${CSS.escape(name)}"]`) ?? (name === "hand" ? root.querySelector(".me") : null);
}

/** Called by the table after each drawing: the coach's panel, its pointer and focus. */
export function coachTable(root, c) {
  const again = () => coachTable(document.getElementById("game-root") ?? root, ctx());
  load(store.state.room.game, again);
  store.setTable({ lesson: { allows } });
  const panel = coachPanel();
  if (!L.script || !panel) return;
  if (store.state.match !== L.match) Object.assign(L, { match: store.state.match, from: -1, shown: [], closed: false });
  const { from, lines, mine } = queue(store.state.index);
  if (from !== L.from) Object.assign(L, { from, cursor: 0, wrong: "" });
  L.cursor = Math.min(L.cursor, Math.max(0, lines.length - 1));
  const line = lines[L.cursor];
  const last = L.cursor >= lines.length - 1;
  for (const id of line?.rules ?? []) if (!L.shown.includes(id)) L.shown.push(id);
  const lost = mine && last && c.mine && !c.legal.some((a) => fits(a, mine.action));
  for (const el of document.querySelectorAll(".coach-target, .coach-show")) el.classList.remove("coach-target", "coach-show");
  const shown = place(root, c, line?.point);
  shown?.classList.add("coach-show");
  drawPanel(panel, line, { last, lost, waiting: !mine && !line?.done });
  const target = lost ? null : !last ? panel.querySelector("#coach-next") : mine && c.mine ? store.table.game.lessonTarget?.(root, c, mine.action) ?? null : null;
  L.target = target;
  if (target) {
    target.classList.add("coach-target");
    target.setAttribute("aria-describedby", "coach-say");
  }
  const sig = `${store.state.match}:${store.state.index}:${L.cursor}:${L.presses}:${target?.dataset?.key ?? target?.id ?? ""}:${!!target}`;
  if (sig !== L.sig) {
    L.sig = sig;
    L.asks++;
    panel.dataset.ask = String(L.asks);
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "nearest" });
    }
  }
  guard(root);
  arrow();
  setTimeout(arrow, 420); // once cards have arrived where they go
}

/** The coach's panel: at the top of the side column (on a phone, a sheet at the bottom). */
function coachPanel() {
  let panel = document.getElementById("coach");
  if (!panel) {
    const side = document.querySelector(".table .side");
    if (!side) return null;
    panel = document.createElement("section");
    panel.id = "coach";
    panel.className = "coach";
    panel.setAttribute("aria-labelledby", "coach-h");
    side.prepend(panel);
    panel.onclick = onPanelClick;
    const table = side.closest(".table");
    table.classList.add("coached");
    new ResizeObserver(() => table.style.setProperty("--coach-h", `${panel.offsetHeight}px`)).observe(panel);
  }
  return panel;
}

function drawPanel(panel, line, { last, lost, waiting }) {
  const say = lost ? t("lesson_lost") : line ? words({ key: line.say, args: line.args ?? {} }) : t("lesson_watch");
  const rules = (line?.rules ?? []).map((id) => `<span class="coach-rule">${esc(words({ key: `lesson.rule.${id}` }))}</span>`).join("");
  let buttons = "";
  let learned = "";
  if (lost) buttons = `<button type="button" class="primary" id="coach-again">${esc(t("lesson_again"))}</button>`;
  else if (!last) buttons = `<button type="button" class="primary" id="coach-next">${esc(t("next"))}</button>`;
  else if (line?.done) {
    learned = `<p class="coach-learned">${esc(t("lesson_learned"))}</p><ul class="coach-list">${L.shown
      .map((id) => `<li>${esc(words({ key: `lesson.rule.${id}` }))}</li>`)
      .join("")}</ul>`;
    buttons = `<button type="button" class="primary" id="coach-play">${esc(t("play_bots"))}</button>
      <button type="button" id="coach-again">${esc(t("lesson_again"))}</button> <a href="/">${esc(t("back_home"))}</a>`;
  }
  const html = `<h2 id="coach-h">${esc(t(line?.done ? "lesson_done" : "coach"))}</h2>
    <p id="coach-say" class="coach-say" aria-live="polite">${esc(say)}</p>
    ${rules ? `<p class="coach-rules">${esc(t("lesson_rule"))} ${rules}</p>` : ""}
    ${L.wrong ? `<p class="coach-wrong" role="alert">${esc(L.wrong)}</p>` : ""}
    ${waiting && last ? `<p class="coach-wait">${esc(t("lesson_wait"))}</p>` : ""}
    ${learned}<div class="coach-do">${buttons}</div>`;
  if (panel.dataset.html !== html) {
    const hadFocus = panel.contains(document.activeElement) ? document.activeElement.id : null;
    panel.innerHTML = html;
    panel.dataset.html = html;
    if (hadFocus) document.getElementById(hadFocus)?.focus();
  }
  panel.dataset.step = `${store.state.index}:${L.cursor}`;
  panel.classList.toggle("done", !!line?.done);
}

function onPanelClick(e) {
  const b = e.target.closest("button");
  if (!b) return;
  if (b.id === "coach-next") {
    L.cursor++;
    L.wrong = "";
    redraw();
  } else if (b.id === "coach-again") startLesson(store.state.room.game);
  else if (b.id === "coach-play") solo(store.state.room.game);
}

function redraw() {
  const root = document.getElementById("game-root");
  if (root) coachTable(root, ctx());
}

/** What the coach says when you press something else, or send another move. */
function explain() {
  const { lines, mine } = queue(store.state.index);
  const last = L.cursor >= lines.length - 1;
  L.wrong = mine && last && mine.wrong ? words({ key: mine.wrong, args: stepArgs(mine) }) : t(last ? "lesson_follow" : "lesson_read");
  L.sig = ""; // the focus goes back to what to press
  redraw();
  document.querySelector(".coach-wrong")?.scrollIntoView?.({ block: "nearest" });
}

/** The shell asks before it sends a move: only the move the coach asks for goes. A move
 * the game had on its way (Tuki's) is dropped as the table would drop a refused one. */
function allows(action) {
  if (!L.script || !isLesson()) return true;
  const { lines, mine } = queue(store.state.index);
  if (mine && L.cursor >= lines.length - 1 && key(action) === key(mine.action)) return true;
  if (!mine && store.state.index >= L.script.steps.length) return true; // past the lesson: play on
  if (mine) explain();
  else {
    L.wrong = t("lesson_wait"); // a bot's step comes first
    redraw();
  }
  store.table.game.onError?.({ type: "error", code: "lesson", message: L.wrong }, ctx());
  return false;
}

/** Presses in the table other than on the control the coach points at are explained, not
 * made (the table's own handlers never see them). */
function guard(root) {
  if (root.dataset.coached) return;
  root.dataset.coached = "1";
  const off = (e) => {
    if (!L.script || store.state.index >= L.script.steps.length) return null;
    const b = e.target.closest("button");
    if (!b || !root.contains(b)) return null;
    if (L.target && (b === L.target || L.target.contains(b))) return null;
    const { mine } = queue(store.state.index);
    return mine ? b : null;
  };
  root.addEventListener(
    "click",
    (e) => {
      if (off(e)) {
        e.preventDefault();
        e.stopImmediatePropagation();
        explain();
        return;
      }
      if (L.target && e.target.closest("button") && L.target.contains(e.target)) L.presses++;
      setTimeout(redraw); // a control that changes only the table (a piece moved in hand)
    },
    true
  );
  root.addEventListener("pointerdown", (e) => off(e) && e.stopImmediatePropagation(), true);
  root.addEventListener("keyup", () => setTimeout(redraw), true);
}

let arrowEl = null;
/** The arrow: over the control to press (under it when there is no room above). */
function arrow() {
  const target = L.target?.isConnected && !L.target.closest("#coach") ? L.target : null; // the coach's own Next glows
  if (!target) {
    arrowEl?.remove();
    arrowEl = null;
    return;
  }
  if (!arrowEl?.isConnected) {
    arrowEl = document.createElement("div");
    arrowEl.className = "coach-arrow";
    arrowEl.setAttribute("aria-hidden", "true");
    document.querySelector("main").append(arrowEl); // gone with the page
  }
  const r = target.getBoundingClientRect();
  const below = r.top < 40;
  arrowEl.style.left = `${r.left + r.width / 2}px`;
  arrowEl.style.top = below ? `${r.bottom + 2}px` : `${r.top - 2}px`;
  arrowEl.classList.toggle("below", below);
}
addEventListener("scroll", () => arrowEl && arrow(), { passive: true, capture: true });
addEventListener("resize", () => arrowEl && arrow());

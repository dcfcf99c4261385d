// Results at the table: the panel that says how a round (or chain) ended, for a few
// seconds, and the game's end with the scores and Rematch.
import { esc, join, num, t } from "../components/util.js";
import { send } from "./connection.js";
import { replayLink } from "./people.js";
import { liveCtx } from "./play.js";
import { store } from "./store.js";
import { eventLine, names } from "./words.js";

const ROUND_ENDS = new Set(["round_over", "chain_won", "chain_lost"]);
let roundEnd = null;
/** A round (or chain) just ended: a panel says how (who won, the hands, the tokens or
 * points) and stays for a few seconds, or until "Continue". It does not block the table. */
export function showRoundEnd(events) {
  const c = liveCtx();
  const ends = events.filter((e) => ROUND_ENDS.has(e.kind)).map((e) => eventLine(store.table.game, c, e)).filter(Boolean);
  if (!ends.length) return;
  clearTimeout(roundEnd?.timer);
  roundEnd = { lines: ends.map((l) => l.text), timer: setTimeout(hideRoundEnd, 6000) };
  renderRoundEnd();
}

/** A new table: no round's panel from before. */
export function resetRoundEnd() {
  roundEnd = null;
}

function hideRoundEnd() {
  clearTimeout(roundEnd?.timer);
  roundEnd = null;
  renderRoundEnd();
}

function renderRoundEnd() {
  const box = document.getElementById("round-end-box");
  const state = store.state;
  if (!box) return;
  if (!roundEnd || state.over) {
    box.innerHTML = "";
    return;
  }
  const v = state.view ?? {};
  const marks = v.tokens ?? v.scores ?? null;
  const ns = names(state.room);
  box.innerHTML = `<section class="results round-end" id="round-end" aria-labelledby="round-end-h" role="status">
    <h2 id="round-end-h">${esc(t("round_end"))}</h2>
    ${roundEnd.lines.map((l) => `<p>${esc(l)}</p>`).join("")}
    ${marks ? `<p>${esc(join(ns.map((n, i) => `${n}: ${num(marks[i] ?? 0)}`)))}</p>` : ""}
    <button type="button" id="round-end-ok" data-key="round-end-ok">${esc(t("continue"))}</button>
  </section>`;
  document.getElementById("round-end-ok").onclick = hideRoundEnd;
}

export function renderResults(c) {
  const box = document.getElementById("results");
  const state = store.state;
  const game = store.table.game;
  if (!state.over) {
    box.innerHTML = "";
    return;
  }
  const ns = names(state.room);
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
    <table><thead><tr><th>${esc(t("player"))}</th><th>${esc(scoreLabel(game, c))}</th></tr></thead><tbody>
    ${order.map((i) => `<tr><td>${esc(ns[i])}${winners.includes(i) ? " 🏆" : ""}</td><td>${num(scores[i] ?? 0)}</td></tr>`).join("")}
    </tbody></table>
    <div class="row" style="margin-block-start:0.5rem">${state.role === "spectator" ? "" : `<button class="primary" id="rematch" data-key="rematch">${esc(t("rematch"))}</button>`}${replayLink("replay_link")}<a href="/">${esc(t("back_home"))}</a></div>
  </section>`;
  const again = document.getElementById("rematch");
  if (again) again.onclick = () => send({ type: "rematch" });
}

/** The heading of the results' score column: the game's own word for its points (a key
 * of its catalogue), else the interface's "Score". */
function scoreLabel(game, c) {
  const label = game.scoreLabel ?? "score";
  const said = c.word(label);
  return said === label ? t(label) : said;
}

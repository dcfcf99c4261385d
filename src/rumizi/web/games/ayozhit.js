// Ayozhit at the table: the 3×5 pictures (cards drawn by the server's card renderer, the same
// records as the contact sheet), the word card, your secret marking board, the counts with
// dreamt-deep, the announcing round, sparks and fails, the score track and round summaries.
import { esc } from "../components/util.js";

// Every word comes from the game's catalogue (games/ayozhit/texts.json, served with the
// game): the same messages the terminal prints. Seats are {seat}, pictures {card: id},
// the word deck's words {text: "word.<key>"}; numbers are written in the page's digits.
function say(c, key, args = {}) {
  return c.tell({ key, args });
}

const word = (w) => ({ text: `word.${w.key}` });
const seat = (s) => ({ seat: s });
const seats = (list) => ({ list: list.map(seat) });
const picture = (p, id) => ({ ref: { key: "picture", args: { n: p + 1, title: { card: id } } } });

const STYLE = `
.ayz-felt { display: grid; grid-template-columns: minmax(13rem, 19rem) minmax(0, 1fr); align-items: start; justify-items: center; gap: 0.75rem; padding: 0.75rem; }
.ayz-aside { display: flex; flex-direction: column; gap: 0.5rem; inline-size: 100%; min-inline-size: 0; }
.ayz-word { display: flex; min-inline-size: 0; gap: 0.6rem; align-items: center; border: 2px solid var(--accent); border-radius: 12px; padding: 0.4rem 0.7rem; background: linear-gradient(160deg, #fff8e8, #f1e4ff); color: #2a2230; box-shadow: 0 3px 8px rgba(0,0,0,.18); }
.ayz-word-face { inline-size: 5.5rem; block-size: auto; aspect-ratio: 200 / 260; border-radius: 8px; box-shadow: 0 2px 5px rgba(0,0,0,.25); flex: none; }
.ayz-word h3 { margin: 0 0 0.25rem; font-size: 0.8rem; letter-spacing: 0.04em; color: #6b5a7a; }
.ayz-word > div { min-inline-size: 0; flex: 1; }
.ayz-word .w { display: flex; flex-wrap: wrap; gap: 0.2rem 0.5rem; align-items: baseline; padding: 0.15rem 0.3rem; border-radius: 8px; }
.ayz-word .w button { padding-block: 0.2rem; padding-inline: 0.6rem; }
.ayz-word .w.chosen { background: #ffe08a; font-weight: 700; }
.ayz-word .w .fa { font-size: 1.15rem; } .ayz-word .w .en { font-size: 0.85rem; color: #6b5a7a; }
.ayz-grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.3rem 0.4rem; inline-size: min(100%, 44rem, calc((100dvh - 22rem) * 1.3)); }
.ayz-cell { position: relative; margin: 0; padding: 0.15rem; border: 2px solid transparent; border-radius: 12px; background: none; text-align: center; font: inherit; color: inherit; }
.ayz-cell img { display: block; inline-size: 100%; block-size: auto; aspect-ratio: 200 / 260; border-radius: 10px; }
.ayz-cell .cap { display: block; font-size: 0.72rem; line-height: 1.2; overflow-wrap: anywhere; }
button.ayz-cell { cursor: pointer; }
.ayz-cell.mine { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.ayz-cell.mine::after { content: "✓"; position: absolute; inset-block-start: 0.2rem; inset-inline-end: 0.3rem; background: var(--accent); color: var(--accent-fg); border-radius: 50%; inline-size: 1.4rem; block-size: 1.4rem; line-height: 1.4rem; font-weight: 700; }
.ayz-cell.done img { filter: grayscale(0.8) brightness(0.75); }
.ayz-cell .res { position: absolute; inset-inline: 0.3rem; inset-block-start: 35%; border-radius: 8px; padding: 0.15rem; font-weight: 700; font-size: 0.8rem; }
.ayz-cell .res.three { background: #ffd23f; color: #3a2a00; } .ayz-cell .res.two { background: #9be7c4; color: #06321f; } .ayz-cell .res.fail { background: #e5484d; color: #fff; }
.ayz-cell.can-announce { border-color: #ffb020; box-shadow: 0 0 0 2px #ffb020; }
.ayz-board { display: flex; flex-wrap: wrap; gap: 0.4rem 0.6rem; align-items: center; }
.ayz-board p { margin: 0; }
.ayz-track { display: block; block-size: 0.4rem; background: color-mix(in srgb, var(--accent) 15%, transparent); border-radius: 6px; overflow: hidden; }
.ayz-track span { display: block; block-size: 100%; background: var(--accent); }
.ayz-summary { border: 1px dashed #ffffffa0; border-radius: 10px; padding: 0.3rem 0.6rem; font-size: 0.85rem; }
.ayz-summary summary { cursor: pointer; font-weight: 700; }
.ayz-summary ul { margin-block: 0.2rem; padding-inline-start: 1.2rem; }
@media (max-width: 760px) { .ayz-word-face { display: none; } .ayz-board { font-size: 0.85rem; } .ayz-word h3 { display: none; } .ayz-felt { grid-template-columns: minmax(0, 1fr); padding: 0.4rem; gap: 0.4rem; } .ayz-cell { padding: 0.05rem; } .ayz-cell .cap { font-size: 0.62rem; } .ayz-grid { gap: 0.15rem; inline-size: 100%; } .ayz-word { padding: 0.25rem 0.5rem; } .ayz-word-face { inline-size: 3rem; } }
`;
if (!document.getElementById("ayz-style")) {
  const style = document.createElement("style");
  style.id = "ayz-style";
  style.textContent = STYLE;
  document.head.append(style);
}

function wordCard(c) {
  const v = c.view;
  const words = v.card.words
    .map((w, slot) => {
      const chosen = v.word && v.word.key === w.key;
      const at = c.legal.findIndex((a) => a.type === "word" && a.word === slot);
      const choice = c.mine && v.phase === "word" && at >= 0
        ? `<button type="button" class="primary" data-act="${at}" data-key="word-${slot}">${esc(c.said(at))}</button>`
        : "";
      return `<div class="w ${chosen ? "chosen" : ""}" data-word="${slot}"><span class="fa" lang="fa">${esc(w.fa)}</span><span class="en" lang="en" dir="ltr">${esc(w.en)}</span>${choice}</div>`;
    })
    .join("");
  const name = say(c, "table.word_card");
  const face = `<img class="ayz-word-face" src="/art/ayozhit/word-${encodeURIComponent(v.card.id)}.svg" alt="" width="200" height="260">`;
  return `<section class="ayz-word" aria-label="${esc(name)}">${face}<div><h3>${esc(name)}</h3>${words}</div></section>`;
}

function grid(c) {
  const v = c.view;
  const results = new Map(v.announced.map((a) => [a.position, a]));
  const mine = new Set(v.marks);
  const actionAt = new Map();
  c.legal.forEach((a, i) => {
    if (a.picture !== undefined && (a.type === "mark" || a.type === "unmark" || a.type === "announce")) actionAt.set(a.picture, i);
  });
  const cells = v.table
    .map((id, p) => {
      const name = say(c, "table.cell", { n: p + 1, title: { card: id } });
      const done = results.get(p);
      const classes = ["ayz-cell", mine.has(p) ? "mine" : "", done ? "done" : ""];
      const img = `<img src="/art/ayozhit/${encodeURIComponent(id)}.svg" alt="" width="200" height="260" loading="lazy">`;
      const result = done ? say(c, `result.${done.result}`) : "";
      const res = done ? `<span class="res ${done.result}">${esc(result)}</span>` : "";
      const cap = `<span class="cap">${esc(name)}</span>`;
      const i = c.mine ? actionAt.get(p) : undefined;
      if (i !== undefined && v.phase === "select") {
        return `<button type="button" class="${classes.join(" ")}" data-act="${i}" data-key="pic-${p}" aria-pressed="${mine.has(p)}" aria-label="${esc(name)}" data-fresh="${id}">${img}${cap}</button>`;
      }
      if (i !== undefined && v.phase === "announce") {
        classes.push("can-announce");
        return `<button type="button" class="${classes.join(" ")}" data-act="${i}" data-key="pic-${p}" aria-label="${esc(c.said(i))}" data-fresh="${id}">${img}${res}${cap}</button>`;
      }
      const said = done ? `${name} — ${result}` : name;
      return `<figure class="${classes.join(" ")}" role="img" aria-label="${esc(said)}" data-fresh="${id}">${img}${res}${cap}</figure>`;
    })
    .join("");
  return `<section aria-label="${esc(say(c, "table.pictures"))}"><div class="ayz-grid">${cells}</div></section>`;
}

function board(c) {
  const v = c.view;
  const me = c.seat;
  if (v.phase === "word") {
    return c.mine ? "" : `<p role="status">${esc(say(c, "table.first_chooses", { name: seat(v.first) }))}</p>`;
  }
  if (v.phase === "select" && me !== null && v.playing[me]) {
    if (v.ready[me]) {
      const waiting = v.playing.map((p, s) => (p && !v.ready[s] ? s : null)).filter((x) => x !== null);
      return `<div class="ayz-board"><p role="status">${esc(say(c, "table.waiting_for", { names: seats(waiting) }))}</p></div>`;
    }
    const ready = c.legal.findIndex((a) => a.type === "ready");
    return `<div class="ayz-board"><p>${esc(say(c, "table.mark_hint", { word: word(v.word) }))}</p>
      <strong role="status" id="ayz-count">${esc(say(c, "table.marked", { n: v.marks.length }))}</strong>
      <button type="button" class="primary" id="ayz-ready" data-key="ready" ${ready < 0 || c.pending ? "disabled" : `data-act="${ready}"`}>${esc(ready < 0 ? say(c, "action.ready") : c.said(ready))}</button></div>`;
  }
  if (v.phase === "announce") {
    const hint = c.mine ? say(c, "table.announce_hint") : say(c, "table.dreamer_is", { name: seat(v.dreamer) });
    return `<div class="ayz-board"><p role="status">${esc(hint)}</p></div>`;
  }
  return "";
}

/** What a seat shows: points (and a track towards the leader), this round's count and
 * sparks, and badges: out, marking or ready, first, dreamer, failed, dreamt deep. */
function seatInfo(c, s) {
  const v = c.view;
  const top = Math.max(10, ...v.scores);
  const badges = [];
  if (!v.playing[s]) badges.push("table.out");
  else if (v.phase === "select") badges.push(v.ready[s] ? "table.ready" : "table.marking");
  if (v.first === s && v.phase !== "over") badges.push("table.first_badge");
  if (v.dreamer === s) badges.push("table.dreamer_badge");
  if (v.failed[s]) badges.push("table.failed");
  if (v.deep === s) badges.push("table.deep");
  const facts = [say(c, "table.points", { n: v.scores[s] })];
  if (v.counts) facts.push(say(c, "table.count", { n: v.counts[s] }));
  if (v.sparks[s].length) facts.push(say(c, "table.this_round", { sparks: { list: v.sparks[s] } }));
  return {
    facts,
    badges: badges.map((b) => say(c, b)),
    out: !v.playing[s],
    extra: `<span class="ayz-track" aria-hidden="true"><span style="inline-size:${Math.round((100 * v.scores[s]) / top)}%"></span></span>`,
  };
}

function summary(c) {
  const r = c.view.last_round;
  if (!r || c.view.phase === "announce") return "";
  const lines = c.names
    .map((_, s) => {
      const penalty = r.penalty[s] ? say(c, "table.penalty", { p: r.penalty[s] }) : "";
      return `<li>${esc(say(c, "table.summary_line", { name: seat(s), points: r.points[s] }) + penalty)}</li>`;
    })
    .join("");
  const told = r.announced.map((a) => `<li>${esc(announced(a, c))}</li>`).join("");
  const heading = say(c, "table.summary", { n: r.round, word: word(r.word) });
  return `<details class="ayz-summary" id="ayz-summary" ${c.view.phase === "over" ? "open" : ""}>
    <summary>${esc(heading)}</summary><ul>${told}</ul><ul>${lines}</ul></details>`;
}

/** One announcement of the round summary: who, which picture, the result and with whom. */
function announced(a, c) {
  const args = { name: seat(a.dreamer), picture: picture(a.position, a.picture), result: { text: `result.${a.result}` } };
  return a.markers.length
    ? say(c, "table.told", { ...args, markers: seats(a.markers) })
    : say(c, "table.told.fail", args);
}

export default {
  id: "ayozhit",

  status(c) {
    const v = c.view;
    return v.tiebreak_round ? say(c, "table.tiebreak") : say(c, "table.round", { n: v.round, of: v.rounds });
  },

  keepUi() {
    return {};
  },

  seat: seatInfo,

  render(c) {
    return `<div class="felt ayz-felt"><div class="ayz-aside">${wordCard(c)}${board(c)}${summary(c)}</div>${grid(c)}</div>`;
  },

  bind(root, c) {
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.dataset.act === undefined) return;
      const action = c.legal[Number(b.dataset.act)];
      if (action) c.act(action);
    };
  },

  /** A lesson's pointer: the word to choose, the picture to mark or name, Ready. */
  lessonTarget(root, c, a) {
    const key = a.type === "word" ? `word-${a.word}` : a.type === "ready" ? "ready" : `pic-${a.picture}`;
    return root.querySelector(`[data-key="${key}"]`);
  },

  /** Places a lesson's coach points at: the word card, the pictures. */
  lessonPlace(root, c, name) {
    const where = { word: ".ayz-word", pictures: ".ayz-grid" }[name];
    return where ? root.querySelector(where) : null;
  },

  resultText(c) {
    const scores = c.view.scores.map((n, s) => ({ ref: { key: "seat_number", args: { who: seat(s), n } } }));
    return say(c, "result", { scores: { list: scores } });
  },
};

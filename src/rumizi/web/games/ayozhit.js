// Ayozhit at the table: the 3×5 pictures (cards drawn by the server's card renderer, the same
// records as the contact sheet), the word card, your secret marking board, the counts with
// dreamt-deep, the announcing round, sparks and fails, the score track and round summaries.
import { S, esc, join, num } from "../components/util.js";

const WORDS = {
  en: {
    status: "Round {n} of {of}",
    status_tb: "Tie-break round",
    word_card: "Word card",
    choose: "Choose “{word}”",
    first_chooses: "{name} chooses the word.",
    the_word: "The word",
    pictures: "The pictures",
    picture: "{n}. {title}",
    mark_hint: "Mark the pictures “{word}” brings to mind: 1 to 10. Marking the most makes you dreamt-deep.",
    marked: "Marked: {n} (1–10)",
    ready: "Ready",
    waiting_for: "Waiting for: {names}",
    you_ready: "You are ready; your marks stay secret.",
    announce_hint: "You are the dreamer: announce one of your marked pictures.",
    dreamer_is: "{name} is the dreamer.",
    announce: "Announce {n}. {title}",
    three: "three-spark",
    two: "two-spark",
    fail: "fail",
    result_by: "{name}: {result}",
    marked_by: "also marked by {names}",
    nobody: "nobody else marked it",
    players: "Players",
    score: "{n} points",
    this_round: "this round: {sparks}",
    count: "marked {n}",
    b_ready: "ready",
    b_marking: "marking",
    b_failed: "failed",
    b_deep: "dreamt-deep",
    b_first: "first dreamer",
    b_dreamer: "dreamer",
    b_out: "sits out",
    you: "you",
    summary: "Round {n}: “{word}”",
    summary_line: "{name}: {points} points",
    penalty: " (dreamt-deep and failed: −{p})",
    ev_round: "Round {n}: {name} turns the word card: “{a}” or “{b}”.",
    ev_round_tb: "Tie-break round among {names}: “{a}” or “{b}”.",
    ev_word: "{name} chose “{word}”. Everyone marks in secret.",
    ev_ready: "{name} is ready.",
    ev_time_up: "Time is up for marking.",
    ev_counted: "Counts: {counts}.",
    ev_deep: "{name} marked the most: dreamt-deep.",
    ev_no_deep: "A tie for most: nobody is dreamt-deep.",
    ev_unmarked: "No mark, failed this round: {names}.",
    ev_three: "{name} announced {title}: {names} marked it too — three-spark, 3 points each!",
    ev_two: "{name} announced {title}: {names} marked it too — two-spark, 2 points each.",
    ev_fail: "{name} announced {title}: nobody else marked it — {name} fails.",
    ev_round_over: "Round {n} scored: {points}.",
    ev_row: "New pictures in the {row} row.",
    rows: "top|middle|bottom",
    ev_game_over: "{names} won!",
    result: "Final scores: {scores}.",
  },
  fa: {
    status: "دور {n} از {of}",
    status_tb: "دور تعیین برنده",
    word_card: "کارت واژه",
    choose: "«{word}» را برگزین",
    first_chooses: "{name} واژه را برمی‌گزیند.",
    the_word: "واژه",
    pictures: "تصویرها",
    picture: "{n}. {title}",
    mark_hint: "تصویرهایی را که «{word}» به یادت می‌آورد علامت بزن: ۱ تا ۱۰ تصویر. بیشترین علامت، خواب‌زده‌ات می‌کند.",
    marked: "علامت‌ها: {n} (۱ تا ۱۰)",
    ready: "آماده‌ام",
    waiting_for: "در انتظار: {names}",
    you_ready: "آماده‌ای؛ علامت‌هایت پنهان می‌ماند.",
    announce_hint: "خوابگذار تویی: یکی از تصویرهای علامت‌زده‌ات را اعلام کن.",
    dreamer_is: "خوابگذار: {name}.",
    announce: "اعلام {n}. {title}",
    three: "سه‌کام",
    two: "دوکام",
    fail: "ناکام",
    result_by: "{name}: {result}",
    marked_by: "علامت {names} هم روی آن بود",
    nobody: "کسی دیگر علامتش نزده بود",
    players: "بازیکنان",
    score: "{n} امتیاز",
    this_round: "این دور: {sparks}",
    count: "{n} علامت",
    b_ready: "آماده",
    b_marking: "در حال علامت‌زدن",
    b_failed: "ناکام",
    b_deep: "خواب‌زده",
    b_first: "خوابگذار نخست",
    b_dreamer: "خوابگذار",
    b_out: "بیرون از این دور",
    you: "شما",
    summary: "دور {n}: «{word}»",
    summary_line: "{name}: {points} امتیاز",
    penalty: " (خواب‌زده و ناکام: −{p})",
    ev_round: "دور {n}: {name} کارت واژه را رو کرد: «{a}» یا «{b}».",
    ev_round_tb: "دور تعیین برنده میان {names}: «{a}» یا «{b}».",
    ev_word: "{name} «{word}» را برگزید. همه پنهانی علامت می‌زنند.",
    ev_ready: "{name} آماده است.",
    ev_time_up: "وقت علامت‌زدن تمام شد.",
    ev_counted: "شمار علامت‌ها: {counts}.",
    ev_deep: "{name} بیشترین علامت را زد: خواب‌زده است.",
    ev_no_deep: "چند نفر بیشترین علامت را زدند: کسی خواب‌زده نیست.",
    ev_unmarked: "بی‌علامت و ناکامِ این دور: {names}.",
    ev_three: "{name} «{title}» را اعلام کرد: {names} هم علامت زده بود — سه‌کام، هر کدام ۳ امتیاز!",
    ev_two: "{name} «{title}» را اعلام کرد: {names} هم علامت زده بودند — دوکام، هر کدام ۲ امتیاز.",
    ev_fail: "{name} «{title}» را اعلام کرد: کسی دیگر علامتش نزده بود — ناکام شد.",
    ev_round_over: "امتیاز دور {n}: {points}.",
    ev_row: "تصویرهای تازه در ردیف {row}.",
    rows: "بالا|میانه|پایین",
    ev_game_over: "{names} برد!",
    result: "امتیاز پایانی: {scores}.",
  },
};

function w(key, vars = {}) {
  const s = (WORDS[S.lang] ?? WORDS.en)[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (typeof vars[k] === "number" ? num(vars[k]) : vars[k] ?? ""));
}

const TITLES = await (await fetch("/art/ayozhit/pictures.json")).json();

function title(id) {
  return TITLES[id]?.[S.lang] ?? id;
}

const STYLE = `
.ayz-top { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: stretch; margin-block-end: 0.5rem; }
.ayz-word { border: 2px solid var(--accent); border-radius: 12px; padding: 0.4rem 0.7rem; background: linear-gradient(160deg, #fff8e8, #f1e4ff); color: #2a2230; box-shadow: 0 3px 8px rgba(0,0,0,.18); min-inline-size: 12rem; }
.ayz-word h3 { margin: 0 0 0.25rem; font-size: 0.8rem; letter-spacing: 0.04em; color: #6b5a7a; }
.ayz-word .w { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.15rem 0.3rem; border-radius: 8px; }
.ayz-word .w.chosen { background: #ffe08a; font-weight: 700; }
.ayz-word .w .fa { font-size: 1.15rem; } .ayz-word .w .en { font-size: 0.85rem; color: #6b5a7a; }
.ayz-grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.4rem; max-inline-size: 44rem; }
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
.ayz-board { margin-block: 0.6rem; display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; }
.ayz-players { display: grid; gap: 0.3rem; margin-block: 0.6rem; }
.ayz-player { display: grid; grid-template-columns: minmax(6rem, 10rem) 1fr; gap: 0.4rem; align-items: center; }
.ayz-track { block-size: 0.8rem; background: color-mix(in srgb, var(--accent) 15%, transparent); border-radius: 6px; overflow: hidden; }
.ayz-track span { display: block; block-size: 100%; background: var(--accent); }
.ayz-meta { grid-column: 1 / -1; font-size: 0.8rem; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.ayz-summary { border: 1px dashed var(--muted); border-radius: 10px; padding: 0.4rem 0.7rem; margin-block: 0.5rem; font-size: 0.9rem; }
.ayz-summary h3 { margin: 0; font-size: 0.95rem; }
@media (max-width: 600px) { .ayz-cell .cap { font-size: 0.62rem; } .ayz-grid { gap: 0.2rem; } }
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
    .map((word, slot) => {
      const chosen = v.word && v.word.key === word.key;
      const choice = c.mine && v.phase === "word"
        ? `<button type="button" class="primary" data-act="${c.legal.findIndex((a) => a.word === slot)}" data-key="word-${slot}">${esc(w("choose", { word: word[S.lang] }))}</button>`
        : "";
      return `<div class="w ${chosen ? "chosen" : ""}" data-word="${slot}"><span class="fa" lang="fa">${esc(word.fa)}</span><span class="en" lang="en" dir="ltr">${esc(word.en)}</span>${choice}</div>`;
    })
    .join("");
  return `<section class="ayz-word" aria-label="${esc(w("word_card"))}"><h3>${esc(w("word_card"))}</h3>${words}</section>`;
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
      const name = w("picture", { n: p + 1, title: title(id) });
      const done = results.get(p);
      const classes = ["ayz-cell", mine.has(p) ? "mine" : "", done ? "done" : ""];
      const img = `<img src="/art/ayozhit/${encodeURIComponent(id)}.svg" alt="" width="200" height="260" loading="lazy">`;
      const res = done
        ? `<span class="res ${done.result}">${esc(w(done.result))}</span>`
        : "";
      const cap = `<span class="cap">${esc(name)}</span>`;
      const i = c.mine ? actionAt.get(p) : undefined;
      if (i !== undefined && v.phase === "select") {
        return `<button type="button" class="${classes.join(" ")}" data-act="${i}" data-key="pic-${p}" aria-pressed="${mine.has(p)}" aria-label="${esc(name)}" data-fresh="${id}">${img}${cap}</button>`;
      }
      if (i !== undefined && v.phase === "announce") {
        classes.push("can-announce");
        return `<button type="button" class="${classes.join(" ")}" data-act="${i}" data-key="pic-${p}" aria-label="${esc(w("announce", { n: p + 1, title: title(id) }))}" data-fresh="${id}">${img}${res}${cap}</button>`;
      }
      const said = done ? `${name} — ${w(done.result)}` : name;
      return `<figure class="${classes.join(" ")}" role="img" aria-label="${esc(said)}" data-fresh="${id}">${img}${res}${cap}</figure>`;
    })
    .join("");
  return `<section aria-label="${esc(w("pictures"))}"><div class="ayz-grid">${cells}</div></section>`;
}

function board(c) {
  const v = c.view;
  const ns = c.names;
  const me = c.seat;
  if (v.phase === "word") {
    return c.mine ? "" : `<p role="status">${esc(w("first_chooses", { name: ns[v.first] }))}</p>`;
  }
  if (v.phase === "select" && me !== null && v.playing[me]) {
    const waiting = v.playing.map((p, s) => (p && !v.ready[s] ? ns[s] : null)).filter((x) => x !== null);
    if (v.ready[me]) {
      return `<div class="ayz-board"><p role="status">${esc(w("you_ready"))} ${esc(w("waiting_for", { names: join(waiting) }))}</p></div>`;
    }
    const ready = c.legal.findIndex((a) => a.type === "ready");
    return `<div class="ayz-board"><p>${esc(w("mark_hint", { word: v.word[S.lang] }))}</p>
      <strong role="status" id="ayz-count">${esc(w("marked", { n: v.marks.length }))}</strong>
      <button type="button" class="primary" id="ayz-ready" data-key="ready" ${ready < 0 || c.pending ? "disabled" : `data-act="${ready}"`}>${esc(w("ready"))}</button></div>`;
  }
  if (v.phase === "announce") {
    return `<div class="ayz-board"><p role="status">${esc(c.mine ? w("announce_hint") : w("dreamer_is", { name: ns[v.dreamer] }))}</p></div>`;
  }
  return "";
}

function players(c) {
  const v = c.view;
  const top = Math.max(10, ...v.scores);
  const rows = c.names
    .map((name, s) => {
      const badges = [];
      if (s === c.seat) badges.push(w("you"));
      if (!v.playing[s]) badges.push(w("b_out"));
      else if (v.phase === "select") badges.push(v.ready[s] ? w("b_ready") : w("b_marking"));
      if (v.first === s && v.phase !== "over") badges.push(w("b_first"));
      if (v.dreamer === s) badges.push(w("b_dreamer"));
      if (v.failed[s]) badges.push(w("b_failed"));
      if (v.deep === s) badges.push(w("b_deep"));
      const meta = [];
      if (v.counts) meta.push(w("count", { n: v.counts[s] }));
      if (v.sparks[s].length) meta.push(w("this_round", { sparks: v.sparks[s].map(num).join(" + ") }));
      return `<div class="ayz-player" data-seat="${s}" aria-label="${esc(name)}">
        <span><strong>${esc(name)}</strong> · ${esc(w("score", { n: v.scores[s] }))}</span>
        <span class="ayz-track" aria-hidden="true"><span style="inline-size:${Math.round((100 * v.scores[s]) / top)}%"></span></span>
        <span class="ayz-meta">${[...badges.map((b) => `<span class="badge">${esc(b)}</span>`), ...meta.map((m) => `<span>${esc(m)}</span>`)].join("")}</span>
      </div>`;
    })
    .join("");
  return `<section class="ayz-players" aria-label="${esc(w("players"))}">${rows}</section>`;
}

function summary(c) {
  const r = c.view.last_round;
  if (!r || c.view.phase === "announce") return "";
  const lines = c.names
    .map((name, s) => `<li>${esc(w("summary_line", { name, points: r.points[s] }))}${r.penalty[s] ? esc(w("penalty", { p: r.penalty[s] })) : ""}</li>`)
    .join("");
  const told = r.announced
    .map((a) => `<li>${esc(announcedText(a, c))}</li>`)
    .join("");
  return `<section class="ayz-summary" id="ayz-summary" aria-label="${esc(w("summary", { n: r.round, word: r.word[S.lang] }))}">
    <h3>${esc(w("summary", { n: r.round, word: r.word[S.lang] }))}</h3><ul>${told}</ul><ul>${lines}</ul></section>`;
}

function announcedText(a, c) {
  const vars = { name: c.names[a.dreamer], title: title(a.picture), names: join(a.markers.map((s) => c.names[s])) };
  return w(`ev_${a.result}`, vars);
}

export default {
  id: "ayozhit",

  status(c) {
    const v = c.view;
    return v.tiebreak_round ? w("status_tb") : w("status", { n: v.round, of: v.rounds });
  },

  keepUi() {
    return {};
  },

  render(c) {
    return `<div class="ayz-top">${wordCard(c)}${summary(c)}</div>${board(c)}${grid(c)}${players(c)}`;
  },

  bind(root, c) {
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.dataset.act === undefined) return;
      const action = c.legal[Number(b.dataset.act)];
      if (action) c.act(action);
    };
  },

  resultText(c) {
    return w("result", { scores: join(c.names.map((n, s) => `${n} ${num(c.view.scores[s])}`)) });
  },

  eventText(e, c) {
    const name = (s) => c.names[s];
    switch (e.kind) {
      case "round_started": {
        const [a, b] = e.card.words.map((x) => x[S.lang]);
        return e.tiebreak
          ? w("ev_round_tb", { names: join(e.playing.map(name)), a, b })
          : w("ev_round", { n: e.round, name: name(e.first), a, b });
      }
      case "word_chosen":
        return w("ev_word", { name: name(e.seat), word: e.word[S.lang] });
      case "ready":
        return w("ev_ready", { name: name(e.seat) });
      case "time_up":
        return w("ev_time_up");
      case "counted": {
        const counts = join(e.counts.map((n, s) => (c.view.playing[s] ? `${name(s)} ${num(n)}` : null)).filter(Boolean));
        const parts = [w("ev_counted", { counts }), e.deep === null ? w("ev_no_deep") : w("ev_deep", { name: name(e.deep) })];
        if (e.failed.length) parts.push(w("ev_unmarked", { names: join(e.failed.map(name)) }));
        return parts.join(" ");
      }
      case "announced":
        return announcedText(e, c);
      case "round_over":
        return w("ev_round_over", { n: e.round, points: join(e.points.map((p, s) => `${name(s)} ${num(p)}`)) });
      case "row_replaced":
        return w("ev_row", { row: w("rows").split("|")[e.row] });
      case "game_over":
        return w("ev_game_over", { names: join(e.winners.map(name)) });
      default:
        return null;
    }
  },
};

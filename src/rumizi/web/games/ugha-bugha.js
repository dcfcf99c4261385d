// Ugha Bugha at the table: only the top card, the countdown, the palette; recitations item by item.
import { esc, join, num, t } from "../components/util.js";
import { picture } from "../art/ugha-bugha.js";

/** Each card's colour (its picture is in art/ugha-bugha.js). */
const COLOUR = {
  bunga: "#F77F00", drok: "#D62828", hupa: "#4CC9F0", kaza: "#8B5A2B", lumo: "#9AA0A6",
  mogo: "#FFD60A", wuga: "#FF70A6", oktu: "#2D6A4F", pafa: "#9EF01A", rakka: "#0F9D8F",
  shuba: "#9D4EDD", tonk: "#1D4ED8", urgh: "#808000", vumba: "#800020", yiki: "#111111",
  zog: "#3A0CA3", bang: "#BDBDBD", clap: "#C9ADA7", tongue: "#F4A261", repeat: "#ADB5BD",
};

let word = (k) => k; // the game's catalogue (set from the context at each render)

/** The recitation heard now: items shown one at a time, then erased. */
const speech = { queue: [], current: null, timer: null };

function speak(items) {
  speech.queue.push(...items);
  if (!speech.timer) next();
}

function next() {
  speech.current = speech.queue.shift() ?? null;
  const el = document.getElementById("ub-speech");
  if (el) {
    el.innerHTML = speechHtml();
    el.classList.remove("flash");
    void el.offsetWidth;
    if (speech.current) el.classList.add("flash");
  }
  speech.timer = speech.current ? setTimeout(next, speech.queue.length > 6 ? 260 : 480) : null;
}

function speechHtml() {
  const s = speech.current;
  if (!s) return "";
  return `${picture(s.item, COLOUR[s.item])} ${esc(word(`name.${s.item}`))}`;
}

function topCard(id, from) {
  if (!id) return `<div class="card ub-top" role="img" aria-label="${esc(word("table.no_top"))}"><span>${esc(word("table.no_top"))}</span></div>`;
  const colour = COLOUR[id];
  const sym = picture(id, colour);
  return `<div class="card ub-top" role="img" style="border-color:${colour}" data-fresh="top-${id}" data-from="${from}"
      aria-label="${esc(word("table.top_is", { card: word(`name.${id}`) }))}" id="ub-top" data-card="${id}">
    <span class="sym" aria-hidden="true">${sym}</span><span class="word">${esc(word(`name.${id}`))}</span></div>`;
}

export default {
  id: "ugha-bugha",
  scoreLabel: "table.tokens_h",

  status(c) {
    const v = c.view;
    return c.word("table.status", { n: v.chain_no, w: v.tokens_to_win, d: v.deck });
  },

  keepUi() {
    return {};
  },

  /** What a seat shows: tokens, face-down cards (as backs), who pointed at it. */
  seat(c, p) {
    const v = c.view;
    const pointed = v.pointed_by !== null && v.turn === p ? [c.word("table.pointed_by", { name: c.names[v.pointed_by] })] : [];
    return { facts: [c.word("table.tokens", { n: v.tokens[p] }), c.word("table.facedown", { n: v.hands[p] })], cards: v.hands[p], badges: pointed };
  },

  render(c) {
    word = c.word;
    const v = c.view;
    const ns = c.names;
    const last = v.last ? `<span class="label">${esc(c.told("chain_won", "chain_lost"))}</span>` : "";
    const felt = `<div class="felt" role="group" aria-label="${esc(c.word("table.centre"))}">
      ${topCard(v.top, `seat-${v.turn}`)}
      <div><div class="label">${esc(c.word("table.chain_len", { n: v.chain }))}</div>
      <div class="label">${esc(c.word("table.deck", { n: v.deck, s: v.set_aside }))}</div>
      <div class="ub-speech" id="ub-speech" aria-live="off">${speechHtml()}</div>
      ${v.phase === "recite" && v.turn !== c.seat ? `<div class="label">${esc(c.word("table.reciting", { name: ns[v.turn], k: v.recited, n: v.chain }))}</div>` : ""}
      ${last}</div>
    </div>`;
    return `${felt}${this.controls(c)}`;
  },

  controls(c) {
    const v = c.view;
    if (!c.mine) return "";
    const parts = [];
    const flips = c.legal.map((a, i) => [a, i]).filter(([a]) => a.type === "flip");
    if (flips.length) {
      parts.push(`<p>${esc(c.word("table.flip_hint"))}</p><div class="ub-backs" role="group" aria-label="${esc(c.word("table.your_cards"))}">${flips
        .map(([a, i]) => `<button type="button" class="card back ub-flip legal" data-act="${i}" data-key="flip-${a.position}" aria-label="${esc(c.said(i))}">${num(a.position + 1)}</button>`)
        .join("")}</div>`);
    }
    const says = c.legal.map((a, i) => [a, i]).filter(([a]) => a.type === "say");
    if (says.length || c.legal.some((a) => a.type === "ha" || a.type === "ugha_bugha")) {
      parts.push(`<p class="ub-progress" role="status">${esc(c.word("table.progress", { k: v.recited, n: v.chain }))}</p>`);
      if (says.length)
        parts.push(`<div class="ub-palette" role="group" aria-label="${esc(c.word("table.palette"))}">${says
          .map(([a, i]) => {
            const colour = COLOUR[a.item];
            const sym = picture(a.item, colour);
            return `<button type="button" data-act="${i}" data-key="say-${a.item}" data-item="${a.item}" style="border-color:${colour}"><span class="sym" aria-hidden="true">${sym}</span><span>${esc(word(`name.${a.item}`))}</span></button>`;
          })
          .join("")}</div>`);
      const calls = c.legal
        .map((a, i) => [a, i])
        .filter(([a]) => a.type === "ha" || a.type === "ugha_bugha")
        .map(([a, i]) =>
          a.type === "ha"
            ? `<button type="button" data-act="${i}" data-key="ha-${a.point}" data-call="ha">${esc(c.said(i))}</button>`
            : `<button type="button" class="primary" data-act="${i}" data-key="ugha" data-call="ugha_bugha">${esc(c.said(i))}</button>`
        );
      parts.push(`<div class="choices" role="group" aria-label="${esc(c.word("table.close"))}"><span class="label">${esc(c.word("table.close"))}</span>${calls.join("")}</div>`);
    }
    const window = c.legal.map((a, i) => [a, i]).filter(([a]) => a.type === "ho" || a.type === "pass");
    if (window.length)
      parts.push(`<div class="choices" role="group"><span class="label">${esc(c.word("table.window", { name: c.names[v.turn] }))}</span>${window
        .map(([a, i]) => `<button type="button" data-act="${i}" data-key="${a.type}" class="${a.type === "ho" ? "primary" : ""}">${esc(c.said(i))}</button>`)
        .join("")}</div>`);
    return `<section class="me" aria-labelledby="me-h"><h2 id="me-h">${esc(t("your_turn"))}</h2>${parts.join("")}</section>`;
  },

  bind(root, c) {
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.dataset.act === undefined) return;
      c.act(c.legal[Number(b.dataset.act)]);
    };
  },

  onEvents(events, c) {
    const heard = events.filter((e) => e.kind === "said" && e.seat !== c.seat);
    if (heard.length) speak(heard);
  },

  /** A lesson's pointer: the face-down card to flip, the item to say, the call to close. */
  lessonTarget(root, c, a) {
    const key = { flip: `flip-${a.position}`, say: `say-${a.item}`, ha: `ha-${a.point}`, ugha_bugha: "ugha" }[a.type] ?? a.type;
    return root.querySelector(`[data-key="${key}"]`);
  },

  /** Places a lesson's coach points at: the top card, the palette of words. */
  lessonPlace(root, c, name) {
    const where = { top: ".ub-top", palette: ".ub-palette" }[name];
    return where ? root.querySelector(where) : null;
  },

  resultText(c) {
    return c.view.last ? c.told("chain_won", "chain_lost") : "";
  },
};


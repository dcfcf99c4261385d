// Love Letter at the table: every card shows its full text; moves are chosen card, target, guess.
import { esc, join, num, sep, t } from "../components/util.js";
import { emblem } from "../art/love-letter.js";

const VALUE = { guard: 1, priest: 2, baron: 3, handmaid: 4, prince: 5, king: 6, countess: 7, princess: 8 };

let word = (k) => k; // the game's catalogue (set from the context at each render)

function card(id) {
  return word(`card.${id}`);
}

function cardFace(id, extra = "") {
  return `<span class="cv">${num(VALUE[id])}</span>
    <span class="ce">${emblem(id)}</span>
    <span class="cn">${esc(word(`name.${id}`))}</span>
    <span class="ct">${esc(word(`text.${id}`))}</span>${extra}`;
}

function who(c, seat, me = c.seat) {
  return seat === me ? word("yourself") : c.names[seat];
}

export default {
  id: "love-letter",
  scoreLabel: "ll.tokens_h",

  status(c) {
    const v = c.view;
    return t("ll.status", { r: v.round, d: v.deck, w: v.tokens_to_win });
  },

  keepUi() {
    return {};
  },

  render(c) {
    word = c.word;
    const v = c.view;
    const ns = c.names;
    const players = ns
      .map((name, p) => {
        const badges = [];
        if (v.out[p]) badges.push(t("ll.out"));
        if (v.protected[p]) badges.push(t("ll.protected"));
        const known = v.known[p] && p !== c.seat ? `<div class="ll-known">${esc(t("ll.you_know", { card: card(v.known[p]) }))}</div>` : "";
        const backs = p === c.seat ? "" : Array.from({ length: v.hand_sizes[p] }, () => `<span class="card back mini" aria-hidden="true"></span>`).join("");
        return `<section class="player ${v.turn === p ? "current" : ""} ${v.out[p] ? "out" : ""}" aria-label="${esc(name)}" data-seat="${p}">
          <div class="pname">${esc(name)}${p === c.seat ? ` <span class="badge">${esc(t("you"))}</span>` : ""}
            ${badges.map((b) => `<span class="badge">${esc(b)}</span>`).join("")}</div>
          <div class="meta">${esc(t("ll.tokens", { n: v.tokens[p] })) + sep() + esc(t("ll.in_hand", { n: v.hand_sizes[p] }))}</div>
          ${backs ? `<div class="ub-backs">${backs}</div>` : ""}
          ${known}
          <div class="ll-discards" role="group" aria-label="${esc(t("ll.played_by", { name }))}">${v.discards[p]
            .map((d, i) => `<span class="card mini" data-fresh="d${v.round}-${p}-${i}" data-from="${p === c.seat ? "hand" : `seat-${p}`}">${esc(card(d))}</span>`)
            .join("")}</div>
        </section>`;
      })
      .join("");
    const felt = `<div class="felt" role="group" aria-label="${esc(t("ll.centre"))}">
      <span class="label" data-place="deck">${esc(t("ll.deck", { n: v.deck }))}</span>
      <span class="label">${esc(v.set_aside ? t("ll.set_aside") : t("ll.set_aside_taken"))}</span>
      ${v.face_up.length ? `<span class="label">${esc(t("ll.face_up"))}</span>${v.face_up.map((f) => `<span class="card mini" style="min-inline-size:4rem">${esc(card(f))}</span>`).join("")}` : ""}
      ${v.last_round && v.last_round.round < v.round ? `<span class="label">${esc(c.told("round_over"))}</span>` : ""}
    </div>`;
    return `<div class="players">${players}</div>${felt}${this.hand(c)}`;
  },

  hand(c) {
    const v = c.view;
    if (c.seat === null) return "";
    const sel = c.ui.card;
    const playable = new Set(c.mine ? c.legal.map((a) => a.card) : []);
    const cards = v.hand
      .map((id, i) => {
        const legal = playable.has(id);
        const first = v.hand.indexOf(id) === i;
        return `<button type="button" class="card ll-card ${legal ? "legal" : ""} ${sel === id && first ? "selected" : ""}"
          data-key="hand-${i}" data-fresh="h${v.round}-${id}-${i}" data-from="deck" data-ui='${JSON.stringify({ card: id, target: null })}'
          ${legal ? "" : 'aria-disabled="true"'} aria-pressed="${sel === id && first}">${cardFace(id)}</button>`;
      })
      .join("");
    return `<section class="me" aria-labelledby="hand-h"><h2 id="hand-h">${esc(t("ll.your_hand"))}</h2>
      <div class="hand" data-place="hand">${cards || `<span>${esc(t("ll.no_hand"))}</span>`}</div>${this.choices(c)}</section>`;
  },

  choices(c) {
    const sel = c.ui.card;
    if (!c.mine || !sel) return c.mine ? `<p class="choices label">${esc(t("ll.pick_card"))}</p>` : "";
    const options = c.legal.map((a, i) => [a, i]).filter(([a]) => a.card === sel);
    const parts = [];
    const targets = [...new Set(options.filter(([a]) => a.target !== undefined).map(([a]) => a.target))];
    if (targets.length) {
      parts.push(`<span class="label">${esc(t("ll.choose_target"))}</span>`);
      for (const p of targets)
        parts.push(`<button type="button" data-key="target-${p}" class="${c.ui.target === p ? "selected" : ""}" aria-pressed="${c.ui.target === p}"
          data-ui='${JSON.stringify({ target: p })}'>${esc(who(c, p))}</button>`);
    }
    let ready = options.filter(([a]) => a.target === undefined || a.target === c.ui.target);
    if (sel === "guard" && c.ui.target !== null && c.ui.target !== undefined) {
      parts.push(`<span class="label">${esc(t("ll.choose_guess"))}</span>`);
      for (const [a, i] of ready)
        if (a.guess) parts.push(`<button type="button" class="legal" data-key="guess-${a.guess}" data-act="${i}">${esc(word(`name.${a.guess}`))}</button>`);
      ready = ready.filter(([a]) => !a.guess);
    }
    if (!targets.length || c.ui.target !== null) {
      for (const [a, i] of ready)
        if (!a.guess)
          parts.push(`<button type="button" class="primary" data-key="play" data-act="${i}">${esc(c.said(i))}</button>`);
    }
    return `<div class="choices" role="group" aria-label="${esc(t("ll.your_move"))}">${parts.join("")}</div>`;
  },

  bind(root, c) {
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.getAttribute("aria-disabled") === "true") return;
      if (b.dataset.act !== undefined) c.act(c.legal[Number(b.dataset.act)]);
      else if (b.dataset.ui) c.setUi(JSON.parse(b.dataset.ui));
    };
  },

  resultText(c) {
    return c.view.last_round ? c.told("round_over") : "";
  },
};

// Love Letter at the table: every card shows its full text; moves are chosen card, target, guess.
import { esc, join, num, t } from "../components/util.js";
import { emblem } from "../art/love-letter.js";

const VALUE = { guard: 1, priest: 2, baron: 3, handmaid: 4, prince: 5, king: 6, countess: 7, princess: 8 };

function card(c, id) {
  return c.word(`card.${id}`);
}

function cardFace(c, id, extra = "") {
  return `<span class="cv">${num(VALUE[id])}</span>
    <span class="ce">${emblem(id)}</span>
    <span class="cn">${esc(c.word(`name.${id}`))}</span>
    <span class="ct">${esc(c.word(`text.${id}`))}</span>${extra}`;
}

/** A move that puts its player out of the round: playing the Princess, or a Prince on
 * yourself while your other card is the Princess. Asked for a confirmation first. */
function knocksYouOut(c, a) {
  if (a.card === "princess") return true;
  if (a.card !== "prince" || a.target !== c.seat) return false;
  const rest = [...c.view.hand];
  rest.splice(rest.indexOf("prince"), 1);
  return rest.includes("princess");
}

function who(c, seat, me = c.seat) {
  return seat === me ? c.word("yourself") : c.names[seat];
}

export default {
  id: "love-letter",
  scoreLabel: "table.tokens_h",

  status(c) {
    const v = c.view;
    return c.word("table.status", { r: v.round, d: v.deck, w: v.tokens_to_win });
  },

  keepUi() {
    return {};
  },

  /** What a seat shows at the table: tokens, cards in hand, out or protected, what you
   * know of its hand, and the cards it has played this round. */
  seat(c, p) {
    const v = c.view;
    const name = c.names[p];
    const known = v.known[p] && p !== c.seat ? `<div class="ll-known">${esc(c.word("table.you_know", { card: card(c, v.known[p]) }))}</div>` : "";
    const played = v.discards[p]
      .map((d, i) => `<span class="card mini" data-fresh="d${v.round}-${p}-${i}" data-from="${p === c.seat ? "hand" : `seat-${p}`}">${esc(card(c, d))}</span>`)
      .join("");
    return {
      facts: [c.word("table.tokens", { n: v.tokens[p] }), c.word("table.in_hand", { n: v.hand_sizes[p] })],
      cards: v.hand_sizes[p],
      badges: [v.out[p] ? c.word("table.out") : "", v.protected[p] ? c.word("table.protected") : ""].filter(Boolean),
      out: v.out[p],
      extra: `${known}<div class="ll-discards" role="group" aria-label="${esc(c.word("table.played_by", { name }))}">${played}</div>`,
    };
  },

  render(c) {
    const v = c.view;
    const deck = `<div class="pile" data-place="deck"><span class="card back pile-card" aria-hidden="true"></span><span class="cap">${esc(c.word("table.deck", { n: v.deck }))}</span></div>`;
    const aside = `<div class="pile"><span class="card back pile-card ${v.set_aside ? "" : "gone"}" aria-hidden="true"></span><span class="cap">${esc(v.set_aside ? c.word("table.set_aside") : c.word("table.set_aside_taken"))}</span></div>`;
    const faceUp = v.face_up.length
      ? `<div class="pile"><span class="row">${v.face_up.map((f) => `<span class="card mini">${esc(card(c, f))}</span>`).join("")}</span><span class="cap">${esc(c.word("table.face_up"))}</span></div>`
      : "";
    const last = v.last_round && v.last_round.round < v.round ? `<p class="felt-note">${esc(c.told("round_over"))}</p>` : "";
    const felt = `<div class="felt" role="group" aria-label="${esc(c.word("table.centre"))}">${deck}${aside}${faceUp}${last}</div>`;
    return `${felt}${this.hand(c)}`;
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
          data-key="hand-${i}" data-fresh="h${v.round}-${id}-${i}" data-from="deck" data-ui='${JSON.stringify({ card: id, target: null, confirm: null })}'
          ${legal ? "" : 'aria-disabled="true"'} aria-pressed="${sel === id && first}">${cardFace(c, id)}</button>`;
      })
      .join("");
    return `<section class="me" aria-labelledby="hand-h"><h2 id="hand-h">${esc(c.word("table.your_hand"))}</h2>
      <div class="hand" data-place="hand">${cards || `<span>${esc(c.word("table.no_hand"))}</span>`}</div>${this.choices(c)}</section>`;
  },

  choices(c) {
    const sel = c.ui.card;
    if (!c.mine || !sel) return c.mine ? `<p class="choices label">${esc(c.word("table.pick_card"))}</p>` : "";
    const options = c.legal.map((a, i) => [a, i]).filter(([a]) => a.card === sel);
    const parts = [];
    const targets = [...new Set(options.filter(([a]) => a.target !== undefined).map(([a]) => a.target))];
    if (targets.length) {
      parts.push(`<span class="label">${esc(c.word("table.choose_target"))}</span>`);
      for (const p of targets)
        parts.push(`<button type="button" data-key="target-${p}" class="${c.ui.target === p ? "selected" : ""}" aria-pressed="${c.ui.target === p}"
          data-ui='${JSON.stringify({ target: p, confirm: null })}'>${esc(who(c, p))}</button>`);
    }
    let ready = options.filter(([a]) => a.target === undefined || a.target === c.ui.target);
    if (sel === "guard" && c.ui.target !== null && c.ui.target !== undefined) {
      parts.push(`<span class="label">${esc(c.word("table.choose_guess"))}</span>`);
      for (const [a, i] of ready)
        if (a.guess) parts.push(`<button type="button" class="legal" data-key="guess-${a.guess}" data-act="${i}">${esc(c.word(`name.${a.guess}`))}</button>`);
      ready = ready.filter(([a]) => !a.guess);
    }
    if (!targets.length || c.ui.target !== null) {
      for (const [a, i] of ready)
        if (!a.guess) {
          const out = knocksYouOut(c, a);
          parts.push(`<button type="button" class="primary" data-key="play" ${out ? `data-ui='${JSON.stringify({ confirm: i })}'` : `data-act="${i}"`}>${esc(c.said(i))}</button>`);
        }
    }
    const risky = c.legal[c.ui.confirm];
    if (risky && risky.card === sel && knocksYouOut(c, risky))
      return `<div class="choices ll-confirm" role="group" aria-label="${esc(c.word("table.your_move"))}">
        <p role="alert">${esc(c.word(risky.card === "princess" ? "table.confirm_princess" : "table.confirm_prince"))}</p>
        <button type="button" class="danger" data-key="confirm" data-act="${c.ui.confirm}">${esc(c.word("table.confirm_yes"))}</button>
        <button type="button" data-key="cancel" data-ui='${JSON.stringify({ confirm: null, card: null, target: null })}'>${esc(t("cancel"))}</button></div>`;
    return `<div class="choices" role="group" aria-label="${esc(c.word("table.your_move"))}">${parts.join("")}</div>`;
  },

  bind(root, c) {
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.getAttribute("aria-disabled") === "true") return;
      if (b.dataset.act !== undefined) c.act(c.legal[Number(b.dataset.act)]);
      else if (b.dataset.ui) c.setUi(JSON.parse(b.dataset.ui));
    };
  },

  /** A lesson's pointer: the next control to press for `a` (a card, its target, the
   * guess, then the play button). */
  lessonTarget(root, c, a) {
    if (c.ui.card !== a.card) return root.querySelector(`.me .hand button[data-ui*='"card":"${a.card}"']`);
    if (a.target !== undefined && c.ui.target !== a.target) return root.querySelector(`[data-key="target-${a.target}"]`);
    if (a.guess) return root.querySelector(`[data-key="guess-${a.guess}"]`);
    return root.querySelector('[data-key="confirm"], [data-key="play"]');
  },

  resultText(c) {
    return c.view.last_round ? c.told("round_over") : "";
  },
};

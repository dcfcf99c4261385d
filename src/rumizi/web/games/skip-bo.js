// Skip-Bo at the table: click a card then a pile (click-click), or drag it there.
import { esc, join, num, t } from "../components/util.js";

function label(c, cardv) {
  return cardv === "skip-bo" ? c.word("card.skip-bo") : num(cardv);
}

function src(a) {
  if (a.type === "end_turn") return null;
  if (a.from === "hand") return `hand:${a.card}`;
  if (a.from === "discard" || a.from === "partner_discard") return `${a.from}:${a.from_pile}`;
  return a.from;
}

function dst(a) {
  return `${a.to}:${a.to_pile}`;
}

/** A card face (or an empty place) as HTML; `attrs` makes it a button. */
function face(c, cardv, { button = false, attrs = "", cls = "", name = "" } = {}) {
  const empty = cardv === null || cardv === undefined;
  const look = empty ? "empty" : cardv === "skip-bo" ? "wild" : `v${cardv}`;
  const text = empty ? `<span class="sr-only">${esc(c.word("table.empty"))}</span>` : esc(label(c, cardv));
  const tag = button ? "button" : "span";
  const type = button ? ' type="button"' : "";
  const corner = empty ? "" : ` data-c="${cardv === "skip-bo" ? "★" : num(cardv)}"`;
  return `<${tag}${type} class="card sb-card ${look} ${cls}"${corner} ${attrs} ${name ? `aria-label="${esc(name)}"` : ""}>${text}</${tag}>`;
}

function cardName(c, cardv) {
  return cardv === "skip-bo" ? c.word("card.skip-bo") : num(cardv);
}

/** Empty places are alike: a card that may go to one empty building (or discard) pile may
 * be put on any empty one; the move sent is the one the rules list. */
/** The cards below a discard pile's top, fanned above it (up to four show). */
function fan(pile) {
  const below = pile.slice(-5, -1);
  if (!below.length) return "";
  return `<div class="sb-fan" aria-hidden="true">${below
    .map((v) => `<span class="sb-under ${v === "skip-bo" ? "wild" : `v${v}`}">${v === "skip-bo" ? "★" : num(v)}</span>`)
    .join("")}</div>`;
}

function anyEmpty(v, me, targets) {
  const alike = (kind, piles) => {
    const listed = piles.findIndex((p, i) => !p.length && targets.has(`${kind}:${i}`));
    if (listed < 0) return;
    piles.forEach((p, i) => {
      if (!p.length && !targets.has(`${kind}:${i}`)) targets.set(`${kind}:${i}`, targets.get(`${kind}:${listed}`));
    });
  };
  alike("build", v.building);
  if (me !== null) alike("discard", v.discards[me]);
  return targets;
}

function pileCap(text) {
  return `<span class="cap">${esc(text)}</span>`;
}

function partnerOf(v, me) {
  return v.teams ? v.teams.find((team) => team.includes(me))?.find((p) => p !== me) ?? null : null;
}

/** This turn's choice: the places a card may be taken from, those whose card fits a
 * building pile, the chosen one, and where the chosen card may go (move index by place). */
function choice(c) {
  const moves = c.mine ? c.legal.map((a, i) => [a, i]).filter(([a]) => a.type !== "end_turn") : [];
  const sources = new Set(moves.map(([a]) => src(a)));
  const fits = new Set(moves.filter(([a]) => a.to === "build").map(([a]) => src(a)));
  const chosen = c.ui.src && sources.has(c.ui.src) ? c.ui.src : null;
  const targets = anyEmpty(c.view, c.seat, new Map(moves.filter(([a]) => src(a) === chosen).map(([a, i]) => [dst(a), i])));
  return { sources, fits, chosen, targets };
}

/** A card you may take (stock top, hand card, discard top): lit when it fits a building
 * pile, selected when it is the one clicked (`ui.pick`: of two alike, that one). */
function pickable(c, { sources, fits, chosen }, id, cardv, name, key = `src-${id}`) {
  const sel = chosen === id && (c.ui.pick ?? `src-${id}`) === key;
  return face(c, cardv, {
    button: true,
    cls: `${fits.has(id) ? "legal" : ""} ${sel ? "selected" : ""}`,
    attrs: `data-src="${id}" data-key="${key}" ${sources.has(id) ? "" : 'aria-disabled="true"'} aria-pressed="${sel}"`,
    name,
  });
}

/** Another player's stock and discard piles (a partner's tops may be played). */
function piles(c, p, partner) {
  const v = c.view;
  const { sources, fits, chosen } = choice(c);
  const isPartner = p === partner;
  const playable = (id, cardv, name) => pickable(c, { sources, fits, chosen }, id, cardv, name);
  const discards = v.discards[p]
    .map((pile, i) => {
      const top = pile.length ? pile[pile.length - 1] : null;
      const name = c.word("table.their_discard", { name: c.names[p], n: i + 1, card: top === null ? c.word("table.empty") : cardName(c, top), k: pile.length });
      const el = isPartner && top !== null ? playable(`partner_discard:${i}`, top, name) : face(c, top, { name, attrs: 'role="img"' });
      return `<div class="sb-pile">${fan(pile)}${el}${pileCap(num(pile.length))}</div>`;
    })
    .join("");
  const stockName = c.word("table.their_stock", { name: c.names[p], card: v.stock_sizes[p] ? cardName(c, v.stock_tops[p]) : c.word("table.empty"), n: v.stock_sizes[p] });
  const stock = isPartner && v.stock_sizes[p]
    ? playable("partner_stock", v.stock_tops[p], stockName)
    : face(c, v.stock_sizes[p] ? v.stock_tops[p] : null, { name: stockName, attrs: `role="img" data-fresh="st${p}-${v.stock_sizes[p]}"` });
  return `<div class="sb-row sb-opp"><div class="sb-pile">${stock}${pileCap(c.word("table.stock_n", { n: v.stock_sizes[p] }))}</div>${discards}</div>`;
}

export default {
  id: "skip-bo",
  scoreLabel: "table.score_h",

  status(c) {
    const v = c.view;
    return c.word(v.rounds ? "table.status_rounds" : "table.status", { r: v.round, n: v.rounds ?? 0, target: v.target, d: v.draw });
  },

  keepUi() {
    return {};
  },

  /** What a seat shows: score, cards in hand (as backs), partner, and for another
   * player their stock and discard piles (a partner's playable in partnerships). */
  seat(c, p) {
    const v = c.view;
    const facts = [c.word("table.score", { n: v.scores[p] }), c.word("table.hand_count", { n: v.hand_sizes[p] })];
    if (p === c.seat) return { facts, cards: v.hand_sizes[p] };
    const partner = partnerOf(v, c.seat);
    return { facts, cards: v.hand_sizes[p], badges: p === partner ? [c.word("table.partner")] : [], extra: piles(c, p, partner) };
  },

  render(c) {
    const v = c.view;
    const me = c.seat;
    const { sources, fits, chosen, targets } = choice(c);
    const centre = `<div class="felt" role="group" aria-label="${esc(c.word("table.centre"))}">
        <div class="sb-row" role="group" aria-label="${esc(c.word("table.building"))}">${v.building
          .map((pile, i) => {
            const top = pile.length ? pile[pile.length - 1] : null;
            const target = chosen !== null && targets.has(`build:${i}`);
            const name = c.word("table.build_pile", { n: i + 1, v: pile.length, next: pile.length + 1 });
            const el = me === null
              ? face(c, top, { name, attrs: 'role="img"' })
              : face(c, top, {
                  button: true,
                  cls: target ? "legal" : "",
                  attrs: `data-dst="build:${i}" data-key="build-${i}" ${target ? "" : "disabled"} data-fresh="b${i}-${pile.length}" data-from="${v.turn === me ? "mine" : `seat-${v.turn}`}"`,
                  name,
                });
            return `<div class="sb-pile">${el}${pileCap(pile.length ? c.word("table.pile_value", { v: pile.length }) : c.word("table.empty"))}</div>`;
          })
          .join("")}</div>
        <div class="sb-pile" data-place="draw"><span class="card back sb-card" aria-hidden="true"></span>${pileCap(c.word("table.draw_n", { n: v.draw }))}</div>
        ${v.last_round && v.last_round.round < v.round ? `<p class="felt-note">${esc(c.told("round_over"))}</p>` : ""}
      </div>`;
    if (me === null) return centre; // a watcher: the seats and the centre, no hand

    const source = (id, cardv, name, key) => pickable(c, { sources, fits, chosen }, id, cardv, name, key);
    const myDiscards = v.discards[me]
      .map((pile, i) => {
        const top = pile.length ? pile[pile.length - 1] : null;
        const id = `discard:${i}`;
        const drop = chosen !== null && targets.has(id);
        const legalSrc = sources.has(id);
        const sel = chosen === id;
        const name = c.word("table.my_discard", { n: i + 1, card: top === null ? c.word("table.empty") : cardName(c, top), k: pile.length, below: pile.length > 1 ? join(pile.slice(0, -1).map((x) => cardName(c, x))) : "—" });
        const el = face(c, top, {
          button: true,
          cls: `${fits.has(id) ? "legal" : ""} ${drop ? "drop" : ""} ${sel ? "selected" : ""}`,
          attrs: `data-src="${legalSrc ? id : ""}" data-dst="${id}" data-key="mydiscard-${i}" ${drop || legalSrc ? "" : "disabled"} aria-pressed="${sel}" data-fresh="md${i}-${pile.length}" data-from="hand"`,
          name,
        });
        return `<div class="sb-pile">${fan(pile)}${el}${pileCap(num(pile.length))}</div>`;
      })
      .join("");
    const hand = v.hand
      .map((h, i) => {
        const first = v.hand.indexOf(h) === i;
        return source(`hand:${h}`, h, c.word("table.hand_card", { card: cardName(c, h) }), first ? `src-hand:${h}` : `src-hand:${h}-${i}`).replace(
          'class="card sb-card',
          `data-fresh="h${i}-${h}" data-from="draw" class="card sb-card`
        );
      })
      .join("");
    const stock = source("stock", v.stock_sizes[me] ? v.stock_tops[me] : null, c.word("table.my_stock", { card: v.stock_sizes[me] ? cardName(c, v.stock_tops[me]) : c.word("table.empty"), n: v.stock_sizes[me] }));
    const endTurn = c.mine ? c.legal.findIndex((a) => a.type === "end_turn") : -1;
    const hint = c.mine ? `${chosen ? c.word("table.pick_dst") : c.word("table.pick_src")} ${c.word("table.discard_ends")}` : "";
    return `${centre}
      <section class="me" aria-labelledby="me-h" data-place="mine">
        <h2 id="me-h" class="sr-only">${esc(c.word("table.yours", { n: v.scores[me] }))}</h2>
        <div class="sb-mine">
          <div class="sb-pile">${stock}${pileCap(c.word("table.stock_n", { n: v.stock_sizes[me] }))}</div>
          <div role="group" aria-label="${esc(c.word("table.your_hand"))}" data-place="hand"><div class="cap">${esc(c.word("table.your_hand"))}</div><div class="sb-row sb-hand">${hand || `<span>${esc(c.word("table.hand_empty"))}</span>`}</div></div>
          <div role="group" aria-label="${esc(c.word("table.your_discards"))}"><div class="cap">${esc(c.word("table.your_discards"))}</div><div class="sb-row sb-hand">${myDiscards}</div></div>
        </div>
        <div class="choices"><span class="label">${esc(hint)}</span>
          ${chosen ? `<button type="button" data-key="cancel" data-cancel="1">${esc(t("cancel"))}</button>` : ""}
          ${endTurn >= 0 ? `<button type="button" class="primary" data-key="end" data-act="${endTurn}">${esc(c.said(endTurn))}</button>` : ""}</div>
      </section>`;
  },

  bind(root, c) {
    const moves = c.mine ? c.legal.map((a, i) => [a, i]).filter(([a]) => a.type !== "end_turn") : [];
    const moveFor = (from, to) => {
      const exact = moves.find(([a]) => src(a) === from && dst(a) === to);
      if (exact) return exact;
      const [kind, i] = to.split(":"); // an empty place: like the empty place the rules list
      const piles = kind === "build" ? c.view.building : kind === "discard" && c.seat !== null ? c.view.discards[c.seat] : null;
      if (!piles || piles[Number(i)]?.length) return undefined;
      return moves.find(([a]) => src(a) === from && a.to === kind && !piles[a.to_pile].length);
    };
    const choose = (b) => {
      if (b.dataset.act !== undefined) return c.act(c.legal[Number(b.dataset.act)]);
      if (b.dataset.cancel) return c.setUi({ src: null, pick: null });
      const chosen = c.ui.src;
      if (chosen && b.dataset.dst) {
        const m = moveFor(chosen, b.dataset.dst);
        if (m) return c.act(m[0]);
      }
      if (b.dataset.src) {
        const again = chosen === b.dataset.src && (c.ui.pick ?? `src-${chosen}`) === b.dataset.key;
        c.setUi(again ? { src: null, pick: null } : { src: b.dataset.src, pick: b.dataset.key });
      }
    };
    root.onclick = (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || b.getAttribute("aria-disabled") === "true" || root.dragged) return;
      choose(b);
    };
    // Drag and drop with pointer events (mouse, pen and touch alike).
    root.onpointerdown = (e) => {
      const b = e.target.closest("button[data-src]");
      if (!b || b.disabled || b.getAttribute("aria-disabled") === "true" || !b.dataset.src || e.button > 0) return;
      const from = b.dataset.src;
      const start = { x: e.clientX, y: e.clientY };
      let ghost = null;
      root.dragged = false;
      const move = (ev) => {
        if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 8) return;
        if (!ghost) {
          ghost = b.cloneNode(true);
          ghost.classList.add("sb-drag");
          ghost.removeAttribute("data-key");
          document.body.append(ghost);
          root.dragged = true;
          if (c.ui.src !== from) {
            c.ui.src = from;
            for (const el of root.querySelectorAll("[data-dst]")) {
              const ok = !!moveFor(from, el.dataset.dst);
              el.classList.toggle(el.dataset.dst.startsWith("build") ? "legal" : "drop", ok);
            }
          }
        }
        ghost.style.insetInlineStart = "auto";
        ghost.style.left = `${ev.clientX - 20}px`;
        ghost.style.top = `${ev.clientY - 28}px`;
      };
      const up = (ev) => {
        removeEventListener("pointermove", move);
        removeEventListener("pointerup", up);
        removeEventListener("pointercancel", up);
        if (!ghost) return;
        ghost.remove();
        const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest("[data-dst]");
        const m = target && moveFor(from, target.dataset.dst);
        setTimeout(() => (root.dragged = false), 0);
        if (m) c.act(m[0]);
        else c.setUi({ src: null, pick: null });
      };
      addEventListener("pointermove", move);
      addEventListener("pointerup", up);
      addEventListener("pointercancel", up);
    };
  },

  /** A lesson's pointer: the card to take (stock, hand or discard top), then the pile it
   * goes on; "End my turn" for that move. */
  lessonTarget(root, c, a) {
    if (a.type === "end_turn") return root.querySelector('[data-key="end"]');
    if (c.ui.src !== src(a)) return root.querySelector(`[data-src="${src(a)}"]`);
    return root.querySelector(`[data-dst="${dst(a)}"]`);
  },

  /** Places a lesson's coach points at: your stock, the building piles, your discard piles. */
  lessonPlace(root, c, name) {
    const places = { stock: ".me .sb-mine > .sb-pile", build: ".felt [role=group]", discards: `.me [aria-label="${CSS.escape(c.word("table.your_discards"))}"]` };
    return places[name] ? root.querySelector(places[name]) : null;
  },

  resultText(c) {
    return c.view.last_round ? c.told("round_over") : "";
  },
};


// Skip-Bo at the table: click a card then a pile (click-click), or drag it there.
import { esc, join, num, sep, t } from "../components/util.js";

function label(cardv) {
  return cardv === "skip-bo" ? t("sb.wild") : num(cardv);
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
function face(cardv, { button = false, attrs = "", cls = "", name = "" } = {}) {
  const empty = cardv === null || cardv === undefined;
  const c = empty ? "empty" : cardv === "skip-bo" ? "wild" : `v${cardv}`;
  const text = empty ? `<span class="sr-only">${esc(t("sb.empty"))}</span>` : esc(label(cardv));
  const tag = button ? "button" : "span";
  const type = button ? ' type="button"' : "";
  const corner = empty ? "" : ` data-c="${cardv === "skip-bo" ? "★" : num(cardv)}"`;
  return `<${tag}${type} class="card sb-card ${c} ${cls}"${corner} ${attrs} ${name ? `aria-label="${esc(name)}"` : ""}>${text}</${tag}>`;
}

function cardName(cardv) {
  return cardv === "skip-bo" ? t("sb.wild") : num(cardv);
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

export default {
  id: "skip-bo",
  scoreLabel: "sb.score_h",

  status(c) {
    const v = c.view;
    return t(v.rounds ? "sb.status_rounds" : "sb.status", { r: v.round, n: v.rounds ?? 0, target: v.target, d: v.draw });
  },

  keepUi() {
    return {};
  },

  render(c) {
    const v = c.view;
    const me = c.seat;
    const moves = c.mine ? c.legal.map((a, i) => [a, i]).filter(([a]) => a.type !== "end_turn") : [];
    const sources = new Set(moves.map(([a]) => src(a)));
    const fits = new Set(moves.filter(([a]) => a.to === "build").map(([a]) => src(a))); // plays that fit a building pile
    const chosen = c.ui.src && sources.has(c.ui.src) ? c.ui.src : null;
    const targets = anyEmpty(v, me, new Map(moves.filter(([a]) => src(a) === chosen).map(([a, i]) => [dst(a), i])));
    const partner = v.teams ? v.teams.find((team) => team.includes(me))?.find((p) => p !== me) ?? null : null;

    const source = (id, cardv, name, extra = "") => {
      const legal = sources.has(id);
      const sel = chosen === id;
      return face(cardv, {
        button: true,
        cls: `${fits.has(id) ? "legal" : ""} ${sel ? "selected" : ""}`,
        attrs: `data-src="${id}" data-key="src-${id}${extra}" ${legal ? "" : 'aria-disabled="true"'} aria-pressed="${sel}"`,
        name,
      });
    };
    const pileCap = (text) => `<span class="cap">${esc(text)}</span>`;

    const opponent = (p) => {
      const isPartner = p === partner;
      const discards = v.discards[p]
        .map((pile, i) => {
          const top = pile.length ? pile[pile.length - 1] : null;
          const name = t("sb.their_discard", { name: c.names[p], n: i + 1, card: top === null ? t("sb.empty") : cardName(top), k: pile.length });
          const el = isPartner && top !== null ? source(`partner_discard:${i}`, top, name) : face(top, { name, attrs: 'role="img"' });
          return `<div class="sb-pile">${fan(pile)}${el}${pileCap(num(pile.length))}</div>`;
        })
        .join("");
      const stockName = t("sb.their_stock", { name: c.names[p], card: v.stock_sizes[p] ? cardName(v.stock_tops[p]) : t("sb.empty"), n: v.stock_sizes[p] });
      const stock = isPartner && v.stock_sizes[p] ? source("partner_stock", v.stock_tops[p], stockName) : face(v.stock_sizes[p] ? v.stock_tops[p] : null, { name: stockName, attrs: `role="img" data-fresh="st${p}-${v.stock_sizes[p]}"` });
      return `<section class="player sb-opp ${v.turn === p ? "current" : ""}" aria-label="${esc(c.names[p])}" data-seat="${p}">
        <div class="pname">${esc(c.names[p])}${isPartner ? ` <span class="badge">${esc(t("sb.partner"))}</span>` : ""}</div>
        <div class="meta">${esc(t("sb.score", { n: v.scores[p] })) + sep() + esc(t("sb.hand_count", { n: v.hand_sizes[p] }))}</div>
        <div class="sb-row"><div class="sb-pile">${stock}${pileCap(t("sb.stock_n", { n: v.stock_sizes[p] }))}</div>${discards}</div>
      </section>`;
    };
    const others = c.names.map((_, p) => p).filter((p) => p !== me);
    if (me === null) // a watcher: every player's piles and the centre, no hand
      return `<div class="players">${others.map(opponent).join("")}</div>
        <div class="felt" role="group" aria-label="${esc(t("sb.centre"))}"><div class="sb-row">${v.building
          .map((pile, i) => `<div class="sb-pile">${face(pile.length ? pile[pile.length - 1] : null, { name: t("sb.build_pile", { n: i + 1, v: pile.length, next: pile.length + 1 }), attrs: 'role="img"' })}</div>`)
          .join("")}</div><span class="label">${esc(t("sb.draw_n", { n: v.draw }))}</span></div>`;

    const building = v.building
      .map((pile, i) => {
        const top = pile.length ? pile[pile.length - 1] : null;
        const target = targets.has(`build:${i}`);
        const name = t("sb.build_pile", { n: i + 1, v: pile.length, next: pile.length + 1 });
        return `<div class="sb-pile">${face(top, {
          button: true,
          cls: target ? "legal" : "",
          attrs: `data-dst="build:${i}" data-key="build-${i}" ${target ? "" : "disabled"} data-fresh="b${i}-${pile.length}" data-from="${v.turn === me ? "mine" : `seat-${v.turn}`}"`,
          name,
        })}${pileCap(pile.length ? t("sb.pile_value", { v: pile.length }) : t("sb.starts_1"))}</div>`;
      })
      .join("");

    const myDiscards = v.discards[me]
      .map((pile, i) => {
        const top = pile.length ? pile[pile.length - 1] : null;
        const id = `discard:${i}`;
        const target = targets.has(id);
        const legalSrc = sources.has(id);
        const sel = chosen === id;
        const name = t("sb.my_discard", { n: i + 1, card: top === null ? t("sb.empty") : cardName(top), k: pile.length, below: pile.length > 1 ? join(pile.slice(0, -1).map(cardName)) : "—" });
        const el = face(top, {
          button: true,
          cls: `${target || legalSrc ? "legal" : ""} ${sel ? "selected" : ""}`,
          attrs: `data-src="${legalSrc ? id : ""}" data-dst="${id}" data-key="mydiscard-${i}" ${target || legalSrc ? "" : "disabled"} aria-pressed="${sel}" data-fresh="md${i}-${pile.length}" data-from="hand"`,
          name,
        });
        return `<div class="sb-pile">${fan(pile)}${el}${pileCap(num(pile.length))}</div>`;
      })
      .join("");

    const hand = v.hand
      .map((h, i) => {
        const id = `hand:${h}`;
        const first = v.hand.indexOf(h) === i;
        return source(first ? id : `${id}`, h, t("sb.hand_card", { card: cardName(h) }), first ? "" : `-${i}`).replace(
          'class="card sb-card',
          `data-fresh="h${i}-${h}" data-from="draw" class="card sb-card`
        );
      })
      .join("");

    const endTurn = c.mine ? c.legal.findIndex((a) => a.type === "end_turn") : -1;
    const hint = c.mine ? `${chosen ? t("sb.pick_dst") : t("sb.pick_src")} ${t("sb.discard_ends")}` : "";
    return `<div class="players">${others.map(opponent).join("")}</div>
      <div class="felt" role="group" aria-label="${esc(t("sb.centre"))}">
        <div class="sb-row" role="group" aria-label="${esc(t("sb.building"))}">${building}</div>
        <span class="label" data-place="draw">${esc(t("sb.draw_n", { n: v.draw }))}</span>
        ${v.last_round && v.last_round.round < v.round ? `<span class="label">${esc(c.told("round_over"))}</span>` : ""}
      </div>
      <section class="me player ${v.turn === me ? "current" : ""}" aria-labelledby="me-h" data-place="mine">
        <h2 id="me-h">${esc(t("sb.yours", { n: v.scores[me] }))}</h2>
        <div class="sb-mine">
          <div class="sb-pile">${source("stock", v.stock_sizes[me] ? v.stock_tops[me] : null, t("sb.my_stock", { card: v.stock_sizes[me] ? cardName(v.stock_tops[me]) : t("sb.empty"), n: v.stock_sizes[me] }))}${pileCap(t("sb.stock_n", { n: v.stock_sizes[me] }))}</div>
          <div role="group" aria-label="${esc(t("sb.your_hand"))}" data-place="hand"><div class="cap">${esc(t("sb.your_hand"))}</div><div class="sb-row">${hand || `<span>${esc(t("sb.hand_empty"))}</span>`}</div></div>
          <div role="group" aria-label="${esc(t("sb.your_discards"))}"><div class="cap">${esc(t("sb.your_discards"))}</div><div class="sb-row">${myDiscards}</div></div>
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
      if (b.dataset.cancel) return c.setUi({ src: null });
      const chosen = c.ui.src;
      if (chosen && b.dataset.dst) {
        const m = moveFor(chosen, b.dataset.dst);
        if (m) return c.act(m[0]);
      }
      if (b.dataset.src) c.setUi({ src: chosen === b.dataset.src ? null : b.dataset.src });
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
              el.classList.toggle("legal", ok);
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
        else c.setUi({ src: null });
      };
      addEventListener("pointermove", move);
      addEventListener("pointerup", up);
      addEventListener("pointercancel", up);
    };
  },

  resultText(c) {
    return c.view.last_round ? c.told("round_over") : "";
  },
};


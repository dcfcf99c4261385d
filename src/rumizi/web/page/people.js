// Who is at the table: each seat here, away or played by a stand-in bot; the watchers;
// the watch link; the room's finished matches as replay links.
import { esc, join, t } from "../components/util.js";
import { token } from "./connection.js";
import { saved } from "./saved.js";
import { store } from "./store.js";
import { names } from "./words.js";

/** Who is at the table: each seat here, away (with the grace countdown) or played by a
 * stand-in bot; who is watching; the watch link for the table's creator. */
export function renderPeople() {
  const box = document.getElementById("people");
  const state = store.state;
  if (!box || !state.room) return;
  const ns = names(state.room);
  const room = state.room;
  const made = saved.get(`rz:room:${room.id}`) ?? {};
  const seat = (s, i) => {
    let badge;
    if (s.kind === "bot") badge = `<span class="badge">${esc(t("kind.bot"))}</span>`;
    else if (s.standin) badge = `<span class="badge warn">${esc(t("standin_badge"))}</span>`;
    else if (s.connected) badge = `<span class="badge ok">${esc(t("here"))}</span>`;
    else if (s.away_until)
      badge = `<span class="badge warn">${esc(t("away"))} <rz-clock until="${Math.round(s.away_until * 1000 - state.offset)}" label="grace_left"></rz-clock></span>`;
    else badge = `<span class="badge warn">${esc(t("away"))}</span>`;
    return `<li data-seat="${i}"><span>${esc(ns[i])}${i === state.seat ? ` ${esc(t("you"))}` : ""}</span> ${badge}</li>`;
  };
  const watchers = room.watchers ?? [];
  const watching = watchers.length
    ? t("watching", { names: join(watchers.map((w) => w || t("watcher_anon"))) })
    : "";
  box.innerHTML = `<h2 id="people-h">${esc(t("at_table"))}</h2>
    ${state.role !== "seat" ? `<p class="badge ok" id="you-watch">${esc(t("you_watch"))}</p>` : ""}
    <ul class="seats">${room.seats.map(seat).join("")}</ul>
    ${watching ? `<p id="watchers">${esc(watching)}</p>` : ""}
    ${replaysHtml()}
    ${made.watch ? `<p class="row"><label>${esc(t("watch_link"))} <input class="invite" id="watch-link" readonly value="${esc(new URL(made.watch, location.href).href)}"></label><rz-copy text="${esc(made.watch)}" label="${esc(t("copy_watch"))}"></rz-copy></p>` : ""}`;
}

/** A link to a finished match's replay (web/replay.js); the room's token stays in this browser. */
export function replayLink(label, match = store.state.match, vars = {}) {
  return `<a class="replay-link" href="/replay/${esc(match)}?room=${esc(store.state.room.id)}">${esc(t(label, vars))}</a>`;
}

let replays = { key: "", html: "" };
/** The room's finished matches, each a link to its replay: asked for again when a match
 * starts or ends, then the panel is drawn again. */
function replaysHtml() {
  const state = store.state;
  const key = `${state.room.id}:${state.match}:${state.over}`;
  if (replays.key !== key) {
    replays = { key, html: replays.key.startsWith(`${state.room.id}:`) ? replays.html : "" };
    fetch(`/api/rooms/${state.room.id}/replays`, { headers: { authorization: `Bearer ${token()}` } })
      .then((r) => (r.ok ? r.json() : []))
      .then((list) => {
        if (replays.key !== key) return;
        const links = list.map((m) => `<li>${replayLink("replay_n", m.match, { n: m.number })}</li>`).join("");
        replays.html = links ? `<h3 id="replays-h">${esc(t("replays"))}</h3><ul aria-labelledby="replays-h">${links}</ul>` : "";
        renderPeople();
      });
  }
  return replays.html;
}

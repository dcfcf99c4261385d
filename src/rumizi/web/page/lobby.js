// A room's lobby: who has joined, invite links for friends, ready and start; and the
// page of a public table opened without a seat.
import { S, esc, t } from "../components/util.js";
import { send, setToken, token } from "./connection.js";
import { app, toast } from "./dom.js";
import { describe, gameTitle } from "./games.js";
import { bindHeader, header } from "./header.js";
import { go, setAddress } from "./nav.js";
import { myName, saved } from "./saved.js";
import { store } from "./store.js";
import { givenName, names } from "./words.js";

export function renderLobby() {
  const state = store.state;
  const room = state.room;
  const made = saved.get(`rz:room:${room.id}`) ?? {};
  const me = room.seats[state.seat];
  const everyone = room.seats.every((s) => s.ready);
  const focus = document.activeElement?.dataset?.key;
  const seatLine = (s, i) => {
    const link = made.links?.[String(i)];
    const status =
      s.kind === "bot"
        ? `<span class="badge">${esc(t("kind.bot"))}</span>`
        : `<span class="badge ${s.ready ? "ok" : ""}">${esc(t(s.ready ? "ready" : s.joined ? "joined" : "waiting"))}</span>`;
    const invite =
      s.kind === "person" && i !== state.seat && !s.joined && link
        ? `<input class="invite" readonly value="${esc(new URL(link, location.href).href)}" aria-label="${esc(t("invite_for", { n: i + 1 }))}"><rz-copy text="${esc(link)}" label="${esc(t("copy_invite", { n: i + 1 }))}"></rz-copy>`
        : "";
    return `<li><strong>${esc(names(room)[i])}</strong>${i === state.seat ? ` <span>${esc(t("you"))}</span>` : ""} ${status} ${invite}</li>`;
  };
  app.innerHTML = `${header()}<main><section class="room-lobby" aria-labelledby="room-h">
    <h1 id="room-h">${esc(gameTitle(room.game))}</h1>
    <p><a href="/rules/${room.game}.${S.lang}.html" target="_blank" rel="noopener">${esc(t("rules"))}</a></p>
    <h2>${esc(t("who_joined"))}</h2>
    <ul class="seats">${room.seats.map(seatLine).join("")}</ul>
    ${made.watch ? `<p class="row"><label>${esc(t("watch_link"))} <input class="invite" id="watch-link" readonly value="${esc(new URL(made.watch, location.href).href)}"></label><rz-copy text="${esc(made.watch)}" label="${esc(t("copy_watch"))}"></rz-copy></p>` : ""}
    ${state.role === "spectator" ? `<p class="badge ok" id="you-watch">${esc(t("you_watch"))}</p>` : ""}
    ${me && !me.ready
      ? `<form id="ready-form" class="row" style="margin-block:0.75rem"><label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(givenName(me) || myName())}" data-key="name"></label><button class="primary" data-key="ready">${esc(t("join_ready"))}</button></form>`
      : ""}
    ${me
      ? `<div class="row" style="margin-block:0.75rem"><button class="primary" id="start" data-key="start" ${everyone ? "" : "disabled"}>${esc(t("start"))}</button>
         <span role="status">${esc(everyone ? t("all_ready") : t("waiting_ready"))}</span></div>`
      : ""}
    <p><a href="/">${esc(t("back_home"))}</a></p>
  </section></main>`;
  bindHeader();
  if (focus) document.querySelector(`[data-key="${focus}"]`)?.focus();
  const form = document.getElementById("ready-form");
  if (form)
    form.onsubmit = async (e) => {
      e.preventDefault();
      const name = form.name.value.trim();
      saved.set("rz:name", name);
      const j = await fetch(`/api/rooms/${room.id}/join`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token()}` },
        body: JSON.stringify({ name }),
      });
      if (j.ok) {
        /* every join hands out a fresh token for the seat; the old one is revoked */
        const reply = await j.json();
        setToken(reply.token);
        saved.set(`rz:tok:${room.id}`, reply.token);
        setAddress(`/room/${room.id}#token=${reply.token}`);
      }
      send({ type: "ready" });
    };
  const start = document.getElementById("start");
  if (start) start.onclick = () => send({ type: "start" });
}

export async function joinPublic(id) {
  const r = await fetch(`/api/rooms/${id}`);
  const room = r.ok ? await r.json() : null;
  if (room) await describe(room.game);
  app.innerHTML = `${header()}<main class="room-lobby">
    ${room ? `<h1>${esc(gameTitle(room.game))}</h1>` : ""}
    ${room?.public && room.status === "open"
      ? `<form id="pj" class="row"><label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(myName())}"></label><button class="primary">${esc(t("join"))}</button></form>`
      : `<p>${esc(t("need_link"))}</p>`}
    <p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
  const form = document.getElementById("pj");
  if (!form) return;
  form.onsubmit = async (e) => {
    e.preventDefault();
    saved.set("rz:name", form.name.value.trim());
    const j = await fetch(`/api/rooms/${id}/join`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: form.name.value.trim() }),
    });
    const reply = await j.json();
    if (!j.ok) return toast(t(`err.${reply.code}`));
    saved.set(`rz:tok:${id}`, reply.token);
    go(`/room/${id}#token=${reply.token}`, { replace: true }); // the room's page, with its seat
  };
}

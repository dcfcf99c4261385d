// The home page: the games (as they describe themselves), playing against bots in two
// clicks, and the public tables waiting for players.
import { cover } from "../art/covers.js";
import { S, esc, sep, t } from "../components/util.js";
import { app } from "./dom.js";
import { described, games, gameTitle, say } from "./games.js";
import { bindHeader, header } from "./header.js";
import { solo, startLesson } from "./rooms.js";
import { setupForm } from "./setup.js";
import { fillYou, youSection } from "./you.js";

export async function home() {
  document.title = t("brand");
  const list = await games();
  app.innerHTML = `${header()}<main>
    <h1>${esc(t("home_title"))}</h1>
    <p>${esc(t("home_intro"))}</p>
    <div class="games">${list.map(gameCard).join("")}</div>
    <div id="setup"></div>
    ${youSection()}
    <section aria-labelledby="lobby-h"><h2 id="lobby-h">${esc(t("open_rooms"))}</h2><ul class="lobby-list" id="lobby"></ul></section>
  </main>`;
  bindHeader();
  for (const b of app.querySelectorAll("[data-solo]")) b.onclick = () => solo(b.dataset.solo);
  for (const b of app.querySelectorAll("[data-setup]")) b.onclick = () => setupForm(b.dataset.setup);
  for (const b of app.querySelectorAll("[data-learn]")) b.onclick = () => startLesson(b.dataset.learn);
  fillYou();
  const lobby = await (await fetch("/api/lobby")).json();
  const ul = document.getElementById("lobby");
  if (!ul) return;
  const rooms = lobby.filter((r) => described(r.game));
  ul.innerHTML = rooms.length ? rooms.map(lobbyEntry).join("") : `<li>${esc(t("no_rooms"))}</li>`;
}

/** A public table in the lobby: its name (the game's, when it has none), the game, the seats. */
function lobbyEntry(r) {
  const title = r.title || gameTitle(r.game);
  const facts = [r.title ? gameTitle(r.game) : "", t("seats_taken", { n: r.seats - r.free, m: r.seats })];
  return `<li><span><strong>${esc(title)}</strong>${facts.filter(Boolean).map((f) => sep() + esc(f)).join("")}</span>
    <a href="/room/${esc(r.id)}" aria-label="${esc(t("join_table", { title }))}">${esc(t("join"))}</a></li>`;
}

function gameCard(g) {
  const players =
    g.min_players === g.max_players
      ? t("players_n", { n: g.min_players })
      : t("players_range", { a: g.min_players, b: g.max_players });
  return `<article class="game-card" data-game="${g.id}">
    ${cover(g.id, say(g.title))}<h2>${esc(gameTitle(g.id))}</h2>
    <p class="facts">${esc(players)}${sep()}${esc(say(g.length))}</p>
    <p class="pitch">${esc(say(g.pitch))}</p>
    <div class="row">
      <button type="button" class="primary" data-solo="${g.id}">${esc(t("play_bots"))}</button>
      <button type="button" data-setup="${g.id}">${esc(t("set_up"))}</button>
      <button type="button" data-learn="${g.id}">${esc(t("learn"))}</button>
      <a href="/rules/${g.id}.${S.lang}.html">${esc(t("rules"))}</a>
    </div>
  </article>`;
}

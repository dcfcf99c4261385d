// A player's page (`/p/{id}`): their name and avatar, games played and won per game, the
// last matches with their replays; on your own page, your unfinished tables too.
import { S, esc, num, t } from "../components/util.js";
import { app } from "./dom.js";
import { describe, gameTitle } from "./games.js";
import { bindHeader, header } from "./header.js";
import { AVATAR_FACES, bindTables, tablesList } from "./you.js";

export async function profilePage(id) {
  const r = await fetch(`/api/players/${encodeURIComponent(id)}`);
  const found = r.ok ? await r.json() : null;
  if (!found) {
    app.innerHTML = `${header()}<main><p role="alert">${esc(t("no_player"))}</p><p><a href="/">${esc(t("back_home"))}</a></p></main>`;
    return bindHeader();
  }
  await Promise.all([...new Set([...found.games.map((g) => g.game), ...found.last.map((m) => m.game)])].map(describe));
  const p = found.player;
  const name = p.deleted ? t("deleted_player") : p.name || t("a_guest");
  document.title = `${name} · ${t("brand")}`;
  app.innerHTML = `${header()}<main class="profile">
    <h1><span aria-hidden="true">${AVATAR_FACES[p.avatar] ?? ""}</span> ${esc(name)}</h1>
    ${found.own ? `<p>${esc(t("profile_own"))}</p>` : ""}
    ${found.own && found.tables?.length ? `<section aria-labelledby="tables-h"><h2 id="tables-h">${esc(t("my_tables"))}</h2>${tablesList(found.tables)}</section>` : ""}
    <section aria-labelledby="games-h"><h2 id="games-h">${esc(t("games_h"))}</h2>
      ${found.games.length ? `<table class="stats"><thead><tr><th scope="col">${esc(t("game"))}</th><th scope="col">${esc(t("played"))}</th><th scope="col">${esc(t("won"))}</th></tr></thead>
        <tbody>${found.games.map((g) => `<tr><th scope="row">${esc(gameTitle(g.game))}</th><td>${num(g.played)}</td><td>${num(g.won)}</td></tr>`).join("")}</tbody></table>`
        : `<p>${esc(t("no_games_yet"))}</p>`}
    </section>
    <section aria-labelledby="last-h"><h2 id="last-h">${esc(t("last_matches"))}</h2>
      <ul class="lobby-list" id="last-matches">${found.last.map(matchEntry).join("")}</ul>
    </section>
    <p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
  bindTables(app);
}

function matchEntry(m) {
  const when = new Date(m.finished_at * 1000).toLocaleDateString(S.lang === "fa" ? "fa-IR" : "en-GB", { dateStyle: "medium" });
  const result = m.aborted ? t("match_stopped") : m.won ? t("match_won") : t("match_lost");
  const title = gameTitle(m.game);
  return `<li><span><strong>${esc(title)}</strong> · ${esc(result)} · ${esc(when)}</span>
    <a href="/replay/${esc(m.match)}?room=${esc(m.room)}" aria-label="${esc(t("replay_of", { title, when }))}">${esc(t("watch_replay"))}</a></li>`;
}

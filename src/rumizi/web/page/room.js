// A room's page: connecting with the seat's token, then its lobby or its table; a seat
// taken over by another tab; a link that is no longer valid.
import { esc, t } from "../components/util.js";
import { Conn, loadGame } from "./connection.js";
import { bindHeader, header } from "./header.js";
import { joinPublic, renderLobby } from "./lobby.js";
import { app, describe, described, live, state, store } from "./store.js";
import { renderTable, renderTableShell } from "./table.js";

export async function roomPage(id) {
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromUrl) store.set(`rz:tok:${id}`, fromUrl);
  const token = fromUrl || store.get(`rz:tok:${id}`);
  if (token && !fromUrl) history.replaceState(null, "", `/room/${id}#token=${token}`);
  if (!token) return joinPublic(id);
  if (live.conn && live.conn.token === token) {
    app.innerHTML = "";
    render();
    return;
  }
  live.conn?.close();
  Object.assign(state, { room: null, match: null, index: 0, view: null, events: [], legal: [], toAct: [] });
  live.game = null;
  app.innerHTML = `${header()}<main><p role="status">${esc(t("connecting"))}</p></main>`;
  bindHeader();
  live.conn = new Conn(token);
}

/** Another tab or browser took this seat over: say so, and stop acting here. */
export function takenOver() {
  state.takenOver = true;
  live.conn?.close();
  app.innerHTML = `${header()}<main><section class="room-lobby"><p role="alert" id="taken-over">${esc(t("taken_over"))}</p>
    <p><button type="button" class="primary" id="take-back">${esc(t("take_back"))}</button> <a href="/">${esc(t("back_home"))}</a></p></section></main>`;
  bindHeader();
  document.getElementById("take-back").onclick = () => {
    const token = live.conn?.token;
    live.conn = null;
    state.takenOver = false;
    if (token) roomPage(state.room?.id ?? location.pathname.split("/").pop());
  };
}

export function showGone() {
  app.innerHTML = `${header()}<main><p role="alert">${esc(t("err.unknown_token"))}</p><p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
}

export function isTable() {
  return state.view !== null && !!document.getElementById("game-root");
}

export function render() {
  if (!state.room) return;
  if (!described(state.room.game)) {
    describe(state.room.game).then((g) => g && render()); // this game's description only
    return;
  }
  if (state.view === null) return renderLobby();
  if (!live.game || live.game.id !== state.room.game) {
    loadGame().then(render);
    return;
  }
  if (!document.getElementById("game-root")) renderTableShell();
  else renderTable();
}

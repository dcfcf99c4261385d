// A room's page: connecting with the seat's token, then its lobby or its table; a seat
// taken over by another tab; a link that is no longer valid. `drawRoom` is the store's one
// subscriber that draws the room: whatever the connection wrote, it draws.
import { catalogue } from "../components/texts.js";
import { esc, t } from "../components/util.js";
import { connect, disconnect, send, token } from "./connection.js";
import { app, logLines, toast } from "./dom.js";
import { describe, described } from "./games.js";
import { bindHeader, header } from "./header.js";
import { joinPublic, renderLobby } from "./lobby.js";
import { setAddress } from "./nav.js";
import { resume } from "./me.js";
import { liveCtx } from "./play.js";
import { showRoundEnd } from "./results.js";
import { saved } from "./saved.js";
import { store } from "./store.js";
import { renderConn, renderTable, renderTableShell } from "./table.js";
import { eventLine, names } from "./words.js";

export async function roomPage(id) {
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromUrl) saved.set(`rz:tok:${id}`, fromUrl);
  const seatToken = fromUrl || saved.get(`rz:tok:${id}`);
  if (seatToken && !fromUrl) setAddress(`/room/${id}#token=${seatToken}`);
  if (!seatToken) return (await takeBack(id)) ? roomPage(id) : joinPublic(id);
  if (token() === seatToken) {
    app.innerHTML = "";
    render();
    return;
  }
  store.enter();
  app.innerHTML = `${header()}<main><p role="status">${esc(t("connecting"))}</p></main>`;
  bindHeader();
  connect(seatToken);
}

/** Another tab or browser took this seat over: say so, and stop acting here. */
function takenOver() {
  app.innerHTML = `${header()}<main><section class="room-lobby"><p role="alert" id="taken-over">${esc(t("taken_over"))}</p>
    <p><button type="button" class="primary" id="take-back">${esc(t("take_back"))}</button> <a href="/">${esc(t("back_home"))}</a></p></section></main>`;
  bindHeader();
  document.getElementById("take-back").onclick = () => {
    const had = token();
    disconnect();
    store.patch({ takenOver: false }, { kind: "taking-back" });
    if (had) roomPage(store.state.room?.id ?? location.pathname.split("/").pop());
  };
}

/** The player's own seat at this table, taken back on this device (docs/players.md). */
async function takeBack(id) {
  const fresh = await resume(id);
  if (fresh) setAddress(`/room/${id}#token=${fresh}`);
  return fresh;
}

async function showGone() {
  const id = location.pathname.split("/").pop();
  if (id && (await takeBack(id))) {
    disconnect();
    return roomPage(id);
  }
  app.innerHTML = `${header()}<main><p role="alert">${esc(t("err.unknown_token"))}</p><p><a href="/">${esc(t("back_home"))}</a></p></main>`;
  bindHeader();
}

export function isTable() {
  return store.state.view !== null && !!document.getElementById("game-root");
}

/** The game's table module and its catalogue, loaded for the room's game. */
async function loadGame() {
  const id = store.state.room.game;
  const [game, words] = await Promise.all([import(`../games/${id}.js`).then((m) => m.default), catalogue(id)]);
  store.setTable({ game, words });
}

function gameLoaded() {
  const game = store.table.game;
  return !!game && game.id === store.state.room?.game;
}

/** The room as the store holds it: its lobby, or its table. */
export function render() {
  const state = store.state;
  if (!state.room) return;
  if (!described(state.room.game)) {
    describe(state.room.game).then((g) => g && render()); // this game's description only
    return;
  }
  if (state.view === null) return renderLobby();
  if (!gameLoaded()) {
    loadGame().then(render);
    return;
  }
  if (!document.getElementById("game-root")) renderTableShell();
  else renderTable();
}

/** The store's subscriber: each change drawn where it shows. */
export function drawRoom(state, change) {
  switch (change.kind) {
    case "welcome":
      return render();
    case "room":
      presenceNotices(change.before, state.room);
      return render();
    case "update":
      if (!gameLoaded()) return void loadGame().then(() => afterUpdate(change));
      return afterUpdate(change);
    case "clock":
      if (isTable()) renderTable();
      return;
    case "ui":
    case "pending":
      return renderTable();
    case "notice":
      if (change.notice.kind === "move_clock")
        logLines([{ text: t("notice_clock", { name: names(state.room)[change.notice.seat] }) }]);
      return;
    case "error":
      return refused(change.error);
    case "reconnecting":
      return renderConn();
    case "gone":
      return showGone();
    case "taken":
      return takenOver();
  }
}

function afterUpdate({ update: u, fresh, alive }) {
  const state = store.state;
  const game = store.table.game;
  if (!isTable()) {
    render(); // builds the table and writes the whole log
  } else {
    renderTable();
    const c = liveCtx();
    if (fresh) document.querySelector("rz-log")?.clear();
    if (fresh) logLines([{ text: t("log_start", { n: state.room.number ?? 1 }) }]);
    logLines((fresh ? state.events : u.events).map((e) => eventLine(game, c, e)).filter(Boolean));
  }
  if (alive) game.onEvents?.(u.events, liveCtx());
  if (alive && !state.over) showRoundEnd(u.events);
}

/** The server refused something: the game says why at its own table, or a stale move
 * asks for the view again, or a passing message says why. */
function refused(msg) {
  if (store.table.game?.onError?.(msg, liveCtx())) return render();
  if (msg.code === "stale") send({ type: "sync" });
  else toast(t(`err.${msg.code}`) === `err.${msg.code}` ? t("err.other") : t(`err.${msg.code}`));
  render();
}

/** A seat went away, came back, or a bot stepped in for someone: one line in the log. */
function presenceNotices(before, after) {
  if (!before || !isTable() || before.match !== after.match) return;
  const ns = names(after);
  after.seats.forEach((s, i) => {
    const was = before.seats[i];
    if (!was || s.kind !== "person" || i === store.state.seat) return;
    if (s.standin && !was.standin) logLines([{ text: t("notice_standin", { name: ns[i] }) }]);
    else if (!s.standin && was.standin) logLines([{ text: t("notice_back", { name: ns[i] }) }]);
    else if (!s.connected && was.connected && !s.standin) logLines([{ text: t("notice_away", { name: ns[i] }) }]);
  });
}

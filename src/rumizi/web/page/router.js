// Which page a path shows: a room (`/room/{id}`), a lesson (`/learn/{game}`), a replay
// (`/replay/{match}`), or home. Only app.js imports it: every other module navigates with
// page/nav.js, whose `popstate` runs `route`.
import { disconnect } from "./connection.js";
import { app } from "./dom.js";
import { describe, gameTitle, levelName } from "./games.js";
import { bindHeader, header } from "./header.js";
import { home } from "./home.js";
import { linkPage } from "./account.js";
import { profilePage } from "./profile.js";
import { roomPage } from "./room.js";
import { startLesson } from "./rooms.js";

export function route() {
  const path = location.pathname;
  const m = path.match(/^\/room\/([\w-]+)$/);
  if (m) return roomPage(m[1]);
  disconnect();
  const l = path.match(/^\/learn\/([\w-]+)$/);
  if (l) return startLesson(l[1], true);
  if (path === "/signin") return linkPage();
  const p = path.match(/^\/p\/([\w-]+)$/);
  if (p) return profilePage(p[1]);
  const r = path.match(/^\/replay\/([\w-]+)$/);
  if (r) return import("../replay.js").then((v) => v.replayPage(app, { header, bindHeader, describe, gameTitle, levelName }, r[1]));
  return home();
}

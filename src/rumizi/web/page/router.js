// Which page a path shows: a room (`/room/{id}`), a replay (`/replay/{match}`), or home.
import { bindHeader, header } from "./header.js";
import { home, startLesson } from "./home.js";
import { roomPage } from "./room.js";
import { app, describe, gameTitle, levelName, live } from "./store.js";

export function route() {
  const path = location.pathname;
  const m = path.match(/^\/room\/([\w-]+)$/);
  if (m) return roomPage(m[1]);
  live.conn?.close();
  live.conn = null;
  const l = path.match(/^\/learn\/([\w-]+)$/);
  if (l) return startLesson(l[1], true);
  const r = path.match(/^\/replay\/([\w-]+)$/);
  if (r) return import("../replay.js").then((v) => v.replayPage(app, { header, bindHeader, describe, gameTitle, levelName }, r[1]));
  return home();
}

// Making a room and going to its table: a room set up in the form, "Play against bots"
// (the game's solo seats and length) and "Learn to play" (a lesson's room).
import { t } from "../components/util.js";
import { toast } from "./dom.js";
import { games } from "./games.js";
import { go } from "./nav.js";
import { myName, saved } from "./saved.js";

export async function createRoom(body) {
  const r = await fetch("/api/rooms", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await r.json();
  if (!r.ok) {
    toast(`${t("err.create")}: ${reply.message ?? r.status}`);
    return;
  }
  const id = reply.room.id;
  const mine = reply.seats.find((s) => s.token);
  saved.set(`rz:room:${id}`, {
    host: reply.host_token, links: reply.links.seats, watch: reply.links.spectate, creator: true,
  });
  saved.set(`rz:tok:${id}`, mine.token);
  go(`/room/${id}#token=${mine.token}`);
}

/** "Play against bots": the game's solo seats and bots, its solo length (the one its card
 * states); a person with no name yet is a guest ("Guest 1" in each reader's language). */
export async function solo(id) {
  const g = (await games()).find((x) => x.id === id);
  const seats = [myName() ? { kind: "person", name: myName() } : { kind: "person" }];
  for (let i = 1; i < g.solo.seats; i++) seats.push({ kind: "bot", bot: g.solo.level });
  await createRoom({ game: id, seats, options: g.solo.options ?? {}, settings: { autostart: true } });
}

/** "Learn to play": a new lesson room (you and the lesson's bots), then its table. From
 * `/learn/{game}` (the rules pages' link) the lesson's page takes that address's place. */
export async function startLesson(id, replace = false) {
  const r = await fetch(`/api/lessons/${encodeURIComponent(id)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(myName() ? { name: myName().slice(0, 40) } : {}),
  });
  const reply = await r.json();
  if (!r.ok) {
    toast(`${t("err.create")}: ${reply.message ?? r.status}`);
    return;
  }
  const room = reply.room.id;
  saved.set(`rz:room:${room}`, { creator: true });
  saved.set(`rz:tok:${room}`, reply.token);
  go(`/room/${room}#token=${reply.token}`, { replace });
}

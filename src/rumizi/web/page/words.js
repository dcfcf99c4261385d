// The room's words: each seat's name as this page says it, a catalogue message in words,
// an event as a line of the log. Below the connection and the views alike. No DOM.
import { Formatter } from "../components/texts.js";
import { S, t } from "../components/util.js";
import { levelName } from "./games.js";

/** The name a person gave (the server's stand-in "player N" is no name). */
export function givenName(seat) {
  return seat?.name && !/^player \d+$/.test(seat.name) ? seat.name : "";
}

/** Every seat's name in the room, in the interface's language: a bot by its level (a
 * lesson's bots by their own names), a person by the name given, else "Guest N". */
export function names(room) {
  return (room?.seats ?? []).map((s, i) =>
    s.kind === "bot"
      ? s.bot === "lesson"
        ? t(`lesson_bot_${i}`)
        : t("bot_name", { n: i + 1, level: levelName(room.game, s.bot) })
      : givenName(s) || t("guest_n", { n: i + 1 })
  );
}

/** A catalogue message reference ({key, args}, as the server attaches to events) in words,
 * from the game's catalogue (`words`: fa and en) with these seat names ("" without one). */
export function tell(words, seatNames, ref) {
  return words && ref ? new Formatter(words, S.lang, seatNames).format(ref) : "";
}

/** An event as a line of the log ({text, mine}), or null when it has no words. A game's
 * words come from its catalogue; a game still being added may tell its own (`eventText`). */
export function eventLine(game, c, e) {
  const text = e.message ? c.tell(e.message) : game?.eventText?.(e, c);
  if (!text) return null;
  return { text, mine: e.seat === c.seat };
}

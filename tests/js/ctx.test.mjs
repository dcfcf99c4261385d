// The game's context (src/rumizi/web/page/ctx.js) and the room's words (page/words.js),
// without a browser: what a game module reads and how its words are filled.
import assert from "node:assert/strict";
import test from "node:test";
import { S } from "../../src/rumizi/web/components/util.js";
import { gameCtx, word } from "../../src/rumizi/web/page/ctx.js";
import { eventLine, givenName, names, tell } from "../../src/rumizi/web/page/words.js";

const WORDS = {
  en: { "table.status": "Round {r} · deck {d}", "card.guard": "Guard (1)", played: "{name} played {card}.", you: "you", "table.out": "out" },
  fa: { "table.status": "دور {r}، دسته {d}", "card.guard": "نگهبان (۱)", played: "{name} {card} را بازی کرد.", you: "شما", "table.out": "بیرون" },
};
const DICT = { guest_n: "Guest {n}", bot_name: "Bot {n} ({level})", lesson_bot_1: "Ana" };

function inLang(lang, fn) {
  const before = { ...S };
  Object.assign(S, { lang, dict: DICT });
  try {
    return fn();
  } finally {
    Object.assign(S, before);
  }
}

const room = {
  game: "love-letter",
  seats: [{ kind: "person", name: "Sara" }, { kind: "person", name: "player 2" }, { kind: "bot", bot: "easy" }, { kind: "bot", bot: "lesson" }],
};

test("names: a given name, a guest, a bot by its level, a lesson's bot by its name", () => {
  inLang("en", () => assert.deepEqual(names(room), ["Sara", "Guest 2", "Bot 3 (easy)", "lesson_bot_3"]));
  assert.equal(givenName({ name: "player 2" }), ""); // the server's stand-in is no name
  assert.deepEqual(names(null), []);
});

test("word: the catalogue's word in the page's language, filled as the interface's strings are", () => {
  inLang("en", () => assert.equal(word(WORDS, "table.status", { r: 2, d: 11 }), "Round 2 · deck 11"));
  inLang("fa", () => assert.equal(word(WORDS, "table.status", { r: 2, d: 11 }), "دور ۲، دسته ۱۱"));
  inLang("en", () => assert.equal(word(WORDS, "table.out"), "out"));
  inLang("en", () => assert.equal(word(WORDS, "no.such"), "no.such")); // the key when missing
  inLang("en", () => assert.equal(word(null, "table.out"), "table.out"));
});

test("gameCtx: whose move it is, the words, the latest event told, how an action reads", () => {
  const acted = [];
  const events = [
    { kind: "played", seat: 1, message: { key: "played", args: { name: { seat: 1 }, card: { card: "guard" } } } },
    { kind: "round_over", seat: null },
  ];
  const base = {
    view: { round: 1 }, legal: [{ card: "guard" }], said: [{ key: "played", args: { name: { seat: 0 }, card: { card: "guard" } } }],
    toAct: [0], seat: 0, room, events, names: ["Sara", "Guest 2"], words: WORDS, act: (a) => acted.push(a),
  };
  inLang("en", () => {
    const c = gameCtx(base);
    assert.equal(c.mine, true);
    assert.equal(c.told("played"), "Guest 2 played Guard (1).");
    assert.equal(c.told("round_over"), ""); // no words for it
    assert.equal(c.said(0), "Sara played Guard (1).");
    assert.equal(c.said(5), "");
    assert.equal(c.word("table.status", { r: 1, d: 3 }), "Round 1 · deck 3");
    c.act({ card: "guard" });
    assert.deepEqual(acted, [{ card: "guard" }]);
    assert.equal(eventLine(null, c, events[0]).text, "Guest 2 played Guard (1).");
    assert.equal(eventLine(null, c, events[0]).mine, false);
    assert.equal(eventLine(null, c, events[1]), null);
    assert.equal(eventLine({ eventText: (e) => `told ${e.kind}` }, c, events[1]).text, "told round_over");
  });
  inLang("fa", () => assert.equal(gameCtx(base).told("played"), "Guest 2 نگهبان (۱) را بازی کرد."));
  assert.equal(gameCtx({ ...base, pending: true }).mine, false); // a move on its way
  assert.equal(gameCtx({ ...base, toAct: [1] }).mine, false);
  assert.equal(gameCtx({ ...base, legal: [] }).mine, false);
  // A replay's context: nothing to play; its own words for what a seat was told.
  const replay = gameCtx({ view: {}, seat: null, names: [], room, words: WORDS, told: () => "its own" });
  assert.equal(replay.mine, false);
  assert.equal(replay.told("x"), "its own");
  assert.equal(replay.act({}), false);
  inLang("en", () => assert.equal(tell(WORDS, ["A"], { key: "played", args: { name: { seat: 0 }, card: { card: "guard" } } }), "A played Guard (1)."));
  assert.equal(tell(null, [], { key: "played" }), "");
});

// Rumizi in the browser: home, lobby and the table. No build step: native ES modules.
// The page holds only what the server sends to its own seat (views, its events, legal moves).
// The page's parts are in page/ (docs/web.md, "The modules"): the store (what is on screen)
// written by the connection (the transport), the words and the game's context below both,
// the views (home and setup, lobby and room, table, people, results, lesson) drawn by the
// store's one subscriber, and one navigation call (page/nav.js) that the router answers.
import "./components/rz-clock.js";
import "./components/rz-log.js";
import "./components/rz-copy.js";
import { loadDict } from "./components/util.js";
import { applyTheme, pickLang } from "./page/header.js";
import { me } from "./page/me.js";
import { drawRoom } from "./page/room.js";
import { route } from "./page/router.js";
import { store } from "./page/store.js";

/** What the page holds, for the browser tests to read (never written through here). */
window.rumizi = {
  get state() {
    return store.state;
  },
};
store.subscribe(drawRoom);
window.addEventListener("popstate", route);
applyTheme();
me(); // this browser's player (a guest made on the first visit), asked while the page loads
await loadDict(pickLang()); // each page asks for the game descriptions it needs
route();

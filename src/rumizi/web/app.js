// Rumizi in the browser: home, lobby and the table. No build step: native ES modules.
// The page holds only what the server sends to its own seat (views, its events, legal moves).
// The page's parts are in page/: store (state, localStorage, the games' descriptions),
// header, router, home and setup, lobby and room, connection, table, people, results.
import "./components/rz-clock.js";
import "./components/rz-log.js";
import "./components/rz-copy.js";
import { loadDict } from "./components/util.js";
import { applyTheme, pickLang } from "./page/header.js";
import { route } from "./page/router.js";

window.addEventListener("popstate", route);
applyTheme();
await loadDict(pickLang()); // each page asks for the game descriptions it needs
route();

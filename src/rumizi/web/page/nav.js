// Navigation, one call for every page: `go(path)` puts the address in the history and says
// so with a `popstate` event, as the browser's own back and forward buttons do; the router
// (page/router.js, wired by app.js) draws the page for it. No module imports the router.

/** Show the page of `path`: a new history entry, or (`replace`) in place of this one. */
export function go(path, { replace = false } = {}) {
  history[replace ? "replaceState" : "pushState"](null, "", path);
  again();
}

/** Draw this address's page again (after the language or the theme changed). */
export function again() {
  dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
}

/** Write the address of the page shown (a seat's token put in it) without drawing again. */
export function setAddress(path) {
  history.replaceState(null, "", path);
}

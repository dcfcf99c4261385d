// What every page draws into: the page's element, a passing message (toast) and the log's
// lines at the table.
export const app = document.getElementById("app");

let toastTimer;
export function toast(text) {
  let el = document.querySelector(".toast");
  if (!el) {
    el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "alert");
    document.body.append(el);
  }
  el.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.remove(), 3500);
}

/** Lines ({text, mine}) added to the table's log, if it is on screen. */
export function logLines(lines) {
  document.querySelector("rz-log")?.add(lines);
}

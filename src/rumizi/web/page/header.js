// The page's header: the brand, the language and theme switches.
import { S, esc, loadDict, t } from "../components/util.js";
import { route } from "./router.js";
import { store } from "./store.js";

export function pickLang() {
  const saved = store.get("rz:lang");
  if (saved === "fa" || saved === "en") return saved;
  const asked = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  return asked.some((l) => l.toLowerCase().startsWith("fa")) ? "fa" : "en";
}

export function applyTheme() {
  const saved = store.get("rz:theme");
  const dark = saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

export function header() {
  const dark = document.documentElement.dataset.theme === "dark";
  const other = S.lang === "fa" ? "en" : "fa";
  return `<header class="top">
    <a class="brand" href="/">${esc(t("brand"))}</a>
    <span class="spacer"></span>
    <button type="button" id="lang" lang="${other}" data-key="lang">${other === "fa" ? "فارسی" : "English"}</button>
    <button type="button" id="theme" aria-pressed="${dark}" data-key="theme">${esc(t(dark ? "theme_light" : "theme_dark"))}</button>
  </header>`;
}

export function bindHeader() {
  document.getElementById("lang").onclick = async () => {
    store.set("rz:lang", S.lang === "fa" ? "en" : "fa");
    await loadDict(store.get("rz:lang"));
    route();
  };
  document.getElementById("theme").onclick = () => {
    const dark = document.documentElement.dataset.theme === "dark";
    store.set("rz:theme", dark ? "light" : "dark");
    applyTheme();
    route();
  };
}

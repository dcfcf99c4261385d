// The page's header: the brand, the language and theme switches.
import { S, esc, loadDict, t } from "../components/util.js";
import { again } from "./nav.js";
import { saved } from "./saved.js";

export function pickLang() {
  const chosen = saved.get("rz:lang");
  if (chosen === "fa" || chosen === "en") return chosen;
  const asked = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  return asked.some((l) => l.toLowerCase().startsWith("fa")) ? "fa" : "en";
}

export function applyTheme() {
  const chosen = saved.get("rz:theme");
  const dark = chosen ? chosen === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
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
    saved.set("rz:lang", S.lang === "fa" ? "en" : "fa");
    await loadDict(saved.get("rz:lang"));
    again();
  };
  document.getElementById("theme").onclick = () => {
    const dark = document.documentElement.dataset.theme === "dark";
    saved.set("rz:theme", dark ? "light" : "dark");
    applyTheme();
    again();
  };
}

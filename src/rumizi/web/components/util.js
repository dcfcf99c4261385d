// Shared helpers: translation, Persian digits, HTML escaping.
export const S = { lang: "en", dict: {} };

const FA_DIGITS = "۰۱۲۳۴۵۶۷۸۹";

export async function loadDict(lang) {
  const r = await fetch(`/i18n/${lang}.json`);
  S.dict = await r.json();
  S.lang = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === "fa" ? "rtl" : "ltr";
}

/** A number (or any string with digits) in the interface's digits. */
export function num(x) {
  const s = String(x);
  return S.lang === "fa" ? s.replace(/[0-9]/g, (d) => FA_DIGITS[d]).replace(/\./g, "٫") : s;
}

/** The translation of `key`, with {placeholders} filled (numbers in the interface's digits). */
export function t(key, vars = {}) {
  const s = S.dict[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => {
    const v = vars[k];
    return typeof v === "number" ? num(v) : v ?? "";
  });
}

export function has(key) {
  return key in S.dict;
}

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ESC[c]);
}

export function join(items) {
  return items.join(S.lang === "fa" ? "، " : ", ");
}

/** A stable string for an action, to find it again in `legal`. */
export function key(action) {
  return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
}

/** The separator of short facts on one line (a middle dot reads as a Persian zero). */
export function sep() {
  return S.lang === "fa" ? "، " : " · ";
}

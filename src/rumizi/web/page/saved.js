// What this browser keeps between visits (localStorage, keys `rz:…`): the seat tokens of
// its rooms (`rz:tok:{id}`), the rooms it made (`rz:room:{id}`), the name it gave, the
// language, the theme and the sound. No DOM: only `localStorage`, read when asked.
export const saved = {
  get(k) {
    try {
      return JSON.parse(localStorage.getItem(k));
    } catch {
      return null;
    }
  },
  set(k, v) {
    try {
      localStorage.setItem(k, JSON.stringify(v));
    } catch {
      /* private mode: the URL still holds the token */
    }
  },
};

/** The name this person gave last (or ""). */
export function myName() {
  return saved.get("rz:name") || "";
}

// Love Letter's eight characters as small emblems (drawn for Rumizi, CC0): each card shows
// its emblem beside its name, value and text. A 24×24 grid, in the card's colour.
const G = "#d4a017"; // gold
const P = {
  guard: `<path d="M12 1l3 5h-2v15h-2V6H9z"/><path d="M7 14h10v2H7z"/><circle cx="12" cy="22" r="1.3"/>`,
  priest: `<path d="M2 12s4-6 10-6 10 6 10 6-4 6-10 6S2 12 2 12z"/><circle cx="12" cy="12" r="3.2" fill="#fff"/><circle cx="12" cy="12" r="1.6"/>`,
  baron: `<path d="M11 3h2v16h4v2H7v-2h4z"/><path d="M4 7h16v1.5H4z"/><path d="M5 8l-3 6a3 3 0 0 0 6 0zM19 8l-3 6a3 3 0 0 0 6 0z"/>`,
  handmaid: `<path d="M12 2l8 3v6c0 6-4 9-8 11-4-2-8-5-8-11V5z"/><path d="M12 6v12M7 11h10" stroke="#fff" stroke-width="1.6"/>`,
  prince: `<path d="M4 17l1-9 4 4 3-6 3 6 4-4 1 9z"/><rect x="4" y="18" width="16" height="2.5" rx="1"/>`,
  king: `<path d="M3 16l1-11 4 5 4-7 4 7 4-5 1 11z"/><rect x="3" y="17" width="18" height="3" rx="1"/><circle cx="12" cy="11" r="1.6" fill="#e63946"/>`,
  countess: `<path d="M2 9c3-3 7-3 10 0 3-3 7-3 10 0-1 4-4 6-7 5l-3-2-3 2c-3 1-6-1-7-5z"/><circle cx="7.5" cy="10" r="1.3" fill="#fff"/><circle cx="16.5" cy="10" r="1.3" fill="#fff"/><path d="M12 14v8" stroke="currentColor" stroke-width="1.6"/>`,
  princess: `<path d="M5 13l2-7 3 4 2-6 2 6 3-4 2 7z"/><path d="M12 22s-7-4-7-8a3.5 3.5 0 0 1 7-1 3.5 3.5 0 0 1 7 1c0 4-7 8-7 8z" fill="#e63946"/>`,
};
const COLOUR = {
  guard: "#5c677d", priest: "#6a4c93", baron: "#8d5524", handmaid: "#2a9d8f",
  prince: G, king: "#b8860b", countess: "#9d0208", princess: "#c9184a",
};

/** A character's emblem as inline SVG (decorative: the name is written on the card). */
export function emblem(id) {
  const body = P[id];
  if (!body) return "";
  return `<svg class="pic" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" style="color:${COLOUR[id]}" fill="currentColor">${body}</svg>`;
}

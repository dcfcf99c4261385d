// Ugha Bugha's 16 sounds and 4 gestures as small SVG pictures (drawn for Rumizi, CC0),
// in place of emoji, which need an emoji font the machine may not have. Each is drawn on
// a 24×24 grid in `currentColor` (the card's colour) with dark details.
const D = "#1b1b1b";
const P = {
  bunga: `<ellipse cx="12" cy="8" rx="8" ry="3"/><path d="M4 8v8c0 1.7 3.6 3 8 3s8-1.3 8-3V8c0 1.7-3.6 3-8 3S4 9.7 4 8z"/><path d="M6 3l5 5M18 3l-5 5" stroke="${D}" stroke-width="1.5" stroke-linecap="round"/>`,
  drok: `<path d="M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-4-1-6 1-9z"/><path d="M12 14c1 1 2 2 2 4a2 2 0 0 1-4 0c0-1 1-2 2-4z" fill="#ffd166"/>`,
  hupa: `<path d="M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z"/><path d="M9 15a3 3 0 0 0 3 3" stroke="#fff" stroke-width="1.5" fill="none" stroke-linecap="round"/>`,
  kaza: `<path d="M6 4a2.5 2.5 0 0 1 4 2.5l5 5A2.5 2.5 0 0 1 19 14a2.5 2.5 0 0 1-1.5 4.5A2.5 2.5 0 0 1 13 17l-5-5a2.5 2.5 0 0 1-2.5-4A2.5 2.5 0 0 1 6 4z"/>`,
  lumo: `<path d="M15 3a9 9 0 1 0 6 14A7 7 0 0 1 15 3z"/>`,
  mogo: `<circle cx="12" cy="12" r="5"/><g stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M12 1v3M12 20v3M1 12h3M20 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1"/></g>`,
  wuga: `<path d="M9 4c5-2 11 2 10 8-1 5-7 6-10 4L5 20l-2-2 4-4C5 11 5 6 9 4z"/><circle cx="4" cy="20" r="1.8"/><circle cx="13" cy="10" r="2" fill="${D}" opacity=".35"/>`,
  oktu: `<circle cx="12" cy="8" r="6"/><circle cx="7" cy="12" r="4"/><circle cx="17" cy="12" r="4"/><rect x="10.5" y="13" width="3" height="9" fill="#7a4b22"/>`,
  pafa: `<ellipse cx="12" cy="15" rx="8" ry="5"/><circle cx="8" cy="9" r="3"/><circle cx="16" cy="9" r="3"/><circle cx="8" cy="9" r="1.2" fill="${D}"/><circle cx="16" cy="9" r="1.2" fill="${D}"/><path d="M8 16q4 2 8 0" stroke="${D}" stroke-width="1.2" fill="none"/>`,
  rakka: `<path d="M2 12c4-6 11-6 15 0-4 6-11 6-15 0z"/><path d="M16 12l6-5v10z"/><circle cx="7" cy="11" r="1.2" fill="${D}"/>`,
  shuba: `<path d="M3 12a9 7 0 0 1 18 0z"/><rect x="9" y="12" width="6" height="9" rx="2" fill="#f1e3c6"/><circle cx="8" cy="9" r="1.3" fill="#fff"/><circle cx="14" cy="7" r="1.3" fill="#fff"/><circle cx="17" cy="10" r="1" fill="#fff"/>`,
  tonk: `<circle cx="6" cy="6" r="3"/><circle cx="18" cy="6" r="3"/><circle cx="12" cy="13" r="8"/><ellipse cx="12" cy="16" rx="3.5" ry="2.5" fill="#f1e3c6"/><circle cx="12" cy="15" r="1" fill="${D}"/><circle cx="9" cy="11" r="1" fill="#fff"/><circle cx="15" cy="11" r="1" fill="#fff"/>`,
  urgh: `<path d="M4 18c0-4 4-4 6-4s4 0 4-3-3-3-5-3-3-5 1-5 7 1 7 1" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/><path d="M4 18c0 3 6 3 12 2" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/><circle cx="18" cy="3.5" r="1" fill="${D}"/>`,
  vumba: `<path d="M4 3l4 5h8l4-5v10l-8 9-8-9z"/><circle cx="9" cy="12" r="1.2" fill="#fff"/><circle cx="15" cy="12" r="1.2" fill="#fff"/><path d="M10.5 17h3l-1.5 2z" fill="${D}"/>`,
  yiki: `<path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z"/>`,
  zog: `<ellipse cx="12" cy="13" rx="7" ry="9"/><path d="M8 9q2-2 3 0" stroke="#fff" stroke-width="1.4" fill="none" stroke-linecap="round"/>`,
  bang: `<rect x="5" y="7" width="14" height="10" rx="4"/><path d="M9 7v4M12 7v4M15 7v4" stroke="${D}" stroke-width="1.2"/><path d="M3 21h18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M5 3l1 2M12 2v2M19 3l-1 2" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>`,
  clap: `<path d="M7 21l-3-9 3-7 3 7 1 9z"/><path d="M17 21l3-9-3-7-3 7-1 9z"/><path d="M12 2v3M8 3l1.5 2.5M16 3l-1.5 2.5" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>`,
  tongue: `<circle cx="12" cy="11" r="9"/><circle cx="8.5" cy="8.5" r="1.3" fill="${D}"/><circle cx="15.5" cy="8.5" r="1.3" fill="${D}"/><path d="M7 13h10" stroke="${D}" stroke-width="1.5" stroke-linecap="round"/><path d="M10 13h4v5a2 2 0 0 1-4 0z" fill="#e5383b"/>`,
  repeat: `<path d="M5 10a7 7 0 0 1 12-4l2-2v6h-6l2-2a4.5 4.5 0 0 0-7.7 2z"/><path d="M19 14a7 7 0 0 1-12 4l-2 2v-6h6l-2 2a4.5 4.5 0 0 0 7.7-2z"/>`,
};

/** The picture of a card or item, as inline SVG in the given colour (decorative: the
 * card's name is always written next to it). */
export function picture(id, colour) {
  const body = P[id];
  if (!body) return "";
  return `<svg class="pic" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" style="color:${colour}" fill="currentColor">${body}</svg>`;
}

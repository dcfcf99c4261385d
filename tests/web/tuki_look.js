// How the Tuki table looks, checked in the page (tests/web/tuki_helpers.py, look_problems):
// controls outside the screen or covered, text spilling out of its box, a page wider than
// the screen.
() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const out = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden") return false;
    }
    return true;
  };
  const name = (el) => `${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className} «${(el.getAttribute("aria-label") || el.innerText || "").trim().slice(0, 30)}»`;
  for (const el of document.querySelectorAll("#game-root button, #game-root canvas, #game-root a[href]")) {
    if (!shown(el) || el.disabled) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
      out.push(`outside: ${name(el)} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === el || el.contains(hit))) out.push(`covered: ${name(el)} by ${hit ? name(hit) : "nothing"}`);
  }
  for (const el of document.querySelectorAll("#game-root *")) {
    if (!shown(el) || el.closest("svg, canvas") || !el.innerText?.trim()) continue;
    const s = getComputedStyle(el);
    if (s.display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1 || (el.scrollHeight > el.clientHeight + 1 && s.overflowY !== "visible"))
      out.push(`overflow: ${name(el)} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  if (document.scrollingElement.scrollWidth > vw + 1) out.push(`wider than the screen: ${document.scrollingElement.scrollWidth}`);
  return out;
}

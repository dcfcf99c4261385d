// The look checks of layout_check.py, run in the page: [scope] -> a list of problems.
([scope]) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const name = (el) => {
    if (!el) return "nothing";
    const label = el.getAttribute?.("aria-label") || el.innerText || el.getAttribute?.("data-key") || "";
    const cls = typeof el.className === "string" ? el.className.trim().split(/\s+/).slice(0, 3).join(".") : "";
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls ? "." + cls : ""} «${label.replace(/\s+/g, " ").trim().slice(0, 40)}»`;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  const out = [];
  const controls = "button, a[href], input:not([type=hidden]), select, textarea, canvas, summary, [role=button]";
  for (const part of scope) {
    for (const root of document.querySelectorAll(part)) {
      for (const el of root.querySelectorAll(controls)) {
        if (el.disabled || el.closest("[aria-disabled=true]") || el.closest("[inert]") || !shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
          out.push(`outside: ${name(el)} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} (screen ${vw}×${vh})`);
          continue;
        }
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit))) out.push(`covered: ${name(el)} by ${name(hit)}`);
      }
    }
  }
  for (const el of document.querySelectorAll("main *")) {
    if (!shown(el) || el.closest(".sr-only, svg, canvas, rz-log")) continue;
    if (!el.innerText?.trim()) continue; // a box with text in it
    const s = getComputedStyle(el);
    if (s.display === "inline" || ["auto", "scroll"].includes(s.overflowX) || ["auto", "scroll"].includes(s.overflowY)) continue;
    const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1 && s.overflowY !== "visible";
    if (el.clientWidth > 0 && (wide || tall))
      out.push(`overflow: ${name(el)} holds ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
  }
  const page = document.scrollingElement;
  if (page.scrollWidth > vw + 1) out.push(`wider than the screen: ${page.scrollWidth} > ${vw}`);
  return out;
}

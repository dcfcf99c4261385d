// Drawing the table again without replacing what did not change: a tap that lands while the
// table is redrawn (another builder moved, a clock ticked) still finds its button, and the
// canvases stay where they are. Elements are matched by position, tag and data-key/id.

/** Make `el`'s children look like `html`, keeping every element that matches. */
export function morph(el, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  patchChildren(el, fresh.content);
}

const keep = (n) => n.nodeType === 1 && n.hasAttribute("data-keep");
const id = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") ?? n.id : null);

function patchChildren(el, from) {
  const old = [...el.childNodes].filter((n) => !keep(n));
  const fresh = [...from.childNodes];
  fresh.forEach((n, i) => {
    const o = old[i];
    if (!o) el.append(n);
    else if (o.nodeType === n.nodeType && o.nodeName === n.nodeName && id(o) === id(n)) patch(o, n);
    else o.replaceWith(n);
  });
  for (const o of old.slice(fresh.length)) o.remove();
}

function patch(o, n) {
  if (o.nodeType !== 1) {
    if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
    return;
  }
  for (const { name } of [...o.attributes]) if (!n.hasAttribute(name)) o.removeAttribute(name);
  for (const { name, value } of [...n.attributes]) if (o.getAttribute(name) !== value) o.setAttribute(name, value);
  patchChildren(o, n);
}

// Tuki at the table: a 3D build area (three.js) with a tray, a ghost piece, keyboard and
// pointer building, the turned card as a picture and a small 3D model, the die, the other
// builders' builds and the results. three.js is imported only by this module.
import * as THREE from "../vendor/three/three.min.js";
import { esc, num, S, sep } from "../components/util.js";

const VOLUME = [12, 12, 10];
const STONES = ["grey", "blue", "purple", "orange"];
// Okabe–Ito colours (told apart by colour-blind players) plus a letter and a pattern each.
const LOOK = {
  grey: { colour: "#8f8f8f", letter: "G", pattern: "plain" },
  blue: { colour: "#0072b2", letter: "B", pattern: "stripes" },
  purple: { colour: "#cc79a7", letter: "P", pattern: "dots" },
  orange: { colour: "#e69f00", letter: "O", pattern: "checks" },
};
const SNOW = "#f4f8fb";
const AXES = ["x", "y", "z"];

const WORDS = {
  en: {
    status: "Round {r} · card {card} · {deck} cards left",
    build: "Your build area",
    tray: "Your pieces",
    piece: { grey: "grey stone (G)", blue: "blue stone (B)", purple: "purple stone (P)", orange: "orange stone (O)", snow1: "snow cube", snow2: "2-long snow", snow3: "3-long snow", snow4: "4-long snow" },
    turn: "Turn", remove: "Remove", undo: "Undo",
    up: "Up", down: "Down", front: "Front view", orbit: "Turn the view",
    ghost: "Ghost: {piece} along {axis} at x {x}, y {y}, height {z}",
    nothing: "Choose a piece in the tray, or select one of yours in the build.",
    keys: "Keys: arrows move, PageUp/PageDown height, R turn, Enter place, Delete remove, U undo, V view, F front, Esc lets go (then click a piece to pick it up).",
    stands: "Your build stands.",
    falls: "Would fall: {why}",
    card: "The card, turned: {animal} at the bottom",
    plain: "plain die: a stone must touch the table",
    white: "white square: no stone may touch the table",
    model: "The card as a 3D model (drag to turn)",
    others: "The other builders",
    pieces: "{n} pieces",
    declared: "done ({k})",
    building: "building",
    scout: "scout",
    out: "out",
    you: "you",
    results: "Last round: card {card}",
    ok: "correct",
    took: "{name} took the card",
    final: "Final round: the first correct build wins.",
    declared_wait: "You declared: waiting for the others.",
    animals: { "polar-bear": "polar bear", walrus: "walrus", "arctic-fox": "arctic fox" },
    taken: "Cards taken",
    hinted: "Hint: {piece} along {axis} at x {x}, y {y}, height {z} (shown pale in the build area; a solution with the stones placed as the card, low in the middle of the area).",
    practice: "Practice: no clock; a hint shows where one snow block of a solution goes.",
    result: "Cards taken: fewer is better.",
  },
  fa: {
    status: "دور {r}، کارت {card}، {deck} کارت مانده",
    build: "جای ساختن شما",
    tray: "مهره‌های شما",
    piece: { grey: "سنگ خاکستری (G)", blue: "سنگ آبی (B)", purple: "سنگ بنفش (P)", orange: "سنگ نارنجی (O)", snow1: "مکعب برفی", snow2: "برفی ۲تایی", snow3: "برفی ۳تایی", snow4: "برفی ۴تایی" },
    turn: "بچرخان", remove: "بردار", undo: "واگرد",
    up: "بالا", down: "پایین", front: "نمای روبه‌رو", orbit: "چرخاندن نما",
    ghost: "سایه: {piece} در راستای {axis}، x {x}، y {y}، ارتفاع {z}",
    nothing: "مهره‌ای از سینی برگزینید، یا یکی از مهره‌های ساختهٔ خود را.",
    keys: "کلیدها: جهت‌نماها جابه‌جا، PageUp/PageDown ارتفاع، R چرخش، Enter گذاشتن، Delete برداشتن، U واگرد، V نما، F روبه‌رو، Esc رها کردن (سپس برای برداشتن روی مهره کلیک کنید).",
    stands: "ساختهٔ شما پابرجاست.",
    falls: "می‌افتد: {why}",
    card: "کارتِ چرخیده: {animal} پایین",
    plain: "تاس ساده: دست‌کم یک سنگ باید به میز برسد",
    white: "مربع سفید: هیچ سنگی نباید به میز برسد",
    model: "کارت به شکل سه‌بعدی (برای چرخاندن بکشید)",
    others: "سازنده‌های دیگر",
    pieces: "{n} مهره",
    declared: "تمام ({k})",
    building: "در حال ساختن",
    scout: "پیش‌قراول",
    out: "بیرون",
    you: "شما",
    results: "دور پیش: کارت {card}",
    ok: "درست",
    took: "{name} کارت را برداشت",
    final: "دور پایانی: نخستین ساختهٔ درست می‌برد.",
    declared_wait: "«تمام» گفتید: منتظر بقیه.",
    animals: { "polar-bear": "خرس قطبی", walrus: "شیرماهی", "arctic-fox": "روباه قطبی" },
    taken: "کارت‌های برداشته",
    hinted: "راهنما: {piece} در راستای {axis}، x {x}، y {y}، ارتفاع {z} (کم‌رنگ در جای ساختن نشان داده شده؛ راه‌حلی که سنگ‌ها را مثل کارت، پایین و در میانهٔ جای ساختن می‌گذارد).",
    practice: "تمرین: بی‌زمان؛ راهنما جای یک بلوک برفیِ یک راه‌حل را نشان می‌دهد.",
    result: "کارت‌های برداشته: کمتر بهتر است.",
  },
};

function w(key, vars = {}) {
  const dict = WORDS[S.lang === "fa" ? "fa" : "en"];
  const s = key.split(".").reduce((d, k) => d?.[k], dict) ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (typeof vars[k] === "number" ? num(vars[k]) : vars[k] ?? ""));
}

const lengthOf = (piece) => (STONES.includes(piece) ? 5 : Number(piece.slice(4)));
const isStone = (piece) => STONES.includes(piece);

function cells(piece, axis, x, y, z) {
  const d = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] }[axis];
  return Array.from({ length: lengthOf(piece) }, (_, i) => [x + i * d[0], y + i * d[1], z + i * d[2]]);
}

// ------------------------------------------------------------------ the card, turned
function turnCell([x, y, z], turn) {
  if (turn === 90) return [z, y, -x];
  if (turn === 270) return [-z, y, x];
  return [x, y, z];
}

/** The card's stones turned by the rolled animal's edge, moved to the origin. */
function turnedStones(stones, turn) {
  const out = stones.map(([c, a, x, y, z]) => {
    const cs = cells(c, a, x, y, z).map((cell) => turnCell(cell, turn)).sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    const axis = cs[0][0] !== cs[1][0] ? "x" : cs[0][1] !== cs[1][1] ? "y" : "z";
    return [c, axis, ...cs[0]];
  });
  const low = [0, 1, 2].map((i) => Math.min(...out.flatMap(([c, a, x, y, z]) => cells(c, a, x, y, z).map((p) => p[i]))));
  return out.map(([c, a, x, y, z]) => [c, a, x - low[0], y - low[1], z - low[2]]);
}

/** The flat picture: a front view (x right, z up) with depth drawn up and to the right. */
function cardPicture(stones) {
  const size = 22, dx = 0.45, dz = 0.35;
  const cubes = stones.flatMap(([c, a, x, y, z]) => cells(c, a, x, y, z).map((p) => [c, ...p]));
  cubes.sort((p, q) => q[2] - p[2] || p[3] - q[3] || p[1] - q[1]);
  const maxX = Math.max(...cubes.map((p) => p[1] + p[2] * dx)) + 2;
  const maxZ = Math.max(...cubes.map((p) => p[3] + p[2] * dz)) + 2;
  const px = (x, y) => (x + y * dx) * size + 6;
  const pz = (z, y) => (maxZ - z - y * dz) * size;
  const faces = cubes.map(([c, x, y, z]) => {
    const { colour, letter } = LOOK[c] ?? { colour: SNOW, letter: "" };
    const front = `<rect x="${px(x, y)}" y="${pz(z + 1, y)}" width="${size}" height="${size}" fill="${colour}" stroke="#222" stroke-width="1"/>`;
    const top = `<polygon points="${px(x, y)},${pz(z + 1, y)} ${px(x + 1, y)},${pz(z + 1, y)} ${px(x + 1, y + 1)},${pz(z + 1, y + 1)} ${px(x, y + 1)},${pz(z + 1, y + 1)}" fill="${colour}" opacity="0.75" stroke="#222" stroke-width="0.6"/>`;
    const side = `<polygon points="${px(x + 1, y)},${pz(z + 1, y)} ${px(x + 1, y + 1)},${pz(z + 1, y + 1)} ${px(x + 1, y + 1)},${pz(z, y + 1)} ${px(x + 1, y)},${pz(z, y)}" fill="${colour}" opacity="0.55" stroke="#222" stroke-width="0.6"/>`;
    const mark = `<text x="${px(x, y) + size / 2}" y="${pz(z, y) - size / 3}" font-size="11" text-anchor="middle" fill="#fff" font-weight="700">${letter}</text>`;
    return side + top + front + mark;
  });
  return { body: faces.join(""), width: maxX * size + 12, height: maxZ * size + 6 };
}

/** Pieces moved so their lowest corner is at the origin (for a small picture). */
function atOrigin(pieces) {
  const all = pieces.flatMap(([c, a, x, y, z]) => cells(c, a, x, y, z));
  const low = [0, 1, 2].map((i) => Math.min(...all.map((p) => p[i])));
  return pieces.map(([c, a, x, y, z]) => [c, a, x - low[0], y - low[1], z - low[2]]);
}

// The die's three Arctic animals, drawn for Rumizi (40 × 40, no outside art).
const ICONS = {
  "polar-bear": `<circle cx="10" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/><circle cx="30" cy="10" r="6" fill="#fff" stroke="#333" stroke-width="2"/>
    <ellipse cx="20" cy="22" rx="14" ry="13" fill="#fff" stroke="#333" stroke-width="2"/><circle cx="15" cy="19" r="1.8" fill="#222"/><circle cx="25" cy="19" r="1.8" fill="#222"/>
    <ellipse cx="20" cy="27" rx="3.5" ry="2.5" fill="#222"/>`,
  walrus: `<ellipse cx="20" cy="17" rx="15" ry="12" fill="#a0785a" stroke="#333" stroke-width="2"/><circle cx="14" cy="13" r="1.8" fill="#222"/><circle cx="26" cy="13" r="1.8" fill="#222"/>
    <circle cx="16" cy="22" r="5" fill="#c9a27e" stroke="#333"/><circle cx="24" cy="22" r="5" fill="#c9a27e" stroke="#333"/>
    <path d="M14 25 L15 38 L18 26 Z M26 25 L25 38 L22 26 Z" fill="#fffbe8" stroke="#333" stroke-width="1.2"/>`,
  "arctic-fox": `<path d="M5 4 L14 15 L26 15 L35 4 L33 21 Q20 38 7 21 Z" fill="#eef2f5" stroke="#333" stroke-width="2" stroke-linejoin="round"/>
    <circle cx="15" cy="20" r="1.8" fill="#222"/><circle cx="25" cy="20" r="1.8" fill="#222"/><circle cx="20" cy="28" r="2.2" fill="#222"/>`,
};

function icon(animal, x, y, size = 34) {
  return `<g transform="translate(${x} ${y}) scale(${size / 40})"><title>${esc(w("animals." + animal))}</title>${ICONS[animal] ?? ""}</g>`;
}

/** Where each edge's icon lies once the card is turned: 0 bottom, 90 right, 180 top, 270 left. */
function edgesAfterTurn(icons, turn) {
  return Object.entries(icons).map(([edge, animal]) => [((Number(edge) - turn) % 360 + 360) % 360, animal]);
}

/** The card face: a title, the turned structure, and the three animals on their edges. */
function cardSvg(v) {
  const pic = cardPicture(turnedStones(v.card.stones, v.turn));
  const pad = 44, head = 26;
  const W = pic.width + 2 * pad, H = pic.height + 2 * pad + head;
  const spot = { 0: [W / 2 - 17, H - pad + 5], 90: [W - pad + 5, head + pad + pic.height / 2 - 17], 180: [W / 2 - 17, head + 5], 270: [5, head + pad + pic.height / 2 - 17] };
  const icons = edgesAfterTurn(v.card.icons, v.turn).map(([at, animal]) => icon(animal, ...spot[at])).join("");
  const title = `${S.lang === "fa" ? "توکی" : "Tuki"}${sep()}${v.card.id}`;
  return `<svg class="tk-card-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(w("card", { animal: w("animals." + v.die.animal) }))}">
    <rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="14" fill="#fff" stroke="#556" stroke-width="2"/>
    <text x="${W / 2}" y="20" text-anchor="middle" font-size="14" font-weight="700" fill="#223">${esc(title)}</text>
    <svg x="${pad}" y="${pad + head / 2}" width="${pic.width}" height="${pic.height}" viewBox="0 0 ${pic.width} ${pic.height}">${pic.body}</svg>${icons}</svg>`;
}

/** The die's face: the rolled animal, on a white square when the face has one. */
function dieSvg(v) {
  const white = v.die.rule === "white";
  return `<svg class="tk-die-svg" viewBox="0 0 60 60" width="52" height="52" aria-hidden="true">
    <rect x="2" y="2" width="56" height="56" rx="10" fill="#9fb3c8" stroke="#334" stroke-width="2"/>
    ${white ? '<rect x="9" y="9" width="42" height="42" fill="#fff" stroke="#334" stroke-width="1.5"/>' : ""}
    ${icon(v.die.animal, 13, 13, 34)}</svg>`;
}

// ------------------------------------------------------------------ 3D scenes
function pattern(look) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = look.colour;
  g.fillRect(0, 0, 64, 64);
  g.fillStyle = "rgba(255,255,255,0.35)";
  if (look.pattern === "stripes") for (let i = -64; i < 64; i += 16) { g.beginPath(); g.moveTo(i, 64); g.lineTo(i + 8, 64); g.lineTo(i + 72, 0); g.lineTo(i + 64, 0); g.fill(); }
  if (look.pattern === "dots") for (const [x, y] of [[12, 12], [52, 12], [12, 52], [52, 52]]) { g.beginPath(); g.arc(x, y, 6, 0, 7); g.fill(); }
  if (look.pattern === "checks") for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if ((i + j) % 2) g.fillRect(i * 16, j * 16, 16, 16);
  g.fillStyle = "#fff";
  g.font = "bold 34px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(look.letter, 32, 34);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

const materials = {};
function material(piece, ghost = false) {
  const key = `${piece}${ghost ? "-ghost" : ""}`;
  if (!materials[key]) {
    const m = isStone(piece) ? new THREE.MeshLambertMaterial({ map: pattern(LOOK[piece]) }) : new THREE.MeshLambertMaterial({ color: SNOW });
    if (ghost) Object.assign(m, { transparent: true, opacity: 0.45, depthWrite: false });
    materials[key] = m;
  }
  return materials[key];
}

const BOX = new THREE.BoxGeometry(0.98, 0.98, 0.98);
const EDGES = new THREE.EdgesGeometry(BOX);
const LINES = [new THREE.LineBasicMaterial({ color: 0x333333 }), new THREE.LineBasicMaterial({ color: 0x335577 })];

/** A piece as cubes (game x, y, z → three x, z up, −y), with dark edges. */
function pieceMesh(piece, axis, x, y, z, ghost = false) {
  const group = new THREE.Group();
  for (const [cx, cy, cz] of cells(piece, axis, x, y, z)) {
    const cube = new THREE.Mesh(BOX, material(piece, ghost));
    cube.position.set(cx + 0.5, cz + 0.5, -(cy + 0.5));
    cube.userData.piece = piece;
    const line = new THREE.LineSegments(EDGES, LINES[ghost ? 1 : 0]);
    line.position.copy(cube.position);
    group.add(cube, line);
  }
  group.userData.piece = piece;
  return group;
}

function lights(scene) {
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  sun.position.set(8, 14, 10);
  scene.add(sun);
}

/** A small orbiting view: a renderer, a camera on a sphere around a target. */
class View3D {
  constructor(width, height, target, radius) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.setSize(width, height);
    this.canvas = this.renderer.domElement;
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xe9eef2);
    lights(this.scene);
    this.camera = new THREE.PerspectiveCamera(40, width / height, 0.1, 200);
    this.target = target;
    this.radius = radius;
    this.front();
    this.content = new THREE.Group();
    this.scene.add(this.content);
    let drag = null;
    this.canvas.addEventListener("pointerdown", (e) => { if (e.button === 2 || e.shiftKey || this.dragOnly) drag = [e.clientX, e.clientY]; });
    window.addEventListener("pointerup", () => { drag = null; });
    this.canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    this.canvas.addEventListener("pointermove", (e) => {
      if (!drag) return;
      this.orbit((e.clientX - drag[0]) * 0.01, (e.clientY - drag[1]) * 0.01);
      drag = [e.clientX, e.clientY];
    });
  }

  /** The card's picture plane: looking along +y (three: −z), slightly from above. */
  front() {
    this.yaw = 0;
    this.pitch = 0.35;
    this.place();
  }

  orbit(dYaw, dPitch) {
    this.yaw += dYaw;
    this.pitch = Math.max(0.05, Math.min(1.45, this.pitch + dPitch));
    this.place();
  }

  place() {
    const [tx, ty, tz] = this.target;
    const r = this.radius;
    this.camera.position.set(tx + r * Math.sin(this.yaw) * Math.cos(this.pitch), ty + r * Math.sin(this.pitch), tz + r * Math.cos(this.yaw) * Math.cos(this.pitch));
    this.camera.lookAt(tx, ty, tz);
    this.draw();
  }

  draw() {
    this.renderer.render(this.scene, this.camera);
  }

  show(objects) {
    this.content.clear();
    for (const o of objects) this.content.add(o);
    this.draw();
  }
}

// ------------------------------------------------------------------ the table's state
const ui = {
  main: null, // the build area (kept across renders)
  model: null, // the card model
  grid: null,
  ghost: { piece: null, axis: "x", x: 3, y: 5, z: 0 },
  moving: null, // a placed piece being moved
  history: [], // my own actions, to undo
  intent: null, // an action sent; sent again if the position moved under it
  tries: 0,
  round: null,
  c: null,
};

function mine(c) {
  const v = c.view;
  return Object.fromEntries((v.builds[c.seat] ?? []).map(([p, a, x, y, z]) => [p, [a, x, y, z]]));
}

function building(c) {
  const v = c.view;
  return v.phase === "build" && v.to_act.includes(c.seat);
}

function myPieces(c) {
  return [...STONES.filter((s) => s !== "orange" || c.view.level === "advanced"), "snow1", "snow2", "snow3", "snow4"];
}

function send(c, action, undo) {
  if (undo !== undefined) ui.history.push(undo);
  ui.intent = action;
  ui.tries = 0;
  c.act(action);
}

/** Whether an action sent is now in the view (so it needs no resending). */
function applied(c, action) {
  const now = mine(c)[action.piece];
  switch (action.type) {
    case "place": return now && now.join() === [action.axis, action.x, action.y, action.z].join();
    case "move": return now && now.slice(1).join() === [action.x, action.y, action.z].join();
    case "turn": return now && now[0] === action.axis;
    case "remove": return !now;
    default: return c.view.done.includes(c.seat) || !building(c);
  }
}

function ghostAction() {
  const g = ui.ghost;
  if (ui.moving) return { type: "move", piece: ui.moving, x: g.x, y: g.y, z: g.z };
  return { type: "place", piece: g.piece, axis: g.axis, x: g.x, y: g.y, z: g.z };
}

function commit(c) {
  if (!building(c) || c.pending) return;
  const g = ui.ghost;
  const before = mine(c);
  if (ui.moving) {
    const [, x, y, z] = before[ui.moving];
    send(c, ghostAction(), { type: "move", piece: ui.moving, x, y, z });
    ui.moving = null;
    g.piece = null;
    return;
  }
  if (!g.piece || before[g.piece]) return;
  send(c, ghostAction(), { type: "remove", piece: g.piece });
  g.piece = myPieces(c).find((p) => !before[p] && p !== g.piece) ?? null;
}

function turnGhost(c) {
  const g = ui.ghost;
  if (!g.piece || lengthOf(g.piece) === 1) return;
  if (ui.moving) {
    const [axis] = mine(c)[ui.moving];
    const next = AXES[(AXES.indexOf(axis) + 1) % 3];
    send(c, { type: "turn", piece: ui.moving, axis: next }, { type: "turn", piece: ui.moving, axis });
    g.axis = next;
    return;
  }
  g.axis = AXES[(AXES.indexOf(g.axis) + 1) % 3];
}

function removeSelected(c) {
  if (!ui.moving) return;
  const [axis, x, y, z] = mine(c)[ui.moving];
  send(c, { type: "remove", piece: ui.moving }, { type: "place", piece: ui.moving, axis, x, y, z });
  ui.moving = null;
  ui.ghost.piece = null;
}

function undo(c) {
  const last = ui.history.pop();
  if (last) {
    ui.intent = last;
    c.act(last);
  }
}

function nudge(dx, dy, dz) {
  const g = ui.ghost;
  g.x = Math.max(0, Math.min(VOLUME[0] - 1, g.x + dx));
  g.y = Math.max(0, Math.min(VOLUME[1] - 1, g.y + dy));
  g.z = Math.max(0, Math.min(VOLUME[2] - 1, g.z + dz));
}

function choose(c, piece) {
  const placed = mine(c)[piece];
  ui.ghost.piece = piece;
  if (placed) {
    ui.moving = piece;
    [ui.ghost.axis, ui.ghost.x, ui.ghost.y, ui.ghost.z] = placed;
  } else {
    ui.moving = null;
    if (lengthOf(piece) === 1) ui.ghost.axis = "z";
  }
}

function onKey(e) {
  const c = ui.c;
  if (!c) return;
  const k = e.key;
  const moves = { ArrowLeft: [-1, 0, 0], ArrowRight: [1, 0, 0], ArrowUp: [0, 1, 0], ArrowDown: [0, -1, 0], PageUp: [0, 0, 1], PageDown: [0, 0, -1] };
  if (moves[k]) nudge(...moves[k]);
  else if (k === "r" || k === "R") turnGhost(c);
  else if (k === "Enter") commit(c);
  else if (k === "Delete" || k === "Backspace") removeSelected(c);
  else if (k === "u" || k === "U") undo(c);
  else if (k === "v" || k === "V") return e.preventDefault(), ui.main.orbit(Math.PI / 8, 0);
  else if (k === "f" || k === "F") return e.preventDefault(), ui.main.front();
  else if (k === "Escape") {
    ui.moving = null;
    ui.ghost.piece = null;
  }
  else return;
  e.preventDefault();
  drawBuild(c);
  describeGhost(c);
}

/** The cell under the pointer: on top of a cube, or on the table. */
function pick(e, c) {
  const rect = ui.main.canvas.getBoundingClientRect();
  const pointer = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
  const ray = new THREE.Raycaster();
  ray.setFromCamera(pointer, ui.main.camera);
  const solid = ui.main.content.children.filter((o) => o.userData.solid);
  const hit = ray.intersectObjects([...solid, ui.floor], true)[0];
  if (!hit) return null;
  if (hit.object === ui.floor) return { cell: [Math.floor(hit.point.x), Math.floor(-hit.point.z), 0], piece: null };
  const p = hit.object.position;
  const below = [Math.floor(p.x), Math.floor(-p.z), Math.floor(p.y)];
  return { cell: [below[0], below[1], below[2] + 1], piece: hit.object.userData.piece };
}

function bindMain(c) {
  const view = ui.main;
  view.canvas.tabIndex = 0;
  view.canvas.dataset.key = "tk-canvas"; // the table keeps its focus across updates
  view.canvas.setAttribute("role", "application");
  view.canvas.setAttribute("aria-label", w("build"));
  view.canvas.addEventListener("keydown", onKey);
  view.canvas.addEventListener("pointermove", (e) => {
    if (e.buttons || !ui.ghost.piece) return;
    const at = pick(e, ui.c);
    if (!at) return;
    [ui.ghost.x, ui.ghost.y, ui.ghost.z] = at.cell.map((v, i) => Math.max(0, Math.min(VOLUME[i] - 1, v)));
    drawBuild(ui.c);
    describeGhost(ui.c);
  });
  view.canvas.addEventListener("click", (e) => {
    if (e.shiftKey) return;
    const at = pick(e, ui.c);
    if (!ui.ghost.piece && at?.piece) {
      choose(ui.c, at.piece);
    } else if (ui.ghost.piece) {
      commit(ui.c);
    }
    drawBuild(ui.c);
    describeGhost(ui.c);
  });
}

function drawBuild(c) {
  const objects = [ui.grid];
  for (const [p, [a, x, y, z]] of Object.entries(mine(c))) {
    const mesh = pieceMesh(p, a, x, y, z);
    mesh.userData.solid = true;
    if (p === ui.moving) mesh.visible = false;
    objects.push(mesh);
  }
  for (const [p, a, x, y, z] of c.view.hints ?? []) if (!mine(c)[p]) objects.push(pieceMesh(p, a, x, y, z, true));
  const g = ui.ghost;
  if (g.piece && building(c)) objects.push(pieceMesh(g.piece, g.axis, g.x, g.y, g.z, true));
  objects.push(ui.floor);
  ui.main.show(objects);
}

function describeGhost(c) {
  const el = document.getElementById("tk-ghost");
  if (!el) return;
  const g = ui.ghost;
  el.textContent = g.piece ? w("ghost", { piece: w(`piece.${g.piece}`), axis: g.axis, x: g.x, y: g.y, z: g.z }) : w("nothing");
}

const STYLE = `
.tk-table { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.tk-build { flex: 1 1 560px; min-width: 0; }
.tk-stage canvas { max-width: 100%; height: auto; border-radius: 8px; outline-offset: 3px; }
.tk-side { flex: 0 1 300px; }
.tk-card-svg { width: 100%; max-height: 300px; }
.tk-model canvas { border-radius: 6px; }
.tk-tray { display: flex; flex-wrap: wrap; gap: .3rem; margin: .5rem 0; }
.tk-piece { border: 3px solid #ccd; border-radius: 6px; }
.tk-piece.placed { opacity: .6; }
.tk-piece.chosen { outline: 3px solid #222; }
.tk-statics.falls { color: #b00020; font-weight: 600; }
.tk-die { display: flex; align-items: center; gap: .5rem; margin-top: .4rem; }
.tk-die-face { font-size: 2rem; border: 2px solid #444; border-radius: 8px; padding: 0 .3rem; position: relative; }
.tk-die-face.white { background: #fff; }
.tk-square { font-size: 1rem; position: absolute; inset-inline-end: 2px; bottom: 0; }
.tk-small { display: block; width: 140px; max-height: 110px; background: #fff; border-radius: 4px; margin-block: .2rem; }
.tk-chip { display: inline-block; width: 1.2em; text-align: center; color: #fff; border-radius: 3px; font-weight: 700; }
.tk-results .ok { color: #1b7f3b; } .tk-results .wrong { color: #b00020; }
`;

function ensureViews() {
  if (ui.main) return;
  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.append(style);
  ui.main = new View3D(560, 420, [6, 2, -6], 17);
  ui.grid = new THREE.GridHelper(12, 12, 0x557788, 0xaabbcc);
  ui.grid.position.set(6, 0, -6);
  ui.floor = new THREE.Mesh(new THREE.PlaneGeometry(12, 12), new THREE.MeshBasicMaterial({ color: 0xdde6ec }));
  ui.floor.rotation.x = -Math.PI / 2;
  ui.floor.position.set(6, -0.001, -6);
  bindMain();
  ui.model = new View3D(220, 180, [2.5, 2.5, -1.5], 12);
  ui.model.dragOnly = true;
  ui.model.canvas.setAttribute("aria-hidden", "true");
}

function newRound(c) {
  const v = c.view;
  const key = `${v.round}/${v.card.id}`;
  if (ui.round === key) return;
  ui.round = key;
  ui.history = [];
  ui.moving = null;
  ui.intent = null;
  Object.assign(ui.ghost, { piece: myPieces(c)[0], axis: "x", x: 3, y: 5, z: 0 });
  const stones = turnedStones(v.card.stones, v.turn);
  ui.model.show(stones.map(([p, a, x, y, z]) => pieceMesh(p, a, x, y, z)));
}

// ------------------------------------------------------------------ HTML around it
function dieHtml(v) {
  return `<div class="tk-die" role="img" aria-label="${esc(w("animals." + v.die.animal))}, ${esc(w(v.die.rule))}">
    ${dieSvg(v)}
    <span class="label"><strong>${esc(w("animals." + v.die.animal))}</strong> — ${esc(w(v.die.rule))}</span></div>`;
}

function othersHtml(c) {
  const v = c.view;
  return c.names
    .map((name, p) => {
      if (p === c.seat) return "";
      const state = v.out.includes(p) ? w("out") : v.done.includes(p) ? w("declared", { k: v.done.indexOf(p) + 1 }) : v.builders.includes(p) ? w("building") : w("scout");
      const build = v.builds[p] ?? [];
      const stones = build.filter(([piece]) => isStone(piece)).map(([piece]) => `<span class="tk-chip" style="background:${LOOK[piece].colour}">${LOOK[piece].letter}</span>`).join("");
      const picture = build.length ? cardPicture(atOrigin(build)) : null;
      const small = picture ? `<svg class="tk-small" viewBox="0 0 ${picture.width} ${picture.height}" aria-hidden="true">${picture.body}</svg>` : "";
      return `<li data-seat="${p}"><strong>${esc(name)}</strong> — ${esc(state)}${sep()}${esc(w("pieces", { n: build.length }))} ${stones}${small}</li>`;
    })
    .join("");
}

/** A build's problems (catalogue message references from the rules) in the reader's words. */
function told(c, problems) {
  return problems.map((p) => c.tell(p)).join(S.lang === "fa" ? "؛ " : "; ");
}

function resultsHtml(c) {
  const last = c.view.last;
  if (!last || !last.results.length) return "";
  const rows = last.results
    .map((r) => `<li data-seat="${r.seat}" class="${r.ok ? "ok" : "wrong"}"><strong>${esc(c.names[r.seat])}</strong>: ${r.ok ? esc(w("ok")) : esc(told(c, r.problems))}</li>`)
    .join("");
  const took = last.taker !== null ? `<p>${esc(w("took", { name: c.names[last.taker] }))}</p>` : "";
  return `<section class="tk-results" aria-labelledby="tk-res-h"><h3 id="tk-res-h">${esc(w("results", { card: last.card }))}</h3><ul>${rows}</ul>${took}</section>`;
}

function controlsHtml(c) {
  if (!building(c)) return c.view.done.includes(c.seat) ? `<p role="status">${esc(w("declared_wait"))}</p>` : "";
  const placed = mine(c);
  const tray = myPieces(c)
    .map((p) => {
      const look = LOOK[p];
      const style = look ? `border-color:${look.colour}` : "";
      const state = placed[p] ? "placed" : "free";
      return `<button type="button" class="tk-piece ${state} ${ui.ghost.piece === p ? "chosen" : ""}" data-piece="${p}" data-key="tk-${p}" style="${style}" aria-pressed="${ui.ghost.piece === p}">${esc(w(`piece.${p}`))}</button>`;
    })
    .join("");
  const button = (id, label, cls = "", text = w(label)) => `<button type="button" class="${cls}" data-tk="${id}" data-key="tk-${id}">${esc(text)}</button>`;
  const action = (id, kind, cls = "") => button(id, kind, cls, c.word(`action.${kind}`)); // the catalogue's words
  return `<div class="tk-tray" role="group" aria-label="${esc(w("tray"))}">${tray}</div>
    <div class="choices" role="group">${button("turn", "turn")}${button("up", "up")}${button("down", "down")}${action("place", ui.moving ? "move" : "place", "primary")}${button("remove", "remove")}${button("undo", "undo")}${button("front", "front")}${button("orbit", "orbit")}${c.legal.some((a) => a.type === "hint") ? action("hint", "hint") : ""}${action("done", "done", "primary")}</div>
    <p class="label" id="tk-ghost" role="status"></p><p class="label">${esc(w("keys"))}</p>`;
}

export default {
  id: "tuki",
  scoreLabel: "score",

  status(c) {
    const v = c.view;
    return w("status", { r: v.round, card: v.card.id, deck: v.deck });
  },

  keepUi() {
    return {};
  },

  resultText() {
    return w("result");
  },

  render(c) {
    const v = c.view;
    const falls = v.falls[c.seat] ?? [];
    const statics = (v.builds[c.seat] ?? []).length
      ? `<p class="tk-statics ${falls.length ? "falls" : ""}" role="status" id="tk-statics">${esc(falls.length ? w("falls", { why: told(c, falls) }) : w("stands"))}</p>`
      : "";
    const taken = c.names.map((name, p) => `${esc(name)}: ${num(v.taken[p].length)}`).join(sep());
    const hints = (v.hints ?? []).map(([p, a, x, y, z]) => `<p class="label tk-hint" role="status">${esc(w("hinted", { piece: w(`piece.${p}`), axis: a, x, y, z }))}</p>`).join("");
    return `<div class="tk-table">
      <section class="tk-build" aria-label="${esc(w("build"))}">
        ${v.final ? `<p class="badge">${esc(w("final"))}</p>` : ""}${v.practice ? `<p class="label">${esc(w("practice"))}</p>` : ""}${hints}
        <div id="tk-stage" class="tk-stage"></div>${statics}${controlsHtml(c)}
      </section>
      <aside class="tk-side">
        <section class="tk-card" aria-label="${esc(w("card", { animal: w("animals." + v.die.animal) }))}">
          <h3>${esc(w("card", { animal: w("animals." + v.die.animal) }))}</h3>
          ${cardSvg(v)}
          <div id="tk-model" class="tk-model" title="${esc(w("model"))}"></div>
          ${dieHtml(v)}
        </section>
        <section aria-label="${esc(w("others"))}"><h3>${esc(w("others"))}</h3><ul class="tk-others">${othersHtml(c)}</ul></section>
        ${resultsHtml(c)}
        <p class="label">${esc(w("taken"))}: ${taken}</p>
      </aside></div>`;
  },

  bind(root, c) {
    ui.c = c;
    ensureViews();
    newRound(c);
    if (ui.intent && !c.pending) {
      if (applied(c, ui.intent) || ui.tries >= 3) ui.intent = null;
      else {
        ui.tries += 1;
        c.act(ui.intent); // the position moved under it (another builder acted): again
      }
    }
    root.querySelector("#tk-stage").append(ui.main.canvas);
    root.querySelector("#tk-model").append(ui.model.canvas);
    for (const b of root.querySelectorAll("[data-piece]")) b.onclick = () => { choose(c, b.dataset.piece); drawBuild(c); describeGhost(c); ui.main.canvas.focus(); };
    const actions = {
      turn: () => turnGhost(c), up: () => nudge(0, 0, 1), down: () => nudge(0, 0, -1), place: () => commit(c),
      remove: () => removeSelected(c), undo: () => undo(c), front: () => ui.main.front(), orbit: () => ui.main.orbit(Math.PI / 8, 0),
      done: () => send(c, { type: "done" }),
      hint: () => c.act({ type: "hint" }),
    };
    for (const b of root.querySelectorAll("[data-tk]")) b.onclick = () => { actions[b.dataset.tk](); drawBuild(c); describeGhost(c); };
    drawBuild(c);
    describeGhost(c);
  },
};

// The build area: the piece in hand (the ghost), where a tap, the pointer, the pad or the
// keys put it, and the build drawn from the server's view with the ghost and the hints.
import { View3D, buildArea, pieceMesh } from "./scene.js";
import { AXES, afterMove, buildOf, inside, lengthOf, levelPieces } from "./pieces.js";
import { building, expectedBuild, moves, resetMoves, submit, undoLast } from "./moves.js";
import { lang, placeWords, w } from "./words.js";

export const ui = {
  main: null, // the build area's view (kept across renders)
  model: null, // the card as a small 3D model
  area: null, // the grid and the floor
  ghost: { piece: null, axis: "x", x: 3, y: 5, z: 0 },
  moving: null, // a placed piece being moved
  round: null,
  c: null, // the table's context at the last drawing
  cardIn3d: false, // the phone's card strip shows the 3D model instead of the picture
  dom: null, // the table's element, kept across the shell's redraws
};

/** Whether the page is used by touch: the device says so when the page opens (no hovering
 * pointer), or a finger touched the table since. Then the help tells gestures, not keys. */
let touched = matchMedia("(hover: none), (pointer: coarse)").matches;
export const touchFirst = () => touched;
addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") touched = true; }, { capture: true });

export function ensureViews() {
  if (ui.main) return;
  ui.main = new View3D(560, 420, [6, 2, -6], 17, {
    zoom: [8, 30],
    onTap: (e) => tapAt(ui.c, e.clientX, e.clientY),
    onHover: (e) => hoverAt(ui.c, e.clientX, e.clientY),
    onTurn: () => describeView(),
  });
  ui.area = buildArea();
  const canvas = ui.main.canvas;
  canvas.dataset.keep = ""; // kept in place when the table is drawn again
  canvas.tabIndex = 0;
  canvas.dataset.key = "tk-canvas"; // the table keeps its focus across updates
  canvas.setAttribute("role", "application");
  canvas.addEventListener("keydown", onKey);
  ui.model = new View3D(220, 180, [2.5, 2.5, -1.5], 12, { zoom: [7, 20] });
  ui.model.canvas.setAttribute("aria-hidden", "true");
  ui.model.canvas.dataset.keep = "";
}

/** A new round (or match): nothing in hand but the first piece, nothing on the way. */
export function newRound(c, turnedCard) {
  const v = c.view;
  const key = `${c.room?.match}/${v.round}/${v.card.id}`;
  if (ui.round === key) return;
  ui.round = key;
  ui.moving = null;
  resetMoves();
  Object.assign(ui.ghost, { piece: levelPieces(v.level)[0], axis: "x", x: 3, y: 5, z: 0 });
  ui.model.show(turnedCard.map(([p, a, x, y, z]) => pieceMesh(p, a, x, y, z, lang())));
}

/** The next piece still in the tray (not down and not on its way down). */
function nextPiece(c, after) {
  const build = expectedBuild(c);
  const pieces = levelPieces(c.view.level);
  const from = pieces.indexOf(after);
  return [...pieces.slice(from + 1), ...pieces.slice(0, from + 1)].find((p) => !build[p]) ?? null;
}

/** Take a piece: from the tray, or a placed one to move, turn or remove. */
export function choose(c, piece) {
  const placed = expectedBuild(c)[piece];
  ui.ghost.piece = piece;
  if (placed) {
    ui.moving = piece;
    [ui.ghost.axis, ui.ghost.x, ui.ghost.y, ui.ghost.z] = placed;
  } else {
    ui.moving = null;
    if (lengthOf(piece) === 1) ui.ghost.axis = "z";
    keepInside();
  }
}

/** Where the picked-up piece lies; none when it left the table meanwhile (undone, or a
 * new round): then it is simply in hand, to put down again. */
function movingSpot(c) {
  const spot = ui.moving ? expectedBuild(c)[ui.moving] : null;
  if (!spot) ui.moving = null;
  return spot;
}

export function letGo() {
  ui.moving = null;
  ui.ghost.piece = null;
}

function keepInside() {
  const g = ui.ghost;
  if (g.piece) [g.x, g.y, g.z] = inside(g.piece, g.axis, g.x, g.y, g.z);
}

/** Move the ghost one step as seen on screen: right, away from the viewer, up. Screen
 * directions follow the view, turned to the nearest quarter. */
export function nudge(right, away, up) {
  const g = ui.ghost;
  const q = ui.main.quarter();
  const [rx, ry] = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] }[q]; // screen right, in the game's x, y
  const [ax, ay] = [-ry, rx]; // away from the viewer
  g.x += right * rx + away * ax;
  g.y += right * ry + away * ay;
  g.z += up;
  keepInside();
}

export function turnGhost(c) {
  const g = ui.ghost;
  if (!g.piece || lengthOf(g.piece) === 1) return;
  const spot = movingSpot(c);
  if (spot) {
    const [axis] = spot;
    const next = AXES[(AXES.indexOf(axis) + 1) % 3];
    if (submit(c, { type: "turn", piece: ui.moving, axis: next }, { type: "turn", piece: ui.moving, axis })) g.axis = next;
    return;
  }
  g.axis = AXES[(AXES.indexOf(g.axis) + 1) % 3];
  keepInside();
}

/** Put the piece in hand down where the ghost is (or move the picked-up piece there). */
export function commit(c) {
  const g = ui.ghost;
  if (!building(c) || !g.piece) return;
  const spot = movingSpot(c);
  if (spot) {
    const [, x, y, z] = spot;
    if (submit(c, { type: "move", piece: ui.moving, x: g.x, y: g.y, z: g.z }, { type: "move", piece: ui.moving, x, y, z })) letGo();
    return;
  }
  const action = { type: "place", piece: g.piece, axis: lengthOf(g.piece) === 1 ? "z" : g.axis, x: g.x, y: g.y, z: g.z };
  if (submit(c, action, { type: "remove", piece: g.piece })) {
    g.piece = nextPiece(c, g.piece);
    if (g.piece && lengthOf(g.piece) === 1) g.axis = "z";
    else if (g.axis === "z" && action.piece === "snow1") g.axis = "x";
    keepInside();
  }
}

export function removeSelected(c) {
  const spot = movingSpot(c);
  if (!spot) return;
  const [axis, x, y, z] = spot;
  if (submit(c, { type: "remove", piece: ui.moving }, { type: "place", piece: ui.moving, axis, x, y, z })) letGo();
}

export const undo = (c) => undoLast(c);

/** Where the piece in hand goes for what a tap hit: the floor's cell, or the cell beside
 * the face of a piece (a piece put against a face on its low side ends at that face). */
function targetCell(hit) {
  const g = ui.ghost;
  const cell = [...hit.cell];
  if (hit.face) {
    hit.face.forEach((d, i) => {
      cell[i] += d;
      if (d < 0 && AXES[i] === g.axis) cell[i] -= lengthOf(g.piece) - 1;
    });
  }
  return inside(g.piece, g.axis, ...cell);
}

/** A tap (or click) on the build area: bring the piece in hand there, or put it down when
 * it is there already; with nothing in hand, pick up the placed piece tapped. */
export function tapAt(c, x, y) {
  if (!c || !building(c)) return;
  const hit = ui.main.pick(x, y);
  const g = ui.ghost;
  if (!g.piece) {
    if (hit?.piece) choose(c, hit.piece);
  } else if (hit) {
    const [tx, ty, tz] = targetCell(hit);
    if (tx === g.x && ty === g.y && tz === g.z) commit(c);
    else [g.x, g.y, g.z] = [tx, ty, tz];
  }
  redraw(c);
}

/** The mouse over the build area: the ghost follows it. */
function hoverAt(c, x, y) {
  if (!c || !building(c) || !ui.ghost.piece) return;
  const hit = ui.main.pick(x, y);
  if (!hit) return;
  const [tx, ty, tz] = targetCell(hit);
  const g = ui.ghost;
  if (tx === g.x && ty === g.y && tz === g.z) return;
  [g.x, g.y, g.z] = [tx, ty, tz];
  drawBuild(c);
  describeGhost(c);
}

// Keys by their place on the keyboard (e.code), so a Persian layout works the same.
const KEYS = {
  ArrowLeft: () => nudge(-1, 0, 0), ArrowRight: () => nudge(1, 0, 0), ArrowUp: () => nudge(0, 1, 0), ArrowDown: () => nudge(0, -1, 0),
  PageUp: () => nudge(0, 0, 1), PageDown: () => nudge(0, 0, -1),
  KeyR: (c) => turnGhost(c), Enter: (c) => commit(c), NumpadEnter: (c) => commit(c),
  Delete: (c) => removeSelected(c), Backspace: (c) => removeSelected(c), KeyU: (c) => undo(c),
  KeyV: () => ui.main.orbit(Math.PI / 8, 0), KeyF: () => ui.main.front(), Escape: () => letGo(),
};

function onKey(e) {
  const c = ui.c;
  const run = KEYS[e.code] ?? KEYS[e.key];
  if (!c || !run || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  run(c);
  redraw(c);
}

/** Draw the build area and say where the ghost is (and why a move was refused). */
export function redraw(c) {
  drawBuild(c);
  describeGhost(c);
}

export function drawBuild(c) {
  const objects = [ui.area.grid];
  const me = lang();
  for (const [p, [a, x, y, z]] of Object.entries(buildOf(c.view, c.seat))) {
    if (p === ui.moving) continue;
    const mesh = pieceMesh(p, a, x, y, z, me);
    mesh.userData.solid = true;
    objects.push(mesh);
  }
  const mine = buildOf(c.view, c.seat);
  for (const [p, a, x, y, z] of c.view.hints ?? []) if (!mine[p]) objects.push(pieceMesh(p, a, x, y, z, me, "ghost"));
  const g = ui.ghost;
  if (g.piece && building(c)) objects.push(pieceMesh(g.piece, g.axis, g.x, g.y, g.z, me, ghostFits(c) ? "ghost" : "blocked"));
  objects.push(ui.area.floor);
  ui.main.show(objects);
}

/** Whether the ghost could be put down (or the piece moved) where it is now. */
function ghostFits(c) {
  const g = ui.ghost;
  movingSpot(c);
  const action = ui.moving
    ? { type: "move", piece: ui.moving, x: g.x, y: g.y, z: g.z }
    : { type: "place", piece: g.piece, axis: g.axis, x: g.x, y: g.y, z: g.z };
  const build = expectedBuild(c);
  if (ui.moving && build[ui.moving]?.slice(1).join() === [g.x, g.y, g.z].join()) return true;
  return !afterMove(build, action).refused;
}

export function describeGhost(c) {
  const el = document.getElementById("tk-ghost");
  if (el) {
    const g = ui.ghost;
    el.textContent = g.piece
      ? placeWords(c.word(`piece.${g.piece}`), g.piece, g.axis, g.x, g.y, g.z, ui.moving ? "moving" : "ghost")
      : w("nothing");
  }
  const no = document.getElementById("tk-refused");
  if (no) no.textContent = moves.refusal ?? "";
}

/** From which side the build is seen, said under it. */
export function describeView() {
  const el = document.getElementById("tk-view");
  if (el && ui.main) el.textContent = w(`seen.${ui.main.quarter()}`);
}

// Tuki's pieces as the page knows them: cells, the card's turned stones, and the same
// checks the rules make of a build move (in the volume, no overlap, not down twice), so
// the page can say why a move can't be made before it is sent, in the reader's words.

export const VOLUME = [12, 12, 10];
export const STONES = ["grey", "blue", "purple", "orange"];
export const SNOWS = ["snow1", "snow2", "snow3", "snow4"];
export const AXES = ["x", "y", "z"];
export const SNOW = "#f4f8fb";

/** Okabe–Ito colours (told apart by colour-blind players) plus a letter and a pattern each:
 * the letter is the colour's initial in the reader's language. */
export const LOOK = {
  grey: { colour: "#8f8f8f", letter: { en: "G", fa: "خ" }, pattern: "plain" },
  blue: { colour: "#0072b2", letter: { en: "B", fa: "آ" }, pattern: "stripes" },
  purple: { colour: "#cc79a7", letter: { en: "P", fa: "ب" }, pattern: "dots" },
  orange: { colour: "#e69f00", letter: { en: "O", fa: "ن" }, pattern: "checks" },
};

export const isStone = (piece) => STONES.includes(piece);
export const lengthOf = (piece) => (isStone(piece) ? 5 : Number(piece.slice(4)));

const STEP = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/** The cells a piece covers, from its lowest cell along its axis. */
export function cells(piece, axis, x, y, z) {
  const d = STEP[axis];
  return Array.from({ length: lengthOf(piece) }, (_, i) => [x + i * d[0], y + i * d[1], z + i * d[2]]);
}

/** A builder's pieces: the level's stones, then the four snow blocks. */
export function levelPieces(level) {
  return [...STONES.filter((s) => s !== "orange" || level === "advanced"), ...SNOWS];
}

/** The seat's build as `{piece: [axis, x, y, z]}`. */
export function buildOf(view, seat) {
  return Object.fromEntries((view.builds[seat] ?? []).map(([p, a, x, y, z]) => [p, [a, x, y, z]]));
}

/** The lowest cell that keeps the piece inside the volume, as near (x, y, z) as it can be. */
export function inside(piece, axis, x, y, z) {
  const long = lengthOf(piece) - 1;
  const top = VOLUME.map((n, i) => n - 1 - (AXES[i] === axis ? long : 0));
  return [x, y, z].map((v, i) => Math.max(0, Math.min(top[i], v)));
}

// ------------------------------------------------------------------ the card, turned
function turnCell([x, y, z], turn) {
  if (turn === 90) return [z, y, -x];
  if (turn === 270) return [-z, y, x];
  return [x, y, z];
}

/** The card's stones turned by the rolled animal's edge, moved to the origin. */
export function turnedStones(stones, turn) {
  const out = stones.map(([c, a, x, y, z]) => {
    const cs = cells(c, a, x, y, z)
      .map((cell) => turnCell(cell, turn))
      .sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    const axis = cs[0][0] !== cs[1][0] ? "x" : cs[0][1] !== cs[1][1] ? "y" : "z";
    return [c, axis, ...cs[0]];
  });
  return atOrigin(out);
}

/** Pieces moved so their lowest corner is at the origin (for a small picture). */
export function atOrigin(pieces) {
  const all = pieces.flatMap(([c, a, x, y, z]) => cells(c, a, x, y, z));
  const low = [0, 1, 2].map((i) => Math.min(...all.map((p) => p[i])));
  return pieces.map(([c, a, x, y, z]) => [c, a, x - low[0], y - low[1], z - low[2]]);
}

// ------------------------------------------------------------------ the rules' checks
/** The build after `action`, or why the rules refuse it: `{refused: {key, args}}` with a
 * key of the page's words (`no.*`) — the same reasons the server gives, said by the page. */
export function afterMove(build, action) {
  const piece = action.piece;
  const next = { ...build };
  const no = (key, args = {}) => ({ refused: { key: `no.${key}`, args: { piece, ...args } } });
  if (action.type === "place") {
    if (build[piece]) return no("down");
    next[piece] = [lengthOf(piece) === 1 ? "z" : action.axis, action.x, action.y, action.z];
  } else if (!build[piece]) {
    return no("not_down");
  } else if (action.type === "remove") {
    delete next[piece];
    return { build: next };
  } else if (action.type === "move") {
    next[piece] = [build[piece][0], action.x, action.y, action.z];
    if (next[piece].join() === build[piece].join()) return no("there");
  } else if (action.type === "turn") {
    if (lengthOf(piece) === 1) return no("cube");
    next[piece] = [action.axis, ...build[piece].slice(1)];
    if (next[piece][0] === build[piece][0]) return no("there");
  } else {
    return { build: next };
  }
  const [axis, x, y, z] = next[piece];
  const spot = cells(piece, axis, x, y, z);
  if (spot.some((cell) => cell.some((v, i) => v < 0 || v >= VOLUME[i]))) return no("outside");
  const mine = new Set(spot.map((cell) => cell.join()));
  for (const [other, [a, ox, oy, oz]] of Object.entries(next)) {
    if (other !== piece && cells(other, a, ox, oy, oz).some((cell) => mine.has(cell.join())))
      return no("overlap", { other });
  }
  return { build: next };
}

/** Whether the seat's build shows `action` done (so nothing is left to send or say). */
export function shows(build, action) {
  const now = build[action.piece];
  switch (action.type) {
    case "place":
      return !!now && now.slice(1).join() === [action.x, action.y, action.z].join() && (lengthOf(action.piece) === 1 || now[0] === action.axis);
    case "move":
      return !!now && now.slice(1).join() === [action.x, action.y, action.z].join();
    case "turn":
      return !!now && now[0] === action.axis;
    case "remove":
      return !now;
    default:
      return false;
  }
}

// The 3D scenes (three.js, imported only by Tuki): pieces as cubes with their colour's
// pattern and letter, and a view that turns around its target — by a one-finger or mouse
// drag, a pinch or the wheel to zoom — and tells a tap (a press that did not move) from a
// drag, and which cell and face of the build a tap or the pointer is on.
import * as THREE from "../../vendor/three/three.min.js";
import { LOOK, SNOW, cells, isStone } from "./pieces.js";

/** How far (CSS pixels) a press may move and still be a tap, not a drag. */
const SLOP = 8;

function pattern(look, letter) {
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
  g.font = "bold 34px Vazirmatn, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(letter, 32, 34);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

const materials = {};
/** A piece's material (its pattern with the letter of `lang`); pale for the ghost, reddish
 * for a ghost that can't go where it is. */
function material(piece, lang, look = "solid") {
  const key = `${piece}/${lang}/${look}`;
  if (!materials[key]) {
    const m = isStone(piece)
      ? new THREE.MeshLambertMaterial({ map: pattern(LOOK[piece], LOOK[piece].letter[lang]) })
      : new THREE.MeshLambertMaterial({ color: SNOW });
    if (look !== "solid") Object.assign(m, { transparent: true, opacity: 0.45, depthWrite: false });
    if (look === "blocked") m.color = new THREE.Color(0xff6060);
    materials[key] = m;
  }
  return materials[key];
}

const BOX = new THREE.BoxGeometry(0.98, 0.98, 0.98);
const EDGES = new THREE.EdgesGeometry(BOX);
const LINES = { solid: new THREE.LineBasicMaterial({ color: 0x333333 }), ghost: new THREE.LineBasicMaterial({ color: 0x335577 }), blocked: new THREE.LineBasicMaterial({ color: 0xb00020 }) };

/** A piece as cubes (game x, y, z → three x, z up, −y), with dark edges. `look`: solid,
 * ghost (pale) or blocked (a ghost that can't be put down there). */
export function pieceMesh(piece, axis, x, y, z, lang, look = "solid") {
  const group = new THREE.Group();
  for (const [cx, cy, cz] of cells(piece, axis, x, y, z)) {
    const cube = new THREE.Mesh(BOX, material(piece, lang, look));
    cube.position.set(cx + 0.5, cz + 0.5, -(cy + 0.5));
    cube.userData = { piece, cell: [cx, cy, cz] };
    const line = new THREE.LineSegments(EDGES, LINES[look]);
    line.position.copy(cube.position);
    group.add(cube, line);
  }
  group.userData.piece = piece;
  return group;
}

/** The table of the build area: its 12 × 12 grid and the floor a tap can land on. */
export function buildArea() {
  const grid = new THREE.GridHelper(12, 12, 0x557788, 0xaabbcc);
  grid.position.set(6, 0, -6);
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(12, 12), new THREE.MeshBasicMaterial({ color: 0xdde6ec }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.set(6, -0.001, -6);
  floor.userData.floor = true;
  return { grid, floor };
}

function lights(scene) {
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  sun.position.set(8, 14, 10);
  scene.add(sun);
}

/**
 * A view orbiting a target. Gestures on its canvas: a drag (one finger, or the mouse)
 * turns it, two fingers pinch to zoom, the wheel zooms; a press that does not move is a
 * tap (`onTap(event)`), and the mouse moving with no button down is `onHover(event)`.
 * `onTurn(quarter)` hears from which side it is seen (0 front, 90 right, 180, 270).
 */
export class View3D {
  constructor(width, height, target, radius, { onTap, onHover, onTurn, zoom = [radius, radius] } = {}) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.setSize(width, height, false);
    this.canvas = this.renderer.domElement;
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xe9eef2);
    lights(this.scene);
    this.camera = new THREE.PerspectiveCamera(40, width / height, 0.1, 200);
    this.target = target;
    this.radius = radius;
    this.zoomRange = zoom;
    this.hooks = { onTap, onHover, onTurn };
    this.content = new THREE.Group();
    this.scene.add(this.content);
    this.front();
    this.gestures();
    new ResizeObserver(() => this.fit()).observe(this.canvas);
  }

  /** Draw at the size the page gives the canvas. */
  fit() {
    const { clientWidth: w, clientHeight: h } = this.canvas;
    if (!w || !h) return;
    const size = this.renderer.getSize(new THREE.Vector2());
    if (size.x === w && size.y === h) return;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.draw();
  }

  gestures() {
    const c = this.canvas;
    const down = new Map(); // pointer id → {x, y, moved}
    let pinch = null; // the two fingers' distance when the pinch began, and the radius then
    let dragged = false;
    const spread = () => {
      const [a, b] = [...down.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    c.addEventListener("contextmenu", (e) => e.preventDefault());
    c.addEventListener("pointerdown", (e) => {
      c.setPointerCapture?.(e.pointerId);
      if (!down.size) dragged = false;
      down.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      if (down.size === 2) {
        pinch = { distance: spread(), radius: this.radius };
        dragged = true; // two fingers never tap
      }
    });
    c.addEventListener("pointermove", (e) => {
      const p = down.get(e.pointerId);
      if (!p) {
        if (e.pointerType === "mouse" && !e.buttons) this.hooks.onHover?.(e);
        return;
      }
      const dx = e.clientX - p.x, dy = e.clientY - p.y;
      p.x = e.clientX;
      p.y = e.clientY;
      if (pinch && down.size === 2) {
        const now = spread();
        if (now > 0) this.zoomTo(pinch.radius * (pinch.distance / now));
        return;
      }
      if (!dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < SLOP) return;
      if (!dragged) {
        dragged = true;
        this.orbit((e.clientX - p.x0) * 0.01, (e.clientY - p.y0) * 0.01);
        return;
      }
      this.orbit(dx * 0.01, dy * 0.01);
    });
    const up = (e, cancelled) => {
      if (!down.has(e.pointerId)) return;
      down.delete(e.pointerId);
      if (down.size < 2) pinch = null;
      if (!down.size && !dragged && !cancelled && (e.pointerType !== "mouse" || e.button === 0) && !e.shiftKey) this.hooks.onTap?.(e);
    };
    c.addEventListener("pointerup", (e) => up(e, false));
    c.addEventListener("pointercancel", (e) => up(e, true));
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomTo(this.radius * (e.deltaY > 0 ? 1.1 : 1 / 1.1));
    }, { passive: false });
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

  zoomTo(radius) {
    this.radius = Math.max(this.zoomRange[0], Math.min(this.zoomRange[1], radius));
    this.place();
  }

  /** From which side the view looks, to the nearest quarter turn: 0 front, 90 right… */
  quarter() {
    const turn = ((this.yaw % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    return (Math.round(turn / (Math.PI / 2)) % 4) * 90;
  }

  place() {
    const [tx, ty, tz] = this.target;
    const r = this.radius;
    this.camera.position.set(tx + r * Math.sin(this.yaw) * Math.cos(this.pitch), ty + r * Math.sin(this.pitch), tz + r * Math.cos(this.yaw) * Math.cos(this.pitch));
    this.camera.lookAt(tx, ty, tz);
    this.draw();
    const q = this.quarter();
    if (q !== this.seen) {
      this.seen = q;
      this.hooks.onTurn?.(q);
    }
  }

  draw() {
    this.renderer.render(this.scene, this.camera);
  }

  show(objects) {
    this.content.clear();
    for (const o of objects) this.content.add(o);
    this.draw();
  }

  /** What is under the screen point (x, y): a cube of a piece (its cell and the face's
   * outward direction, in game axes) or a cell of the floor; null for nothing. */
  pick(x, y) {
    const rect = this.canvas.getBoundingClientRect();
    const at = new THREE.Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    const ray = new THREE.Raycaster();
    ray.setFromCamera(at, this.camera);
    const targets = this.content.children.filter((o) => o.userData.solid || o.userData.floor);
    const hit = ray.intersectObjects(targets, true).find((h) => h.object.userData.cell || h.object.userData.floor);
    if (!hit) return null;
    if (hit.object.userData.floor) return { cell: [Math.floor(hit.point.x), Math.floor(-hit.point.z), 0], face: null, piece: null };
    const n = hit.face.normal; // three's axes: x right, y up, z towards the front
    return { cell: hit.object.userData.cell, face: [Math.round(n.x), Math.round(-n.z), Math.round(n.y)], piece: hit.object.userData.piece };
  }
}

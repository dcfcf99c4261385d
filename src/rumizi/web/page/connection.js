// The transport: the room's WebSocket connection. It says hello with the seat's token,
// follows the room to the worker that owns it, reconnects by itself, and writes what the
// server says into the store (page/store.js); it draws nothing: the views subscribe to the
// store. It imports no view.
import { myName, saved } from "./saved.js";
import { actFor, helloFor, store } from "./store.js";

/** The page's own socket address: where every connection starts. */
function homeSocket() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/** Redirects followed in a row before the page stays where it connected (the room moving
 * between workers again and again): the server then relays its messages to the owner. */
const MOST_REDIRECTS = 3;

class Conn {
  constructor(token) {
    this.token = token;
    this.tries = 0;
    this.closed = false;
    this.owner = null; // the room owner's socket address, once a worker sent us there
    this.redirects = 0;
    this.open();
  }
  open() {
    const ws = new WebSocket(this.owner ?? homeSocket());
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      // follow: we can go to the room's owner; a reconnect names what the page holds
      const hello = helloFor(store.state, this.token, { follow: this.redirects < MOST_REDIRECTS, name: myName() });
      ws.send(JSON.stringify(hello));
      this.ping = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (m) => this.onMessage(JSON.parse(m.data));
    ws.onclose = (e) => {
      clearInterval(this.ping);
      if (this.closed || this.ws !== ws) return store.patch({ connected: false }, { kind: "closed" });
      if (e.code === 4401) return store.patch({ connected: false }, { kind: "gone" });
      if (e.code === 4409) return this.takenOver({ connected: false });
      if (e.code === 4302 && this.owner) {
        store.patch({ connected: false }, { kind: "closed" });
        this.open(); // sent to the room's owner: go there at once
        return;
      }
      if (!this.welcomed && this.owner) this.owner = null; // the owner's address failed: start again at home
      store.patch({ connected: false }, { kind: "reconnecting" });
      const wait = Math.min(4000, 300 * 2 ** this.tries++);
      this.retry = setTimeout(() => this.open(), wait);
    };
  }
  /** A worker sent us to the room's owner (`redirect`, then close 4302). Only a socket
   * address is followed. */
  follow(url) {
    if (!/^wss?:\/\//.test(url ?? "")) return;
    this.owner = url;
    this.redirects++;
  }
  send(msg) {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }
  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.ws?.close();
  }
  /** Another tab or browser took this seat over: stop acting here (no reconnecting). */
  takenOver(fields = {}) {
    this.close();
    store.patch({ ...fields, takenOver: true }, { kind: "taken" });
  }

  onMessage(msg) {
    switch (msg.type) {
      case "redirect":
        this.follow(msg.url);
        break;
      case "welcome":
        this.tries = 0;
        this.redirects = 0;
        this.welcomed = true;
        if (typeof msg.now === "number") // and measured again by a few pings
          for (let i = 0; i < 3; i++) setTimeout(() => current?.send({ type: "ping", ref: "clock" }), 200 * i);
        this.autoReady(msg);
        store.welcome(msg);
        break;
      case "room":
        store.room(msg.room);
        break;
      case "update":
        store.update(msg);
        break;
      case "pong":
        store.pong(msg.now);
        break;
      case "notice":
        store.notice(msg);
        break;
      case "error":
        if (msg.code === "taken_over") return this.takenOver({ pending: false });
        store.error(msg);
        break;
    }
  }

  /** The room's creator is ready as soon as it is in its lobby. */
  autoReady(msg) {
    const me = msg.room?.seats?.[msg.seat];
    const made = saved.get(`rz:room:${msg.room?.id}`);
    if (msg.room?.status === "open" && me && !me.ready && made?.creator) this.send({ type: "ready" });
  }
}

let current = null; // the room's connection, while its page is open

/** Connect to a room with a seat's (or a watcher's) token, in place of any other room. */
export function connect(token) {
  current?.close();
  current = new Conn(token);
}

/** Close the room's connection (the page leaves the room). */
export function disconnect() {
  current?.close();
  current = null;
}

/** The token the connection plays with (null without one). */
export function token() {
  return current?.token ?? null;
}

/** Play on with a new token (a join hands out a fresh one; the old one is revoked). */
export function setToken(value) {
  if (current) current.token = value;
}

/** Send a message; false when it could not be sent now (the socket is reconnecting). */
export function send(msg) {
  return current?.send(msg) ?? false;
}

/** Send an action made on the position shown (it carries that position's index). */
export function sendAct(action) {
  return send(actFor(store.state, action));
}

// Who this browser's player is (docs/players.md): `GET /api/me` makes a guest on the first
// visit, behind an HttpOnly cookie the page never reads. Its name is remembered as the
// name the forms offer (`rz:name`); its seats can be taken back from here without their
// tokens (`resume`). No DOM.
import { saved } from "./saved.js";

let mine = null;

async function ask(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  return { ok: r.ok, reply: await r.json().catch(() => null) };
}

function keep(reply) {
  if (reply?.player?.name) saved.set("rz:name", reply.player.name);
  return reply;
}

/** `{player: {id, name, avatar}, avatars}`, asked once a page load (null: no server). */
export function me(fresh = false) {
  if (!mine || fresh) mine = ask("/api/me").then(({ ok, reply }) => (ok ? keep(reply) : null));
  return mine;
}

/** A new name and/or avatar; the new `me`, or `{error}` with the server's code. */
export async function changeMe(change) {
  const { ok, reply } = await ask("/api/me", change);
  if (!ok) return { error: reply?.code ?? "server" };
  mine = Promise.resolve(keep(reply));
  return reply;
}

/** The player's tables that are not over: `[{room, game, title, status, seat}]`. */
export async function myTables() {
  const { ok, reply } = await ask("/api/me/tables");
  return ok ? reply : [];
}

/** Take the player's seat at a table back on this device: its fresh token, or null. */
export async function resume(room) {
  await me();
  const { ok, reply } = await ask(`/api/rooms/${room}/resume`, {});
  if (!ok) return null;
  saved.set(`rz:tok:${room}`, reply.token);
  return reply.token;
}

// ------------------------------------------------------------------ passkeys
const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function credentialJSON(c) {
  const r = c.response;
  const response = { clientDataJSON: text(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = text(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  } else {
    response.authenticatorData = text(r.authenticatorData);
    response.signature = text(r.signature);
    if (r.userHandle) response.userHandle = text(r.userHandle);
  }
  return { id: c.id, rawId: text(c.rawId), type: c.type, response, clientExtensionResults: {} };
}

/** Whether this browser can make and use passkeys. */
export function passkeysHere() {
  return !!window.PublicKeyCredential && !!navigator.credentials;
}

async function ceremony(begin, finish, make) {
  const started = await ask(begin, {});
  if (!started.ok) return { error: started.reply?.code ?? "server" };
  let credential;
  try {
    credential = await make(started.reply.options);
  } catch {
    return { error: "passkey_cancelled" };
  }
  const { ok, reply } = await ask(finish, { handle: started.reply.handle, credential: credentialJSON(credential) });
  if (!ok) return { error: reply?.code ?? "server" };
  mine = null; // who I am changed: ask again
  return reply;
}

/** Make this player an account with a passkey (or add one more): `{player, passkeys}`. */
export function addPasskey() {
  return ceremony("/api/me/passkeys/options", "/api/me/passkeys", (o) =>
    navigator.credentials.create({
      publicKey: {
        ...o,
        challenge: bytes(o.challenge),
        user: { ...o.user, id: bytes(o.user.id) },
        excludeCredentials: (o.excludeCredentials ?? []).map((x) => ({ ...x, id: bytes(x.id) })),
      },
    }));
}

/** Sign in with a passkey of this server: `{player}`; this browser's guest joins it. */
export function signIn() {
  return ceremony("/api/signin/options", "/api/signin", (o) =>
    navigator.credentials.get({
      publicKey: {
        ...o,
        challenge: bytes(o.challenge),
        allowCredentials: (o.allowCredentials ?? []).map((x) => ({ ...x, id: bytes(x.id) })),
      },
    }));
}

/** The player's sessions, and ending them: one, all others, this one; the account deleted. */
export async function mySessions() {
  const { ok, reply } = await ask("/api/me/sessions");
  return ok ? reply : [];
}

export async function endOthers() {
  return (await ask("/api/me/sessions/end-others", {})).ok;
}

export async function signOut() {
  mine = null;
  return (await ask("/api/me/signout", {})).ok;
}

export async function deleteAccount() {
  mine = null;
  return (await ask("/api/me/delete", {})).ok;
}

/** Ask for a one-time sign-in link by e-mail; true once the server took the request. */
export async function askLink(email) {
  return (await ask("/api/signin/email", { email })).ok;
}

/** Sign in with an e-mail link's token: `{player}` or `{error}`. */
export async function useLink(token) {
  await me();
  const { ok, reply } = await ask("/api/signin/email/confirm", { token });
  mine = null;
  return ok ? reply : { error: reply?.code ?? "server" };
}

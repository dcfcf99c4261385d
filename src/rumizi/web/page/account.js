// The home page's account part (under "Your player"): a guest makes an account with a
// passkey or signs in with one; an account adds another passkey, sees where it is signed
// in, signs out there or everywhere else, or deletes itself (docs/players.md).
import { S, esc, t } from "../components/util.js";
import { toast } from "./dom.js";
import { addPasskey, askLink, deleteAccount, endOthers, mySessions, passkeysHere, signIn, signOut, useLink } from "./me.js";
import { again, go } from "./nav.js";

/** The account's part of the home page for `player`, drawn into `box`. */
export async function fillAccount(box, player) {
  const keys = passkeysHere();
  if (!player.account) {
    box.innerHTML = `<p>${esc(t("account_pitch"))}</p>
      ${keys ? `<div class="row"><button type="button" class="primary" id="sign-up">${esc(t("sign_up_passkey"))}</button>
      <button type="button" id="sign-in">${esc(t("sign_in_passkey"))}</button></div>` : ""}
      <form id="email-form" class="row"><label>${esc(t("email_label"))} <input name="email" type="email" required maxlength="254" autocomplete="email"></label>
      <button>${esc(t("email_send"))}</button></form>`;
    if (keys) {
      document.getElementById("sign-up").onclick = () => act(addPasskey, "signed_up");
      document.getElementById("sign-in").onclick = () => act(signIn, "signed_in");
    }
    const form = document.getElementById("email-form");
    form.onsubmit = async (e) => {
      e.preventDefault();
      toast(t((await askLink(form.email.value.trim())) ? "email_sent" : "err.other"));
    };
    return;
  }
  const sessions = await mySessions();
  box.innerHTML = `<p>${esc(t("account_yes"))}</p>
    <div class="row">${keys ? `<button type="button" id="add-passkey">${esc(t("add_passkey"))}</button>` : ""}
    <button type="button" id="sign-out">${esc(t("sign_out"))}</button></div>
    <h3>${esc(t("sessions_h"))}</h3>
    <ul class="lobby-list" id="sessions">${sessions.map(sessionEntry).join("")}</ul>
    <div class="row">${sessions.length > 1 ? `<button type="button" id="end-others">${esc(t("end_others"))}</button>` : ""}
    <button type="button" id="delete-account">${esc(t("delete_account"))}</button></div>`;
  const more = document.getElementById("add-passkey");
  if (more) more.onclick = () => act(addPasskey, "passkey_added");
  document.getElementById("sign-out").onclick = async () => (await signOut()) && again();
  const others = document.getElementById("end-others");
  if (others) others.onclick = async () => (await endOthers()) && again();
  document.getElementById("delete-account").onclick = async () => {
    if (confirm(t("delete_confirm")) && (await deleteAccount())) again();
  };
}

async function act(ceremony, said) {
  const done = await ceremony();
  if (done.error) return toast(t(`err.${done.error}`));
  toast(t(said));
  again();
}

/** A session: its browser (the name in its User-Agent), when last seen, this device or not. */
function sessionEntry(s) {
  const browser = s.user_agent.match(/(Firefox|Edg|OPR|Chrome|Chromium|Safari)\/[\d.]+/)?.[1] ?? t("a_browser");
  const when = new Date(s.last_seen * 1000).toLocaleString(S.lang === "fa" ? "fa-IR" : "en-GB", {
    dateStyle: "medium", timeStyle: "short",
  });
  return `<li><span>${esc(browser)} · ${esc(t("last_seen", { when }))}${s.current ? ` · <strong>${esc(t("this_device"))}</strong>` : ""}</span></li>`;
}



/** Where an e-mail link lands (`/signin#email=…`): sign in with its token, then home. */
export async function linkPage() {
  const token = new URLSearchParams(location.hash.slice(1)).get("email") ?? "";
  const done = await useLink(token);
  toast(t(done.error ? `err.${done.error}` : "signed_in"));
  go("/", { replace: true });
}

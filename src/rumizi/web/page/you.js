// The home page's "Your player" part: the name every table you make or join calls you,
// your avatar from the drawn set, and your unfinished tables to go back to — from this
// device or any other where you are signed in (docs/players.md).
import { esc, t } from "../components/util.js";
import { fillAccount } from "./account.js";
import { toast } from "./dom.js";
import { gameTitle } from "./games.js";
import { changeMe, me, myTables, resume } from "./me.js";
import { go } from "./nav.js";

export const AVATAR_FACES = {
  fox: "🦊", owl: "🦉", cat: "🐱", bear: "🐻", deer: "🦌", fish: "🐟",
  bird: "🐦", frog: "🐸", lion: "🦁", rabbit: "🐰", turtle: "🐢", whale: "🐳",
};

/** The part's place on the home page (filled by `fillYou`). */
export function youSection() {
  return `<section aria-labelledby="you-h" class="you"><h2 id="you-h">${esc(t("you_h"))}</h2><div id="you"></div></section>`;
}

export async function fillYou() {
  const box = document.getElementById("you");
  const who = await me();
  if (!box || !who) return;
  const { player, avatars } = who;
  const tables = await myTables();
  box.innerHTML = `<form id="you-form" class="you-form">
      <label>${esc(t("player_name"))} <input name="name" required maxlength="40" value="${esc(player.name ?? "")}"></label>
      <fieldset class="avatars"><legend>${esc(t("avatar"))}</legend>
        ${avatars.map((a) => `<label class="avatar-choice"><input type="radio" name="avatar" value="${a}" ${a === player.avatar ? "checked" : ""}><span aria-hidden="true">${AVATAR_FACES[a] ?? "🙂"}</span><span class="sr-only">${esc(t(`avatar.${a}`))}</span></label>`).join("")}
      </fieldset>
      <button class="primary">${esc(t("save_name"))}</button>
      <p role="status" id="you-said"></p>
    </form>
    <div id="account"></div>
    <p><a href="/p/${esc(player.id)}">${esc(t("my_profile"))}</a></p>
    ${tables.length ? `<h3>${esc(t("my_tables"))}</h3>${tablesList(tables)}` : ""}`;
  fillAccount(document.getElementById("account"), player);
  const form = document.getElementById("you-form");
  form.onsubmit = async (e) => {
    e.preventDefault();
    const name = form.name.value.trim();
    const avatar = form.querySelector("input[name=avatar]:checked")?.value;
    const done = await changeMe({ name, ...(avatar ? { avatar } : {}) });
    if (done.error) return toast(t(`err.${done.error}`));
    document.getElementById("you-said").textContent = t("name_saved", { name });
  };
  bindTables(box);
}

/** The player's unfinished tables, each with "Back to the table". */
export function tablesList(tables) {
  return `<ul class="lobby-list" id="my-tables">${tables.map(tableEntry).join("")}</ul>`;
}

export function bindTables(box) {
  for (const b of box.querySelectorAll("[data-resume]"))
    b.onclick = async () => {
      const room = b.dataset.resume;
      const token = await resume(room);
      if (!token) return toast(t("err.not_yours"));
      go(`/room/${room}#token=${token}`);
    };
}

function tableEntry(x) {
  const title = x.title || gameTitle(x.game);
  return `<li><span><strong>${esc(title)}</strong> · ${esc(t(`table_${x.status}`))}</span>
    <button type="button" data-resume="${esc(x.room)}" aria-label="${esc(t("back_to_table_named", { title }))}">${esc(t("back_to_table"))}</button></li>`;
}

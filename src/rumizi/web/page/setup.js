// The setup form: the player count, each seat (a bot and its level, or a friend), the
// game's declared options, bot speed and a public listing.
import { esc, num, t } from "../components/util.js";
import { createRoom } from "./home.js";
import { games, gameTitle, myName, say, store } from "./store.js";

/** The form control of one declared option (`o.form`); its label and help in the interface's language. */
function optionField(o, players) {
  const name = `opt_${o.name}`;
  const label = esc(say(o.label));
  const help = `<small class="help" id="help_${o.name}">${esc(say(o.help))}</small>`;
  const described = `aria-describedby="help_${o.name}"`;
  if (o.type === "bool")
    return `<label><input type="checkbox" name="${name}" ${o.default ? "checked" : ""} ${described}> ${label}</label>${help}`;
  if (o.type === "choice" || o.type === "seat") {
    const choices =
      o.type === "choice"
        ? o.choices.map((c) => [c.value, say(c.label)])
        : [["random", t("seat_random")], ...Array.from({ length: players }, (_, i) => [String(i), t("seat_n", { n: i + 1 })])];
    const options = choices
      .map(([v, text]) => `<option value="${esc(v)}" ${String(o.default) === v ? "selected" : ""}>${esc(text)}</option>`)
      .join("");
    return `<label>${label} <select name="${name}" ${described}>${options}</select></label>${help}`;
  }
  const step = o.type === "seconds" ? "any" : "1";
  const placeholder = o.default ?? t("default");
  return `<label>${label} <input type="number" inputmode="decimal" name="${name}" min="${o.minimum}" max="${o.maximum}" step="${step}" placeholder="${esc(typeof placeholder === "number" ? num(placeholder) : placeholder)}" style="inline-size:6rem" ${described}></label>${help}`;
}

/** The options the form's fields give: only those the person changed from the default. */
function formOptions(g, form) {
  const options = {};
  for (const o of g.options.filter((x) => x.form)) {
    const el = form[`opt_${o.name}`];
    if (o.type === "bool") {
      if (el.checked !== Boolean(o.default)) options[o.name] = el.checked;
    } else if (o.type === "seat") {
      const v = el.value === "random" ? "random" : Number(el.value);
      if (v !== o.default) options[o.name] = v;
    } else if (o.type === "choice") {
      if (el.value !== o.default) options[o.name] = el.value;
    } else if (el.value !== "") options[o.name] = Number(el.value);
  }
  return options;
}

export async function setupForm(id) {
  const g = (await games()).find((x) => x.id === id);
  const box = document.getElementById("setup");
  const counts = [];
  for (let i = g.min_players; i <= g.max_players; i++) counts.push(i);
  const levels = g.bot_levels.map((b) => `<option value="${esc(b.id)}">${esc(say(b.name))}</option>`).join("");
  const seatRow = (i) => `<div class="seat-plan" data-seat="${i}">
      <span>${esc(t("seat_n", { n: i + 1 }))}</span>
      <select aria-label="${esc(t("seat_kind", { n: i + 1 }))}" name="kind${i}">
        <option value="bot">${esc(t("kind.bot"))}</option><option value="person">${esc(t("kind.person"))}</option>
      </select>
      <select aria-label="${esc(t("seat_level", { n: i + 1 }))}" name="level${i}">${levels}</select>
    </div>`;
  const fields = (players) => g.options.filter((o) => o.form).map((o) => optionField(o, players)).join("");
  box.innerHTML = `<form class="setup" id="setup-form" aria-labelledby="setup-h">
    <h2 id="setup-h">${esc(t("setup_title", { game: gameTitle(id) }))}</h2>
    <label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(myName())}" autocomplete="nickname"></label>
    <label>${esc(t("player_count"))} <select name="players">${counts
      .map((c) => `<option value="${c}" ${c === g.solo.seats ? "selected" : ""}>${num(c)}</option>`)
      .join("")}</select></label>
    <fieldset><legend>${esc(t("seats"))}</legend><div class="seat-plan"><span>${esc(t("seat_n", { n: 1 }))}</span><span>${esc(t("kind.you"))}</span></div><div id="seat-rows"></div></fieldset>
    <fieldset class="game-options"><legend>${esc(t("game_options"))}</legend><div id="game-options">${fields(g.solo.seats)}</div></fieldset>
    <fieldset><legend>${esc(t("options"))}</legend>
      <label>${esc(t("bot_speed"))} <select name="speed"><option value="0.8">${esc(t("speed.normal"))}</option><option value="1.6">${esc(t("speed.slow"))}</option><option value="0.2">${esc(t("speed.fast"))}</option></select></label>
      <label><input type="checkbox" name="public"> ${esc(t("public_room"))}</label>
    </fieldset>
    <div class="row"><button class="primary" type="submit">${esc(t("create"))}</button></div>
  </form>`;
  const form = document.getElementById("setup-form");
  const rows = () => {
    const n = Number(form.players.value);
    const old = [...form.querySelectorAll(".seat-plan[data-seat]")].map((r) => [
      r.querySelector("[name^=kind]").value,
      r.querySelector("[name^=level]").value,
    ]);
    document.getElementById("seat-rows").innerHTML = Array.from({ length: n - 1 }, (_, i) => seatRow(i + 1)).join("");
    form.querySelectorAll(".seat-plan[data-seat]").forEach((r, i) => {
      const [kind, level] = old[i] ?? ["bot", g.solo.level];
      r.querySelector("[name^=kind]").value = kind;
      r.querySelector("[name^=level]").value = level;
      r.querySelector("[name^=level]").hidden = kind === "person";
    });
    for (const o of g.options.filter((x) => x.type === "seat")) {
      const el = form[`opt_${o.name}`];
      const kept = el.value;
      el.closest("label").outerHTML = optionField(o, n).replace(/<small[\s\S]*$/, "");
      if (Number(kept) < n || kept === "random") form[`opt_${o.name}`].value = kept;
    }
  };
  form.players.onchange = rows;
  form.addEventListener("change", (e) => {
    if (e.target.name?.startsWith("kind")) e.target.parentElement.querySelector("[name^=level]").hidden = e.target.value === "person";
  });
  rows();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const name = form.name.value.trim();
    store.set("rz:name", name);
    const seats = [{ kind: "person", name }];
    for (const r of form.querySelectorAll(".seat-plan[data-seat]")) {
      const kind = r.querySelector("[name^=kind]").value;
      seats.push(kind === "bot" ? { kind, bot: r.querySelector("[name^=level]").value } : { kind });
    }
    await createRoom({
      game: id, seats, options: formOptions(g, form), public: form.public.checked,
      settings: { bot_delay: Number(form.speed.value) },
    });
  };
  form.name.focus();
  box.scrollIntoView({ block: "nearest" });
}

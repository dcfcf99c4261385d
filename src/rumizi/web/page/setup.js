// The setup form: the player count, each seat (a bot and its level, or a friend), the
// game's length (its presets) and declared options, bot speed, and a public listing with
// the table's name. Every word comes from the game's description or the dictionary.
import { esc, num, t } from "../components/util.js";
import { games, gameTitle, say } from "./games.js";
import { createRoom } from "./rooms.js";
import { myName, saved } from "./saved.js";

/** The choices of a `seat` option: drawn by lot, or a seat (the first is yours). */
function seatChoices(players) {
  const seats = Array.from({ length: players }, (_, i) => [String(i), t(i ? "seat_n" : "seat_you", { n: i + 1 })]);
  return [["random", t("seat_random")], ...seats];
}

/** The form control of one declared option (`o.form`); its label and help in the interface's
 * language. An option that may be "none" (`nullable`: no time limit) has a box for it. */
function optionField(o, players) {
  const name = `opt_${o.name}`;
  const label = esc(say(o.label));
  const help = `<small class="help" id="help_${o.name}">${esc(say(o.help))}</small>`;
  const described = `aria-describedby="help_${o.name}"`;
  if (o.type === "bool")
    return `<label><input type="checkbox" name="${name}" ${o.default ? "checked" : ""} ${described}> ${label}</label>${help}`;
  if (o.type === "choice" || o.type === "seat") {
    const choices = o.type === "choice" ? o.choices.map((c) => [c.value, say(c.label)]) : seatChoices(players);
    const options = choices
      .map(([v, text]) => `<option value="${esc(v)}" ${String(o.default) === v ? "selected" : ""}>${esc(text)}</option>`)
      .join("");
    return `<label>${label} <select name="${name}" ${described}>${options}</select></label>${help}`;
  }
  const step = o.type === "seconds" ? "any" : "1";
  const placeholder = o.default ?? t("default");
  const none = o.nullable
    ? ` <label><input type="checkbox" name="none_${o.name}" data-none="${esc(o.name)}"> ${esc(t("no_limit"))}</label>`
    : "";
  return `<label>${label} <input type="number" inputmode="decimal" name="${name}" min="${o.minimum}" max="${o.maximum}" step="${step}" placeholder="${esc(typeof placeholder === "number" ? num(placeholder) : placeholder)}" style="inline-size:6rem" ${described}></label>${none}${help}`;
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
    } else if (form[`none_${o.name}`]?.checked) options[o.name] = null;
    else if (el.value !== "") options[o.name] = Number(el.value);
  }
  return options;
}

/** The game's lengths to choose from (its presets), or the one length its rules give it. */
function lengthField(g, chosen) {
  if (!g.presets?.length) return `<p class="facts">${esc(t("game_length"))}: ${esc(say(g.length))}</p>`;
  const choice = (p) => `<label><input type="radio" name="preset" value="${esc(p.id)}" ${p.id === chosen ? "checked" : ""}>
      <strong>${esc(say(p.name))}</strong>: ${esc(say(p.length))}</label>`;
  return `<fieldset class="presets"><legend>${esc(t("game_length"))}</legend>${g.presets.map(choice).join("")}</fieldset>`;
}

/** The options the presets are about (the others, such as who starts, are not a length). */
function lengthOptions(g) {
  const names = new Set(g.presets.flatMap((p) => Object.keys(p.options)));
  return g.options.filter((o) => o.form && names.has(o.name));
}

/** Puts a preset's values in the fields of the options presets are about (defaults where
 * it gives none). */
function applyPreset(g, form, preset) {
  for (const o of lengthOptions(g)) {
    const el = form[`opt_${o.name}`];
    const value = o.name in preset.options ? preset.options[o.name] : o.default;
    if (o.type === "bool") el.checked = Boolean(value);
    else if (o.type === "choice" || o.type === "seat") el.value = String(value);
    else {
      const none = form[`none_${o.name}`];
      if (none) none.checked = value === null && o.name in preset.options;
      el.disabled = Boolean(none?.checked);
      el.value = value === null || value === undefined || value === o.default ? "" : String(value);
    }
  }
}

/** The preset whose values the fields hold now, if any (the person may change a field). */
function presetShown(g, form) {
  const now = formOptions(g, form);
  const value = (options, o) => (o.name in options ? options[o.name] : o.default);
  return g.presets.find((p) => lengthOptions(g).every((o) => value(p.options, o) === value(now, o)));
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
  const chosen = g.solo.preset ?? g.presets?.[0]?.id;
  box.innerHTML = `<form class="setup" id="setup-form" aria-labelledby="setup-h">
    <h2 id="setup-h">${esc(t("setup_title", { game: gameTitle(id) }))}</h2>
    <label>${esc(t("your_name"))} <input name="name" required maxlength="40" value="${esc(myName())}" autocomplete="nickname"></label>
    <label>${esc(t("player_count"))} <select name="players">${counts
      .map((c) => `<option value="${c}" ${c === g.solo.seats ? "selected" : ""}>${num(c)}</option>`)
      .join("")}</select></label>
    <fieldset><legend>${esc(t("seats"))}</legend><div class="seat-plan"><span>${esc(t("seat_n", { n: 1 }))}</span><span>${esc(t("kind.you"))}</span></div><div id="seat-rows"></div></fieldset>
    ${lengthField(g, chosen)}
    <fieldset class="game-options"><legend>${esc(t("game_options"))}</legend><div id="game-options">${fields(g.solo.seats)}</div></fieldset>
    <fieldset><legend>${esc(t("options"))}</legend>
      <label>${esc(t("bot_speed"))} <select name="speed"><option value="0.8">${esc(t("speed.normal"))}</option><option value="1.6">${esc(t("speed.slow"))}</option><option value="0.2">${esc(t("speed.fast"))}</option></select></label>
      <label><input type="checkbox" name="public"> ${esc(t("public_room"))}</label>
      <label id="title-field" style="display:none">${esc(t("table_name"))} <input name="table_title" maxlength="120"></label>
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
  /** An option that sets the player count (Tuki's practice: alone) sets it, and frees it again. */
  let countBefore = null;
  const playersFor = (o) => {
    const on = form[`opt_${o.name}`].checked;
    if (on && countBefore === null) countBefore = form.players.value;
    if (on) form.players.value = String(o.players);
    else if (countBefore !== null) [form.players.value, countBefore] = [countBefore, null];
    form.players.disabled = on;
    rows();
  };
  const titleHint = () => {
    form.table_title.placeholder = t("table_of", { name: form.name.value.trim() || t("guest_n", { n: 1 }) });
  };
  form.players.onchange = rows;
  form.addEventListener("change", (e) => {
    const target = e.target;
    if (target.name?.startsWith("kind")) target.parentElement.querySelector("[name^=level]").hidden = target.value === "person";
    if (target.name === "preset") {
      applyPreset(g, form, g.presets.find((p) => p.id === target.value));
      for (const o of g.options.filter((x) => x.players)) playersFor(o);
    }
    if (target.dataset.none) form[`opt_${target.dataset.none}`].disabled = target.checked;
    const sets = g.options.find((o) => o.players && target.name === `opt_${o.name}`);
    if (sets) playersFor(sets);
    if (target.name === "public") document.getElementById("title-field").style.display = target.checked ? "" : "none";
    if (target.closest("#game-options") && g.presets?.length) {
      const shown = presetShown(g, form);
      for (const r of form.querySelectorAll("[name=preset]")) r.checked = r.value === shown?.id;
    }
  });
  form.name.addEventListener("input", titleHint);
  rows();
  if (chosen) applyPreset(g, form, g.presets.find((p) => p.id === chosen));
  titleHint();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const name = form.name.value.trim();
    saved.set("rz:name", name);
    const seats = [{ kind: "person", name }];
    for (const r of form.querySelectorAll(".seat-plan[data-seat]")) {
      const kind = r.querySelector("[name^=kind]").value;
      seats.push(kind === "bot" ? { kind, bot: r.querySelector("[name^=level]").value } : { kind });
    }
    const listed = form.public.checked;
    await createRoom({
      game: id, seats, options: formOptions(g, form), public: listed,
      ...(listed ? { title: form.table_title.value.trim() || form.table_title.placeholder } : {}),
      settings: { bot_delay: Number(form.speed.value) },
    });
  };
  form.name.focus();
  box.scrollIntoView({ block: "nearest" });
}

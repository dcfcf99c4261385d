// Tuki's own words at the table, in Persian and English: captions, the pad, where the piece
// in hand is, and why a move can't be made. (Events, pieces' full names, problems and the
// action buttons come from the game's catalogue, through the table's context.)
import { num, S } from "../../components/util.js";

const WORDS = {
  en: {
    status: "Round {r} · card {card} · {deck} cards left",
    build: "Your build area",
    tray: "Your pieces",
    short: { grey: "grey", blue: "blue", purple: "purple", orange: "orange", snow1: "snow 1", snow2: "snow 2", snow3: "snow 3", snow4: "snow 4" },
    axis: { x: "lying left–right", y: "lying front–back", z: "standing" },
    spot: "x {x}, y {y}, height {z}",
    ghost: "In hand: {piece}, {axis}, at {spot}",
    ghost_cube: "In hand: {piece}, at {spot}",
    moving: "Moving: {piece}, {axis}, to {spot}",
    moving_cube: "Moving: {piece}, to {spot}",
    nothing: "Nothing in hand: choose a piece below, or tap one of yours in the build.",
    pad: "Move the piece",
    view_pad: "The view",
    left: "Move left", right: "Move right", away: "Move away", near: "Move nearer",
    up: "Raise", down: "Lower", turn: "Turn the piece", remove: "Remove", undo: "Undo", letgo: "Let go",
    view_left: "Turn the view left", view_right: "Turn the view right", front: "Front view", zoom_in: "Zoom in", zoom_out: "Zoom out",
    seen: { 0: "View: from the front", 90: "View: from the right", 180: "View: from behind", 270: "View: from the left" },
    keys: "Mouse: point at a cell (or the face of a piece) and click to put the piece there; drag to turn the view, wheel to zoom. Keys: arrows move, Page Up/Page Down height, R turns, Enter places, Delete removes, U undoes, V turns the view, F front view, Esc lets go.",
    touch: "Tap a cell (or the face of a piece) to bring the piece there, tap it again or press Place to put it down. Drag with one finger to turn the view, pinch to zoom. The pad moves the piece one step at a time.",
    stands: "Your build stands.",
    falls: "Would fall: {why}",
    card: "The card, turned: {animal} at the bottom",
    plain: "plain die: a stone must touch the table",
    white: "white square: no stone may touch the table",
    model: "The card as a 3D model (drag to turn)",
    card_3d: "Card in 3D", card_flat: "Flat card",
    pieces: "{n} pieces down",
    taken_n: "cards taken: {n}",
    declared: "done ({k})",
    building: "building",
    scout: "scout",
    out: "out",
    results: "Last round: card {card}",
    ok: "correct",
    took: "{name} took the card",
    final: "Final round: the first correct build wins.",
    declared_wait: "You declared: waiting for the others.",
    animals: { "polar-bear": "polar bear", walrus: "walrus", "arctic-fox": "arctic fox" },
    hinted: "Hint: {piece}, {axis}, at {spot} (shown pale in the build area; a solution with the stones placed as the card, low in the middle of the area).",
    practice: "Practice: no clock; a hint shows where one snow block of a solution goes.",
    result: "Cards taken: fewer is better.",
    no: {
      down: "The {piece} is already down: pick it up to move it.",
      not_down: "The {piece} is not in your build.",
      there: "The {piece} is already there.",
      cube: "The snow cube looks the same every way: it can't be turned.",
      outside: "The {piece} would leave the build area there.",
      overlap: "The {piece} would overlap the {other} there.",
      turn: "You can't change your build now.",
      over: "The game is over.",
      busy: "Too many moves at once: wait a moment and try again.",
      other: "The table did not take that move. {why}",
    },
  },
  fa: {
    status: "دور {r}، کارت {card}، {deck} کارت مانده",
    build: "جای ساختن شما",
    tray: "مهره‌های شما",
    short: { grey: "خاکستری", blue: "آبی", purple: "بنفش", orange: "نارنجی", snow1: "برف ۱", snow2: "برف ۲", snow3: "برف ۳", snow4: "برف ۴" },
    axis: { x: "خوابیده از چپ به راست", y: "خوابیده از جلو به عقب", z: "ایستاده" },
    spot: "ستون {x}، ردیف {y}، ارتفاع {z}",
    ghost: "در دست: {piece}، {axis}، {spot}",
    ghost_cube: "در دست: {piece}، {spot}",
    moving: "جابه‌جایی: {piece}، {axis}، به {spot}",
    moving_cube: "جابه‌جایی: {piece}، به {spot}",
    nothing: "چیزی در دست ندارید: مهره‌ای از پایین برگزینید، یا روی یکی از مهره‌های ساختهٔ خود بزنید.",
    pad: "جابه‌جا کردن مهره",
    view_pad: "نما",
    left: "به چپ", right: "به راست", away: "به عقب", near: "به جلو",
    up: "بالاتر", down: "پایین‌تر", turn: "چرخاندن مهره", remove: "بردار", undo: "واگرد", letgo: "رها کن",
    view_left: "چرخاندن نما به چپ", view_right: "چرخاندن نما به راست", front: "نمای روبه‌رو", zoom_in: "نزدیک‌تر", zoom_out: "دورتر",
    seen: { 0: "نما: از جلو", 90: "نما: از راست", 180: "نما: از پشت", 270: "نما: از چپ" },
    keys: "موشواره: روی خانه‌ای (یا روی رویهٔ مهره‌ای) بروید و کلیک کنید تا مهره آنجا گذاشته شود؛ برای چرخاندن نما بکشید و با چرخ نزدیک و دور کنید. کلیدها: جهت‌نماها جابه‌جا می‌کنند، صفحه‌بالا و صفحه‌پایین ارتفاع را، ق می‌چرخاند، ورود می‌گذارد، حذف برمی‌دارد، ع واگرد است، ر نما را می‌چرخاند، ب نمای روبه‌رو، گریز مهره را رها می‌کند.",
    touch: "روی خانه‌ای (یا رویهٔ مهره‌ای) بزنید تا مهره به آنجا بیاید؛ دوباره بزنید یا «بگذار» را بزنید تا گذاشته شود. با یک انگشت بکشید تا نما بچرخد و با دو انگشت نزدیک و دور کنید. دکمه‌های جهت مهره را گام‌به‌گام جابه‌جا می‌کنند.",
    stands: "ساختهٔ شما پابرجاست.",
    falls: "می‌افتد: {why}",
    card: "کارتِ چرخیده: {animal} پایین",
    plain: "تاس ساده: دست‌کم یک سنگ باید به میز برسد",
    white: "مربع سفید: هیچ سنگی نباید به میز برسد",
    model: "کارت به شکل سه‌بعدی (برای چرخاندن بکشید)",
    card_3d: "کارت سه‌بعدی", card_flat: "کارت تخت",
    pieces: "{n} مهره گذاشته",
    taken_n: "کارت‌های برداشته: {n}",
    declared: "تمام ({k})",
    building: "در حال ساختن",
    scout: "پیش‌قراول",
    out: "بیرون",
    results: "دور پیش: کارت {card}",
    ok: "درست",
    took: "{name} کارت را برداشت",
    final: "دور پایانی: نخستین ساختهٔ درست می‌برد.",
    declared_wait: "«تمام» گفتید: منتظر بقیه.",
    animals: { "polar-bear": "خرس قطبی", walrus: "شیرماهی", "arctic-fox": "روباه قطبی" },
    hinted: "راهنما: {piece}، {axis}، {spot} (کم‌رنگ در جای ساختن نشان داده شده؛ راه‌حلی که سنگ‌ها را مثل کارت، پایین و در میانهٔ جای ساختن می‌گذارد).",
    practice: "تمرین: بی‌زمان؛ راهنما جای یک بلوک برفیِ یک راه‌حل را نشان می‌دهد.",
    result: "کارت‌های برداشته: کمتر بهتر است.",
    no: {
      down: "{piece} را پیش‌تر گذاشته‌اید: برای جابه‌جایی برش دارید.",
      not_down: "{piece} در ساختهٔ شما نیست.",
      there: "{piece} همین‌جاست.",
      cube: "مکعب برفی از هر سو یکی است: چرخاندنش چیزی را عوض نمی‌کند.",
      outside: "{piece} آنجا از جای ساختن بیرون می‌زند.",
      overlap: "{piece} آنجا با {other} روی هم می‌افتد.",
      turn: "اکنون دیگر نمی‌توانید ساخته را تغییر دهید.",
      over: "بازی تمام شده است.",
      busy: "حرکت‌ها خیلی پشت سر هم بود: کمی صبر کنید و دوباره بزنید.",
      other: "میز این حرکت را نپذیرفت.",
    },
  },
};

/** The reader's language: fa or en. */
export const lang = () => (S.lang === "fa" ? "fa" : "en");

/** One of Tuki's own captions, with {placeholders} filled (numbers in the reader's digits). */
export function w(key, vars = {}) {
  const s = key.split(".").reduce((d, k) => d?.[k], WORDS[lang()]) ?? key;
  return String(s).replace(/\{(\w+)\}/g, (_, k) => (typeof vars[k] === "number" ? num(vars[k]) : vars[k] ?? ""));
}

/** Where a piece lies, in words: its direction (none for the one-cube block) and its cell. */
export function placeWords(name, piece, axis, x, y, z, kind = "ghost") {
  const spot = w("spot", { x, y, z });
  const cube = piece === "snow1";
  return w(cube ? `${kind}_cube` : kind, { piece: name, axis: w(`axis.${axis}`), spot });
}

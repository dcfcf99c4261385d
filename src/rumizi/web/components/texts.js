// Text catalogues: a game's words in fa and en, filled exactly as rumizi.engine.texts fills
// them in the terminal (see docs/engine.md, "Text catalogues"). No DOM: it also runs in node.
const FA_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
const PLACEHOLDER = /\{(\w+)\}/g;
const LIST_SEPARATOR = { fa: "، ", en: ", " };

/** A number in the language's digits (Persian digits and decimal separator in fa). */
export function number(n, lang) {
  const s = String(n);
  return lang === "fa" ? s.replace(/[0-9]/g, (d) => FA_DIGITS[d]).replace(/\./g, "٫") : s;
}

const rules = {};
/** The CLDR plural category of `n` (en: one for 1; fa: one for 0 and 1). */
export function pluralCategory(lang, n) {
  rules[lang] ??= new Intl.PluralRules(lang);
  return rules[lang].select(n);
}

/** Fills message references ({key, args}) from one catalogue, in one language, with seat names. */
export class Formatter {
  constructor(catalogue, lang, names) {
    this.words = catalogue[lang];
    this.lang = lang;
    this.names = names;
  }

  format(ref) {
    return this.message(ref.key, ref.args ?? {});
  }

  message(key, args) {
    let message = this.words[key];
    if (message === undefined) throw new Error(`no message ${key}`);
    if (typeof message !== "string") {
      const count = args[message.plural];
      message = message[pluralCategory(this.lang, count)] ?? message.other;
    }
    return message.replace(PLACEHOLDER, (_, name) => this.argument(args[name], args));
  }

  argument(value, args) {
    if (typeof value === "number") return number(value, this.lang);
    if (value === null || typeof value !== "object") throw new Error(`not a message argument: ${value}`);
    if ("seat" in value) return String(this.names[value.seat]);
    if ("text" in value) return this.message(value.text, args);
    if ("card" in value) return this.message(`card.${value.card}`, args);
    if ("ref" in value) return this.format(value.ref);
    if ("list" in value) {
      const parts = value.list.map((item) => this.argument(item, args));
      return parts.length ? parts.join(LIST_SEPARATOR[this.lang]) : "—";
    }
    throw new Error(`not a message argument: ${JSON.stringify(value)}`);
  }
}

const catalogues = {};
/** The served catalogue of a game (both languages), fetched once. */
export async function catalogue(gameId) {
  catalogues[gameId] ??= fetch(`/api/games/${gameId}/texts`).then((r) => (r.ok ? r.json() : null));
  return catalogues[gameId];
}

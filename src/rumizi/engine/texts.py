"""Text catalogues: a game's words in fa and en, and the one message format both the
terminal (this module) and the browser (``web/components/texts.js``) fill the same way.

A catalogue is JSON: ``{"fa": {key: message}, "en": {key: message}}``. A message is

- a string with ``{name}`` placeholders, or
- a plural: ``{"plural": "n", "one": "…{n} card…", "other": "…{n} cards…"}``: the form is
  chosen by the CLDR plural category of the argument ``n`` (en: ``one`` for 1; fa: ``one``
  for 0 and 1; ``other`` otherwise), falling back to ``other``.

A game turns an event into a *message reference*, JSON too: ``{"key": "played", "args":
{...}}``. Each argument is a number (written in the language's digits), or an object:
``{"seat": s}`` (that seat's name), ``{"text": key}`` (another message of the catalogue,
filled with the same ``args``), ``{"card": id}`` (the message ``card.<id>``), ``{"ref":
reference}`` (a message reference with its own arguments), or ``{"list": [argument, …]}``
(joined with the language's comma; ``—`` when empty). See docs/engine.md.

Each reader is told in the second person: ``addressed(ref, me)`` makes every ``{"seat": me}``
of a reference ``{"text": "you"}`` (the catalogue's "you" / «شما»), so a seat's own name
never appears in what it is told; a message whose subject (the ``name`` or ``names``
argument) is the reader has a ``.you`` form, and one whose subject is the reader with
others a ``.you_and`` form (``subject``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias

Catalogue: TypeAlias = Mapping[str, Mapping[str, Any]]
"""``{lang: {key: message}}``."""
MessageRef: TypeAlias = dict[str, Any]
"""``{"key": str, "args": {name: argument}}``."""

LANGUAGES = ("fa", "en")
FA_DIGITS = str.maketrans("0123456789.", "۰۱۲۳۴۵۶۷۸۹٫")
LIST_SEPARATOR = {"fa": "، ", "en": ", "}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load(path: Path) -> Catalogue:
    """A catalogue from a JSON file."""
    catalogue: Catalogue = json.loads(path.read_text(encoding="utf-8"))
    return catalogue


def plural_category(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` (what ``Intl.PluralRules`` gives in the browser)."""
    whole = float(n).is_integer()
    if lang == "fa":  # i = 0 or n = 1
        return "one" if int(abs(n)) == 0 or n == 1 else "other"
    return "one" if whole and n == 1 else "other"  # en: i = 1 and v = 0


def number(n: float, lang: str) -> str:
    """A number in the language's digits (Persian digits and decimal separator in fa)."""
    text = str(int(n)) if float(n).is_integer() else repr(float(n))
    return text.translate(FA_DIGITS) if lang == "fa" else text


def placeholders(message: Any) -> set[str]:
    """The placeholder names of a message (every form of a plural), and its plural argument."""
    if isinstance(message, str):
        return set(_PLACEHOLDER.findall(message))
    names = {str(message["plural"])}
    for form, text in message.items():
        if form != "plural":
            names |= set(_PLACEHOLDER.findall(text))
    return names


class Formatter:
    """Fills message references from one catalogue, in one language, with seat names."""

    def __init__(self, catalogue: Catalogue, lang: str, names: Sequence[str]) -> None:
        self.words = catalogue[lang]
        self.lang = lang
        self.names = names

    def __call__(self, ref: MessageRef) -> str:
        return self.message(ref["key"], ref.get("args", {}))

    def message(self, key: str, args: Mapping[str, Any]) -> str:
        """The message ``key`` with ``args`` filled in; ``KeyError`` for a missing key."""
        message = self.words[key]
        if not isinstance(message, str):
            count = args[message["plural"]]
            message = message.get(plural_category(self.lang, count), message["other"])
        return _PLACEHOLDER.sub(lambda m: self.argument(args[m.group(1)], args), message)

    def argument(self, value: Any, args: Mapping[str, Any]) -> str:
        """One argument as text (see the module's docstring)."""
        if isinstance(value, bool):
            raise TypeError(f"not a message argument: {value!r}")
        if isinstance(value, int | float):
            return number(value, self.lang)
        if "seat" in value:
            return str(self.names[value["seat"]])
        if "text" in value:
            return self.message(value["text"], args)
        if "card" in value:
            return self.message(f"card.{value['card']}", args)
        if "ref" in value:
            return self(value["ref"])
        if "list" in value:
            parts = [self.argument(item, args) for item in value["list"]]
            return LIST_SEPARATOR[self.lang].join(parts) if parts else "—"
        raise TypeError(f"not a message argument: {value!r}")


def addressed(ref: MessageRef, me: int | None) -> MessageRef:
    """``ref`` as told to seat ``me``: every ``{"seat": me}`` inside it (arguments, lists,
    nested references) becomes ``{"text": "you"}``; a spectator's (``None``) is unchanged."""
    if me is None:
        return ref
    return {"key": ref["key"], "args": {k: _to_you(v, me) for k, v in ref.get("args", {}).items()}}


def _to_you(value: Any, me: int) -> Any:
    if not isinstance(value, dict):
        return value
    if value.get("seat") == me and len(value) == 1:
        return {"text": "you"}
    if "ref" in value:
        return {"ref": addressed(value["ref"], me)}
    if "list" in value:
        return {"list": [_to_you(item, me) for item in value["list"]]}
    return value


def subject(key: str, seats: Sequence[int], me: int | None) -> tuple[str, dict[str, Any]]:
    """The key and the ``names`` argument of a message whose subject is ``seats``: the
    reader alone reads ``key.you``; the reader with others ``key.you_and`` (``names``: the
    others); anyone else ``key`` (``names``: all of them)."""
    others = [s for s in seats if s != me]
    if len(others) == len(seats):
        return key, {"list": [{"seat": s} for s in seats]}
    return (f"{key}.you_and" if others else f"{key}.you"), {"list": [{"seat": s} for s in others]}

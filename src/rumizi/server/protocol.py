"""The wire protocol, version 1: messages in (validated by pydantic) and messages out.

``docs/protocol.md`` is the reference. Every message is one JSON object in one text frame.
Anything malformed, too large, stale, out of turn or illegal is answered with an
``error`` message naming the reason, and changes nothing.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import to_json

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 16 * 1024
"""The largest client message (WebSocket frame or HTTP body) the server reads, in bytes."""

ROOM_ID = r"^[0-9a-f]{12}$"
MATCH_ID = r"^[0-9a-f]{16}$"


def unsafe_text(text: str) -> str | None:
    """Why ``text`` may not be stored (a NUL, another control character or half a
    surrogate pair, which PostgreSQL or UTF-8 refuse), or None when it may."""
    for ch in text:
        code = ord(ch)
        if code == 0:
            return "text may not hold a NUL character"
        if 0xD800 <= code <= 0xDFFF:
            return "text may not hold unpaired surrogates"
        if code < 0x20 or 0x7F <= code < 0xA0:
            return f"text may not hold the control character U+{code:04X}"
    return None


def _safe(text: str) -> str:
    problem = unsafe_text(text)
    if problem is not None:
        raise ValueError(problem)
    return text


_JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner: Persian writes the first inside words (می‌خواهم),
emoji sequences use the second; kept between two visible characters."""


def shown(text: str) -> str:
    """``text`` as a name or title is shown: without the invisible format characters
    (Unicode Cf: bidi overrides, embeddings, isolates and marks, zero-width space, word
    joiner, byte order mark, soft hyphen...) and line or paragraph separators (Zl, Zp),
    which can reverse or hide what follows them on every screen that shows the name;
    a non-joiner or joiner stays where it sits between two visible characters."""
    kept = [
        ch for ch in text if ch in _JOINERS or unicodedata.category(ch) not in ("Cf", "Zl", "Zp")
    ]
    out: list[str] = []
    for i, ch in enumerate(kept):
        if ch in _JOINERS and not (
            out
            and not out[-1].isspace()
            and out[-1] not in _JOINERS
            and i + 1 < len(kept)
            and not kept[i + 1].isspace()
            and kept[i + 1] not in _JOINERS
        ):
            continue
        out.append(ch)
    return "".join(out)


_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
"""Letters and symbols that draw nothing: the Hangul fillers, the blank Braille pattern,
the Khmer inherent vowels, the Mongolian vowel separator (spaces are ``isspace``)."""
MAX_MARKS = 6
"""Combining marks stacked on one character (Persian writes two or three: a shadda and a
vowel; more only pile up over the lines around it)."""


def visible(text: str) -> bool:
    """Whether ``text`` draws something: a character that is no space, no blank-looking
    letter (``_BLANK``) and no combining mark."""
    return any(
        not ch.isspace() and ch not in _BLANK and not unicodedata.category(ch).startswith("M")
        for ch in text
    )


def _stacked(text: str) -> int:
    """The most combining marks in a row in ``text``."""
    most = run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        most = max(most, run)
    return most


def _shown_name(text: str) -> str:
    text = shown(text)
    if not visible(text):
        raise ValueError("a name must show something: it held only blank or invisible characters")
    if _stacked(text) > MAX_MARKS:
        raise ValueError(f"at most {MAX_MARKS} combining marks may sit on one character")
    return text


def _shown_title(text: str) -> str:
    """A title as shown; one that would show nothing is none (``""``), as an empty one."""
    text = shown(text)
    if not visible(text):
        return ""
    if _stacked(text) > MAX_MARKS:
        raise ValueError(f"at most {MAX_MARKS} combining marks may sit on one character")
    return text


def check_json(value: Any, depth: int = 0) -> None:
    """Refuse unsafe text anywhere in a JSON value (keys too), and deep nesting."""
    if depth > 32:
        raise ValueError("nested too deeply")
    if isinstance(value, str):
        _safe(value)
    elif isinstance(value, float) and not math.isfinite(value):
        raise ValueError("numbers must be finite")
    elif isinstance(value, dict):
        for k, v in value.items():
            _safe(k)
            check_json(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            check_json(v, depth + 1)


def _safe_json(value: dict[str, Any]) -> dict[str, Any]:
    check_json(value)
    return value


Text = Annotated[str, AfterValidator(_safe)]
JsonObject = Annotated[dict[str, Any], AfterValidator(_safe_json)]
Token = Annotated[str, Field(min_length=1, max_length=128)]


def _ref(value: Any) -> str | int | None:
    """A ``ref`` as given: none, an integer or a short text (one check, so that a wrong
    one gets one clear reason rather than one per member of a union)."""
    if value is None or type(value) is int:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return _safe(value)
    if isinstance(value, str):
        raise ValueError(f"a ref has at most 64 characters, not {len(value)}")
    raise ValueError("a ref is an integer or a text")


Ref = Annotated[str | int | None, PlainValidator(_ref)]
Index = Annotated[int, Field(ge=0)]
Name = Annotated[Text, Field(min_length=1, max_length=40), AfterValidator(_shown_name)]
"""A person's name: shown to the table, so without invisible format characters."""
Title = Annotated[Text, Field(max_length=120), AfterValidator(_shown_title)]


class _Message(BaseModel):
    """Strict: ``"1"`` or ``1.0`` is not the integer 1; unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# --------------------------------------------------------------- client → server
class Hello(_Message):
    """The first message on a socket: who I am and what I have seen."""

    type: Literal["hello"]
    v: int = PROTOCOL_VERSION
    token: Token
    match: Annotated[Text, Field(max_length=64)] | None = None
    index: Index | None = None
    name: Name | None = None
    """A watcher's name, shown to the table (seats are named when they join)."""
    follow: bool = False
    """The client can follow a ``redirect``: with several workers, one that reaches a
    worker other than its room's owner is sent to the owner's address (else the socket
    is passed on to the owner through Redis)."""


class Act(_Message):
    """An action, made on the position after ``index`` log entries."""

    type: Literal["act"]
    action: JsonObject
    index: Index
    ref: Ref = None


class Sync(_Message):
    """Send me the current view and the events since ``index`` again."""

    type: Literal["sync"]
    index: Index | None = None
    ref: Ref = None


class Ready(_Message):
    type: Literal["ready"]
    ready: bool = True
    ref: Ref = None


class Start(_Message):
    type: Literal["start"]
    ref: Ref = None


class Leave(_Message):
    type: Literal["leave"]
    ref: Ref = None


class Rematch(_Message):
    type: Literal["rematch"]
    ref: Ref = None


class Ping(_Message):
    type: Literal["ping"]
    ref: Ref = None


class Abort(_Message):
    """Stop the match now, without a result (the host)."""

    type: Literal["abort"]
    ref: Ref = None


Client = Hello | Act | Sync | Ready | Start | Leave | Rematch | Ping | Abort
ClientMessage = Annotated[Client, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A message that is not valid protocol; ``code`` says which way."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse(text: str | bytes) -> Client:
    """Check size, JSON and schema of a client message; ``BadMessage`` names what is wrong."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage(
            "too_large", f"message too large: {size} bytes, the limit is {MAX_MESSAGE_BYTES}"
        )
    try:
        return _client.validate_json(text)
    except ValidationError as e:
        raise BadMessage(*describe(e)) from None


def describe(error: ValidationError) -> tuple[str, str]:
    """An error code and a short readable reason for a pydantic error."""
    problems = error.errors(include_url=False)
    if problems and problems[0]["type"] == "json_invalid":
        where = (problems[0].get("ctx") or {}).get("error", "")
        return "bad_json", "not valid JSON" + (f": {where}" if where else "")
    return "bad_message", reasons(problems, "message")


_FIELD = re.compile(r"^\w[\w-]*$")
_QUOTED = re.compile(r"'([^']*)'")


def as_json(value: Any, limit: int = 40) -> str:
    """A client's value as JSON text for an error message (``null``, ``true``,
    ``{"a": 1}``), cut short; never a Python literal."""
    try:
        text = orjson.dumps(value).decode()
    except TypeError:  # half a surrogate pair, say: escaped
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            return "a value that is not JSON"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _listed(ctx_text: object) -> str:
    """Python's quoted names (``'person' or 'bot'``) as JSON texts (``"person"``, …)."""
    return ", ".join(as_json(name) for name in _QUOTED.findall(str(ctx_text)))


_EXPECTED = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "a text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "list_type": "a list",
}
"""What a field takes, by pydantic's error type: told as ``must be …, not <JSON>``."""


def _reason(problem: Mapping[str, Any]) -> str:
    """What is wrong, in the protocol's words: the value as JSON, never pydantic's own
    message (which shows Python literals: ``Input tag 'None'``, ``Value error, …``)."""
    kind = problem.get("type", "")
    ctx = problem.get("ctx") or {}
    given = problem.get("input")
    if kind in _EXPECTED:
        return f"must be {_EXPECTED[kind]}, not {as_json(given)}"
    if kind == "missing":
        return "missing"
    if kind == "extra_forbidden":
        return "no such field"
    if kind == "value_error":  # the server's own reasons (``ValueError`` in a validator)
        return str(ctx.get("error", "not allowed here"))
    if kind == "literal_error":
        return f"must be {_listed(ctx.get('expected')).replace(', ', ' or ')}, not {as_json(given)}"
    if kind in ("string_too_short", "string_too_long", "too_short", "too_long"):
        short = kind.endswith("short")
        bound = ctx.get("min_length" if short else "max_length")
        unit = "characters" if kind.startswith("string") else "items"
        if kind in ("too_short", "too_long") and isinstance(given, str):
            unit = "characters"
        return f"must have at {'least' if short else 'most'} {bound} {unit}"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {as_json(ctx.get(key))}, not {as_json(given)}"
    if kind == "finite_number":
        return "must be a finite number"
    if kind == "string_pattern_mismatch":
        return f"is not of the right form: {as_json(given)}"
    return f"is not allowed here: {as_json(given)}"


def reasons(problems: Sequence[Mapping[str, Any]], whole: str) -> str:
    """Where each problem is (the fields' path, or ``whole``) and what it is, for a
    person, with the value sent as JSON (``_reason``). A path keeps field names and list
    indexes only: pydantic also names the member of a union it tried, which can be a
    Python repr (``functools.partial(<function … at 0x…>)``) that means nothing to a
    client and tells about the server's insides."""
    parts = []
    for p in problems[:4]:
        where = ".".join(str(x) for x in p.get("loc", ()) if _is_field(x)) or whole
        kind = p.get("type")
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            ctx = p.get("ctx") or {}
            field = _QUOTED.sub(r"\1", str(ctx.get("discriminator", "type")))
            where = f"{where}.{field}" if where != whole else field
            given = p.get("input")
            if kind == "union_tag_not_found" or not isinstance(given, dict):
                parts.append(f"{where}: missing")
                continue
            tags = _listed(ctx.get("expected_tags"))
            parts.append(f"{where}: must be one of {tags}, not {as_json(given.get(field))}")
            continue
        parts.append(f"{where}: {_reason(p)}")
    more = f" (and {len(problems) - 4} more)" if len(problems) > 4 else ""
    return "; ".join(parts) + more


def _is_field(part: object) -> bool:
    return isinstance(part, int) or (isinstance(part, str) and _FIELD.match(part) is not None)


# --------------------------------------------------------------- HTTP bodies
class SeatPlan(_Message):
    """One seat of a new room: a person (who joins through the seat link) or a bot."""

    kind: Literal["person", "bot"] = "person"
    bot: Annotated[Text, Field(max_length=64)] | None = None
    name: Name | None = None


class RoomSettings(_Message):
    """Clocks and bots of a room. Times are in seconds."""

    bot_delay: Annotated[float, Field(ge=0, le=10)] = 0.8
    """How long a bot waits before it moves, so that people can follow."""
    move_seconds: Annotated[float, Field(gt=0, le=86400)] | None = None
    """Per-move clock for people: when it runs out, a stand-in bot makes that move."""
    grace_seconds: Annotated[float, Field(ge=0, le=86400)] = 60.0
    """How long a player may be away in a match before a bot takes the seat."""
    standin: Annotated[Text, Field(max_length=64)] | None = None
    """The bot level that stands in for absent players (default: the game's strongest)."""
    autostart: bool = False
    """Start as soon as every person seat has joined and is ready."""


class CreateRoom(_Message):
    game: Annotated[Text, Field(max_length=64)]
    seats: Annotated[list[SeatPlan], Field(min_length=1, max_length=16)]
    options: JsonObject = Field(default_factory=dict)
    public: bool = False
    title: Title | None = None
    settings: RoomSettings = Field(default_factory=RoomSettings)
    sit: bool = True
    """The creator takes the first person seat: it is theirs (joined) from creation.
    ``false`` for a room made for others, where every person seat waits for its player."""


class JoinBody(_Message):
    name: Name | None = None


class ReadyBody(_Message):
    ready: bool = True


class InviteBody(_Message):
    seat: Annotated[int, Field(ge=0, le=15)]


class ActBody(_Message):
    action: JsonObject
    index: Index


# --------------------------------------------------------------- server → client
def dump(message: dict[str, Any]) -> str:
    """A server message as compact JSON text."""
    return dump_bytes(message).decode()


def dump_bytes(value: Any) -> bytes:
    """Any JSON value as compact UTF-8 JSON: orjson (several times quicker than pydantic
    on a big update: 3 µs against 25 µs for a Skip-Bo seat's), pydantic's ``to_json`` for
    what orjson refuses (a set, say); the same bytes either way."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return to_json(value)


def error(code: str, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    out.update(extra)
    return out

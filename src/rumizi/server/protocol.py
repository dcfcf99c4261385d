"""The wire protocol, version 1: messages in (validated by pydantic) and messages out.

``docs/protocol.md`` is the reference. Every message is one JSON object in one text frame.
Anything malformed, too large, stale, out of turn or illegal is answered with an
``error`` message naming the reason, and changes nothing.
"""

from __future__ import annotations

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


def _shown_name(text: str) -> str:
    text = shown(text)
    if not text:
        raise ValueError("a name must show something: it held only invisible characters")
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
Title = Annotated[Text, Field(max_length=120), AfterValidator(shown)]


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
    problems = error.errors(include_url=False, include_input=False)
    if problems and problems[0]["type"] == "json_invalid":
        return "bad_json", f"not valid JSON: {problems[0]['msg']}"
    return "bad_message", reasons(problems, "message")


_FIELD = re.compile(r"^\w[\w-]*$")


def reasons(problems: Sequence[Mapping[str, Any]], whole: str) -> str:
    """Where each problem is (the fields' path, or ``whole``) and what it is, for a
    person. A path keeps field names and list indexes only: pydantic also names the
    member of a union it tried, which can be a Python repr (``functools.partial(<function
    … at 0x…>)``) that means nothing to a client and tells about the server's insides."""
    parts = []
    for p in problems[:4]:
        where = ".".join(str(x) for x in p.get("loc", ()) if _is_field(x)) or whole
        parts.append(f"{where}: {p.get('msg')}")
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

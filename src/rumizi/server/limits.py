"""The server's limits: what one client, one address and all-bot rooms may use.

Every limit has a default and can be set in the environment as ``RUMIZI_<NAME>``
(``RUMIZI_BOT_MATCHES=2``; rates as ``count/seconds``: ``RUMIZI_RATE_CREATE=20/60``).
``docs/server.md`` lists them. Rates are token buckets per client address: a request
over its rate is refused with HTTP 429 (``rate_limited``) and changes nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, fields


@dataclass(frozen=True)
class Rate:
    """``count`` requests per ``seconds``, in bursts of up to ``count``."""

    count: float
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        count, _, seconds = text.partition("/")
        return cls(float(count), float(seconds or 1))

    def __str__(self) -> str:
        return f"{self.count:g}/{self.seconds:g}"


def _rates() -> dict[str, Rate]:
    return {
        "create": Rate(20, 60),  # rooms made per address
        "lesson": Rate(10, 600),  # lesson rooms made per address
        "join": Rate(30, 60),  # joins and invites per address
        "guess": Rate(30, 60),  # unknown tokens, rooms and matches asked for per address
        "act": Rate(60, 1),  # actions and other socket messages per address
        "connect": Rate(30, 10),  # WebSocket handshakes per address
        "read": Rate(300, 60),  # lobby, room, state and replay reads per address
    }


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default."""

    header_bytes: int = 16 * 1024
    """The largest request head (request line and headers) read, in bytes: 431 above it."""
    header_seconds: float = 10.0
    """Time a connection has to send a whole request head (slow senders are dropped)."""
    first_byte_seconds: float = 5.0
    """Time a new connection has to send its first byte (a silent one is closed)."""
    keep_alive_seconds: float = 5.0
    """An idle HTTP keep-alive connection is closed after this."""
    hello_seconds: float = 10.0
    """Time a new WebSocket has to say hello."""
    idle_seconds: float = 300.0
    """A WebSocket that sends nothing (not even a ping) for this long is closed (4408)."""
    sockets_per_token: int = 4
    """Open WebSockets for one seat or host token."""
    watchers_per_token: int = 100
    """Open WebSockets for one spectator token (its link is shared by watchers)."""
    sockets_per_address: int = 64
    """Open WebSockets from one address (per worker: after a failover the survivor holds
    the dead worker's too; a site behind one NAT raises it)."""
    refusal_log_seconds: float = 60.0
    """Handshakes refused for their address are logged once per address per this long,
    with their count."""
    bot_matches: int = 8
    """All-bot matches playing at once on the server."""
    bot_matches_per_address: int = 1
    """All-bot matches playing at once among the rooms made from one address."""
    bot_match_moves: int = 3000
    """An all-bot match is stopped (aborted) after this many moves."""
    bot_match_seconds: float = 1800.0
    """An all-bot match is stopped (aborted) after playing this long."""
    bot_processes: int = 2
    """Processes that search bots think in, off the event loop (0: in worker threads of
    the server's own process, where a search holds up every other table)."""
    option_maximum: int = 1000
    """Numbers in a game's options, where its description gives no bound of its own."""
    replay_page: int = 200
    """Positions in one page of a replay."""
    replay_cache_bytes: int = 64 << 20
    """Memory for replays of finished matches built once and kept, in bytes."""
    analysis_seconds: float = 20.0
    """Thinking time of one post-game analysis (a match, one seat), in seconds."""
    analysis_workers: int = 1
    """Processes that make post-game analyses."""
    analysis_queue: int = 4
    """Analyses waiting or running at once; another is refused (503, ``busy``)."""
    analysis_kept: int = 256
    """Analyses kept in memory once made (least recently used out first)."""
    lesson_bot_delay: float = 0.8
    """How long a lesson's scripted bots wait before each move, where the lesson's start
    does not say (people read the coach meanwhile)."""
    linger_seconds: float = 30.0
    """A finished room with nobody connected leaves memory after this."""
    open_seconds: float = 300.0
    """A room not started (a lesson nobody opened, say) that nobody is connected to
    leaves memory after this long unasked for (it stays stored and loads again)."""
    open_rooms_per_address: int = 50
    """Open rooms (not started) in memory made from one address; one more is refused
    (429 ``limit``) until one starts or leaves memory."""
    admin_token: str | None = None
    """A token that may abort any match (``RUMIZI_ADMIN_TOKEN``); none by default."""
    origins: tuple[str, ...] = ()
    """Web origins allowed to open sockets besides the server's own host (comma-separated)."""
    rates: dict[str, Rate] = field(default_factory=_rates)
    """Requests per address: create, lesson, join, guess, act, connect, read."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Limits:
        """The defaults, with what ``RUMIZI_<NAME>`` variables say instead."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            text = env.get(f"RUMIZI_{f.name.upper()}")
            if f.name == "rates":
                rates = _rates()
                for name in rates:
                    given = env.get(f"RUMIZI_RATE_{name.upper()}")
                    if given:
                        rates[name] = Rate.parse(given)
                values["rates"] = rates
            elif text is None:
                continue
            elif f.name == "origins":
                values["origins"] = tuple(o.strip() for o in text.split(",") if o.strip())
            elif f.name == "admin_token":
                values["admin_token"] = text or None
            elif f.type in ("int", int):
                values[f.name] = int(text)
            else:
                values[f.name] = float(text)
        return dataclasses.replace(cls(), **values)  # type: ignore[arg-type]


class Buckets:
    """Token buckets per (kind, address): ``take`` says whether a request may go on."""

    MAX_KEYS = 100_000

    def __init__(self, rates: Mapping[str, Rate]) -> None:
        self.rates = dict(rates)
        self._state: dict[tuple[str, str], tuple[float, float]] = {}

    def take(self, kind: str, address: str, now: float | None = None) -> float:
        """0 if the request may go on (one token taken), else seconds until it may."""
        rate = self.rates.get(kind)
        if rate is None or rate.count <= 0 or math.isinf(rate.count):
            return 0.0
        now = time.monotonic() if now is None else now
        key = (kind, address)
        level, then = self._state.get(key, (rate.count, now))
        level = min(rate.count, level + (now - then) * rate.count / rate.seconds)
        if level < 1:
            self._state[key] = (level, now)
            return (1 - level) * rate.seconds / rate.count
        if len(self._state) >= self.MAX_KEYS and key not in self._state:
            self._forget(now)
        self._state[key] = (level - 1, now)
        return 0.0

    def empty(self, kind: str, address: str, now: float | None = None) -> float:
        """Like ``take`` but takes nothing: seconds until a request of ``kind`` may go on."""
        rate = self.rates.get(kind)
        state = self._state.get((kind, address))
        if rate is None or state is None or rate.count <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        level = min(rate.count, state[0] + (now - state[1]) * rate.count / rate.seconds)
        return 0.0 if level >= 1 else (1 - level) * rate.seconds / rate.count

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled (they hold nothing worth keeping)."""
        for key, (level, then) in list(self._state.items()):
            rate = self.rates[key[0]]
            if level + (now - then) * rate.count / rate.seconds >= rate.count:
                del self._state[key]


def address_key(address: str) -> str:
    """What the store keeps of a creator's address: a short hash, not the address."""
    return hashlib.sha256(f"rumizi-address:{address}".encode()).hexdigest()[:32]

"""The limits on sockets: open ones per address and per token, and where a browser's
socket may come from (its ``Origin``)."""

from __future__ import annotations

import collections
from urllib.parse import urlsplit

from starlette.types import Scope

from .limits import Buckets, Limits


class Sockets:
    """The limits on sockets: open ones per address and per token, their messages' rate."""

    def __init__(self, limits: Limits, buckets: Buckets) -> None:
        self.limits = limits
        self.buckets = buckets
        self.per_address: collections.Counter[str] = collections.Counter()
        self.per_token: collections.Counter[str] = collections.Counter()

    @staticmethod
    def release(counter: collections.Counter[str], key: str) -> None:
        counter[key] -= 1
        if counter[key] <= 0:
            del counter[key]

    def origin_allowed(self, scope: Scope) -> bool:
        """A browser's socket must come from a page of this server (or an allowed origin);
        clients that send no Origin (scripts) may connect."""
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1")
        if text in self.limits.origins:
            return True
        host = headers.get(b"host", b"").decode("latin-1")
        return bool(host) and urlsplit(text).netloc == host

"""The web client's files are sent gzipped to a browser that takes gzip (the table pages'
cold-load figures in docs/web.md count on it), and as they are to one that does not."""

from __future__ import annotations

from typing import Any

import httpx

from rumizi.server.app import WEB


def test_static_files_are_gzipped_when_asked_and_plain_otherwise(web_server: Any) -> None:
    path = "vendor/three/three.min.js"
    whole = (WEB / path).read_bytes()
    with httpx.Client(base_url=web_server.url, timeout=20) as http:
        zipped = http.get(f"/{path}", headers={"Accept-Encoding": "gzip"})
        plain = http.get(f"/{path}", headers={"Accept-Encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.num_bytes_downloaded < len(whole) / 3
    assert zipped.content == whole  # httpx unzips: the same file
    assert "content-encoding" not in plain.headers and plain.content == whole

"""The store's public API for the CLI (``rumizi.server.store.archive``) loads the store
alone: not the web stack, not the rest of the server."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_store_api_loads_no_web_stack_and_no_room() -> None:
    code = "import json, sys, rumizi.server.store.archive\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    modules = json.loads(out.strip().splitlines()[-1])
    loaded = [m for m in modules if m.split(".")[0] in ("fastapi", "starlette", "uvicorn")]
    loaded += [
        m
        for m in modules
        if m.startswith("rumizi.server.") and not m.startswith("rumizi.server.store")
    ]
    assert loaded == []

"""The terminal's tests: their helpers (``tui_helpers``) importable. (Each test's kept games
are in a folder of its own: ``tests/conftest.py``.)"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

"""The text tests share ``texts_helpers``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

"""Tuki content tools: the card generator, the solver that finds witness builds, the
statics reference examples and the SVG pictures (``rumizi tuki …``).

This package's top level is light (the CLI reads its defaults); the tools themselves
need SciPy and are imported only when used.
"""

DEFAULT_SEED = 2026
"""The seed of the committed decks."""

NODE_LIMIT = 1000
"""Default search budget per task, in search nodes (each costs at most two small LPs)."""

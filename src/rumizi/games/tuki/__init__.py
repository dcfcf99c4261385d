"""Tuki («توکی»): voxel geometry, statics, matching, the solver and the card decks.

The rules on the engine come later; this package is the geometry they will stand on.
See ``shared/rules/tuki.md`` and ``docs/tuki.md``.
"""

"""Tuki («توکی»): the real-time 3D stacking race — rules on the engine, plus the voxel
geometry, statics, matching and card decks they stand on.

See ``shared/rules/tuki.md`` and ``docs/tuki.md``. The rules are in ``rules`` (``GAME``),
the state in ``state``; the registry (``rumizi.games``) loads each part when it is first
used, so reading the description (``--help``, ``/api/games``) imports no numpy.
"""

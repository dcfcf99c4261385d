"""Love Letter (نامه‌ای به گیلاس): the classic 16-card edition for 2–4 players.

The rules on the engine are in ``rules`` (``GAME``), the state in ``state``; the registry
(``rumizi.games``) loads each part when it is first used.
"""

"""Skip-Bo (اسکیپ‌بو): 162 cards, 2–6 players, solo or in partnerships.

The rules on the engine are in ``rules`` (``GAME``), the state in ``state``; the registry
(``rumizi.games``) loads each part when it is first used.
"""

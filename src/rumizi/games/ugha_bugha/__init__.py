"""Ugha Bugha (اوگا بوگا): the memory chain game of caveman words, with turn clocks and the
"Ho!" challenge variant, for 3–8 players.

The rules on the engine are in ``rules`` (``GAME``), the state in ``state``; the registry
(``rumizi.games``) loads each part when it is first used.
"""

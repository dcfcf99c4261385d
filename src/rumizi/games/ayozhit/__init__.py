"""Ayozhit («آیوژیت»): the association game — rules on the engine, its picture deck and word
deck, the card renderer and the word × picture similarity table the bots use.

The rules are in ``rules`` (``GAME``), the state in ``state``, the bots in ``bots``, the
decks in ``content`` (``load_pictures``, ``load_words``), the card renderer in ``render``
(``render_card``); the similarity table needs numpy: ``similarity``. The registry
(``rumizi.games``) loads each part when it is first used, so that reading the game's
description (``rumizi --help``, ``/api/games``) imports no rules, no content and no numpy.
"""

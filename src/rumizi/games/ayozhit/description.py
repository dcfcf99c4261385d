"""Ayozhit described once: players, options, bots (see ``rumizi.engine.description``).

Light to import: no rules, no bots, no numpy.
"""

from __future__ import annotations

from rumizi.engine.description import FIRST, RANDOM_BOT, BotLevel, Description, OptionSpec

SELECT_SECONDS = 120.0
"""How long the secret marking lasts by default."""

LEVELS = (
    BotLevel("cautious", {"fa": "محتاط", "en": "Cautious"}),
    BotLevel("steady", {"fa": "میانه‌رو", "en": "Steady"}),
    BotLevel("dreamy", {"fa": "خیال‌پرداز", "en": "Dreamy"}),
    BotLevel("generous", {"fa": "دست‌ودل‌باز", "en": "Generous"}),
)
"""The bots' levels (``bots.BOTS``): they differ in marking habit more than in strength."""

DESCRIPTION = Description(
    id="ayozhit",
    title={"fa": "آیوژیت", "en": "Ayozhit"},
    pitch={
        "fa": "بازی تداعی: واژه‌ای رو می‌شود، هر کس پنهانی تصویرهایی را که به یادش می‌آورد "
        "علامت می‌زند، و امتیاز از آن کسی است که با دیگران هم‌خیال باشد — نه با همه.",
        "en": "An association game: a word is turned over, everyone secretly marks the "
        "pictures it brings to mind, and points go to those who think alike — but not all alike.",
    },
    length={"fa": "حدود ۲۰ دقیقه", "en": "about 20 minutes"},
    min_players=3,
    max_players=6,
    options=(
        OptionSpec(
            "select_seconds",
            "seconds",
            label={"fa": "زمان علامت‌زدن", "en": "Marking time"},
            help={
                "fa": "چند ثانیه برای علامت‌زدن پنهانی تصویرها؛ وقتی همه آماده باشند "
                "زودتر تمام می‌شود",
                "en": "seconds to mark the pictures in secret; it ends early when everyone "
                "is ready",
            },
            default=SELECT_SECONDS,
            minimum=10,
            maximum=600,
            nullable=True,
        ),
        OptionSpec(
            "tiebreak",
            "bool",
            label={"fa": "دور تعیین برنده", "en": "Tie-break round"},
            help={
                "fa": "اگر پس از دور چهارم چند نفر برابر باشند، فقط آنان یک دور دیگر بازی می‌کنند",
                "en": "if several lead after round 4, they alone play one more round",
            },
            default=False,
        ),
        FIRST,
        OptionSpec(
            "deck",
            "data",
            label={"fa": "دستهٔ تصویرهای چیده‌شده", "en": "Stacked pictures"},
            help={
                "fa": "شناسهٔ تصویرهایی که از رو روی دسته می‌آیند (۱۵ تای نخست روی میز)؛ "
                "بقیه بُرخورده می‌آیند؛ برای آزمون‌ها",
                "en": "picture ids to put on top of the deck, top first (the first 15 are "
                "dealt); the rest follow shuffled; for tests",
            },
        ),
        OptionSpec(
            "words",
            "data",
            label={"fa": "کارت‌های واژهٔ چیده‌شده", "en": "Stacked word cards"},
            help={
                "fa": "شناسهٔ کارت‌های واژه، یکی برای هر دور، از رو؛ برای آزمون‌ها",
                "en": "word card ids on top of the word deck, one a round; for tests",
            },
        ),
    ),
    solo_seats=4,
    solo_level="steady",
    bot_levels=(RANDOM_BOT, *LEVELS),
    clocks=True,
    simultaneous=True,
)

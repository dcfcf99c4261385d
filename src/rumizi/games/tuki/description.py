"""Tuki described once: players, options, bots (see ``rumizi.engine.description``)."""

from __future__ import annotations

from rumizi.engine.description import (
    FIRST,
    RANDOM_BOT,
    BotLevel,
    Choice,
    Description,
    OptionSpec,
)

DESCRIPTION = Description(
    id="tuki",
    title={"fa": "توکی", "en": "Tuki"},
    pitch={
        "fa": "مسابقهٔ ساختن سه‌بعدی: ساختار کارتِ چرخیده را با سنگ‌های رنگی و بلوک‌های برفی "
        "بسازید، زودتر از بقیه «تمام» بگویید و درست بسازید.",
        "en": "A 3D building race: rebuild the turned card's structure with coloured stones "
        "and snow blocks, call “done” before the others — and get it right.",
    },
    length={"fa": "حدود ۲۰ دقیقه", "en": "about 20 minutes"},
    min_players=1,
    max_players=4,
    options=(
        OptionSpec(
            "level",
            "choice",
            label={"fa": "سطح", "en": "Level"},
            help={
                "fa": "کارت‌های معمولی با سه سنگ، یا پیشرفته با چهار سنگ (نارنجی هم)",
                "en": "normal cards with three stones, or advanced with four (orange too)",
            },
            default="normal",
            choices=(
                Choice("normal", {"fa": "معمولی (۳ سنگ)", "en": "normal (3 stones)"}),
                Choice("advanced", {"fa": "پیشرفته (۴ سنگ)", "en": "advanced (4 stones)"}),
            ),
        ),
        OptionSpec(
            "round_seconds",
            "seconds",
            label={"fa": "زمان هر دور", "en": "Round clock"},
            help={
                "fa": "چند ثانیه برای ساختن هر کارت؛ وقتی تمام شود، هر کس هنوز «تمام» نگفته "
                "تمام‌شده حساب می‌شود",
                "en": "seconds to build each card; when they run out, everyone still building "
                "is done",
            },
            default=180.0,
            minimum=10,
            maximum=1800,
            nullable=True,
        ),
        OptionSpec(
            "practice",
            "bool",
            label={"fa": "تمرین", "en": "Practice"},
            help={
                "fa": "تنها، بی‌زمان، با دکمهٔ راهنما (جای یک بلوک برفی را نشان می‌دهد)؛ ۱۰ کارت",
                "en": "alone, no clock, with a hint button (shows where one snow block goes); "
                "10 cards",
            },
            default=False,
            players=1,
        ),
        FIRST,
        OptionSpec(
            "deck",
            "data",
            label={"fa": "دستهٔ چیده‌شده", "en": "Stacked deck"},
            help={
                "fa": "شناسهٔ کارت‌هایی که روی دسته می‌آیند، از رو (مثل N07)؛ بقیه بُر خورده "
                "در پی می‌آیند؛ برای آزمون‌ها و آموزش",
                "en": "ids of the cards to put on top, top first (e.g. N07); the rest follow "
                "shuffled; for tests and tutorials",
            },
        ),
        OptionSpec(
            "dice",
            "data",
            label={"fa": "تاس‌های چیده‌شده", "en": "Stacked dice"},
            help={
                "fa": "نخستین پرتاب‌های تاس، مثل walrus/white؛ برای آزمون‌ها و آموزش",
                "en": "the first rolls of the die, e.g. walrus/white; for tests and tutorials",
            },
        ),
    ),
    solo_seats=2,
    solo_level="medium",
    bot_levels=(
        RANDOM_BOT,
        BotLevel("easy", {"fa": "آسان", "en": "easy"}),
        BotLevel("medium", {"fa": "متوسط", "en": "medium"}),
        BotLevel("hard", {"fa": "سخت", "en": "hard"}),
    ),
    clocks=True,
    simultaneous=True,
)

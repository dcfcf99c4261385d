"""Skip-Bo described once: players, options, bots (see ``rumizi.engine.description``)."""

from __future__ import annotations

from rumizi.engine.description import (
    DECK,
    FIRST,
    RANDOM_BOT,
    BotLevel,
    Description,
    OptionSpec,
    Preset,
)

QUICK = Preset(
    "quick",
    length={
        "fa": "یک دور با ۱۵ کارت ذخیره، حدود ۵ دقیقه",
        "en": "one round, 15-card stock piles, about 5 minutes",
    },
    options={"rounds": 1, "stock_size": 15},
)
PRESETS = (
    QUICK,
    Preset(
        "standard",
        length={
            "fa": "یک دور با ذخیرهٔ کامل، حدود ۱۰ دقیقه",
            "en": "one round, full stock piles, about 10 minutes",
        },
        options={"rounds": 1},
    ),
    Preset(
        "long",
        length={
            "fa": "دورها تا ۵۰۰ امتیاز، حدود یک ساعت و نیم",
            "en": "rounds up to 500 points, about 1½ hours",
        },
        options={},
    ),
)

DESCRIPTION = Description(
    id="skip-bo",
    title={"fa": "اسکیپ‌بو", "en": "Skip-Bo"},
    pitch={
        "fa": "دسته‌ها را از ۱ تا ۱۲ بچینید و پیش از همه کارت‌های ذخیره‌تان را تمام کنید.",
        "en": "Build piles from 1 to 12 and be the first to empty your stock pile.",
    },
    length=QUICK.length,
    min_players=2,
    max_players=6,
    options=(
        OptionSpec(
            "stock_size",
            "int",
            label={"fa": "تعداد کارت‌های ذخیره", "en": "Stock pile size"},
            help={
                "fa": "کارت‌های هر دستهٔ ذخیره؛ پیش‌فرض ۳۰ با ۲ تا ۴ بازیکن و ۲۰ با ۵ و ۶، "
                "دست بالا ۲۷ با ۵ و ۲۲ با ۶ بازیکن",
                "en": "cards in each stock pile; by default 30 with 2–4 players and 20 with "
                "5–6, at most 27 with 5 and 22 with 6 players",
            },
            minimum=1,
            maximum=30,
        ),
        OptionSpec(
            "target",
            "int",
            label={"fa": "امتیاز لازم برای بردن", "en": "Points to win"},
            help={
                "fa": "دورها ادامه دارند تا امتیاز کسی به این عدد برسد",
                "en": "rounds go on until a score reaches it",
            },
            default=500,
            minimum=1,
            maximum=10_000,
        ),
        OptionSpec(
            "rounds",
            "int",
            label={"fa": "تعداد دورها", "en": "Rounds"},
            help={
                "fa": "بازی پس از این تعداد دور تمام می‌شود؛ پیش‌فرض: بی‌حد",
                "en": "the game ends after this many rounds; by default no limit",
            },
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            "teams",
            "bool",
            label={
                "fa": "بازی دونفره‌ها با هم (۴ یا ۶ بازیکن)",
                "en": "Partnerships (4 or 6 players)",
            },
            help={
                "fa": "هم‌تیمی‌ها روبه‌روی هم می‌نشینند و از دسته‌های هم بازی می‌کنند",
                "en": "partners sit opposite and may play from each other's piles",
            },
            default=False,
        ),
        FIRST,
        DECK,
    ),
    solo_seats=2,
    solo_level="heuristic",
    bot_levels=(
        RANDOM_BOT,
        BotLevel("greedy", {"fa": "حریص", "en": "greedy"}),
        BotLevel("heuristic", {"fa": "متوسط", "en": "medium"}),
        BotLevel("search", {"fa": "سخت", "en": "hard"}),
    ),
    presets=PRESETS,
    solo_preset="quick",
)

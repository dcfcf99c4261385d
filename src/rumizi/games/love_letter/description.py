"""Love Letter described once: players, options, bots (see ``rumizi.engine.description``)."""

from __future__ import annotations

from rumizi.engine.description import (
    DECK,
    FIRST,
    RANDOM_BOT,
    BotLevel,
    Choice,
    Description,
    OptionSpec,
    Preset,
)

STANDARD = Preset(
    "standard",
    length={
        "fa": "تا ۵ امتیاز با ۳ بازیکن (۷ با ۲ و ۴ با ۴)، حدود ۵ دقیقه",
        "en": "to 5 tokens with 3 players (7 with 2, 4 with 4), about 5 minutes",
    },
)
PRESETS = (
    Preset(
        "quick",
        length={"fa": "تا ۳ امتیاز، حدود ۳ دقیقه", "en": "to 3 tokens, about 3 minutes"},
        options={"tokens_to_win": 3},
    ),
    STANDARD,
    Preset(
        "long",
        length={"fa": "تا ۷ امتیاز، حدود ۷ دقیقه", "en": "to 7 tokens, about 7 minutes"},
        options={"tokens_to_win": 7},
    ),
)

DESCRIPTION = Description(
    id="love-letter",
    title={"fa": "نامه‌ای به گیلاس", "en": "Love Letter"},
    pitch={
        "fa": "شانزده کارت و یکی در دست شما: حدس بزنید، سرک بکشید و بلوف بزنید تا نامه‌تان "
        "به دست پرنسس برسد.",
        "en": "Sixteen cards, one in your hand: guess, peek and bluff your way to the "
        "princess's heart.",
    },
    length=STANDARD.length,
    min_players=2,
    max_players=4,
    options=(
        OptionSpec(
            "tokens_to_win",
            "int",
            label={"fa": "امتیاز لازم برای بردن", "en": "Tokens to win"},
            help={
                "fa": "نشان‌هایی که بازی را می‌برند؛ پیش‌فرض ۷، ۵ و ۴ برای ۲، ۳ و ۴ بازیکن",
                "en": "tokens that win the game; by default 7, 5 and 4 for 2, 3 and 4 players",
            },
            minimum=1,
            maximum=20,
        ),
        OptionSpec(
            "edition",
            "choice",
            label={"fa": "ویرایش", "en": "Edition"},
            help={
                "fa": "ویرایش کلاسیک ۱۶ کارتی؛ ویرایش ۲۰۱۹ هنوز آماده نیست",
                "en": "the classic 16-card edition; the 2019 edition is not available yet",
            },
            default="classic",
            choices=(Choice("classic", {"fa": "کلاسیک", "en": "classic"}),),
        ),
        FIRST,
        DECK,
    ),
    solo_seats=3,
    solo_level="heuristic",
    bot_levels=(
        RANDOM_BOT,
        BotLevel("heuristic", {"fa": "متوسط", "en": "medium"}),
        BotLevel("search", {"fa": "سخت", "en": "hard"}),
        BotLevel("search-hard", {"fa": "خبره", "en": "expert"}),
    ),
    presets=PRESETS,
    solo_preset="standard",
)

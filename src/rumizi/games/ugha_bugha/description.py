"""Ugha Bugha described once: players, options, bots (see ``rumizi.engine.description``)."""

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

CLOCKS = {"normal": (6.0, 1.5), "relaxed": (15.0, 3.0), "none": None}
"""The ``clock`` presets: a turn lasts ``base + per_card × chain length`` seconds."""
MOST_SECONDS = 600.0
"""The longest clock any part of ``turn_seconds`` may set."""

STANDARD = Preset(
    "standard",
    length={"fa": "تا ۳ امتیاز، ۱۵ تا ۲۰ دقیقه", "en": "to 3 tokens, 15–20 minutes"},
)
PRESETS = (
    Preset(
        "quick",
        length={"fa": "تا ۲ امتیاز، حدود ۶ دقیقه", "en": "to 2 tokens, about 6 minutes"},
        options={"tokens_to_win": 2},
    ),
    STANDARD,
    Preset(
        "long",
        length={"fa": "تا ۵ امتیاز، حدود ۴۰ دقیقه", "en": "to 5 tokens, about 40 minutes"},
        options={"tokens_to_win": 5},
    ),
)

DESCRIPTION = Description(
    id="ugha-bugha",
    title={"fa": "اوگا بوگا", "en": "Ugha Bugha"},
    pitch={
        "fa": "زنجیرهٔ حافظه با کلمه‌های غارنشینی: کارتی برگردانید، همهٔ زنجیره را از بر بگویید "
        "و نفر بعد را نشان دهید.",
        "en": "A memory chain of caveman words: flip a card, recite the whole chain, point at "
        "the next player.",
    },
    length=STANDARD.length,
    min_players=3,
    max_players=8,
    options=(
        OptionSpec(
            "tokens_to_win",
            "int",
            label={"fa": "امتیاز لازم برای بردن", "en": "Tokens to win"},
            help={"fa": "نشان‌هایی که بازی را می‌برند", "en": "tokens that win the game"},
            default=3,
            minimum=1,
            maximum=20,
        ),
        OptionSpec(
            "clock",
            "choice",
            label={"fa": "زمان هر نوبت", "en": "Turn clock"},
            help={
                "fa": "زمان هر نوبت با درازای زنجیره بیشتر می‌شود",
                "en": "a turn's time grows with the length of the chain",
            },
            default="normal",
            choices=(
                Choice(
                    "normal",
                    {
                        "fa": "معمولی (۶ ثانیه و ۱٫۵ ثانیه برای هر کارت)",
                        "en": "normal (6 s + 1.5 s a card)",
                    },
                ),
                Choice(
                    "relaxed",
                    {
                        "fa": "آسوده (۱۵ ثانیه و ۳ ثانیه برای هر کارت)",
                        "en": "relaxed (15 s + 3 s a card)",
                    },
                ),
                Choice("none", {"fa": "بی‌زمان", "en": "no clock"}),
            ),
        ),
        OptionSpec(
            "variant",
            "choice",
            label={"fa": "داوری", "en": "Checking"},
            help={
                "fa": "داور هر کلمه را همان دم بررسی می‌کند، یا بازیکنان با «هو!» اشتباه را می‌گیرند",
                "en": "the referee checks each word at once, or players catch mistakes with “Ho!”",
            },
            default="referee",
            choices=(
                Choice(
                    "referee",
                    {"fa": "داور همان دم بررسی می‌کند", "en": "the referee checks at once"},
                ),
                Choice("challenges", {"fa": "بازیکنان «هو!» می‌گویند", "en": "players call “Ho!”"}),
            ),
        ),
        OptionSpec(
            "challenge_seconds",
            "seconds",
            label={"fa": "زمان «هو!»", "en": "“Ho!” window"},
            help={
                "fa": "چند ثانیه فرصت برای گفتن «هو!» وقتی بازیکنان داوری می‌کنند؛ "
                "۳ ثانیه، یا بی‌زمان اگر نوبت‌ها بی‌زمان باشند",
                "en": "seconds to call “Ho!” when the players do the checking; 3, or no "
                "limit when turns have no clock",
            },
            minimum=0.5,
            maximum=60,
            nullable=True,
        ),
        OptionSpec(
            "turn_seconds",
            "data",
            label={"fa": "زمان دقیق نوبت", "en": "Exact turn clock"},
            help={
                "fa": '{"base": ثانیه, "per_card": ثانیه}، یا یک عدد برای زمان ثابت، یا null '
                "برای بی‌زمان؛ به جای «clock»",
                "en": '{"base": s, "per_card": s}, a number for a flat clock, or null for '
                "untimed play; instead of clock",
            },
            minimum=0,
            maximum=MOST_SECONDS,
        ),
        FIRST,
        DECK,
    ),
    solo_seats=4,
    solo_level="heuristic",
    bot_levels=(
        RANDOM_BOT,
        BotLevel("easy", {"fa": "آسان", "en": "easy"}),
        BotLevel("heuristic", {"fa": "متوسط", "en": "medium"}),
        BotLevel("hard", {"fa": "سخت", "en": "hard"}),
    ),
    clocks=True,
    simultaneous=True,
    presets=PRESETS,
    solo_preset="standard",
)

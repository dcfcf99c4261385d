"""How the toy game describes itself."""

from __future__ import annotations

from rumizi.engine.description import RANDOM_BOT, BotLevel, Description, OptionSpec

DESCRIPTION = Description(
    id="toy-count",
    title={"fa": "تا ده بشمار", "en": "Count to ten"},
    pitch={
        "fa": "یکی یا دو تا بیشتر بگویید؛ هر که ده بگوید می‌برد.",
        "en": "Say one or two more; who says ten wins.",
    },
    length={"fa": "یک دقیقه", "en": "one minute"},
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            "target",
            "int",
            label={"fa": "عدد آخر", "en": "Last number"},
            help={"fa": "هر که این عدد را بگوید می‌برد.", "en": "Who says this number wins."},
            default=10,
            minimum=3,
            maximum=30,
        ),
    ),
    solo_seats=2,
    solo_level="steady",
    bot_levels=(RANDOM_BOT, BotLevel("steady", {"fa": "آرام", "en": "steady"})),
)

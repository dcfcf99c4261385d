"""Words of the terminal interface in Persian and English, and Persian digits."""

from __future__ import annotations

LANGS = ("fa", "en")

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

PERSIAN_KEYS = str.maketrans("ضصثقفغعهخحشسیبلاتنمظطزرذدپ", "qwertyuiopasdfghjklzxcvbnm")
"""A letter typed on the standard Persian keyboard → the Latin letter on the same key, so
that one-letter commands (``q`` to leave, ``a`` for a target) work in either layout."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "you": "You",
        "bot": "Bot {n}",
        "player": "Player {n}",
        "your_turn": "Your turn, {name}.",
        "choose": "Choose 1–{n} (q to quit)",
        "bad_choice": "Please type a number from 1 to {n}.",
        "pass_to": "Pass the keyboard to {name}, then press Enter.",
        "bye": "Game left. Goodbye!",
        "over": "Game over.",
        "winners": "Winner(s): {names}",
        "happened": "What happened",
        "games": "games",
        "simulated": "{games} games in {secs} s: {rate} games/s, {actions} actions/s",
        "seat": "Seat",
        "bot_col": "Bot",
        "win_share": "Win share",
        "mean_score": "Mean score",
        "mean_rank": "Mean rank",
        "entry": "Player",
        "interval": "95% interval",
        "shared": "Shared wins",
        "shared_note": "A game won by k players together counts 1/k for each, so the shares "
        "add up to 100% (less games nobody won); 'Shared wins' counts those games.",
        "rotated_note": "Seats rotate: player i sits at seat (i + game number) mod {n}, so each "
        "plays every seat equally often.",
        "tui_waiting": "Waiting for the clock…",
        "tui_waiting_for": "{name} is thinking…",
        "tui_back": "← Back",
        "tui_round_over": "The round is over",
        "tui_continue": "Continue",
        "tui_totals": "Final totals",
        "tui_player": "Player",
        "tui_score": "Score",
        "tui_rank": "Rank",
        "tui_leave": "Leave the table",
        "tui_pick_card": "Which card?",
        "tui_pick_player": "Which player?",
        "tui_pick_guess": "Which card do you name?",
        "tui_pick": "Choose:",
    },
    "fa": {
        "you": "شما",
        "bot": "ربات {n}",
        "player": "بازیکن {n}",
        "your_turn": "نوبت شماست، {name}.",
        "choose": "یکی از ۱ تا {n} را انتخاب کنید (q برای خروج)",
        "bad_choice": "لطفاً عددی از ۱ تا {n} بنویسید.",
        "pass_to": "صفحه‌کلید را به {name} بدهید و Enter را بزنید.",
        "bye": "از بازی بیرون آمدید. خدانگهدار!",
        "over": "بازی تمام شد.",
        "winners": "برنده: {names}",
        "happened": "آنچه گذشت",
        "games": "بازی",
        "simulated": "{games} بازی در {secs} ثانیه: {rate} بازی در ثانیه، {actions} حرکت در ثانیه",
        "seat": "جایگاه",
        "bot_col": "ربات",
        "win_share": "سهم برد",
        "mean_score": "میانگین امتیاز",
        "mean_rank": "میانگین رتبه",
        "entry": "بازیکن",
        "interval": "بازه‌ی اطمینان ۹۵٪",
        "shared": "بردهای مشترک",
        "shared_note": "بازی‌ای که k بازیکن با هم برده‌اند برای هر کدام 1/k حساب می‌شود، پس جمع "
        "سهم‌ها ۱۰۰٪ است (منهای بازی‌هایی که کسی نبرده)؛ «بردهای مشترک» همین بازی‌ها را می‌شمارد.",
        "rotated_note": "جای بازیکن‌ها می‌چرخد: بازیکن i در بازی شماره‌ی g روی صندلی "
        "(i + g) به پیمانه‌ی {n} می‌نشیند، پس هر کدام به یک اندازه روی هر صندلی بازی می‌کند.",
        "tui_waiting": "در انتظار ساعت…",
        "tui_waiting_for": "{name} فکر می‌کند…",
        "tui_back": "→ برگشت",
        "tui_round_over": "این دور تمام شد",
        "tui_continue": "ادامه",
        "tui_totals": "امتیازهای پایانی",
        "tui_player": "بازیکن",
        "tui_score": "امتیاز",
        "tui_rank": "رتبه",
        "tui_leave": "ترک میز",
        "tui_pick_card": "کدام کارت؟",
        "tui_pick_player": "کدام بازیکن؟",
        "tui_pick_guess": "نام کدام کارت را می‌برید؟",
        "tui_pick": "انتخاب کنید:",
    },
}


def digits(text: object, lang: str) -> str:
    """``text`` with Persian digits in the Persian interface."""
    s = str(text)
    return s.translate(_PERSIAN_DIGITS) if lang == "fa" else s


def number(text: str, lang: str) -> str:
    """A formatted number (``1,234.5``) in the language's digits and separators."""
    if lang != "fa":
        return text
    return digits(text.replace(",", "٬").replace(".", "٫"), lang)


def say(lang: str, key: str, **values: object) -> str:
    """The interface phrase ``key`` in ``lang``, numbers written in that language's digits."""
    return WORDS[lang][key].format(**{k: digits(v, lang) for k, v in values.items()})

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
        "your_turn_you": "Your turn.",
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
        "tui_type": "Type your answer, then Enter",
        "tui_keys": "1–9 choose · Esc back · p pause · ? help · q leave",
        "tui_keys_typing": "Enter answer · Esc clears · Ctrl+P pause · ? help · Ctrl+C leave",
        "tui_keys_panel": "Enter continue · ? help · q leave",
        "tui_help": "Help: {title}",
        "tui_help_keys": "Keys",
        "tui_help_rules": "The rules",
        "tui_help_lines": "1–9 (Latin or Persian digits): take that choice\n"
        "Tab, arrows and Enter: move to a choice and take it\n"
        "Esc: one step back (card, then player, then the card you name)\n"
        "Typed answers (a recitation, your pictures): type, then Enter\n"
        "p (Ctrl+P while typing): pause, the clock stops\n"
        "? or F1: this help · q (or Ctrl+C): leave, after asking · Ctrl+Q: leave at once",
        "tui_close": "Close",
        "tui_paused": "Paused: no clock runs and nobody moves. Press any key to go on.",
        "tui_leave_ask": "Leave the game? It is kept, and you can replay it afterwards.",
        "tui_leave_lesson": "Leave the lesson? A lesson is not kept; "
        "`rumizi learn` starts it again.",
        "tui_leave_yes": "Leave",
        "tui_leave_no": "Stay",
        "tui_round_wait": "The round is over: press Enter for the next one.",
        "no_winner": "None of these {games} games had a winner, so every share is 0%: these bots "
        "never finished one (random bots rarely empty a Skip-Bo stock pile before the round "
        "stalls). A stronger level finishes games: --bot {level}.",
        "launch_title": "Rumizi: choose a game",
        "launch_again": "Play again? Or choose another game",
        "launch_game": "Game",
        "launch_seats": "Seats (you + bots)",
        "launch_level": "Bots' level",
        "launch_length": "Length",
        "launch_fixed": "fixed by the rules",
        "launch_lang": "Language",
        "launch_lang_name": "English",
        "launch_play": "Play",
        "launch_learn": "Learn",
        "launch_kept": "Kept games",
        "games_game": "Game",
        "games_date": "Date",
        "games_seats": "Seats",
        "games_result": "Result",
        "games_id": "Id",
        "games_won": "{names} won",
        "games_nobody": "nobody won",
        "games_left": "left after {moves} moves",
        "games_stopped": "stopped",
        "games_none": "No games kept yet: play one with `rumizi play`.",
        "games_hint": "rumizi replay ID · rumizi analyse ID · rumizi resume ID (a game left)",
        "games_resumed": "Resumed where it was left, after {moves} moves.",
        "kept": "Kept as {id}: rumizi replay {id} · rumizi analyse {id}",
        "not_kept": "Nothing was played: the game is not kept.",
        "keep_failed": "The game could not be kept: {why}",
        "summary_over": "{title}: game over, {winners} won ({scores}).",
        "summary_nobody": "{title}: game over, nobody won ({scores}).",
        "summary_left": "{title}: you left after {moves} moves; nobody won.",
        "summary_scores": "scores: {scores}",
        "replay_all": "Every event, every card shown: a private one follows the name of the "
        "player it was told to.",
        "replay_seat": "Every event as {name} saw it.",
        "told_to": "[to {name}]",
        "analyse_title": "{game} match {id}: {name}'s decisions, judged by the {level} bot",
        "analyse_none": "{game} has no search bot to judge a game with; these can be "
        "analysed: {games}.",
        "analysing": "The search bot weighs the decisions of {n} moves…",
        "col_move": "Move",
        "col_played": "Played",
        "col_chance": "Chance",
        "col_best": "Best",
        "col_cost": "Cost",
        "coach": "Coach",
        "coach_next": "Next",
        "coach_read": "Read the coach, then Next (Enter).",
        "coach_rule": "Rule: {rules}",
        "coach_type": "Type: {answer}   then Enter",
        "coach_follow": "Not that one: choose the one marked ▶.",
        "coach_learned": "What you saw: {rules}",
        "lesson_done": "Lesson complete",
        "lesson_wait": "The others are playing…",
        "lesson_next": "Now a real game against bots: rumizi play {id}",
        "lesson_bot_1": "Sara",
        "lesson_bot_2": "Babak",
        "lesson_bot_3": "Dara",
        "lesson_bot_4": "Nima",
        "lesson_bot_5": "Laleh",
        "learn_browser": "{game}'s lesson is played in the browser: run `rumizi serve` and "
        "open http://127.0.0.1:8000/learn/{id}",
    },
    "fa": {
        "you": "شما",
        "bot": "ربات {n}",
        "player": "بازیکن {n}",
        "your_turn": "نوبت شماست، {name}.",
        "your_turn_you": "نوبت شماست.",
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
        "tui_type": "پاسخ را بنویسید و Enter را بزنید",
        "tui_keys": "۱ تا ۹ انتخاب · Esc برگشت · p مکث · ؟ راهنما · q خروج",
        "tui_keys_typing": "Enter پاسخ · Esc پاک کردن · Ctrl+P مکث · ؟ راهنما · Ctrl+C خروج",
        "tui_keys_panel": "Enter ادامه · ؟ راهنما · q خروج",
        "tui_help": "راهنما: {title}",
        "tui_help_keys": "کلیدها",
        "tui_help_rules": "قواعد بازی",
        "tui_help_lines": "۱ تا ۹ (رقم فارسی یا لاتین): همان گزینه را برمی‌دارد\n"
        "Tab، پیکان‌ها و Enter: رفتن به یک گزینه و برداشتنش\n"
        "Esc: یک قدم برگشت (کارت، بعد بازیکن، بعد کارتی که نام می‌برید)\n"
        "پاسخ‌های نوشتنی (گفتن زنجیره، تصویرهای شما): بنویسید و Enter را بزنید\n"
        "p (هنگام نوشتن Ctrl+P): مکث، ساعت می‌ایستد\n"
        "؟ یا F1: همین راهنما · q (یا Ctrl+C): خروج، پس از پرسیدن · Ctrl+Q: خروج بی‌درنگ",
        "tui_close": "بستن",
        "tui_paused": "بازی ایستاده است: نه ساعتی می‌گذرد و نه کسی حرکت می‌کند. "
        "برای ادامه کلیدی بزنید.",
        "tui_leave_ask": "از بازی بیرون می‌روید؟ بازی نگه داشته می‌شود و بعداً "
        "می‌توانید دوباره ببینیدش.",
        "tui_leave_lesson": "از درس بیرون می‌روید؟ درس نگه داشته نمی‌شود؛ "
        "`rumizi learn` دوباره شروعش می‌کند.",
        "tui_leave_yes": "بیرون رفتن",
        "tui_leave_no": "ماندن",
        "tui_round_wait": "این دور تمام شد: برای دور بعد Enter را بزنید.",
        "no_winner": "هیچ‌کدام از این {games} بازی برنده‌ای نداشت و برای همین همهٔ سهم‌ها ۰٪ است: "
        "این ربات‌ها هیچ بازی‌ای را به پایان نرساندند (ربات‌های تصادفی پیش از گیر کردن دور، "
        "انبار اسکیپ‌بو را به‌ندرت خالی می‌کنند). سطحی قوی‌تر بازی‌ها را تمام می‌کند: --bot {level}.",
        "launch_title": "رومیزی: یک بازی برگزینید",
        "launch_again": "دوباره بازی می‌کنید؟ یا بازی دیگری برگزینید",
        "launch_game": "بازی",
        "launch_seats": "تعداد بازیکن‌ها (شما و ربات‌ها)",
        "launch_level": "سطح ربات‌ها",
        "launch_length": "درازای بازی",
        "launch_fixed": "قواعد بازی تعیینش می‌کند",
        "launch_lang": "زبان",
        "launch_lang_name": "فارسی",
        "launch_play": "بازی",
        "launch_learn": "آموزش",
        "launch_kept": "بازی‌های نگه‌داشته",
        "games_game": "بازی",
        "games_date": "تاریخ",
        "games_seats": "بازیکن‌ها",
        "games_result": "نتیجه",
        "games_id": "شناسه",
        "games_won": "{names} برد",
        "games_nobody": "کسی نبرد",
        "games_left": "پس از {moves} حرکت رها شد",
        "games_stopped": "متوقف شد",
        "games_none": "هنوز بازی‌ای نگه داشته نشده: با `rumizi play` یکی بازی کنید.",
        "games_hint": "rumizi replay ID · rumizi analyse ID · rumizi resume ID (بازی رهاشده)",
        "games_resumed": "از همان‌جا که رها شد، پس از {moves} حرکت، ادامه می‌یابد.",
        "kept": "با شناسهٔ {id} نگه داشته شد: rumizi replay {id} · rumizi analyse {id}",
        "not_kept": "حرکتی انجام نشد: بازی نگه داشته نمی‌شود.",
        "keep_failed": "بازی نگه داشته نشد: {why}",
        "summary_over": "{title}: بازی تمام شد، {winners} برد ({scores}).",
        "summary_nobody": "{title}: بازی تمام شد و کسی نبرد ({scores}).",
        "summary_left": "{title}: پس از {moves} حرکت بیرون آمدید؛ کسی نبرد.",
        "summary_scores": "امتیازها: {scores}",
        "replay_all": "همهٔ رویدادها با همهٔ کارت‌ها: هر رویداد پنهان پس از نام بازیکنی می‌آید "
        "که به او گفته شد.",
        "replay_seat": "همهٔ رویدادها آن‌گونه که {name} دید.",
        "told_to": "[به {name}]",
        "analyse_title": "{game}، بازی {id}: تصمیم‌های {name} به داوری ربات {level}",
        "analyse_none": "{game} ربات جست‌وجوگری برای داوری ندارد؛ این بازی‌ها را می‌شود "
        "تحلیل کرد: {games}.",
        "analysing": "ربات جست‌وجوگر تصمیم‌های {n} حرکت را می‌سنجد…",
        "col_move": "حرکت",
        "col_played": "بازی‌شده",
        "col_chance": "بخت",
        "col_best": "بهترین",
        "col_cost": "هزینه",
        "coach": "مربی",
        "coach_next": "بعدی",
        "coach_read": "حرف مربی را بخوانید، بعد «بعدی» (Enter).",
        "coach_rule": "قانون: {rules}",
        "coach_type": "بنویسید: {answer}   بعد Enter",
        "coach_follow": "این نه: همانی را برگزینید که ▶ دارد.",
        "coach_learned": "آنچه دیدید: {rules}",
        "lesson_done": "درس تمام شد",
        "lesson_wait": "دیگران دارند بازی می‌کنند…",
        "lesson_next": "حالا یک بازی واقعی با ربات‌ها: rumizi play {id}",
        "lesson_bot_1": "سارا",
        "lesson_bot_2": "بابک",
        "lesson_bot_3": "دارا",
        "lesson_bot_4": "نیما",
        "lesson_bot_5": "لاله",
        "learn_browser": "درس {game} در مرورگر است: `rumizi serve` را اجرا کنید و "
        "http://127.0.0.1:8000/learn/{id} را باز کنید",
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
    return digits(text.replace(",", "٬").replace(".", "٫").replace("%", "٪"), lang)


def listed(items: list[str], lang: str) -> str:
    """Items joined with the language's comma («، » in Persian); ``—`` when there are none."""
    return ("، " if lang == "fa" else ", ").join(items) if items else "—"


def say(lang: str, key: str, **values: object) -> str:
    """The interface phrase ``key`` in ``lang``, numbers written in that language's digits.
    "Your turn" to "You" is said without the name ("Your turn.", not "Your turn, You.")."""
    if key == "your_turn" and values.get("name") == WORDS[lang]["you"]:
        key = "your_turn_you"
    return WORDS[lang][key].format(**{k: digits(v, lang) for k, v in values.items()})


def say_as_is(lang: str, key: str, **values: object) -> str:
    """The phrase ``key`` with ``values`` as they are (an id to type keeps its Latin digits)."""
    return WORDS[lang][key].format(**values)

"""Ayozhit in words: which catalogue message (``texts.json``) tells each event and action.

Pictures join the catalogue as ``card.<picture id>`` (their titles) and the word deck's
words as ``word.<key>`` (``word.w001.0``), both from the content files, so a title is
written once. Pictures are numbered from 1 in words (table positions from 0 in actions
and views). The reader's own seat is told in the second person, in a list too ("you").
The marking (``marked``/``unmarked``) is told in no words: it is secret, and the board
shows it to the one marking. The terminal and the browser fill these references from
the same catalogue (``rumizi.engine.texts``); the ``table.*`` messages are the words both
faces draw their boards with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rumizi.engine.texts import Catalogue, MessageRef, load

from .content import load_pictures, load_words


def _content_names(lang: str) -> dict[str, str]:
    """Picture titles and the word deck's words, as the content files give them."""
    titles = {f"card.{p.id}": p.title(lang) for p in load_pictures()}
    words = {f"word.{w.key}": w[lang] for card in load_words() for w in card.words}
    return titles | words


def _catalogue() -> Catalogue:
    words = load(Path(__file__).with_name("texts.json"))
    return {lang: {**_content_names(lang), **messages} for lang, messages in words.items()}


CATALOGUE: Catalogue = _catalogue()

QUIET: frozenset[str] = frozenset({"marked", "unmarked"})
"""Event kinds not told in words: a player's marks are secret and their own board shows
them. The completeness test checks every other kind is."""


def _ref(key: str, **args: Any) -> MessageRef:
    return {"key": key, "args": args}


def _you(key: str, actor: Any, me: int | None) -> str:
    """The second-person form when the reader is the one the sentence is about."""
    return f"{key}.you" if actor is not None and actor == me else key


def who(seat: int, me: int | None) -> dict[str, Any]:
    """A seat as an argument: its name, or "you" for the reader."""
    return {"text": "you"} if seat == me else {"seat": seat}


def seats(among: list[int], me: int | None) -> dict[str, Any]:
    return {"list": [who(s, me) for s in among]}


def word(key: str) -> dict[str, Any]:
    """A word of the word deck as an argument (``key`` like ``w001.0``)."""
    return {"text": f"word.{key}"}


def picture(position: int, picture_id: str) -> dict[str, Any]:
    """A picture on the table, by its number (from 1) and title."""
    return {"ref": _ref("picture", n=position + 1, title={"card": picture_id})}


def per_seat(values: list[int], me: int | None, playing: list[int] | None = None) -> Any:
    """``Ann 3, you 2, …``: one number per (playing) seat."""
    chosen = range(len(values)) if playing is None else playing
    return {"list": [{"ref": _ref("seat_number", who=who(s, me), n=values[s])} for s in chosen]}


def event_message(event: dict[str, Any], me: int | None) -> MessageRef | None:
    """What ``event`` says to seat ``me`` (``None``: a spectator), or ``None`` to stay quiet."""
    kind = event["kind"]
    seat = event.get("seat")
    if kind == "round_started":
        return _round_started(event, me)
    if kind == "word_chosen":
        seconds = event["seconds"]
        clock = _ref("clock.off") if seconds is None else _ref("clock.on", s=seconds)
        key = _you("event.word_chosen", seat, me)
        return _ref(key, name={"seat": seat}, word=word(event["word"]["key"]), clock={"ref": clock})
    if kind in ("ready", "dreamer"):
        return _ref(_you(f"event.{kind}", seat, me), name={"seat": seat})
    if kind == "time_up":
        return _ref("event.time_up")
    if kind == "counted":
        return _counted(event, me)
    if kind == "announced":
        return _announced(event, me)
    if kind == "round_over":
        return _round_over(event, me)
    if kind == "row_replaced":
        titles = {"list": [{"card": p} for p in event["pictures"]]}
        return _ref("event.row_replaced", row={"text": f"row.{event['row']}"}, titles=titles)
    if kind == "game_over":
        return _game_over(event, me)
    return None


def _round_started(event: dict[str, Any], me: int | None) -> MessageRef:
    """The word card turned over by the first dreamer (a tie-break round names who plays)."""
    a, b = (word(w["key"]) for w in event["card"]["words"])
    first = event["first"]
    args: dict[str, Any] = {"r": event["round"], "name": {"seat": first}, "a": a, "b": b}
    if event["tiebreak"]:
        key = _you("event.round_started.tiebreak", first, me)
        return _ref(key, among=seats(event["playing"], me), **args)
    return _ref(_you("event.round_started", first, me), **args)


def _counted(event: dict[str, Any], me: int | None) -> MessageRef:
    """Everyone's count, who is dreamt-deep, and who failed for marking nothing."""
    deep = event["deep"]
    if deep is None:
        told_deep = _ref("deep.none")
    else:
        told_deep = _ref(_you("deep", deep, me), name={"seat": deep})
    failed = event["failed"]
    told_failed = _ref("failed", who=seats(failed, me)) if failed else _ref("failed.none")
    counts = event["counts"]
    playing = [s for s, n in enumerate(counts) if n > 0 or s in failed]
    return _ref(
        "event.counted",
        counts=per_seat(counts, me, playing),
        deep={"ref": told_deep},
        failed={"ref": told_failed},
    )


def _announced(event: dict[str, Any], me: int | None) -> MessageRef:
    """The dreamer's picture and everyone else who marked it, with what it scored."""
    dreamer, result = event["dreamer"], event["result"]
    markers = event["markers"]
    key = f"event.announced.{result}"
    if dreamer == me:
        key += ".you"
    elif me in markers:
        key += ".to_you"
    others = [s for s in markers if s != me]
    unpaid = [s for s in markers if s not in event["scorers"]] if result != "fail" else []
    return _ref(
        key,
        name={"seat": dreamer},
        picture=picture(event["position"], event["picture"]),
        markers=seats(others, me),
        p=event["points"],
        unpaid={"ref": _unpaid(unpaid, me)},
    )


def _unpaid(unpaid: list[int], me: int | None) -> MessageRef:
    """Markers who had failed earlier this round: revealed, but they score nothing."""
    if me in unpaid:
        others = [s for s in unpaid if s != me]
        return _ref("unpaid.you_and", names=seats(others, me)) if others else _ref("unpaid.you")
    if not unpaid:
        return _ref("unpaid.none")
    return _ref("unpaid", names=seats(unpaid, me), n=len(unpaid))


def _round_over(event: dict[str, Any], me: int | None) -> MessageRef:
    """The round's points and the scores, with the dreamt-deep penalty if it applied."""
    penalised = [s for s, p in enumerate(event["penalty"]) if p]
    if penalised:
        s = penalised[0]
        penalty = _ref(_you("penalty", s, me), name={"seat": s}, p=event["penalty"][s])
    else:
        penalty = _ref("penalty.none")
    key = "event.round_over.tiebreak" if event["tiebreak"] else "event.round_over"
    return _ref(
        key,
        r=event["round"],
        points=per_seat(event["points"], me),
        scores=per_seat(event["scores"], me),
        penalty={"ref": penalty},
    )


def _game_over(event: dict[str, Any], me: int | None) -> MessageRef:
    winners = event["winners"]
    score = event["scores"][winners[0]]
    if len(winners) == 1:
        return _ref(_you("event.game_over", winners[0], me), names=seats(winners, me), score=score)
    if me in winners:
        others = [s for s in winners if s != me]
        return _ref("event.game_over.shared.you", names=seats(others, me), score=score)
    return _ref("event.game_over.shared", names=seats(winners, me), score=score)


def result_message(scores: list[int], me: int | None) -> MessageRef:
    """The final scores, for the end screen."""
    return _ref("result", scores=per_seat(scores, me))


def action_message(action: dict[str, Any], view: dict[str, Any]) -> MessageRef:
    """How a legal action reads on a button or in a list of choices."""
    kind = action["type"]
    if kind == "word":
        return _ref("action.word", word=word(view["card"]["words"][action["word"]]["key"]))
    if kind in ("mark", "unmark", "announce"):
        position = action["picture"]
        return _ref(f"action.{kind}", picture=picture(position, view["table"][position]))
    return _ref(f"action.{kind}")

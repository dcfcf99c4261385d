"""The committed decks: every card obeys the acceptance rules, every one of the 600
stored witnesses verifies, and the generator makes the same cards from the same seed."""

from __future__ import annotations

import json

import pytest

from rumizi.content.tuki.generator import (
    ACCEPTANCE,
    Rejection,
    card_forms,
    generate_deck,
    make_card,
)
from rumizi.games.tuki.cards import ANIMALS, Card, Deck, deck_json, find_card, load_deck
from rumizi.games.tuki.geometry import LEVEL_COLOURS, TukiError
from rumizi.games.tuki.matching import Task, match

LEVELS = ("normal", "advanced")


@pytest.fixture(scope="module", params=LEVELS)
def deck(request: pytest.FixtureRequest) -> Deck:
    return load_deck(request.param)


def test_each_deck_has_50_numbered_cards(deck: Deck) -> None:
    prefix = "N" if deck.level == "normal" else "A"
    assert [c.id for c in deck] == [f"{prefix}{i:02d}" for i in range(1, 51)]
    colours = sorted(LEVEL_COLOURS[deck.level])
    for card in deck:
        assert sorted(colour for colour, _, _ in card.stones) == colours
        assert sorted(card.icons.values()) == sorted(ANIMALS)


def test_every_card_passes_every_acceptance_rule(deck: Deck) -> None:
    for card in deck:
        for rule in ACCEPTANCE:
            assert rule(card.stones) is None, (card.id, rule.__name__)


def test_no_card_repeats_another_in_any_turn(deck: Deck) -> None:
    seen: set[object] = set()
    for card in deck:
        forms = card_forms(card.stones)
        assert len(forms) == 3
        assert not forms & seen, card.id
        seen |= forms


def test_all_stored_witnesses_verify(deck: Deck) -> None:
    checked = 0
    for card in deck:
        for task in card.tasks():
            build = card.witnesses[task.key]
            verdict = match(build, task)
            assert verdict.ok, (card.id, task.key, verdict.problems)
            checked += 1
    assert checked == 300


def test_a_witness_is_not_accepted_for_another_task(deck: Deck) -> None:
    # the checks have teeth: a card's 0° witness is wrong for its 90° task
    for card in deck.cards[:10]:
        wrong = match(card.witnesses["0/plain"], card.task(90, "plain"))
        assert not wrong.ok
        assert not match(card.witnesses["0/plain"], card.task(0, "white")).ok


def test_the_generator_makes_the_first_committed_normal_cards_again() -> None:
    committed = load_deck("normal")
    again = generate_deck("normal", 2, committed.seed, committed.node_limit)
    assert [c.to_json() for c in again] == [c.to_json() for c in committed.cards[:2]]


@pytest.mark.parametrize("card_id", ["A01", "N37"])
def test_a_committed_card_is_made_again_from_its_attempt(card_id: str) -> None:
    card = find_card(card_id)
    deck = load_deck(card.level)
    again = make_card(card.level, deck.seed, card.attempt, card.id, deck.node_limit)
    assert isinstance(again, Card)
    assert again.to_json() == card.to_json()


def test_attempts_before_the_first_card_are_rejected_with_reasons() -> None:
    deck = load_deck("advanced")
    for attempt in range(deck.cards[0].attempt):
        outcome = make_card("advanced", deck.seed, attempt, "A01", deck.node_limit)
        assert isinstance(outcome, Rejection)
        assert outcome.rule and outcome.detail


def test_deck_json_round_trip() -> None:
    deck = load_deck("normal")
    again = Deck.from_json(json.loads(deck_json(deck)))
    assert [c.to_json() for c in again] == [c.to_json() for c in deck]
    assert (again.seed, again.node_limit) == (deck.seed, deck.node_limit)


def test_malformed_deck_data_gets_clear_errors() -> None:
    data = json.loads(deck_json(load_deck("normal")))
    data["cards"][0]["witnesses"].pop("90/white")
    with pytest.raises(TukiError, match="witness for each"):
        Deck.from_json(data)
    data = json.loads(deck_json(load_deck("normal")))
    data["cards"][0]["witnesses"]["0/plain"].append(["orange", "x", 0, 0, 0])
    with pytest.raises(TukiError, match="orange"):
        Deck.from_json(data)
    with pytest.raises(TukiError, match="not a Tuki deck"):
        Deck.from_json({"game": "chess"})


def test_lookups() -> None:
    assert find_card("n05").id == "N05"
    with pytest.raises(TukiError, match='no card "N99"'):
        find_card("N99")
    card = find_card("A03")
    for turn, animal in card.icons.items():
        assert card.turn_for(animal) == turn
    assert card.task(90, "white") == Task(card.stones, 90, "white")

"""bench.soureh_minimal plays Soureh's rules as the engine does (the yardstick of the
engine-speed ratio must be the same game)."""

from __future__ import annotations

import random

import pytest

from bench import engine_soureh, soureh_minimal
from bot.games.cards import Card
from bot.games.coop.soureh import best_pick, coop_valid, soureh_deck


def as_int(card: Card) -> int:
    return card.number + (soureh_minimal.RED if card.is_red else 0)


def test_the_deck_and_the_valid_coops_are_the_rule_books() -> None:
    """Same 80 cards; a coop is valid in the minimal loop exactly when the engine says so."""
    deck = soureh_deck()
    assert sorted(as_int(c) for c in deck) == sorted(soureh_minimal.DECK)
    for up in set(deck):
        for down in set(deck):
            assert soureh_minimal.VALID[as_int(up)][as_int(down)] == coop_valid(up, down)


def test_the_best_pick_is_the_engines() -> None:
    """The lowest total after the hundred rule, as the engine's best_pick computes it."""
    rng = random.Random(5)
    deck = soureh_deck()
    for _ in range(2000):
        cards = rng.sample(deck, 8)
        total = rng.choice([0, 10, 37, 50, 82, 90, 96, 150, 188])
        ups, downs = cards[:4], cards[4:]
        expected = best_pick(total, zip(ups, downs, strict=True)).total
        got = soureh_minimal.best_total(total, [as_int(c) for c in ups],
                                        [as_int(c) for c in downs])
        assert got == expected, (total, ups, downs)


@pytest.mark.slow
def test_random_play_takes_the_same_actions_per_turn_as_the_engine() -> None:
    """Over 20,000 turns the actions per turn (draw and placement, declaring placements
    among them) come as often as in the engine's play."""
    turns, actions, _ = soureh_minimal.play(20_000, 4, 3)
    e_turns, e_actions, _ = engine_soureh.play(20_000, 4, 3)
    assert turns == e_turns == 20_000
    assert abs(actions / turns - e_actions / e_turns) < 0.01

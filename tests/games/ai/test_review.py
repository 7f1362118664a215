"""Post-game review: the seat's clearly worse decisions, seen only as that seat saw them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.ai.ismcts import Budget
from bot.games.ai.review import review
from bot.games.protocol import Action
from bot.games.registry import ENGINES
from tests.helpers.redeal import redeal

pytestmark = pytest.mark.slow

SMALL = Budget(iterations=60, seconds=None)


def _play(game: str, levels: list[str], seed: int, variant: Any) -> list[Action]:
    """A finished seeded game between computer levels: its action log."""
    engine = ENGINES[game]
    state = engine.new_game(len(levels), seed, variant)
    rng = random.Random(seed)
    log: list[Action] = []
    while (seat := engine.to_act(state)) is not None:
        action = choose(engine, state, seat, levels[seat], rng, budget=Budget(8, None))
        log.append(action)
        state = engine.apply(state, action).state
    return log


def _states_before(
    game: str, players: int, seed: int, variant: Any, log: list[Action]
) -> list[Any]:
    engine = ENGINES[game]
    state = engine.new_game(players, seed, variant)
    out = []
    for action in log:
        out.append(state)
        state = engine.apply(state, action).state
    return out


def test_review_of_an_easy_turup_player_lists_better_moves() -> None:
    """Reviewing the easy seat of a finished Turup game lists decisions the hard player
    would have played differently, each with a positive margin and both moves in words."""
    engine = ENGINES["turup"]
    variant = engine.Variant(rounds=1)
    log = _play("turup", ["easy", "normal"], 3, variant)
    found = review(engine, 2, 3, log, variant, 0, budget=SMALL)
    assert found
    for decision in found:
        assert decision.played != decision.suggested
        assert decision.margin is not None and decision.margin >= 0.05
        assert decision.played_words and decision.suggested_words


def test_review_carries_only_the_reviewed_seats_views() -> None:
    """Each decision's picture is the reviewed seat's player view at that moment, which
    is the same whatever the cards hidden from it are (Soureh: no opponent face-down card)."""
    engine = ENGINES["soureh"]
    variant = engine.Variant(threshold=30)
    log = _play("soureh", ["easy", "hard"], 5, variant)
    found = review(engine, 2, 5, [str(a) for a in log], variant, 0, budget=SMALL)
    assert found
    states = _states_before("soureh", 2, 5, variant, log)
    for decision in found:
        state = states[decision.index]
        assert engine.to_act(state) == 0
        assert decision.view == engine.player_view(state, 0)
        assert decision.view["seats"][1]["down"] is None
        redealt = redeal(engine, state, 0, random.Random(decision.index))
        assert engine.player_view(redealt, 0) == decision.view  # the same whatever was hidden


def test_review_of_the_other_seat_lists_its_own_decisions_only() -> None:
    """Every reviewed decision was a move of the reviewed seat."""
    engine = ENGINES["pariah"]
    variant = engine.Variant(threshold=100)
    log = _play("pariah", ["normal", "easy"], 2, variant)
    states = _states_before("pariah", 2, 2, variant, log)
    found = review(engine, 2, 2, log, variant, 1, budget=SMALL)
    assert found
    assert all(engine.to_act(states[d.index]) == 1 for d in found)
    assert all(log[d.index] == d.played for d in found)

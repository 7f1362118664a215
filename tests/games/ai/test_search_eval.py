"""The hard players' search: reproducible with a seed, and Pariah's redeals after a knock
believe the knocker (:data:`~bot.games.coop.ai.determinize.KNOCKER_VALID`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.ai.ismcts import Budget
from bot.games.registry import ENGINES
from tests.helpers.redeal import redeal

# ---------------------------------------------------------------------------- reproducibility


@pytest.mark.slow
@pytest.mark.parametrize("game", ["pariah", "turup"])
def test_hard_player_is_reproducible_with_a_seed(game: str) -> None:
    """The same state and seed give the same hard choices at a playout budget."""
    engine = ENGINES[game]
    variant = engine.Variant(rounds=1) if game == "turup" else None
    state = engine.new_game(2, 80123, variant)
    budget = Budget(iterations=60, seconds=None)
    rng = random.Random(0)
    compared = 0
    for _ in range(40):
        seat = engine.to_act(state)
        if seat is None:
            break
        if len(engine.legal_actions(state)) > 1:
            first = choose(engine, state, seat, "hard", random.Random(compared), budget=budget)
            again = choose(engine, state, seat, "hard", random.Random(compared), budget=budget)
            assert first == again
            compared += 1
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    assert compared >= 5


# ---------------------------------------------------------------------------- knocker belief


def _after_knock(seed: int) -> tuple[Any, Any]:
    """A Pariah state where seat 1 has just knocked and seat 0 takes the last turn."""
    engine = ENGINES["pariah"]
    for s in range(seed, seed + 200):
        state = engine.new_game(2, s)
        rng = random.Random(s)
        while state.round == 1 and (seat := engine.to_act(state)) is not None:
            legal = engine.legal_actions(state)
            knocks = [a for a in legal if a.call] if seat == 1 else []
            action = knocks[0] if knocks else choose(engine, state, seat, "normal", rng)
            state = engine.apply(state, action).state
            knocked = state.declarer == 1 and state.to_act == 0 and state.round == 1
            if knocked and not all(state.valid[1]):
                return engine, state
    raise AssertionError("no knock on invalid coops found")


def test_pariah_redeal_believes_a_knock() -> None:
    """After an opponent knocked (here on coops that are not all valid), most redeals give
    him four valid coops; the redeal still sees only what seat 0 sees (same result from
    two states that differ only in hidden cards)."""
    from bot.games.coop.ai import determinize as determinize_coop

    engine, state = _after_knock(300)
    samples = [redeal(engine, state, 0, random.Random(i)) for i in range(200)]
    believed = sum(all(s.valid[1]) for s in samples) / len(samples)
    assert believed >= 0.7
    other = redeal(engine, state, 0, random.Random(999))
    assert redeal(engine, other, 0, random.Random(5)).down == samples[5].down
    old = determinize_coop.KNOCKER_VALID
    try:
        determinize_coop.KNOCKER_VALID = 0.0
        plain = [redeal(engine, state, 0, random.Random(i)) for i in range(200)]
    finally:
        determinize_coop.KNOCKER_VALID = old
    assert sum(all(s.valid[1]) for s in plain) / len(plain) < believed - 0.3

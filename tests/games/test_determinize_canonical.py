"""Every engine's ``determinize`` depends only on what the seat sees and on the generator."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.registry import ENGINES
from tests.helpers.redeal import redeal


def _fields(state: Any) -> Any:
    """A comparable form of a state (coop states are slotted objects without ``==``)."""
    slots = getattr(type(state), "__slots__", None)
    if slots and not hasattr(state, "__dataclass_fields__"):
        return tuple(getattr(state, name) for name in slots)
    return state


GAMES = [("soureh", 3), ("pariah", 2), ("turup", 3), ("soi", 4)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_states_differing_only_in_hidden_cards_redeal_alike(game: str, players: int) -> None:
    """Two states a seat cannot tell apart give the same redeal from the same seed."""
    engine: Any = ENGINES[game]
    state = engine.new_game(players, 4)
    rng = random.Random(1)
    compared = 0
    for step in range(60):
        seat = engine.to_act(state)
        if seat is None:
            break
        if step % 5 == 0:
            other = redeal(engine, state, seat, random.Random(900 + step))
            first = redeal(engine, state, seat, random.Random(step))
            second = redeal(engine, other, seat, random.Random(step))
            assert _fields(first) == _fields(second)
            compared += 1
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    assert compared >= 5

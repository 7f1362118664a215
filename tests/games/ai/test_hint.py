"""Hints: the hard player's move from the asking seat's information alone, with a reason."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.ai.hint import hint
from bot.games.ai.ismcts import Budget
from bot.games.protocol import IllegalAction
from bot.games.registry import ENGINES
from tests.helpers.redeal import redeal

SMALL = Budget(iterations=60, seconds=None)

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("soureh", 3, {"threshold": 30}),
    ("pariah", 2, {"threshold": 150}),
    ("turup", 2, {"rounds": 1}),
    ("soi", 4, {"target": 20}),
]


def _positions(game: str, players: int, options: dict[str, Any], count: int) -> list[Any]:
    """Up to ``count`` positions with a real choice from a seeded normal game."""
    engine = ENGINES[game]
    state = engine.new_game(players, 31, engine.Variant(**options))
    rng = random.Random(4)
    out = []
    for _ in range(300):
        seat = engine.to_act(state)
        if seat is None or len(out) >= count:
            break
        if len(engine.legal_actions(state)) > 1:
            out.append(state)
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_hint_is_legal_and_says_why(game: str, players: int, options: dict[str, Any]) -> None:
    """Every hint is one of the legal actions and comes with a non-empty reason."""
    engine = ENGINES[game]
    for state in _positions(game, players, options, 4):
        seat = engine.to_act(state)
        given = hint(engine, state, seat, budget=SMALL)
        assert given.action in engine.legal_actions(state)
        assert given.why.strip()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_redealing_hidden_cards_leaves_the_hint_unchanged(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Two states the seat cannot tell apart (hidden cards redealt) give the same hint."""
    engine = ENGINES[game]
    compared = 0
    for step, state in enumerate(_positions(game, players, options, 4)):
        seat = engine.to_act(state)
        other = redeal(engine, state, seat, random.Random(500 + step))
        assert engine.player_view(other, seat) == engine.player_view(state, seat)
        first = hint(engine, state, seat, budget=SMALL)
        second = hint(engine, other, seat, budget=SMALL)
        assert (first.action, first.why) == (second.action, second.why)
        compared += 1
    assert compared >= 3


def test_hint_only_for_the_seat_to_act() -> None:
    """Asking a hint for a seat whose turn it is not is refused."""
    engine = ENGINES["soureh"]
    state = engine.new_game(2, 1, None)
    with pytest.raises(IllegalAction):
        hint(engine, state, 1 - engine.to_act(state), budget=SMALL)


def test_turup_hint_names_the_capture() -> None:
    """A Turup hint that captures says how many cards it takes."""
    engine = ENGINES["turup"]
    for state in _positions("turup", 2, {"rounds": 1}, 12):
        given = hint(engine, state, engine.to_act(state), budget=SMALL)
        if given.action.word == "capture":
            assert "takes" in given.why
            return
    pytest.fail("no capture was hinted in twelve positions")

"""The engines' cheap hidden_cards/drawn_card/round_number agree with their views."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.registry import ENGINES

GAMES = ["soureh", "pariah", "turup", "soi"]


def _from_view(view: dict[str, Any], seat: int) -> list[str]:
    """A seat's hidden cards read off its player view (hand, own face-down cards, drawn)."""
    cards: list[str] = []
    hand = view.get("hand")
    if isinstance(hand, list):
        cards.extend(str(c) for c in hand if c)
    seats = view.get("seats")
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict):
        down = seats[seat].get("down")
        if isinstance(down, list):
            cards.extend(str(c) for c in down if c)
    if view.get("drawn"):
        cards.append(str(view["drawn"]))
    return cards


def _check(engine: Any, state: Any, players: int) -> None:
    """Compare the cheap methods with the views for every seat of one state."""
    public = engine.public_view(state)
    assert engine.round_number(state) == int(public.get("round", 1))
    assert (engine.to_act(state) is None) == bool(public.get("over"))
    for seat in range(players):
        view = engine.player_view(state, seat)
        assert engine.hidden_cards(state, seat) == _from_view(view, seat)
        drawn = view.get("drawn")
        assert engine.drawn_card(state, seat) == (str(drawn) if drawn else None)


@pytest.mark.parametrize("game", GAMES)
def test_cheap_methods_match_views_along_random_games(game: str) -> None:
    """hidden_cards, drawn_card, round_number and over match the views in random games."""
    engine = ENGINES[game]
    rng = random.Random(game)
    drew = False
    for players in range(engine.min_players, min(engine.max_players, 4) + 1):
        for seed in range(2):
            state = engine.new_game(players, seed)
            for _ in range(400):
                _check(engine, state, players)
                drew = drew or any(engine.drawn_card(state, s) for s in range(players))
                if engine.to_act(state) is None:
                    break
                state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
            _check(engine, state, players)
    if game in ("soureh", "pariah"):
        assert drew, "the walk never reached a held drawn card"

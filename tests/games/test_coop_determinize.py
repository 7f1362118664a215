"""Determinization of Soureh and Pariah states for computer players."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.cards import Card, cards
from bot.games.coop import pariah, soureh
from bot.games.coop.engine import CoopEngine
from bot.games.coop.state import CoopState
from tests.helpers.redeal import redeal


def table_cards(state: CoopState) -> Counter[Card]:
    """Every card in stock, discard pile, coops and hand."""
    found: Counter[Card] = Counter(state.stock[state.pos :])
    found.update(state.discard_pile)
    for row in (*state.up, *state.down):
        found.update(row or ())
    if state.drawn is not None:
        found[state.drawn] += 1
    return found


def sample_states(engine: CoopEngine, players: int, games: int) -> list[CoopState]:
    """States met during seeded random games."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(players, seed)
        while engine.to_act(state) is not None:
            if rng.random() < 0.05:
                out.append(state)
            state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
    return out


def check_determinize(engine: CoopEngine, players: int) -> None:
    """The seat's view is unchanged, cards are conserved and hidden cards do move."""
    rng = random.Random(5)
    moved = 0
    for state in sample_states(engine, players, 12):
        for seat in range(players):
            det = redeal(engine, state, seat, rng)
            assert engine.player_view(det, seat) == engine.player_view(state, seat)
            assert table_cards(det) == table_cards(state)
            if engine.to_act(state) == seat:
                assert engine.legal_actions(det) == engine.legal_actions(state)
            moved += det.down != state.down or det.stock[det.pos :] != state.stock[state.pos :]
    assert moved > 0


def test_soureh_determinize_keeps_what_the_seat_sees() -> None:
    """Soureh with 2, 3 and 4 players: determinized states look the same to the seat."""
    for players in (2, 3, 4):
        check_determinize(soureh.ENGINE, players)


def test_pariah_determinize_keeps_what_the_seat_sees() -> None:
    """Pariah: determinized states look the same to the seat."""
    check_determinize(pariah.ENGINE, 2)


def test_pending_declarer_keeps_valid_coops() -> None:
    """A pending declarer's resampled face-down cards still make four valid coops."""
    engine = soureh.ENGINE
    deck = cards("9S 9C 9D 8S 2S 2C 3S 3C 5H 5D 4H 4D 5H 5D 6H 6D 7S 8C 4S 4C")
    state = engine.new_game(2, 1, None, deck)
    for text in ("draw", "discard declare", "draw"):
        state = engine.apply(state, engine.parse_action(state, text)).state
    rng = random.Random(3)
    for _ in range(50):
        det = redeal(engine, state, 1, rng)
        assert det.valid[0] == (True, True, True, True)
        assert engine.player_view(det, 1) == engine.player_view(state, 1)

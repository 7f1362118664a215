"""Property tests of Soureh and Pariah: seeded random play through the engine contract."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.cards import Card
from bot.games.coop import pariah, soureh
from bot.games.coop.engine import CoopEngine
from bot.games.coop.state import CoopState, Phase
from bot.games.protocol import Event, replay

PROPERTY = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
PRIVATE_KINDS = {"drawn", "kept", "hidden", "swapped"}


def cards_on_table(state: CoopState) -> Counter[Card]:
    """Every card somewhere: stock, discard pile, the coops and the drawn card."""
    found: Counter[Card] = Counter(state.stock[state.pos :])
    found.update(state.discard_pile)
    for row in (*state.up, *state.down):
        if row is not None:
            found.update(row)
    if state.drawn is not None:
        found[state.drawn] += 1
    return found


def snapshot(state: CoopState) -> tuple[Any, ...]:
    """Everything a caller can see of a state, cheaply, to detect mutation."""
    return (
        tuple(state.up),
        tuple(state.down),
        tuple(state.valid),
        state.pos,
        tuple(state.discard_pile),
        tuple(state.totals),
        tuple(state.in_round),
        tuple(state.in_game),
        state.to_act,
        state.phase,
        state.drawn,
        state.declarer,
        state.pending,
        state.protected,
        state.extra,
        state.round,
    )


def check_views(engine: CoopEngine, state: CoopState) -> None:
    """No face-down card of the current round in a view that may not show it."""
    public = engine.public_view(state)
    json.dumps(public)
    over = state.phase is Phase.OVER
    for seat in range(state.n):
        if not over:
            assert public["seats"][seat]["down"] is None
            assert public["seats"][seat]["valid"] is None
        view = engine.player_view(state, seat)
        for other in range(state.n):
            if other != seat and not over:
                assert view["seats"][other]["down"] is None
        if seat != state.to_act:
            assert view["drawn"] is None
    assert public["drawn"] is None
    if engine is pariah.ENGINE and not over:
        # one deck: a face-down card's code must appear nowhere in the live public view
        text = json.dumps({k: v for k, v in public.items() if k != "last_round"})
        for row in state.down:
            for card in row or ():
                assert f'"{card}"' not in text


def check_events(
    engine: CoopEngine, before: CoopState, after: CoopState, events: tuple[Event, ...]
) -> None:
    """Private kinds are private; in Pariah no public event names a hidden card."""
    for event in events:
        json.dumps(dict(event.data))
        if event.kind in PRIVATE_KINDS:
            assert event.seats is not None and len(event.seats) == 1
    if engine is pariah.ENGINE and after.round == before.round and after.phase is not Phase.OVER:
        hidden = {str(c) for row in after.down for c in row or ()}
        if after.drawn is not None:
            hidden.add(str(after.drawn))
        for event in events:
            if event.public:
                mentioned = json.dumps(dict(event.data)) + str(event.text)
                assert not any(f'"{code}"' in mentioned for code in hidden), event


def check_gives_agree(engine: CoopEngine, state: CoopState) -> None:
    """The gives listed are exactly those the give check accepts."""
    if state.phase is not Phase.PLACE:
        return
    listed = {a.args for a in engine.legal_actions(state) if a.word == "give"}
    accepted = {
        (seat, index + 1)
        for seat in range(state.n)
        for index in range(4)
        if engine.give_error(state, seat, index) is None
    }
    assert listed == accepted


def random_game(engine: CoopEngine, players: int, seed: int, variant: Any) -> None:
    """Play one seeded random game, checking every property after every action."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, variant)
    full = Counter(engine.full_deck)
    texts: list[str] = []
    check_views(engine, state)
    for _ in range(20_000):
        if engine.to_act(state) is None:
            break
        legal = engine.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        action = rng.choice(legal)
        assert engine.parse_action(state, str(action)) == action
        before = snapshot(state)
        t = engine.apply(state, action)
        assert snapshot(state) == before
        check_events(engine, state, t.state, t.events)
        state = t.state
        texts.append(str(action))
        assert cards_on_table(state) == full
        if rng.random() < 0.2 or state.phase is Phase.OVER:
            check_views(engine, state)
            for option in engine.legal_actions(state):
                assert engine.describe(state, option).startswith(str(option))
            check_gives_agree(engine, state)
    else:
        raise AssertionError("the game did not end")
    assert engine.winners(state)
    assert engine.legal_actions(state) == []
    again = replay(engine, players, seed, texts, variant)
    assert engine.totals(again) == engine.totals(state)
    for seat in range(players):
        assert engine.player_view(again, seat) == engine.player_view(state, seat)
    assert engine.public_view(again) == engine.public_view(state)


@pytest.mark.slow
@PROPERTY
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    declare=st.sampled_from(["final", "reveal"]),
    end=st.sampled_from(["lowest", "elimination"]),
    threshold=st.integers(20, 100),
    leave=st.booleans(),
)
def test_soureh_random_games(
    players: int, seed: int, declare: str, end: str, threshold: int, leave: bool
) -> None:
    """Random Soureh games end, stay legal, conserve 80 cards, hide cards and replay."""
    variant = soureh.Variant(declare, end, threshold, leave and players >= 3)
    random_game(soureh.ENGINE, players, seed, variant)


@pytest.mark.slow
@PROPERTY
@given(seed=st.integers(0, 2**32), threshold=st.integers(50, 150))
def test_pariah_random_games(seed: int, threshold: int) -> None:
    """Random Pariah games end, stay legal, conserve 52 cards, hide cards and replay."""
    random_game(pariah.ENGINE, 2, seed, pariah.Variant(threshold))


@pytest.mark.slow
def test_many_default_soureh_games_end() -> None:
    """Hundreds of default 2-, 3- and 4-player games reach a winner."""
    engine = soureh.ENGINE
    for players in (2, 3, 4):
        for seed in range(70):
            rng = random.Random(seed)
            state = engine.new_game(players, seed)
            while engine.to_act(state) is not None:
                state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
            assert engine.winners(state)
            assert cards_on_table(state) == Counter(engine.full_deck)


def test_soureh_calling_forms_equal_asking_each_placement() -> None:
    """Soureh's fast calling forms (the search asks them on every placement turn) are
    exactly the placements :meth:`call_error` allows, in order, on thousands of positions
    of seeded games under both declare rules and 2–4 players."""
    from bot.games.coop.engine import CoopEngine
    from bot.games.coop.state import Phase
    from bot.games.registry import ENGINES

    engine = ENGINES["soureh"]
    rng = random.Random(3)
    checked = 0
    for seed in range(120):
        variant = engine.Variant(declare="reveal") if seed % 2 else engine.Variant()
        state = engine.new_game(2 + seed % 3, seed, variant)
        for _ in range(300):
            if engine.to_act(state) is None:
                break
            if state.phase is Phase.PLACE:
                plain = engine._place_actions(state)
                assert engine.calling_forms(state, plain) == CoopEngine.calling_forms(
                    engine, state, plain)
                checked += 1
            state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
    assert checked > 10_000

"""Soi state size and pickling: no generator kept, small, same deals, old layouts refused."""

from __future__ import annotations

import dataclasses
import io
import pickle
import random
from typing import Any

import pytest

from bot.games.cards import cards
from bot.games.soi import ENGINE, SoiState, Variant
from bot.games.soi.state import STATE_FORMAT, round_rng


def play_until(state: SoiState, rng: random.Random, stop_round: int | None = None) -> SoiState:
    """Random legal asks until the game ends (or round ``stop_round`` has been dealt)."""
    while state.turn is not None and (stop_round is None or state.round < stop_round):
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
    return state


def no_generator(state: SoiState) -> bool:
    """True when no field is a generator or a generator-sized tuple (625 ints)."""
    for field in dataclasses.fields(state):
        value = getattr(state, field.name)
        if isinstance(value, random.Random):
            return False
        if isinstance(value, tuple) and len(value) > 100:
            return False
    return True


@pytest.mark.parametrize("players", [3, 6])
def test_state_holds_no_generator_and_pickles_small(players: int) -> None:
    """Every state of a whole game (and its redeals) pickles under 1.5 KB, with no generator."""
    state = ENGINE.new_game(players, 21)
    rng = random.Random(players)
    biggest = 0
    while state.turn is not None:
        assert no_generator(state)
        biggest = max(biggest, len(pickle.dumps(state)))
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
    fake = ENGINE.determinize(play_until(ENGINE.new_game(players, 21), rng, 2), 0, rng)
    assert no_generator(fake) and no_generator(state)
    biggest = max(biggest, len(pickle.dumps(state)), len(pickle.dumps(fake)))
    assert state.round >= 3
    assert biggest < 1500


@pytest.mark.parametrize(
    ("players", "seed", "deck", "first", "hands"),
    [
        (
            4,
            3,
            None,
            2,
            (0x8980028072A80, 0x606644A04401, 0x401891240805C, 0x3061081181122),
        ),
        (3, 9, "AS AH AD 2C 3C", 2, (0x5A9007A81A440, 0xA0431854C4291, 0x52CE0032192E)),
    ],
)
def test_round_three_deal_unchanged(
    players: int, seed: int, deck: str | None, first: int, hands: tuple[int, ...]
) -> None:
    """A seed deals the same later rounds as before the generator left the state."""
    stacked = cards(deck) if deck else None
    state = ENGINE.new_game(players, seed, Variant(), deck=stacked)
    state = play_until(state, random.Random(1), stop_round=3)
    assert (state.round, state.first, state.hands) == (3, first, hands)


def test_replayed_stream_continues_the_previous_round() -> None:
    """round_rng for round r+1 is the round-r generator after that round's draws."""
    state = ENGINE.new_game(5, 77)
    rng = round_rng(state, 1)
    rng.randrange(5)
    rng.shuffle(list(range(52)))
    assert round_rng(state, 2).getstate() == rng.getstate()


def test_determinize_hides_the_next_deal_reproducibly() -> None:
    """A redeal draws future rounds from a new stream, the same for the same search rng."""
    state = play_until(ENGINE.new_game(4, 8), random.Random(2), stop_round=2)
    fake = ENGINE.determinize(state, 1, random.Random(5))
    again = ENGINE.determinize(state, 1, random.Random(5))
    nxt = state.round + 1
    assert round_rng(fake, nxt).getstate() == round_rng(again, nxt).getstate()
    assert round_rng(fake, nxt).getstate() != round_rng(state, nxt).getstate()
    assert (fake.seed, fake.deal_from) == (state.seed, state.round)


class _OldLayout(pickle.Pickler):
    """Pickles a SoiState as the pre-change code did: 17 values, a generator state 4th."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, SoiState):
            values = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
            old = [*values[:3], random.Random(obj.seed).getstate(), *values[6:]]
            return (object.__new__, (SoiState,), tuple(old))
        return NotImplemented


def test_pickle_round_trip_and_old_layout_refused() -> None:
    """A state survives pickling; one pickled with the old fields raises instead of loading."""
    state = play_until(ENGINE.new_game(4, 3), random.Random(0), stop_round=2)
    assert pickle.loads(pickle.dumps(state)) == state
    assert state.__getstate__()[0] == STATE_FORMAT
    out = io.BytesIO()
    _OldLayout(out).dump(state)
    with pytest.raises(ValueError, match="pickled by other code"):
        pickle.loads(out.getvalue())

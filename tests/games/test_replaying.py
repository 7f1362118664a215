"""``protocol.replaying``, the one replay loop (the restorer, the after-game pages, reviews,
puzzles and old notation use it): each step holds the state its action was played in, the
action parsed from the log and its transition; an illegal log raises a ``GameError``."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from bot.games.protocol import GameError, replay, replaying
from bot.games.registry import ENGINES


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_each_step_is_played_in_the_state_the_last_one_left(name: str) -> None:
    engine = ENGINES[name]
    players = engine.min_players
    state = start = engine.new_game(players, 3)
    rng = random.Random(3)
    texts = []
    while engine.to_act(state) is not None and len(texts) < 30:
        action = rng.choice(engine.legal_actions(state))
        texts.append(str(action))
        state = engine.apply(state, action).state
    steps = list(replaying(engine, start, texts))
    assert [str(step.action) for step in steps] == texts
    assert steps[0].before is start
    for earlier, later in pairwise(steps):
        assert later.before is earlier.transition.state
    again = replay(engine, players, 3, texts)
    for end in (steps[-1].transition.state, again):
        assert engine.public_view(end) == engine.public_view(state)
        assert [engine.player_view(end, s) for s in range(players)] == \
            [engine.player_view(state, s) for s in range(players)]


def test_a_log_that_no_longer_plays_raises() -> None:
    engine = ENGINES["turup"]
    start = engine.new_game(2, 3)
    with pytest.raises(GameError):
        list(replaying(engine, start, ["not a move"]))

"""The computer players' tuning numbers are parameters: the product's are the defaults, and
other ones make another player without touching the module (issue 33)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.ai import choose
from bot.games.ai.ismcts import Budget
from bot.games.coop.ai import player as coop
from bot.games.registry import ENGINES
from bot.games.turup import ai as turup


def moves(game: str, levels: tuple[str, ...], seed: int, params: Any = None,
          limit: int = 60) -> list[str]:
    """The first ``limit`` moves of a seeded game, every seat playing with ``params``."""
    engine: Any = ENGINES[game]
    state = engine.new_game(len(levels), seed, engine.Variant(rounds=1)
                            if game == "turup" else None)
    rngs = [random.Random(seed * 7919 + s) for s in range(len(levels))]
    budget = Budget(iterations=12, seconds=None)
    out: list[str] = []
    while (seat := engine.to_act(state)) is not None and len(out) < limit:
        action = choose(engine, state, seat, levels[seat], rngs[seat], budget=budget,
                        params=params)
        out.append(str(action))
        state = engine.apply(state, action).state
    return out


def test_the_default_parameters_are_the_products_players() -> None:
    """Passing each module's DEFAULT plays the very moves of passing nothing, at every level."""
    for game, default in (("turup", turup.DEFAULT), ("pariah", coop.DEFAULT)):
        for levels in (("easy", "normal"), ("hard", "normal")):
            assert moves(game, levels, 3, default) == moves(game, levels, 3)


def test_other_parameters_make_another_player_and_leave_the_module_alone() -> None:
    """A normal Turup player blind to what it leaves the next player, and a Pariah player
    who never knocks, play other moves; the modules' defaults stay the product's."""
    blind = turup.TurupParams(leave_weight=0.0, follow_weight=0.0)
    assert any(moves("turup", ("normal", "normal"), seed, blind)
               != moves("turup", ("normal", "normal"), seed) for seed in range(3))
    cautious = coop.CoopParams(declare_if_opponents_below=0.0, knock_lead=1e9)
    assert moves("pariah", ("normal", "normal"), 1, limit=2)[1] == "keep 1 knock"
    assert moves("pariah", ("normal", "normal"), 1, cautious, limit=2)[1] == "keep 1"
    assert turup.TurupParams() == turup.DEFAULT and coop.CoopParams() == coop.DEFAULT

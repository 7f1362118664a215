"""Run in a fresh interpreter by tests/games/ai/test_hint_fresh.py: the first hint for a
fixed position of one game (nothing of the AI warmed up first), then the same hint once
every computer player's module is imported. Prints both, one JSON line.

    python -m tests.helpers.hint_worker <game>
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from typing import Any

from bot.games.ai.hint import hint
from bot.games.ai.ismcts import Budget
from bot.games.ai.view import observe
from bot.games.registry import ENGINES

SMALL = Budget(iterations=60, seconds=None)  # reproducible: no clock in it
TABLES: dict[str, tuple[int, dict[str, Any], int]] = {
    # game: (players, options, moves played before the hinted position)
    "soi": (4, {"target": 20}, 9),
    "turup": (2, {"rounds": 1}, 9),
    "soureh": (3, {"threshold": 30}, 9),
}
AI_MODULES = ("bot.games.soi.ai", "bot.games.turup.ai", "bot.games.coop.ai.player")


def position(game: str) -> tuple[Any, Any, int]:
    """A fixed position with a real choice, reached by seeded random legal moves (no
    computer player is asked, so none of their modules is imported on the way)."""
    engine = ENGINES[game]
    players, options, moves = TABLES[game]
    state = engine.new_game(players, 31, engine.Variant(**options))
    rng = random.Random(7)
    played = 0
    while True:
        seat = engine.to_act(state)
        legal = engine.legal_actions(state)
        if played >= moves and len(legal) > 1:
            return engine, state, seat
        state = engine.apply(state, rng.choice(legal)).state
        played += 1


def main(game: str) -> None:
    engine, state, seat = position(game)
    cold = sys.modules.keys() & set(AI_MODULES)
    history = repr(observe(engine, state, seat).history)
    try:
        first = str(hint(engine, state, seat, budget=SMALL).action)
    except Exception as exc:  # the defect: the first hint fails in a fresh process
        first = f"{type(exc).__name__}: {exc}"
    for name in AI_MODULES:
        importlib.import_module(name)
    warm = str(hint(engine, state, seat, budget=SMALL).action)
    print(json.dumps({"first": first, "warm": warm, "loaded_before": sorted(cold),
                      "history": history,
                      "warm_history": repr(observe(engine, state, seat).history)}))


if __name__ == "__main__":
    main(sys.argv[1])

"""Computer players. ``choose(engine, state, seat, level, rng)`` picks a legal action.

Every level sees only what its seat may see. Levels: ``easy``, ``normal``, ``hard``.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.protocol import Action, Engine, IllegalAction

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def choose(engine: Engine[Any], state: Any, seat: int, level: str, rng: random.Random) -> Action:
    """The action the computer player at ``seat`` takes now, at ``level``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown computer level {level!r}; choose one of {', '.join(LEVELS)}.")
    if engine.to_act(state) != seat:
        raise IllegalAction("It is not this computer player's turn.")
    actions = engine.legal_actions(state)
    return rng.choice(actions)

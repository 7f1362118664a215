"""A state one seat cannot tell from another: the redeal the computer players search over.

Soureh and Pariah are redealt by the computer players' own determinizer
(:mod:`bot.games.coop.ai.determinize`); Turup and Soi by their engine's ``determinize``.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.coop.ai.determinize import determinize
from bot.games.coop.state import CoopState


def redeal(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with every card hidden from ``seat`` dealt anew from ``rng``."""
    if isinstance(state, CoopState):
        return determinize(engine.name, state, seat, rng)
    return engine.determinize(state, seat, rng)

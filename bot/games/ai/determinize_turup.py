"""Determinize a Turup state for one seat, canonically (see ``determinize_coop``).

The other hands and the deck are dealt anew from the unseen cards put in a canonical
order and shuffled with ``rng``, so the sample depends only on what the seat sees and on
``rng``; the seed of later rounds is replaced.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """A Turup state ``seat`` cannot tell from ``state``."""
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in state.hands[s]] + list(state.deck)
    unseen.sort(key=lambda c: (c.order, c.suit.value))
    rng.shuffle(unseen)
    hands = list(state.hands)
    pos = 0
    for s in others:
        size = len(state.hands[s])
        hands[s] = tuple(unseen[pos : pos + size])
        pos += size
    return dataclasses.replace(
        state, hands=tuple(hands), deck=tuple(unseen[pos:]), seed=rng.getrandbits(63)
    )

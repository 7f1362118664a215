"""High card's computer players: each reads only its seat's ``Info`` (view, legal moves)."""

from __future__ import annotations

import random

from bot.games.ai.view import Info
from bot.games.cards import Card
from bot.games.protocol import Action
from tests.fifth_game.engine import rank

#: The hard player is a rule; no search, no reason of its own for a hint, moves said by
#: their notation, no public history to remember.
search_spec = None
explain = None
HARD_WHY = None
history = None


def _card(action: Action) -> Card:
    card = action.args[0]
    assert isinstance(card, Card)
    return card


def easy(info: Info, rng: random.Random) -> Action:
    """Any card."""
    return rng.choice(info.legal)


def normal(info: Info, rng: random.Random) -> Action:
    """The highest card."""
    return max(info.legal, key=lambda a: rank(_card(a)))


def hard(info: Info, rng: random.Random) -> Action:
    """Answering: the lowest card that takes the trick, else the lowest; leading: the
    highest."""
    trick = info.view.get("trick") or []  # type: ignore[misc]
    by_rank = sorted(info.legal, key=lambda a: rank(_card(a)))
    if not trick:
        return by_rank[-1]
    lead = rank(Card.parse(trick[0]))
    return next((a for a in by_rank if rank(_card(a)) > lead), by_rank[0])

"""What the Discord side keeps in memory between clicks, one :class:`Kept` per bot (in
``App.kept``): finished games rebuilt from their logs (Replay, Rematch, Review) and the
reviews worked out (paging one does not work it out again)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field

from bot.games.ai.ismcts import Budget
from bot.games.ai.review import Decision
from bot.tables.model import Table

#: A review's budget per decision (``App.review_budget``; ``bot.discord.reviews`` cuts it
#: so that a whole review stays short): 160 playouts on shared sampled deals, 0.4 s at most.
BUDGET = Budget(iterations=160, seconds=0.4)


@dataclass(frozen=True)
class Finished:
    """A finished table rebuilt from its log, and its public events in order."""

    table: Table
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """One seat's review: the decisions listed, how many of its person's decisions were
    judged, and how many of the seat's decisions a computer made for them (not judged)."""

    decisions: tuple[Decision, ...]
    examined: int
    by_computer: int = 0


@dataclass(slots=True)
class Kept:
    """The bot's recent finished games (by table id) and reviews (by table and seat),
    oldest first."""

    finished: OrderedDict[int, Finished] = field(default_factory=OrderedDict)
    reviews: OrderedDict[tuple[int, int], asyncio.Future[Review]] = \
        field(default_factory=OrderedDict)

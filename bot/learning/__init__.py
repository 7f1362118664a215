"""Lessons: each game taught on stacked decks against scripted opponents, driving the real
engine (``bot.games``) so that the rules shown are the rules played.

- :mod:`bot.learning.model` — a lesson as data (deck, seats, variant, steps);
- :mod:`bot.learning.walk` — the engine driven through a lesson (pure);
- one module per game with its lessons (:data:`LESSONS`);
- :mod:`bot.discord.lessons` — a step as a private message (Discord embed and controls).

The Discord side is ``cogs/learn.py``; progress is stored by ``storage.lessons``."""

from __future__ import annotations

from bot.games.coop.lessons import pariah, soureh
from bot.games.soi import lessons as soi
from bot.games.turup import lessons as turup
from bot.learning.model import Lesson

LESSONS: dict[str, tuple[Lesson, ...]] = {
    "soureh": soureh.LESSONS,
    "pariah": pariah.LESSONS,
    "turup": turup.LESSONS,
    "soi": soi.LESSONS,
}


def lesson(game: str, number: int) -> Lesson | None:
    """Lesson ``number`` (from 1) of ``game``, or ``None``."""
    found = LESSONS.get(game, ())
    return found[number - 1] if 1 <= number <= len(found) else None


def next_lesson(game: str, finished: set[int]) -> int:
    """The first lesson not finished (the first one again when all are)."""
    for item in LESSONS.get(game, ()):
        if item.number not in finished:
            return item.number
    return 1

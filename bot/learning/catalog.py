"""Every registered game's lessons, found through the registry of games."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.registry import games
from bot.learning.model import Lesson


def lessons() -> Mapping[str, tuple[Lesson, ...]]:
    """Each game with lessons, by name, in the registry's order."""
    return {name: entry.lessons for name, entry in games().items() if entry.lessons}


def lesson(game: str, number: int) -> Lesson | None:
    """Lesson ``number`` (from 1) of ``game``, or ``None``."""
    found = lessons().get(game, ())
    return found[number - 1] if 1 <= number <= len(found) else None


def next_lesson(game: str, finished: set[int]) -> int:
    """The first lesson not finished (the first one again when all are)."""
    for item in lessons().get(game, ()):
        if item.number not in finished:
            return item.number
    return 1

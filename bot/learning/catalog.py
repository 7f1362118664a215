"""Every game's lessons: the app's games (``App.games``) when the caller has them, else
the registry's. The one module of the lessons that reads the registry."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games import registry
from bot.games.registry import Game
from bot.learning.model import Lesson
from bot.learning.walk import Position
from bot.learning.walk import position as walk_to


def lessons(games: Mapping[str, Game] | None = None) -> Mapping[str, tuple[Lesson, ...]]:
    """Each game with lessons, by name, in the games' order (``games``: the app's; the
    registry's when not given)."""
    found = registry.games() if games is None else games
    return {name: entry.lessons for name, entry in found.items() if entry.lessons}


def lesson(game: str, number: int, games: Mapping[str, Game] | None = None) -> Lesson | None:
    """Lesson ``number`` (from 1) of ``game``, or ``None``."""
    found = lessons(games).get(game, ())
    return found[number - 1] if 1 <= number <= len(found) else None


def next_lesson(game: str, finished: set[int],
                games: Mapping[str, Game] | None = None) -> int:
    """The first lesson not finished (the first one again when all are)."""
    for item in lessons(games).get(game, ()):
        if item.number not in finished:
            return item.number
    return 1


def position(item: Lesson, index: int) -> Position:
    """The game before step ``index`` of a lesson, its game the registry's (for the rule
    map, the benches and the tests; the cogs pass the app's game to
    ``bot.learning.walk.position``)."""
    return walk_to(registry.game(item.game), item, index)

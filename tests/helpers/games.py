"""The games for tests: every registered game, as the app passes them to the table
service; a game's record replaced for one test, put back when the block ends."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace

from bot.games import registry
from bot.games.registry import Game
from bot.learning.model import Lesson


@contextmanager
def with_lessons(name: str, lessons: tuple[Lesson, ...],
                 app_games: dict[str, Game] | None = None) -> Iterator[None]:
    """Game ``name`` teaches ``lessons`` inside the ``with`` block (registered through the
    registry's own ``register``, the original registration put back after); ``app_games``:
    a running bot's games (``App.games``, read when it was built) changed too."""
    original = registry.game(name)
    changed = replace(original, lessons=lessons)
    registry.register(changed)
    if app_games is not None:
        app_games[name] = changed
    try:
        yield
    finally:
        registry.register(original)
        if app_games is not None:
            app_games[name] = original


def every_game() -> Mapping[str, Game]:
    """Every registered game by name, as the app passes them to the table service
    (``TableService(games=every_game())``): the registry's live view, so a game a test
    registers later is found too."""
    return registry.CATALOG

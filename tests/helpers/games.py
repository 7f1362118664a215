"""Registry changes for one test: a game's record replaced, put back when the block ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from bot.games import registry
from bot.learning.model import Lesson


@contextmanager
def with_lessons(name: str, lessons: tuple[Lesson, ...]) -> Iterator[None]:
    """Game ``name`` teaches ``lessons`` inside the ``with`` block (registered through the
    registry's own ``register``, the original registration put back after)."""
    original = registry.game(name)
    registry.register(replace(original, lessons=lessons))
    try:
        yield
    finally:
        registry.register(original)

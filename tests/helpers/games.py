"""Registry changes for one test: a game's record replaced, undone when the test ends."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games import registry
from bot.learning.model import Lesson


def with_lessons(monkeypatch: pytest.MonkeyPatch, name: str,
                 lessons: tuple[Lesson, ...]) -> None:
    """Game ``name`` teaches ``lessons`` until the test ends."""
    monkeypatch.setitem(registry._registered, name, replace(registry.game(name), lessons=lessons))

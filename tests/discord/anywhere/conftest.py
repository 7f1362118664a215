"""Fixtures of the private-channel tests: the harness over the running bot, no pauses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.anywhere import Anywhere


@pytest.fixture
def anywhere(simcord_env: Any) -> Iterator[Anywhere]:
    """The harness over the running bot; renders and computer moves at once."""
    service = simcord_env.bot.tables
    service.render_interval = 0
    service.ai_delay = 0
    with Anywhere(simcord_env) as harness:
        yield harness

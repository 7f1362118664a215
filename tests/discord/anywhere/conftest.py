"""Fixtures of the private-channel tests: the harness over the running bot, no pauses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.anywhere import Anywhere
from tests.helpers.discord_limits import DiscordLimits


@pytest.fixture
def anywhere(simcord_env: Any) -> Iterator[Anywhere]:
    """The harness over the running bot, behind Discord's limits (tests/helpers/
    discord_limits.py: payload limits, old messages' edits, lapsed tokens); renders and
    computer moves at once."""
    service = simcord_env.bot.tables
    service.render_interval = 0
    service.ai_delay = 0
    with DiscordLimits(simcord_env), Anywhere(simcord_env) as harness:
        yield harness

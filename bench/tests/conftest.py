"""The benchmarks' own tests use the bot's test fixtures: imported here by name from
tests/conftest.py (``pytest bench/tests`` does not load that file), and the slow tier of
tests/helpers/tiers.py marked as the tests' conftest marks it."""

from __future__ import annotations

import pytest

from tests.conftest import _palettes_built, settings, simcord_bot
from tests.helpers.tiers import is_slow

__all__ = ["_palettes_built", "settings", "simcord_bot"]


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark the slow tier (tests/helpers/tiers.py) among bench's tests as they are
    collected (this hook sees the items under bench/tests only)."""
    if is_slow(item.nodeid) and item.get_closest_marker("slow") is None:
        item.add_marker(pytest.mark.slow)

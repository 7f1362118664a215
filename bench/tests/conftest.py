"""The benchmarks' own tests use the bot's test fixtures: imported here by name from
tests/conftest.py (``pytest bench/tests`` does not load that file)."""

from __future__ import annotations

from tests.conftest import _palettes_built, settings, simcord_bot

__all__ = ["_palettes_built", "settings", "simcord_bot"]

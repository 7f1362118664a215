"""Fixtures of the Discord-side tests."""

from tests.helpers.locales import locales  # noqa: F401  (a fixture: Discord languages)

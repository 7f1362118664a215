"""Back-off for a table's background writes (a computer's move, a timer's move, a game's
result): a write that failed is tried again later, never given up in silence, so a table is
never left waiting on something that will not happen."""

from __future__ import annotations

import sqlite3

from storage.counters import COUNTERS
from storage.errors import StorageError

WRITE_ERRORS: tuple[type[BaseException], ...] = (StorageError, sqlite3.Error)
"""What a failed write raises (storage's errors; raw ``sqlite3`` errors from older paths)."""

RETRY_FIRST = 1.0
"""Seconds before the first retry (the service's ``retry_delay``; tests make it small)."""
RETRY_MAX = 60.0
"""The longest pause between two tries."""


def backoff(attempt: int, first: float = RETRY_FIRST) -> float:
    """Seconds to wait before try number ``attempt`` (1, 2, …): doubling from ``first``,
    at most ``RETRY_MAX``."""
    COUNTERS.retries += 1  # every caller waits this long, then tries again
    return min(RETRY_MAX, first * 2 ** max(0, attempt - 1))

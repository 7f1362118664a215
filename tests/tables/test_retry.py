"""The back-off of a table's background writes (``bot.tables.retry``): doubling from the
first pause, never longer than ``RETRY_MAX``, each wait counted for the operator."""

from __future__ import annotations

import sqlite3

import pytest

from bot.tables.retry import RETRY_FIRST, RETRY_MAX, WRITE_ERRORS, backoff
from storage.counters import COUNTERS
from storage.errors import StorageBusy, StorageError


def test_the_pause_doubles_from_the_first() -> None:
    assert [backoff(n, first=0.5) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 4.0]
    assert backoff(1) == RETRY_FIRST
    assert backoff(0, first=0.5) == 0.5  # no attempt before the first


@pytest.mark.parametrize("attempt", [7, 8, 20, 500])
def test_the_pause_never_exceeds_the_longest(attempt: int) -> None:
    assert backoff(attempt) == RETRY_MAX


def test_every_pause_is_counted_as_a_retry() -> None:
    before = COUNTERS.retries
    for attempt in range(1, 4):
        backoff(attempt, first=0.01)
    assert COUNTERS.retries == before + 3


def test_storage_and_raw_sqlite_errors_are_write_errors() -> None:
    for error in (StorageError("x"), StorageBusy("x"), sqlite3.OperationalError("x")):
        assert isinstance(error, WRITE_ERRORS)
    assert not isinstance(ValueError("x"), WRITE_ERRORS)

"""What storage counts for the operator's metrics (``storage.counters``): every storage
error raised to a caller, on both backends. (The retries the tables' back-off counts are
tested in tests/tables/test_retry.py.)"""

from __future__ import annotations

import pytest

from storage.counters import COUNTERS, StorageCounters
from storage.database import Database
from storage.errors import StorageError


def test_counters_start_at_zero() -> None:
    assert (StorageCounters().errors, StorageCounters().retries) == (0, 0)


async def test_an_error_raised_to_the_caller_is_counted_once(db: Database) -> None:
    before = COUNTERS.errors
    await db.fetchall("SELECT COUNT(*) FROM players", ())
    assert COUNTERS.errors == before  # a query that works counts nothing
    with pytest.raises(StorageError):
        await db.fetchall("SELECT * FROM no_such_table", ())
    assert COUNTERS.errors == before + 1
    with pytest.raises(StorageError):
        await db.execute("INSERT INTO no_such_table VALUES (1)", ())
    assert COUNTERS.errors == before + 2


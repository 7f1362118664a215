"""Repositories whose writes fail for a while, for the fault tests: each named write raises
``StorageBusy`` (what a locked database raises) the next ``fail[name]`` times, then works."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.results import GameResult
from storage.errors import StorageBusy
from storage.stats import StatsRepo
from storage.tables import TableRepo


class FlakyTables(TableRepo):
    """A ``TableRepo`` whose writes fail while ``fail[name]`` is above zero."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fail: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()

    def _gate(self, name: str) -> None:
        if self.fail[name] > 0:
            self.fail[name] -= 1
            self.failed[name] += 1
            raise StorageBusy(f"The database is busy ({name}, in a test).")

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        self._gate("append_action")
        await super().append_action(*args, **kwargs)

    async def start(self, *args: Any, **kwargs: Any) -> None:
        self._gate("start")
        await super().start(*args, **kwargs)

    async def set_deadline(self, *args: Any, **kwargs: Any) -> None:
        self._gate("set_deadline")
        await super().set_deadline(*args, **kwargs)

    async def close(self, *args: Any, **kwargs: Any) -> None:
        self._gate("close")
        await super().close(*args, **kwargs)


class FlakyStats(StatsRepo):
    """A ``StatsRepo`` whose ``record`` fails the next ``fail`` times."""

    fail = 0

    async def record(self, result: GameResult) -> None:
        if self.fail > 0:
            self.fail -= 1
            raise StorageBusy("The database is busy (record, in a test).")
        await super().record(result)


@contextmanager
def write_lock(path: Path) -> Iterator[sqlite3.Connection]:
    """Hold the SQLite file's write lock from a second connection (as another process
    would) until the block ends."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield conn
        conn.execute("ROLLBACK")
    finally:
        conn.close()

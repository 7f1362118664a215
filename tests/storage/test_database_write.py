"""``Database.write``: one transaction committed on the loop's own connection, on a real file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import storage.database as database_module
from storage.database import Database
from storage.tables import SeatRecord, TableRepo


def _guilds(path: Path) -> list[int]:
    """Guild ids as another connection (another process) reads the file now."""
    other = sqlite3.connect(path)
    try:
        return [row[0] for row in other.execute("SELECT guild_id FROM guilds ORDER BY 1")]
    finally:
        other.close()


def _insert(guild_id: int) -> Callable[[sqlite3.Connection], int]:
    def work(conn: sqlite3.Connection) -> int:
        return conn.execute("INSERT INTO guilds (guild_id) VALUES (?)", (guild_id,)).rowcount

    return work


async def test_write_is_committed_when_it_returns(tmp_path: Path) -> None:
    """What ``write`` returned from is already in the file for any other connection."""
    path = tmp_path / "w.db"
    db = await Database.open(path)
    try:
        assert db.writer is not None
        assert await db.write(_insert(7)) == 1
        assert _guilds(path) == [7]
    finally:
        await db.close()


async def test_failed_write_rolls_back_and_raises(db: Database) -> None:
    """An error inside the work undoes its earlier statements and reaches the caller; the
    next write works."""

    def half(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO guilds (guild_id) VALUES (1)")
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(sqlite3.OperationalError):
        await db.write(half)
    assert db.writer is not None and not db.writer.in_transaction
    assert await db.fetchall("SELECT guild_id FROM guilds") == []
    await db.write(_insert(2))
    assert [r[0] for r in await db.fetchall("SELECT guild_id FROM guilds")] == [2]


async def test_write_waits_off_the_loop_while_another_process_writes(tmp_path: Path) -> None:
    """While another connection holds the file's write lock, ``write`` does not block the
    event loop: it waits on the worker thread and commits once the lock is free."""
    path = tmp_path / "busy.db"
    db = await Database.open(path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO guilds (guild_id) VALUES (1)")
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.005)

        tick_task = asyncio.create_task(ticker())
        asyncio.get_running_loop().call_later(0.1, other.execute, "COMMIT")
        await db.write(_insert(2))
        tick_task.cancel()
        assert ticks >= 5  # the loop kept running while the write waited
        assert _guilds(path) == [1, 2]
    finally:
        other.close()
        await db.close()


async def test_in_memory_database_writes_on_the_worker_thread() -> None:
    """``:memory:`` has no second connection: ``write`` runs on the aiosqlite thread."""
    db = await Database.open(":memory:")
    try:
        assert db.writer is None
        await db.write(_insert(3))
        assert [r[0] for r in await db.fetchall("SELECT guild_id FROM guilds")] == [3]
    finally:
        await db.close()


async def test_writes_and_transactions_share_one_lock(db: Database) -> None:
    """Concurrent ``write`` calls and ``transaction()`` blocks never interleave: all land."""

    async def by_transaction(guild_id: int) -> None:
        async with db.transaction() as conn:
            await asyncio.sleep(0.001)
            await conn.execute("INSERT INTO guilds (guild_id) VALUES (?)", (guild_id,))

    await asyncio.gather(
        *(db.write(_insert(g)) for g in range(0, 20, 2)),
        *(by_transaction(g) for g in range(1, 20, 2)),
    )
    assert [r[0] for r in await db.fetchall("SELECT guild_id FROM guilds ORDER BY 1")] == list(
        range(20)
    )


async def test_passive_checkpoint_runs_every_so_many_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer never checkpoints on commit; every CHECKPOINT_EVERY writes a checkpoint
    copies the whole WAL into the database file."""
    monkeypatch.setattr(database_module, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "ckpt.db"
    db = await Database.open(path)
    try:
        for g in range(5):
            await db.write(_insert(g))
        assert db._checkpoint is not None
        await db._checkpoint
        busy, frames, copied = (await db.fetchall("PRAGMA wal_checkpoint(PASSIVE)"))[0]
        assert busy == 0 and frames == copied
    finally:
        await db.close()


async def test_create_reads_back_its_row_despite_an_open_read(db: Database) -> None:
    """A lobby created while another coroutine's read is open on the shared connection is
    returned whole (read back on the writing connection, not on the stale reader)."""
    repo = TableRepo(db)
    async with db.conn.execute("SELECT * FROM tables") as cur:  # a read left open
        await cur.fetchone()
        table = await repo.create(
            guild_id=1, channel_id=2, host_id=3, game="turup", variant={"rounds": 1}, seed=4,
            timer_seconds=None, seats=[SeatRecord(0, 3, "Ann")],
        )
    assert (table.channel_id, table.variant, table.version) == (2, {"rounds": 1}, 0)

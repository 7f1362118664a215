"""SQLite statements go to the connection's thread in one trip each (issue 42): a read is
one trip, a write transaction one trip a statement (``BEGIN IMMEDIATE`` rides with the
first) plus its ``COMMIT``; aiosqlite's own ``execute`` took three for a read and two a
statement. What ``storage.sqlite`` relies on in aiosqlite (``Connection._execute`` runs a
function on the connection's thread) is held here, so a new aiosqlite that changes it
fails these tests rather than the bot."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage.errors import IntegrityViolation, StorageBusy
from storage.sqlite import SQLiteDatabase


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[SQLiteDatabase]:
    db = await SQLiteDatabase.connect(tmp_path / "trips.db")
    try:
        yield db
    finally:
        await db.close()


class Trips:
    """The functions sent to each connection's thread, counted (aiosqlite's one door)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[tuple[str, Any]] = []
        original = aiosqlite.Connection._execute
        trips = self

        async def counted(conn: aiosqlite.Connection, fn: Any, *args: Any, **kw: Any) -> Any:
            trips.sent.append((getattr(conn, "_trip_name", "?"), fn))
            return await original(conn, fn, *args, **kw)

        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)

    def on(self, name: str) -> int:
        return sum(1 for who, _ in self.sent if who == name)


def named(db: SQLiteDatabase) -> None:
    db.writer._trip_name = "writer"  # type: ignore[attr-defined]
    db.reader._trip_name = "reader"  # type: ignore[attr-defined]


async def test_execute_runs_a_function_on_the_connections_thread(
        sqlite_db: SQLiteDatabase) -> None:
    """What storage.sqlite relies on: ``_execute(fn, *args)`` calls ``fn(*args)`` on the
    connection's own thread and gives back its result; ``_conn`` is the sqlite3
    connection (with the row factory set on the aiosqlite connection)."""
    conn = sqlite_db.reader
    raw = conn._conn
    assert isinstance(raw, sqlite3.Connection)
    assert raw.row_factory is sqlite3.Row

    def where(first: int, second: int) -> tuple[int, int]:
        return threading.get_ident(), first + second

    ident, total = await conn._execute(where, 2, 3)
    assert total == 5
    assert ident != threading.get_ident()


async def test_a_read_is_one_trip_and_a_write_one_a_statement_and_its_commit(
        sqlite_db: SQLiteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    named(sqlite_db)
    trips = Trips(monkeypatch)
    await sqlite_db.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (1, "Den"))
    assert trips.on("writer") == 2  # BEGIN IMMEDIATE + INSERT, then COMMIT
    async with sqlite_db.transaction() as tx:
        assert await tx.execute("UPDATE guilds SET name = ? WHERE guild_id = ?",
                                ("Hall", 1)) == 1
        assert await tx.execute("UPDATE guilds SET name = ? WHERE guild_id = ?",
                                ("Hall", 2)) == 0
        row = await tx.fetchone("SELECT name FROM guilds WHERE guild_id = 1")
        assert row is not None and row["name"] == "Hall"
        await tx.executemany("INSERT INTO guilds (guild_id, name) VALUES (?, ?)",
                             [(2, "Two"), (3, "Three")])
        assert [r["guild_id"] for r in await tx.fetchall(
            "SELECT guild_id FROM guilds ORDER BY guild_id")] == [1, 2, 3]
    assert trips.on("writer") == 2 + 5 + 1
    row = await sqlite_db.fetchone("SELECT name FROM guilds WHERE guild_id = ?", (1,))
    assert row is not None and row["name"] == "Hall" and row[0] == "Hall"
    assert await sqlite_db.fetchone("SELECT name FROM guilds WHERE guild_id = 9") is None
    assert len(await sqlite_db.fetchall("SELECT * FROM guilds")) == 3
    assert trips.on("reader") == 3


async def test_a_transaction_without_statements_sends_nothing(
        sqlite_db: SQLiteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    named(sqlite_db)
    trips = Trips(monkeypatch)
    async with sqlite_db.transaction():
        pass
    assert trips.on("writer") == 0
    assert not sqlite_db.writer.in_transaction


async def test_a_failed_statement_rolls_the_transaction_back(
        sqlite_db: SQLiteDatabase) -> None:
    """The first statement fails after its BEGIN: rolled back, nothing kept, the next
    transaction begins anew; the same when a later statement fails."""
    await sqlite_db.execute("INSERT INTO guilds (guild_id, name) VALUES (1, 'Den')")
    with pytest.raises(IntegrityViolation):
        await sqlite_db.execute("INSERT INTO guilds (guild_id, name) VALUES (1, 'Again')")
    assert not sqlite_db.writer.in_transaction
    with pytest.raises(IntegrityViolation):
        async with sqlite_db.transaction() as tx:
            await tx.execute("INSERT INTO guilds (guild_id, name) VALUES (2, 'Two')")
            await tx.execute("INSERT INTO guilds (guild_id, name) VALUES (1, 'Again')")
    assert not sqlite_db.writer.in_transaction
    rows = await sqlite_db.fetchall("SELECT guild_id FROM guilds")
    assert [r[0] for r in rows] == [1]


async def test_a_held_write_lock_fails_the_first_statement_busy(
        sqlite_db: SQLiteDatabase, tmp_path: Path) -> None:
    """Another connection holds the file's write lock: the transaction's first statement
    (with its BEGIN IMMEDIATE) raises StorageBusy and leaves no transaction open."""
    other = sqlite3.connect(tmp_path / "trips.db", isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageBusy):
            await sqlite_db.execute("INSERT INTO guilds (guild_id, name) VALUES (1, 'Den')")
        assert not sqlite_db.writer.in_transaction
        other.execute("ROLLBACK")
    finally:
        other.close()
    await sqlite_db.execute("INSERT INTO guilds (guild_id, name) VALUES (1, 'Den')")
    assert len(await sqlite_db.fetchall("SELECT * FROM guilds")) == 1

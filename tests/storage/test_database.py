"""The SQLite database: pragmas, numbered migrations applied once each, upgrades."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from storage import database as database_module
from storage.database import Database, MigrationError, _statements, migration_files


async def _tables(db: Database) -> set[str]:
    async with db.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        return {row[0] async for row in cur}


def test_migration_files_are_numbered_uniquely_from_one() -> None:
    """Shipped migrations have distinct numbers, the first being 001."""
    numbers = [number for number, _, _ in migration_files()]
    assert numbers[0] == 1
    assert len(numbers) == len(set(numbers))
    assert numbers == sorted(numbers)


async def test_fresh_file_gets_every_migration_once(tmp_path: Path) -> None:
    """Opening a new file applies every migration and records each one exactly once."""
    path = tmp_path / "sub" / "dir" / "cardroom.db"
    db = await Database.open(path)
    try:
        expected = [number for number, _, _ in migration_files()]
        assert await db.applied_migrations() == expected
        async with db.conn.execute(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        ) as cur:
            rows = await cur.fetchall()
        assert [row["name"] for row in rows] == [name for _, name, _ in migration_files()]
        assert all(row["applied_at"] for row in rows)
        assert {"guilds", "players", "guild_settings"} <= await _tables(db)
    finally:
        await db.close()
    assert path.is_file()


async def test_reopening_applies_nothing(tmp_path: Path) -> None:
    """A second open of a migrated file applies no migration and keeps the data."""
    path = tmp_path / "cardroom.db"
    db = await Database.open(path)
    await db.conn.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (1, "Den"))
    await db.close()

    db = await Database.open(path, migrate=False)
    try:
        assert await db.migrate() == []
        async with db.conn.execute("SELECT name FROM guilds WHERE guild_id = 1") as cur:
            row = await cur.fetchone()
        assert row is not None and row["name"] == "Den"
        async with db.conn.execute("SELECT COUNT(*) FROM schema_migrations") as cur:
            count = await cur.fetchone()
        assert count is not None and count[0] == len(migration_files())
    finally:
        await db.close()


async def test_older_database_is_upgraded_in_order(tmp_path: Path) -> None:
    """A file made by the first migration only gains the later ones, keeping its rows."""
    path = tmp_path / "old.db"
    old = await Database.open(path, migrate=False)
    assert await old.migrate(up_to=1) == [1]
    assert "guild_settings" not in await _tables(old)
    await old.conn.execute("INSERT INTO players (user_id, display_name) VALUES (?, ?)", (7, "Ana"))
    await old.close()

    db = await Database.open(path)
    try:
        numbers = [number for number, _, _ in migration_files()]
        assert await db.applied_migrations() == numbers
        assert "guild_settings" in await _tables(db)
        async with db.conn.execute("SELECT display_name FROM players WHERE user_id = 7") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == "Ana"
    finally:
        await db.close()


async def test_wal_foreign_keys_and_busy_timeout_are_on(db: Database) -> None:
    """The connection uses WAL, enforces foreign keys and waits when the file is busy."""
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
    async with db.conn.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1  # type: ignore[index]
    async with db.conn.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == database_module.BUSY_TIMEOUT_MS  # type: ignore[index]


async def test_foreign_keys_are_enforced(db: Database) -> None:
    """A row pointing at a missing parent is refused."""
    await db.conn.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    await db.conn.execute("CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id))")
    with pytest.raises(aiosqlite.IntegrityError):
        await db.conn.execute("INSERT INTO child (parent_id) VALUES (42)")


async def test_failed_migration_rolls_back_and_is_not_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration that fails half way leaves neither its tables nor its record behind."""
    broken = [(1, "001_broken.sql", "CREATE TABLE half (x INTEGER);\nNOT VALID SQL;")]
    monkeypatch.setattr(database_module, "migration_files", lambda: broken)
    db = await Database.open(tmp_path / "broken.db", migrate=False)
    try:
        with pytest.raises(aiosqlite.OperationalError):
            await db.migrate()
        assert await db.applied_migrations() == []
        assert "half" not in await _tables(db)
    finally:
        await db.close()


async def test_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    """A file recording a migration this code does not ship raises a clear MigrationError."""
    path = tmp_path / "newer.db"
    db = await Database.open(path)
    await db.conn.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '999_x.sql')")
    await db.close()
    with pytest.raises(MigrationError, match="999"):
        await Database.open(path)


def test_statement_splitter_respects_literals_comments_and_triggers() -> None:
    """Semicolons in strings, comments and trigger bodies do not split a statement."""
    sql = (
        "-- a comment; with a semicolon\n"
        "CREATE TABLE a (x TEXT DEFAULT ';');\n"
        "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = 'y;'; END;\n"
        "-- trailing comment\n"
    )
    statements = _statements(sql)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


def test_statement_splitter_rejects_an_unterminated_statement() -> None:
    """A statement missing its final semicolon is reported, not silently dropped."""
    with pytest.raises(MigrationError, match="Incomplete"):
        _statements("CREATE TABLE a (x INTEGER);\nCREATE TABLE b (y INTEGER)")


def test_misnamed_migration_file_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A .sql file that is not NNN_name.sql, or a reused number, raises MigrationError."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "001_a.sql").write_text("SELECT 1;")
    (folder / "2_b.sql").write_text("SELECT 1;")
    monkeypatch.setattr(database_module.resources, "files", lambda _package: folder)
    with pytest.raises(MigrationError, match=r"2_b\.sql"):
        migration_files()
    (folder / "2_b.sql").unlink()
    (folder / "001_c.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="share the number 001"):
        migration_files()


async def test_query_helpers_run_and_close_their_cursors(db: Database) -> None:
    """execute() returns rows changed; fetchone()/fetchall() read rows by column name."""
    assert await db.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (1, "A")) == 1
    await db.execute("INSERT INTO guilds VALUES (:id, :name, '')", {"id": 2, "name": "B"})
    assert await db.fetchone("SELECT name FROM guilds WHERE guild_id = ?", (3,)) is None
    row = await db.fetchone("SELECT name FROM guilds WHERE guild_id = ?", (2,))
    assert row is not None and row["name"] == "B"
    rows = await db.fetchall("SELECT guild_id FROM guilds ORDER BY guild_id")
    assert [r["guild_id"] for r in rows] == [1, 2]
    await db.execute("BEGIN IMMEDIATE")
    await db.fetchone("PRAGMA journal_mode")
    await db.execute("COMMIT")  # no cursor left "in progress" to block the commit


async def test_transaction_commits_or_rolls_back(db: Database) -> None:
    """transaction() commits its writes, and undoes them all when the block raises."""
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO guilds (guild_id) VALUES (1)")
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guilds (guild_id) VALUES (2)")
            raise RuntimeError("boom")
    rows = await db.fetchall("SELECT guild_id FROM guilds")
    assert [row[0] for row in rows] == [1]


async def test_transactions_do_not_interleave(db: Database) -> None:
    """Two coroutines' transactions run one after the other, never nested."""
    order: list[str] = []

    async def write(tag: str, guild_id: int) -> None:
        async with db.transaction() as conn:
            order.append(f"{tag} begin")
            await asyncio.sleep(0.01)
            await conn.execute("INSERT INTO guilds (guild_id) VALUES (?)", (guild_id,))
            order.append(f"{tag} end")

    await asyncio.gather(write("a", 1), write("b", 2))
    assert order == ["a begin", "a end", "b begin", "b end"]
    assert len(await db.fetchall("SELECT guild_id FROM guilds")) == 2


async def test_open_that_fails_raises_cleanly_for_a_non_database_file(tmp_path: Path) -> None:
    """A file that is not SQLite makes open() raise (and close its connection)."""
    path = tmp_path / "notes.db"
    path.write_bytes(b"this is not a database, just some text" * 100)
    with pytest.raises(aiosqlite.DatabaseError):
        await Database.open(path)

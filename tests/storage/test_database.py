"""The database interface on both backends: migrations, reads, one way to write, errors."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import storage.database as database_module
from storage.connect import open_database
from storage.database import Database, MigrationError, migration_files
from storage.errors import IntegrityViolation, StorageError
from storage.sqlite import statements
from tests.helpers.databases import Backend

CORE = {"guilds", "players", "guild_settings", "tables", "table_seats", "table_actions",
        "game_results", "result_seats", "round_results", "ratings", "rating_history",
        "table_snapshots", "schema_migrations"}


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_migration_files_are_numbered_uniquely_from_one(dialect: str) -> None:
    """Each dialect's migrations are numbered 1, 2, 3... without gaps or repeats."""
    numbers = [n for n, _, _ in migration_files(dialect)]
    assert numbers == list(range(1, len(numbers) + 1))


def test_both_dialects_ship_the_same_migrations() -> None:
    """SQLite and PostgreSQL have the same numbered migrations, by name."""
    assert [name for _, name, _ in migration_files("sqlite")] == [
        name for _, name, _ in migration_files("postgres")]


async def test_fresh_database_gets_every_migration_once(backend: Backend) -> None:
    """A new database gets every migration, recorded once each, and every table."""
    db = await backend.open()
    assert await db.applied_migrations() == [n for n, _, _ in migration_files(db.dialect)]
    assert set(await db.tables()) >= CORE


async def test_reopening_applies_nothing(backend: Backend) -> None:
    """Opening an up-to-date database applies nothing and keeps the data."""
    db = await backend.open()
    await db.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (1, "Den"))
    await db.close()
    again = await backend.open()
    assert await again.migrate() == []
    row = await again.fetchone("SELECT name FROM guilds WHERE guild_id = 1")
    assert row is not None and row["name"] == "Den"


async def test_older_database_is_upgraded_in_order(backend: Backend) -> None:
    """A database at migration 1 gets 2, 3... in order and keeps its rows."""
    old = await backend.open(migrate=False)
    assert await old.migrate(up_to=1) == [1]
    await old.execute("INSERT INTO players (user_id, display_name) VALUES (?, ?)", (7, "Ana"))
    await old.close()
    db = await backend.open()
    assert await db.applied_migrations() == [n for n, _, _ in migration_files(db.dialect)]
    row = await db.fetchone("SELECT display_name FROM players WHERE user_id = 7")
    assert row is not None and row[0] == "Ana"


async def test_foreign_keys_are_enforced(db: Database) -> None:
    """A seat of a table that does not exist is refused with IntegrityViolation."""
    with pytest.raises(IntegrityViolation):
        await db.execute("INSERT INTO table_seats (table_id, seat, name) VALUES (42, 0, 'x')")


async def test_failed_migration_rolls_back_and_is_not_recorded(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration that fails half way leaves neither its tables nor its record behind."""
    broken = [(1, "001_broken.sql", "CREATE TABLE half (x INTEGER);\nNOT VALID SQL;")]
    monkeypatch.setattr(database_module, "migration_files", lambda _dialect="sqlite": broken)
    db = await backend.open(migrate=False)
    with pytest.raises(StorageError):
        await db.migrate()
    assert await db.applied_migrations() == []
    assert "half" not in await db.tables()


async def test_database_from_a_newer_version_is_refused(backend: Backend) -> None:
    """A database recording a migration this code does not ship raises MigrationError."""
    db = await backend.open()
    await db.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '999_x.sql')")
    await db.close()
    with pytest.raises(MigrationError, match=r"999.*newer version"):
        await backend.open()


def test_statement_splitter_respects_literals_comments_and_triggers() -> None:
    """Semicolons in strings, comments and trigger bodies do not split a statement."""
    sql = (
        "-- a comment; with a semicolon\n"
        "CREATE TABLE a (x TEXT DEFAULT ';');\n"
        "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = 'y;'; END;\n"
        "-- trailing comment\n"
    )
    found = statements(sql)
    assert len(found) == 2
    assert found[1].startswith("CREATE TRIGGER") and found[1].endswith("END;")


def test_statement_splitter_rejects_an_unterminated_statement() -> None:
    """A statement missing its final semicolon is reported, not silently dropped."""
    with pytest.raises(MigrationError, match="Incomplete"):
        statements("CREATE TABLE a (x INTEGER);\nCREATE TABLE b (y INTEGER)")


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


async def test_reads_return_rows_by_name_and_index(db: Database) -> None:
    """execute() returns rows changed; fetchone()/fetchall() read rows by name or index."""
    assert await db.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (1, "A")) == 1
    await db.execute("INSERT INTO guilds (guild_id, name) VALUES (?, ?)", (2, "B"))
    assert await db.fetchone("SELECT name FROM guilds WHERE guild_id = ?", (3,)) is None
    row = await db.fetchone("SELECT name FROM guilds WHERE guild_id = ?", (2,))
    assert row is not None and row["name"] == "B" and row[0] == "B"
    rows = await db.fetchall("SELECT guild_id FROM guilds ORDER BY guild_id")
    assert [r["guild_id"] for r in rows] == [1, 2]
    assert await db.execute("UPDATE guilds SET name = 'C'") == 2


async def test_snowflake_ids_and_now_round_trip(db: Database) -> None:
    """64-bit Discord ids are stored whole; datetime('now') is UTC text on both backends."""
    big = 1_234_567_890_123_456_789
    await db.execute("INSERT INTO guilds (guild_id) VALUES (?)", (big,))
    row = await db.fetchone("SELECT guild_id, created_at FROM guilds")
    assert row is not None and row[0] == big
    assert len(row[1]) == 19 and row[1][4] == "-" and row[1][10] == " "


async def test_transaction_commits_or_rolls_back(db: Database) -> None:
    """transaction() commits its writes, and undoes them all when the block raises."""
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO guilds (guild_id) VALUES (1)")
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO guilds (guild_id) VALUES (2)")
            raise RuntimeError("boom")
    rows = await db.fetchall("SELECT guild_id FROM guilds")
    assert [row[0] for row in rows] == [1]


async def test_failed_statement_rolls_back_the_transaction(db: Database) -> None:
    """A statement that fails raises StorageError and undoes the whole transaction."""
    with pytest.raises(StorageError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO guilds (guild_id) VALUES (1)")
            await tx.execute("INSERT INTO no_such_table VALUES (1)")
    assert await db.fetchall("SELECT guild_id FROM guilds") == []
    await db.execute("INSERT INTO guilds (guild_id) VALUES (2)")  # the connection still works
    assert len(await db.fetchall("SELECT guild_id FROM guilds")) == 1


async def test_write_is_committed_when_the_block_ends(backend: Backend) -> None:
    """What a transaction committed is at once visible to another connection."""
    first = await backend.open()
    second = await backend.open()
    async with first.transaction() as tx:
        await tx.execute("INSERT INTO guilds (guild_id) VALUES (7)")
    assert await second.fetchone("SELECT 1 FROM guilds WHERE guild_id = 7") is not None


async def test_transactions_do_not_interleave_on_sqlite(sqlite_backend: Backend) -> None:
    """On SQLite two coroutines' transactions run one after the other, never nested."""
    db = await sqlite_backend.open()
    order: list[str] = []

    async def write(tag: str, guild_id: int) -> None:
        async with db.transaction() as tx:
            order.append(f"{tag} begin")
            await asyncio.sleep(0.01)
            await tx.execute("INSERT INTO guilds (guild_id) VALUES (?)", (guild_id,))
            order.append(f"{tag} end")

    await asyncio.gather(write("a", 1), write("b", 2))
    assert order == ["a begin", "a end", "b begin", "b end"]


async def test_many_concurrent_transactions_lose_nothing(db: Database) -> None:
    """Forty concurrent one-row transactions all commit."""
    async def write(guild_id: int) -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO guilds (guild_id) VALUES (?)", (guild_id,))

    await asyncio.gather(*(write(g) for g in range(40)))
    assert len(await db.fetchall("SELECT guild_id FROM guilds")) == 40


async def test_transaction_lock_serialises_the_same_key(db: Database) -> None:
    """Transactions locking one key run one after the other."""
    order: list[str] = []

    async def write(tag: str) -> None:
        async with db.transaction() as tx:
            await tx.lock(5)
            order.append(f"{tag} in")
            await asyncio.sleep(0.05)
            order.append(f"{tag} out")

    await asyncio.gather(write("a"), write("b"))
    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])


@pytest.mark.slow
async def test_processes_starting_together_migrate_once(backend: Backend) -> None:
    """Three processes opening one new database at once: every migration is applied once,
    all three open."""
    url = await backend.url()
    opened = await asyncio.gather(*(open_database(url) for _ in range(3)))
    try:
        rows = await opened[0].fetchall("SELECT version FROM schema_migrations")
        assert sorted(r[0] for r in rows) == [n for n, _, _ in migration_files(backend.kind)]
    finally:
        for db in opened:
            await db.close()

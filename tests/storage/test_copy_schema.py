"""``db copy`` and the schema: every table the migrations create is copied and counted, the
source is only read (at its own schema version), versions it cannot read are refused."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as cli
from storage.connect import open_database
from storage.copy import CopyRefused, copy_database, counts, open_source, schema_tables
from storage.database import Database, migration_files
from storage.errors import StorageError
from storage.tables import TableRepo
from tests.helpers.databases import Backend
from tests.storage.test_copy import fill

VERSIONS = [number for number, _name, _sql in migration_files()]
ROOT = Path(__file__).resolve().parents[2]


async def fill_the_rest(db: Database) -> None:
    """A row in every table ``fill`` leaves empty (pings off, a live ping, a command sync,
    a shard owner, a language, a display choice, a lesson, a puzzle)."""
    [table_id] = [t.id for t in await TableRepo(db).open_tables() if t.channel_id == 1]
    statements = [
        ("INSERT INTO notify_off (user_id) VALUES (?)", (1,)),
        ("INSERT INTO table_pings (table_id, message_id) VALUES (?, ?)", (table_id, 77)),
        ("INSERT INTO command_sync (scope, digest, synced_at) VALUES (?, ?, ?)",
         ("9:global", "abc", "2026-01-01 00:00:00")),
        ("INSERT INTO shard_owners (shard, epoch, owner, taken_at) VALUES (?, ?, ?, ?)",
         (0, 4, "host:1", "2026-01-01 00:00:00")),
        ("INSERT INTO user_language (user_id, language) VALUES (?, ?)", (1, "ar")),
        ("INSERT INTO user_display (user_id, text_mode) VALUES (?, ?)", (1, 1)),
        ("INSERT INTO lesson_progress (user_id, game, lesson) VALUES (?, ?, ?)",
         (1, "soi", 1)),
        ("INSERT INTO puzzles (game, source, position, seat, data) VALUES (?, ?, ?, ?, ?)",
         ("soi", table_id, 2, 0, "{}")),
        ("INSERT INTO puzzle_sources (table_id) VALUES (?)", (table_id,)),
    ]
    async with db.transaction() as tx:
        for sql, params in statements:
            await tx.execute(sql, params)


async def every_count(db: Database) -> dict[str, int]:
    """Rows in every table the newest schema has, counted directly."""
    found = {}
    for table in schema_tables():
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
        found[table] = int(row[0]) if row else 0
    return found


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def versions_of(path: Path) -> list[int]:
    """The schema versions a SQLite file records, read with the sqlite3 module."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        return [row[0] for row in conn.execute(
            "SELECT version FROM schema_migrations ORDER BY version")]
    finally:
        conn.close()


def run_copy(source: str, target: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot db copy`` as an operator runs it."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", source, "--to", target],
        cwd=cwd, capture_output=True, text=True, timeout=120,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)},
    )


async def test_the_copy_knows_every_table_of_every_version(backend: Backend) -> None:
    """At every schema version the tables the copy derives from the migrations are exactly
    the tables the database holds (a migration adding a table the copy misses fails)."""
    db = await backend.open(migrate=False)
    for version in VERSIONS:
        await db.migrate(up_to=version)
        held = set(await db.tables()) - {"schema_migrations"}
        assert set(schema_tables(version, db.dialect)) == held, version


async def test_copy_brings_every_table(backend: Backend, tmp_path: Path) -> None:
    """A source with a row in every table of the schema arrives whole: pings off, live
    pings and command syncs included, every count equal."""
    source = await open_database(tmp_path / "source.db")
    try:
        await fill(source)
        await fill_the_rest(source)
        before = await every_count(source)
        assert all(before.values()), f"fill a row in every table: {before}"
        target = await backend.open("target")
        await copy_database(source, target)
        assert await every_count(target) == before
    finally:
        await source.close()


async def test_copy_between_two_databases_of_one_backend(backend: Backend) -> None:
    """PostgreSQL into PostgreSQL (and SQLite into SQLite) through a read-only source:
    every table arrives, every count equal."""
    async with await open_database(await backend.url("source")) as filled:
        await fill(filled)
        await fill_the_rest(filled)
        before = await every_count(filled)
    source = await open_source(await backend.url("source"))
    try:
        target = await backend.open("target", migrate=False)
        await copy_database(source, target)
        assert await every_count(target) == before
    finally:
        await source.close()


async def test_copy_from_an_older_source_leaves_it_as_it_was(
        backend: Backend, tmp_path: Path) -> None:
    """`db copy` from a SQLite file at schema 008: the file's bytes and version are
    unchanged; the target (a fresh database) holds its rows at the newest schema."""
    path = tmp_path / "old.db"
    db = await open_database(path, migrate=False)
    await db.migrate(up_to=8)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO players (user_id, display_name) VALUES (10, 'ann')")
        await tx.execute("INSERT INTO tables (guild_id, channel_id, host_id, game, seed,"
                         " status) VALUES (500, 1, 10, 'soi', 3, 'running')")
        await tx.execute("INSERT INTO table_actions (table_id, seq, seat, text)"
                         " VALUES (1, 0, 0, 'move')")
    await db.close()
    before = digest(path)
    target_url = await backend.url("target")
    proc = run_copy(f"sqlite:///{path}", target_url, tmp_path)
    assert proc.returncode == cli.EXIT_OK, proc.stderr
    assert "schema 008" in proc.stdout
    assert digest(path) == before and versions_of(path) == list(range(1, 9))
    assert not any(tmp_path.glob("old.db-*")), "nothing created beside the source"
    target = await backend.open("target", migrate=False)
    assert await target.applied_migrations() == VERSIONS
    row = await target.fetchone("SELECT text, by_computer FROM table_actions")
    assert row is not None and (row[0], row[1]) == ("move", 0)


async def test_copy_refuses_a_source_newer_than_the_code(tmp_path: Path) -> None:
    """A source written by a newer Cardroom: one line, exit 2, the source unchanged and no
    target created."""
    path = tmp_path / "new.db"
    async with await open_database(path) as db:
        await db.execute("INSERT INTO schema_migrations (version, name) VALUES (999, 'x.sql')")
    before = digest(path)
    target = tmp_path / "target.db"
    proc = run_copy(f"sqlite:///{path}", f"sqlite:///{target}", tmp_path)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stdout + proc.stderr
    assert len(lines) == 1 and "newer version" in lines[0] and "999" in lines[0]
    assert digest(path) == before and not target.exists()


async def test_copy_refuses_a_target_past_the_source(backend: Backend, tmp_path: Path) -> None:
    """An empty target already at a newer schema than the source: refused, one line."""
    source_db = await open_database(tmp_path / "old.db", migrate=False)
    await source_db.migrate(up_to=9)
    await source_db.close()
    source = await open_source(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        target = await backend.open("target")
        with pytest.raises(CopyRefused, match="past the source's 009"):
            await copy_database(source, target)
        assert not any((await counts(target)).values())
    finally:
        await source.close()


async def test_the_source_is_opened_read_only(backend: Backend) -> None:
    """The copy's source refuses every write, on both backends."""
    async with await open_database(await backend.url("source")):
        pass
    source = await open_source(await backend.url("source"))
    try:
        with pytest.raises(StorageError):
            await source.execute("INSERT INTO notify_off (user_id) VALUES (1)")
    finally:
        await source.close()
    check = await backend.open("source")
    assert (await counts(check))["notify_off"] == 0

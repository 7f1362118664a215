"""The aiosqlite database: one connection, WAL, foreign keys, numbered migrations."""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000


class MigrationError(RuntimeError):
    """The migrations on disk or in the database file are inconsistent."""


def migration_files() -> list[tuple[int, str, str]]:
    """Every migration shipped in ``storage/migrations``: (number, name, sql), in order.

    Raises ``MigrationError`` for a ``.sql`` file not named ``NNN_name.sql`` or for two files
    sharing a number (two branches that both added ``003_...``)."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _MIGRATION_NAME.match(entry.name)
        if not match:
            raise MigrationError(f"Migration {entry.name!r} must be named NNN_lower_case.sql")
        found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for (a, first, _), (b, second, _) in itertools.pairwise(found):
        if a == b:
            raise MigrationError(f"Migrations {first} and {second} share the number {a:03d}")
    return found


class Database:
    """An open SQLite database. Use ``await Database.open(path)`` and ``await db.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()
        """Held for each ``transaction()``: one write transaction at a time on ``conn``."""

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True) -> Database:
        """Open (creating the file and its folder if missing) and apply pending migrations."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        db = cls(conn, path)
        try:
            for pragma in (
                "journal_mode=WAL",
                "synchronous=NORMAL",
                "foreign_keys=ON",
                f"busy_timeout={BUSY_TIMEOUT_MS}",
            ):
                await db.execute(f"PRAGMA {pragma}")
            if migrate:
                await db.migrate()
        except BaseException:
            await db.close()  # never leak the connection's worker thread
            raise
        return db

    async def close(self) -> None:
        """Close the connection (checkpointing the WAL)."""
        await self.conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> int:
        """Run one statement and close its cursor at once; return the rows changed.

        Prefer this (or ``async with db.conn.execute(...)``) to a bare ``conn.execute``:
        a cursor left open on a statement that returns rows blocks the next COMMIT."""
        async with self.conn.execute(sql, params) as cur:
            return cur.rowcount

    async def fetchone(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> aiosqlite.Row | None:
        """The first row of a query (rows read by column name or index), or ``None``."""
        async with self.conn.execute(sql, params) as cur:
            row: aiosqlite.Row | None = await cur.fetchone()
            return row

    async def fetchall(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[aiosqlite.Row]:
        """Every row of a query."""
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any error), one at a time.

        All coroutines share one connection, so two transactions must not interleave: this
        holds ``write_lock`` throughout. Not re-entrant (do not nest). Usage::

            async with db.transaction() as conn:
                await conn.execute("INSERT ...", (...))
        """
        async with self.write_lock:
            await self.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
                await self.execute("COMMIT")
            except BaseException:
                await self.execute("ROLLBACK")
                raise

    async def applied_migrations(self) -> list[int]:
        """Numbers of the migrations already applied to this file."""
        await self.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
        )
        rows = await self.fetchall("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]

    async def migrate(self, up_to: int | None = None) -> list[int]:
        """Apply every migration not yet applied (each once, in a transaction), up to and
        including number ``up_to`` if given; return the numbers applied.

        Raises ``MigrationError`` when the file records a migration this code does not ship
        (it was written by a newer Cardroom): running older code on it is refused."""
        files = migration_files()
        done = set(await self.applied_migrations())
        unknown = sorted(done - {number for number, _, _ in files})
        if unknown:
            raise MigrationError(
                f"{self.path} has migration(s) {', '.join(f'{n:03d}' for n in unknown)} that"
                " this version of Cardroom does not know; it was written by a newer version."
            )
        applied = []
        for number, name, sql in files:
            if number in done or (up_to is not None and number > up_to):
                continue
            log.info("Applying migration %s", name)
            async with self.transaction():
                for statement in _statements(sql):
                    await self.execute(statement)
                await self.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (number, name)
                )
            applied.append(number)
        return applied


def _statements(sql: str) -> list[str]:
    """Split a migration file into complete statements.

    Uses SQLite's own tokenizer (``sqlite3.complete_statement``), so semicolons inside string
    literals, comments and ``CREATE TRIGGER ... BEGIN ...; END`` bodies are handled."""
    statements = []
    buffer = ""
    *pieces, tail = sql.split(";")
    for piece in pieces:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _code(buffer).strip(" \t\n;"):
                statements.append(buffer.strip())
            buffer = ""
    rest = _code(buffer + tail).strip()
    if rest:
        raise MigrationError(f"Incomplete SQL statement at the end of a migration: {rest!r}")
    return statements


def _code(sql: str) -> str:
    """``sql`` without its whole-line ``--`` comments."""
    return "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--"))

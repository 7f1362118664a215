"""The SQLite database: WAL, foreign keys, numbered migrations, one write lock.

Two connections share the file. ``conn`` (aiosqlite, its own thread) serves reads and
``transaction()``. ``writer`` (plain ``sqlite3``) serves ``write()``: a short write
transaction run synchronously on the event loop, so committing an action costs no thread
hop (see ``write``). Both write only while holding ``write_lock``.

A read on ``conn`` sees what was committed when its read transaction began; while another
coroutine holds a cursor open on ``conn``, that may be before a ``write()`` that has since
returned. Work that needs its own rows back reads them inside ``write`` (``TableRepo.create``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000
CHECKPOINT_EVERY = 200
"""``write()`` commits between two passive WAL checkpoints (run on ``conn``'s thread); an
action adds a few pages to the WAL, so it stays near SQLite's usual 1,000 pages."""
BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON")

T = TypeVar("T")


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

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, writer: sqlite3.Connection | None = None
    ) -> None:
        self.conn = conn
        self.path = path
        self.writer = writer
        """The event loop's own connection for ``write()`` (``None`` for ``:memory:``)."""
        self.write_lock = asyncio.Lock()
        """Held for each ``transaction()`` and ``write()``: one write transaction at a time."""
        self._writes = 0  # write() commits since the last checkpoint
        self._checkpoint: asyncio.Task[None] | None = None

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
            for pragma in (*PRAGMAS, f"busy_timeout={BUSY_TIMEOUT_MS}"):
                await db.execute(f"PRAGMA {pragma}")
            if migrate:
                await db.migrate()
            if str(path) != ":memory:":  # a second connection to :memory: is another database
                db.writer = _open_writer(path)
        except BaseException:
            await db.close()  # never leak the connection's worker thread
            raise
        return db

    async def close(self) -> None:
        """Close both connections (the last one to close checkpoints the WAL)."""
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        if self.writer is not None:
            self.writer.close()
            self.writer = None
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

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(connection)`` in one write transaction and return its result once it
        is committed (``BEGIN IMMEDIATE`` ... ``COMMIT``; ``ROLLBACK`` and re-raise on any
        error). ``work`` is plain ``sqlite3`` code: a few statements, no awaiting.

        The transaction runs synchronously on the event loop, on ``writer``: a commit in WAL
        mode with ``synchronous=NORMAL`` appends to the WAL file without an fsync (tens of
        microseconds, the same durability as before: it survives the process being killed,
        not a power cut), while each aiosqlite call is a round trip to another thread (a
        wake-up of the loop each). ``writer`` never checkpoints on commit
        (``wal_autocheckpoint=0``): every ``CHECKPOINT_EVERY`` commits a passive checkpoint
        (it writes and fsyncs the database file) runs on ``conn``'s thread instead.
        ``writer`` waits for no lock (``busy_timeout=0``): if another process holds the
        file's write lock, or for ``:memory:``, the same transaction runs on ``conn``'s
        thread, in one round trip, with the usual busy timeout."""
        async with self.write_lock:
            if self.writer is not None:
                try:
                    self.writer.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if exc.sqlite_errorcode & 0xFF not in BUSY_CODES:
                        raise
                    log.info("The database is busy; writing on the worker thread")
                else:
                    result = _commit(self.writer, work)
                    self._wrote()
                    return result
            return await self._write_on_thread(work)

    async def _write_on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in a transaction on ``conn``'s worker thread, in one round trip."""
        # aiosqlite has no public "run this on your thread": _execute queues a callable on the
        # worker thread, _conn is its sqlite3 connection (used on that thread only)
        inner = self.conn._conn

        def run() -> T:
            inner.execute("BEGIN IMMEDIATE")
            return _commit(inner, work)

        result: T = await self.conn._execute(run)
        return result

    def _wrote(self) -> None:
        """Count a commit on ``writer``; start a passive checkpoint when due."""
        self._writes += 1
        if self._writes >= CHECKPOINT_EVERY and (
            self._checkpoint is None or self._checkpoint.done()
        ):
            self._writes = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self.checkpoint())

    async def checkpoint(self) -> None:
        """Copy the WAL into the database file (passive: writers are not held up)."""
        try:
            await self.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:
            log.exception("WAL checkpoint failed")

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


def _open_writer(path: Path) -> sqlite3.Connection:
    """The loop's write connection: the same pragmas, no waiting, no checkpoint on commit."""
    # only the event loop's thread uses it (under write_lock); the thread check is off so
    # that a database opened by one thread's loop may still be closed from another
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.row_factory = sqlite3.Row  # as on ``conn`` (aiosqlite.Row is sqlite3.Row)
    try:
        for pragma in (*PRAGMAS, "busy_timeout=0", "wal_autocheckpoint=0"):
            writer.execute(f"PRAGMA {pragma}")
    except BaseException:
        writer.close()
        raise
    return writer


def _commit(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``work`` in the transaction just begun on ``conn``, then commit (or roll back)."""
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


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

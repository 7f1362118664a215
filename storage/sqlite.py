"""The embedded backend: one SQLite file in WAL mode, two aiosqlite connections.

- ``writer`` (its own thread) runs every write transaction, one at a time under
  ``write_lock``: ``BEGIN IMMEDIATE`` ... ``COMMIT``. A write lock held by another process
  is waited for at most ``BUSY_TIMEOUT_MS`` (SQLite's busy handler), and the queue in front
  of ``write_lock`` at most ``LOCK_WAIT_SECONDS``; either raises ``StorageBusy``.
- ``reader`` (a second thread, ``query_only``) runs every read: in WAL mode reads never wait
  for a writer, ours or another process's, so a held write lock costs reads nothing.
- The WAL stays bounded: SQLite checkpoints every ``WAL_AUTOCHECKPOINT`` pages on commit,
  and ``journal_size_limit`` truncates the file back to ``JOURNAL_SIZE_LIMIT`` bytes when it
  is reset.

A single process owns a SQLite file: sharding across processes needs PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from storage.counters import COUNTERS
from storage.database import Database, Params, Row, Transaction
from storage.errors import (
    DatabaseUnusable,
    IntegrityViolation,
    MigrationError,
    StorageBusy,
    StorageError,
)
from storage.outage import WriteHealth

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 750
"""How long a write waits for another process's write lock before ``StorageBusy``."""
LOCK_WAIT_SECONDS = 1.5
"""How long a write waits behind our own writes (``write_lock``) before ``StorageBusy``."""
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024
WAL_AUTOCHECKPOINT = 1000
# busy_timeout first: switching a new file to WAL takes a lock another process starting at
# the same moment may hold, and without the busy handler that fails at once ("locked").
PRAGMAS = (f"busy_timeout={BUSY_TIMEOUT_MS}", "journal_mode=WAL", "synchronous=NORMAL",
           "foreign_keys=ON", f"journal_size_limit={JOURNAL_SIZE_LIMIT}",
           f"wal_autocheckpoint={WAL_AUTOCHECKPOINT}")
BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
T = TypeVar("T")
FIX = "Point DATABASE_URL at another file (e.g. sqlite:///data/cardroom.db)"


def storage_error(exc: sqlite3.Error) -> StorageError:
    """The storage error for a driver error."""
    COUNTERS.errors += 1  # the operator's metrics (bot.metrics)
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in BUSY_CODES:
        return StorageBusy(f"The database is busy (another process is writing): {exc}")
    if isinstance(exc, sqlite3.IntegrityError):
        return IntegrityViolation(str(exc))
    return StorageError(f"{type(exc).__name__}: {exc}")


def _changed(raw: sqlite3.Connection, sql: str, params: Params) -> int:
    """On the connection's thread: run one statement, close its cursor, the rows changed."""
    cur = raw.execute(sql, params)
    try:
        return cur.rowcount
    finally:
        cur.close()


def _many(raw: sqlite3.Connection, sql: str, rows: Params) -> int:
    """On the connection's thread: one statement once per parameter row."""
    cur = raw.executemany(sql, rows)
    try:
        return cur.rowcount
    finally:
        cur.close()


def _first(raw: sqlite3.Connection, sql: str, params: Params) -> Row | None:
    """On the connection's thread: the first row of a query (its cursor closed)."""
    cur = raw.execute(sql, params)
    try:
        row: Row | None = cur.fetchone()
        return row
    finally:
        cur.close()


def _every(raw: sqlite3.Connection, sql: str, params: Params) -> list[Row]:
    """On the connection's thread: every row of a query (its cursor closed)."""
    cur = raw.execute(sql, params)
    try:
        return list(cur.fetchall())
    finally:
        cur.close()


async def _on_thread(conn: aiosqlite.Connection, run: Callable[..., T], sql: str,
                     params: Params) -> T:
    """``run(raw connection, sql, params)`` on ``conn``'s thread, in one trip there and
    back; driver errors become storage errors. aiosqlite's own ``execute`` makes a trip
    for the statement, another for each fetch and another to close the cursor (each trip:
    a queue put that wakes the thread, a future, a wake-up of the loop through its pipe):
    three for a read, two for each statement of a write, 12.7 trips a move in
    ``bench.capacity`` (issue 42). ``Connection._execute`` is aiosqlite's one door to its
    thread (every public method goes through it): not public, so
    tests/storage/test_sqlite_trips.py holds what this relies on."""
    try:
        result: T = await conn._execute(run, conn._conn, sql, params)
        return result
    except sqlite3.Error as exc:
        raise storage_error(exc) from exc


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Params) -> Row | None:
    """One row (or ``None``) on ``conn``; driver errors become storage errors."""
    return await _on_thread(conn, _first, sql, params)


async def _fetchall(conn: aiosqlite.Connection, sql: str, params: Params) -> list[Row]:
    """Every row on ``conn``; driver errors become storage errors."""
    return await _on_thread(conn, _every, sql, params)


def _begun(run: Callable[[sqlite3.Connection, str, Params], T], raw: sqlite3.Connection,
           sql: str, params: Params) -> T:
    """On the connection's thread: ``BEGIN IMMEDIATE``, then ``run`` the transaction's
    first statement (one trip for both)."""
    raw.execute("BEGIN IMMEDIATE").close()
    return run(raw, sql, params)


class _SQLiteTransaction(Transaction):
    """Statements on the writer. ``BEGIN IMMEDIATE`` goes with the first statement, in
    its trip to the writer's thread; a transaction that ran none has nothing to commit
    (the connection says whether one is open: ``in_transaction``)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def _run(self, run: Callable[[sqlite3.Connection, str, Params], T], sql: str,
                   params: Params) -> T:
        if self.conn.in_transaction:
            return await _on_thread(self.conn, run, sql, params)
        return await _on_thread(self.conn, partial(_begun, run), sql, params)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self._run(_changed, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._run(_many, sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._run(_first, sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._run(_every, sql, params)

    async def lock(self, key: int) -> None:
        """Nothing to do: a write transaction holds the whole file."""


class SQLiteDatabase(Database):
    """An open SQLite file. Build with ``await SQLiteDatabase.connect(path)``."""

    dialect = "sqlite"

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection | None,
                 path: Path) -> None:
        self.writer = writer
        self.reader = reader or writer  # ``:memory:``: a second connection is another db
        self.path = path
        self.label = str(path)
        self.health = WriteHealth(self.label)
        self.write_lock = asyncio.Lock()
        self._closed = False

    @property
    def conn(self) -> aiosqlite.Connection:
        """The write connection, for tests and tools that poke at the file directly
        (autocommit: each statement is its own transaction). The bot writes only through
        ``transaction()``."""
        return self.writer

    @classmethod
    async def connect(cls, path: Path, *, migrate: bool = True,
                      read_only: bool = False) -> SQLiteDatabase:
        """Open (creating the file and its folder if missing) and apply pending migrations.
        Raises ``DatabaseUnusable`` with one line saying what is wrong. ``read_only``
        (``db copy``'s source): an existing file opened ``mode=ro``, nothing created,
        migrated or switched to WAL; every write is refused."""
        if read_only:
            return await cls._connect_read_only(path)
        memory = str(path) == ":memory:"
        if not memory:
            _check_path(path)
        writer = await _connect(path)
        db = cls(writer, None, path)
        try:
            await _pragmas(db.writer, path)
            if migrate:
                await db.migrate()
            if not memory:
                db.reader = await _connect(path)
                await _pragmas(db.reader, path, "query_only=ON")
        except sqlite3.Error as exc:
            await db.close()
            raise _unusable(path, exc) from None
        except StorageError as exc:
            await db.close()
            if isinstance(exc, DatabaseUnusable):
                raise
            cause = exc.__cause__
            raise (_unusable(path, cause) if isinstance(cause, sqlite3.Error)
                   else DatabaseUnusable(f"{path}: {exc}")) from None
        except BaseException:
            await db.close()  # never leak the connections' worker threads
            raise
        return db

    @classmethod
    async def _connect_read_only(cls, path: Path) -> SQLiteDatabase:
        """One ``mode=ro`` connection that only reads (``query_only``) an existing file.
        Without a WAL left beside it (no writer open, none crashed) the file is opened
        ``immutable``, so that not even the WAL's side files are created next to it."""
        if not path.is_file():
            raise DatabaseUnusable(f"{path}: no such file (nothing was created)."
                                   " Check the path.")
        wal_left = any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))
        query = "mode=ro" if wal_left else "mode=ro&immutable=1"
        try:
            conn = await aiosqlite.connect(f"{path.resolve().as_uri()}?{query}", uri=True,
                                           isolation_level=None)
        except sqlite3.Error as exc:
            raise _unusable(path, exc) from None
        conn.row_factory = sqlite3.Row
        db = cls(conn, None, path)
        try:
            for pragma in (f"busy_timeout={BUSY_TIMEOUT_MS}", "query_only=ON"):
                async with conn.execute(f"PRAGMA {pragma}") as cur:
                    await cur.fetchall()
            async with conn.execute("SELECT COUNT(*) FROM sqlite_master") as cur:
                await cur.fetchall()
        except sqlite3.Error as exc:
            await db.close()
            raise _unusable(path, exc) from None
        return db

    async def close(self) -> None:
        """Close both connections (the last one to close checkpoints the WAL)."""
        if self._closed:
            return
        self._closed = True
        if self.reader is not self.writer:
            with contextlib.suppress(Exception):
                await self.reader.close()
        with contextlib.suppress(Exception):
            await self.writer.close()

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await _fetchone(self.reader, sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await _fetchall(self.reader, sql, params)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` on ``writer``, one at a time (bounded waits)."""
        try:
            async with asyncio.timeout(LOCK_WAIT_SECONDS):
                await self.write_lock.acquire()
        except TimeoutError:
            raise StorageBusy("The database is busy: too many writes are waiting.") from None
        try:
            tx = _SQLiteTransaction(self.writer)  # BEGIN IMMEDIATE with its first statement
            try:
                yield tx
                if self.writer.in_transaction:
                    await _on_thread(self.writer, _changed, "COMMIT", ())
            except BaseException:
                if self.writer.in_transaction:
                    with contextlib.suppress(Exception):
                        await self.writer.execute("ROLLBACK")
                raise
        finally:
            self.write_lock.release()

    async def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the WAL into the database file now: (busy, WAL pages, pages copied)."""
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise ValueError(mode)
        async with self.write_lock, self.writer.execute(
            f"PRAGMA wal_checkpoint({mode})"
        ) as cur:
            row = await cur.fetchone()
        assert row is not None
        return int(row[0]), int(row[1]), int(row[2])

    async def _ensure_migrations_table(self) -> None:
        await self.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
        )

    async def _apply(self, tx: Transaction, sql: str) -> None:
        for statement in statements(sql):
            await tx.execute(statement)

    async def _table_names(self) -> list[str]:
        rows = await self.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        return [row[0] for row in rows]


async def _connect(path: Path) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    return conn


async def _pragmas(conn: aiosqlite.Connection, path: Path, *extra: str) -> None:
    for pragma in (*PRAGMAS, *extra):
        if pragma.startswith("journal_mode"):
            if str(path) != ":memory:":
                await _journal_mode(conn, pragma)
            continue
        async with conn.execute(f"PRAGMA {pragma}") as cur:
            await cur.fetchall()
    # a file that is not a database passes the pragmas above: make SQLite read its header
    async with conn.execute("SELECT COUNT(*) FROM sqlite_master") as cur:
        await cur.fetchall()


async def _journal_mode(conn: aiosqlite.Connection, pragma: str) -> None:
    """Switch to WAL. Two processes opening a new file at the same moment may both try; the
    switch needs a lock SQLite does not wait for (SQLITE_BUSY at once, whatever the busy
    timeout), so it is retried for up to the busy timeout."""
    deadline = asyncio.get_running_loop().time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            async with conn.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
            return
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", None)
            busy = code is not None and code & 0xFF in BUSY_CODES
            if not busy or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.02)


def _check_path(path: Path) -> None:
    """Refuse, with one line, a path that cannot hold the database."""
    if path.is_dir():
        raise DatabaseUnusable(f"{path} is a directory, not a database file. {FIX}.")
    parent = path.parent
    for folder in (parent, *parent.parents):
        if folder.exists() and not folder.is_dir():
            raise DatabaseUnusable(
                f"Cannot create {path}: {folder} is a file, not a folder. {FIX}.")
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseUnusable(
            f"Cannot create the folder {parent} for {path}: {exc.strerror}. {FIX}.") from None
    # root may write anything: a file nobody may write (chmod a-w) is read-only for us too
    if path.exists() and (not os.access(path, os.R_OK | os.W_OK)
                          or not path.stat().st_mode & 0o222):
        raise DatabaseUnusable(
            f"{path} is read-only (or unreadable) for this user: give it read and write"
            f" permission (chmod u+rw {path}) or {FIX[0].lower()}{FIX[1:]}.")
    if not path.exists() and not os.access(parent, os.W_OK | os.X_OK):
        raise DatabaseUnusable(f"Cannot create {path}: the folder {parent} is read-only.")


def _unusable(path: Path, exc: BaseException) -> DatabaseUnusable:
    text = str(exc)
    if "not a database" in text or "malformed" in text:
        what = f"{path} is not a Cardroom database (SQLite: {text})"
        todo = "Move the file away (a new one is created) or restore a backup"
    elif "readonly" in text or "read-only" in text:
        what = f"{path} is read-only (SQLite: {text})"
        todo = f"Give this user write permission on it and its folder, or {FIX[0].lower()}"
        todo += FIX[1:]
    elif "unable to open" in text:
        what = f"Cannot open {path} (SQLite: {text})"
        todo = f"Check the path and its permissions, or {FIX[0].lower()}{FIX[1:]}"
    else:
        what = f"{path} cannot be used (SQLite: {text})"
        todo = "Check the file, or restore a backup"
    return DatabaseUnusable(f"{what}. {todo}.")


def statements(sql: str) -> list[str]:
    """Split a migration file into complete statements.

    Uses SQLite's own tokenizer (``sqlite3.complete_statement``), so semicolons inside string
    literals, comments and ``CREATE TRIGGER ... BEGIN ...; END`` bodies are handled."""
    found = []
    buffer = ""
    *pieces, tail = sql.split(";")
    for piece in pieces:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _code(buffer).strip(" \t\n;"):
                found.append(buffer.strip())
            buffer = ""
    rest = _code(buffer + tail).strip()
    if rest:
        raise MigrationError(f"Incomplete SQL statement at the end of a migration: {rest!r}")
    return found


def _code(sql: str) -> str:
    """``sql`` without its whole-line ``--`` comments."""
    return "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--"))

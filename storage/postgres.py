"""The server backend: PostgreSQL through an asyncpg pool.

The SQL the repositories write (``?`` placeholders, ``datetime('now')``) is rewritten once per
statement text (``$1``..., UTC text of ``now()``). Reads take any pooled connection; a write
transaction holds one connection from ``BEGIN`` to ``COMMIT``. Waits are bounded: a row lock
held by someone else past ``LOCK_TIMEOUT_MS`` and a pool with no free connection for
``ACQUIRE_SECONDS`` raise ``StorageBusy``; a lost connection raises ``StorageUnavailable``
(the pool drops it and opens a new one next time). A read, or a transaction whose ``BEGIN``
found its connection dead, is retried once on a fresh connection: nothing of it was done.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from enum import Enum
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from storage.counters import COUNTERS
from storage.database import Database, Params, Row, Transaction
from storage.errors import (
    DatabaseUnusable,
    IntegrityViolation,
    StorageBusy,
    StorageError,
    StorageUnavailable,
)
from storage.outage import WriteHealth
from storage.urls import describe, redact, scrub, url_problem

log = logging.getLogger(__name__)

NOW_TEXT = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')"
LOCK_TIMEOUT_MS = 1000
ACQUIRE_SECONDS = 1.5
CONNECT_SECONDS = 10.0
POOL_MIN = 1
POOL_MAX = 10
MIGRATION_LOCK = 0x6361_7264  # advisory lock key held while migrating ("card")
TX_LOCK_SPACE = 0x6372_7478  # first key of ``Transaction.lock`` (the second is the key)

T = TypeVar("T")

CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
    asyncpg.exceptions.CannotConnectNowError,
    ConnectionError,
    OSError,
)
BUSY_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.exceptions.LockNotAvailableError,
    asyncpg.exceptions.DeadlockDetectedError,
    asyncpg.exceptions.SerializationError,
    asyncpg.exceptions.QueryCanceledError,
)


def storage_error(exc: BaseException) -> StorageError:
    """The storage error for a driver (or socket) error."""
    COUNTERS.errors += 1  # the operator's metrics (bot.metrics)
    if isinstance(exc, BUSY_ERRORS):
        return StorageBusy(f"The database is busy: {exc}")
    if isinstance(exc, CONNECTION_ERRORS):
        return StorageUnavailable(f"The connection to PostgreSQL was lost: {exc}")
    if isinstance(exc, asyncpg.exceptions.IntegrityConstraintViolationError):
        return IntegrityViolation(str(exc))
    return StorageError(f"{type(exc).__name__}: {exc}")


DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.exceptions.InternalClientError,
                 *CONNECTION_ERRORS)


@functools.lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """``sql`` with ``?`` numbered as ``$1, $2...`` (outside quotes) and ``datetime('now')``
    as UTC text."""
    parts = sql.split("'")
    number = 0
    for i in range(0, len(parts), 2):  # even pieces are outside string literals
        pieces = parts[i].split("?")
        out = pieces[0]
        for piece in pieces[1:]:
            number += 1
            out += f"${number}" + piece
        parts[i] = out
    text = "'".join(parts)
    return text.replace("datetime('now')", NOW_TEXT)


def _args(params: Params) -> list[Any]:
    if isinstance(params, dict):
        raise TypeError("PostgreSQL statements take positional parameters")
    return [p.value if isinstance(p, Enum) else p for p in params]


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTransaction(Transaction):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def _run(self, call: Callable[[], Awaitable[T]]) -> T:
        try:
            return await call()
        except DRIVER_ERRORS as exc:
            if _closed(self.conn):
                raise StorageUnavailable(f"The connection to PostgreSQL was lost: {exc}") \
                    from exc
            raise storage_error(exc) from exc

    async def execute(self, sql: str, params: Params = ()) -> int:
        text, args = translate(sql), _args(params)
        status = await self._run(lambda: self.conn.execute(text, *args))
        return _rowcount(status)

    async def execute_script(self, sql: str) -> None:
        """Several statements, no parameters (a migration file)."""
        await self._run(lambda: self.conn.execute(sql))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            text, batch = translate(sql), [_args(r) for r in rows]
            await self._run(lambda: self.conn.executemany(text, batch))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        text, args = translate(sql), _args(params)
        row: Row | None = await self._run(lambda: self.conn.fetchrow(text, *args))
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        text, args = translate(sql), _args(params)
        return list(await self._run(lambda: self.conn.fetch(text, *args)))

    async def lock(self, key: int) -> None:
        await self._run(lambda: self.conn.execute(
            "SELECT pg_advisory_xact_lock($1, $2)", TX_LOCK_SPACE, key % 2**31))


def _closed(conn: asyncpg.Connection) -> bool:
    """Is the connection gone? (A pooled connection lost by the server is detached from
    its proxy: asking the proxy raises, which means gone as well.)"""
    try:
        return bool(conn.is_closed())
    except asyncpg.exceptions.InterfaceError:
        return True


def _terminate(conn: asyncpg.Connection) -> None:
    """Drop a connection that cannot be used again (the pool opens a new one)."""
    with contextlib.suppress(Exception):
        conn.terminate()


def _dead(exc: BaseException, conn: asyncpg.Connection) -> bool:
    """Did ``exc`` come from a connection that is gone (or left unusable by it)?"""
    return _closed(conn) or isinstance(
        exc, (*CONNECTION_ERRORS, asyncpg.exceptions.InternalClientError))


class QuietPoolFloor(logging.Filter):
    """asyncpg's pool logs a warning with a traceback each time it fails to reopen its idle
    connection, again and again (with back-off) for as long as the server is down. Storage
    logs the outage once (``storage.outage``): those records become one DEBUG line here."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Failed to restore the pool connection floor"):
            return True
        exc = record.exc_info[1] if record.exc_info else None
        log.debug("The pool could not reopen its idle connection: %s", type(exc).__name__)
        return False


QUIET_POOL_FLOOR = QuietPoolFloor()


class PostgresDatabase(Database):
    """A PostgreSQL database through an asyncpg pool. ``await PostgresDatabase.connect(url)``."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.label = f"PostgreSQL {describe(url)}"
        self.health = WriteHealth(self.label)
        self._closed = False

    @classmethod
    async def connect(cls, url: str, *, migrate: bool = True, max_size: int = POOL_MAX,
                      read_only: bool = False) -> PostgresDatabase:
        """Open a pool on ``url`` and apply pending migrations. Raises ``DatabaseUnusable``
        (one line: a network error, a missing database, a refused login, a URL that
        cannot be read as meant...), never with the password. ``read_only`` (``db copy``'s
        source): every transaction is read-only and nothing is migrated."""
        problem = url_problem(url)
        if problem:
            raise DatabaseUnusable(f"PostgreSQL URL {describe(url)}: {problem}")
        pool_log = logging.getLogger("asyncpg.pool")
        if QUIET_POOL_FLOOR not in pool_log.filters:
            pool_log.addFilter(QUIET_POOL_FLOOR)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=POOL_MIN, max_size=max_size, timeout=CONNECT_SECONDS,
                server_settings={"lock_timeout": str(LOCK_TIMEOUT_MS),
                                 "application_name": "cardroom",
                                 **({"default_transaction_read_only": "on"}
                                    if read_only else {})},
            )
        except Exception as exc:
            raise unreachable(url, exc) from None
        db = cls(pool, url)
        if migrate and not read_only:
            try:
                await db.migrate()
            except BaseException:
                await db.close()
                raise
        return db

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.wait_for(self.pool.close(), 5)
        except Exception:
            self.pool.terminate()

    async def _acquire(self) -> asyncpg.Connection:
        try:
            return await self.pool.acquire(timeout=ACQUIRE_SECONDS)
        except TimeoutError:
            raise StorageBusy("The database is busy: no free connection.") from None
        except DRIVER_ERRORS as exc:
            raise storage_error(exc) from exc

    async def _read(self, call: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        for attempt in (1, 2):
            conn = await self._acquire()
            try:
                return await call(conn)
            except DRIVER_ERRORS as exc:
                if attempt == 1 and _dead(exc, conn):
                    log.warning("A PostgreSQL connection was lost (%s); reading again", exc)
                    _terminate(conn)  # the pool opens a new one in its place
                    COUNTERS.retries += 1
                    continue
                raise storage_error(exc) from exc
            finally:
                await self._release(conn)
        raise AssertionError("unreachable")

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        args = _args(params)
        row: Row | None = await self._read(lambda c: c.fetchrow(translate(sql), *args))
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        args = _args(params)
        return list(await self._read(lambda c: c.fetch(translate(sql), *args)))

    async def _begin(self) -> tuple[asyncpg.Connection, Any]:
        """A pooled connection inside ``BEGIN``; a dead connection is replaced once."""
        for attempt in (1, 2):
            conn = await self._acquire()
            tr = conn.transaction()
            try:
                await tr.start()
                return conn, tr
            except DRIVER_ERRORS as exc:
                dead = _dead(exc, conn)
                if dead:
                    _terminate(conn)
                await self._release(conn)
                if attempt == 1 and dead:
                    log.warning("A PostgreSQL connection was lost (%s); beginning again", exc)
                    COUNTERS.retries += 1
                    continue
                raise storage_error(exc) from exc
        raise AssertionError("unreachable")

    async def _release(self, conn: asyncpg.Connection) -> None:
        try:
            await self.pool.release(conn)
        except Exception:
            log.debug("Dropping a broken PostgreSQL connection", exc_info=True)
            _terminate(conn)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN`` ... ``COMMIT`` on one pooled connection (``ROLLBACK`` on any error)."""
        conn, tr = await self._begin()
        try:
            yield _PostgresTransaction(conn)
            try:
                await tr.commit()
            except DRIVER_ERRORS as exc:
                raise storage_error(exc) from exc
        except BaseException as exc:
            if isinstance(exc, StorageUnavailable) or _closed(conn):
                _terminate(conn)
            else:
                try:
                    await tr.rollback()
                except Exception:
                    _terminate(conn)
            raise
        finally:
            await self._release(conn)

    async def _ensure_migrations_table(self) -> None:
        await self.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
        )

    async def _apply(self, tx: Transaction, sql: str) -> None:
        assert isinstance(tx, _PostgresTransaction)
        await tx.execute_script(sql)

    async def migrate(self, up_to: int | None = None) -> list[int]:
        """As ``Database.migrate``, one process at a time (an advisory lock), so processes
        starting together do not apply a migration twice."""
        try:
            conn = await self.pool.acquire(timeout=CONNECT_SECONDS)
            # wait as long as another process's migrations take (not lock_timeout)
            await conn.execute("SET lock_timeout = 0")
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        except DRIVER_ERRORS as exc:
            raise storage_error(exc) from exc
        try:
            return await super().migrate(up_to)
        finally:
            with contextlib.suppress(Exception):
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
                await conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
            await self._release(conn)

    async def _table_names(self) -> list[str]:
        rows = await self.fetchall(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return [row[0] for row in rows]


def unreachable(url: str, exc: BaseException) -> DatabaseUnusable:
    """One line for a server that cannot be used: network errors apart from the others."""
    where = describe(url)
    try:
        parts = urlsplit(redact(url))
        host = parts.hostname or "localhost"
    except ValueError:
        return DatabaseUnusable(f"PostgreSQL at {where} cannot be used: check DATABASE_URL.")
    name = (parts.path or "/").lstrip("/") or parts.username or "postgres"
    if isinstance(exc, socket.gaierror):
        text = f"Cannot reach PostgreSQL at {where}: the host name {host!r} is unknown" \
               " (network error). Check DATABASE_URL."
    elif isinstance(exc, TimeoutError):
        text = f"Cannot reach PostgreSQL at {where}: no answer within {CONNECT_SECONDS:.0f} s" \
               " (network error). Is the server up and the port open?"
    elif isinstance(exc, asyncpg.exceptions.InvalidCatalogNameError):
        text = f"PostgreSQL at {where} has no database {name!r}: create it" \
               f" (createdb -h {host} {name}) or fix DATABASE_URL."
    elif isinstance(exc, asyncpg.exceptions.InvalidAuthorizationSpecificationError |
                    asyncpg.exceptions.InvalidPasswordError):
        text = f"PostgreSQL at {where} refused the login: {scrub(str(exc), url)}. Check the" \
               " user and password in DATABASE_URL."
    elif isinstance(exc, OSError):
        reason = scrub(exc.strerror or str(exc) or type(exc).__name__, url)
        text = f"Cannot reach PostgreSQL at {where}: {reason} (network error). Is the server" \
               " running and DATABASE_URL right?"
    else:
        text = f"PostgreSQL at {where} cannot be used: {type(exc).__name__}:" \
               f" {scrub(str(exc), url)}"
    return DatabaseUnusable(text)

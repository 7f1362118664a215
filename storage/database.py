"""The database interface both backends implement: SQLite (embedded) and PostgreSQL.

One connection discipline for both:

- **Reads** (``fetchone``, ``fetchall``) run off the writer's queue: SQLite reads on a
  connection of their own (WAL lets them proceed while a write is under way, even one
  held by another process); PostgreSQL reads take any connection of the pool.
- **Writes** go through one door, ``async with db.transaction() as tx:`` (``BEGIN`` ...
  ``COMMIT``, ``ROLLBACK`` on any error), committed when the block ends, so before the
  caller answers the player. ``db.execute(sql)`` is a one-statement transaction.
- Waits are bounded: a write lock held by another process raises ``StorageBusy`` within
  about a second, a lost connection ``StorageUnavailable``; both are ``StorageError``.

SQL is written once, in the common subset of both dialects, with ``?`` placeholders and
``datetime('now')`` for "now as UTC text"; the PostgreSQL backend rewrites both. Open a
database with ``await open_database(url)`` (:mod:`storage.connect`, which picks the backend;
this module is the base both backends build on and imports neither).
"""

from __future__ import annotations

import itertools
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from types import TracebackType
from typing import Any, Protocol

from storage.errors import MigrationError, StorageError
from storage.outage import WriteHealth

__all__ = ["Database", "MigrationError", "Row", "Transaction", "migration_files"]

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
DIALECTS = ("sqlite", "postgres")

Params = Sequence[Any] | Mapping[str, Any]


class Row(Protocol):
    """A result row: read by column name or by index (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...


class Transaction(ABC):
    """Statements inside one write transaction (``Database.transaction()``)."""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query (or of ``INSERT ... RETURNING``), or ``None``."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query, read inside this transaction."""

    @abstractmethod
    async def lock(self, key: int) -> None:
        """Hold ``key`` until this transaction ends: transactions locking the same key run
        one after the other (SQLite's ``BEGIN IMMEDIATE`` already runs every write
        transaction alone; PostgreSQL takes ``pg_advisory_xact_lock``)."""


def migration_files(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """Every migration shipped for ``dialect`` (``storage/migrations/<dialect>``):
    (number, name, sql), in order.

    Raises ``MigrationError`` for a ``.sql`` file not named ``NNN_name.sql`` or for two files
    sharing a number (two branches that both added ``003_...``)."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    found = []
    for entry in resources.files(f"storage.migrations.{dialect}").iterdir():
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


class Database(ABC):
    """An open database (either backend). ``await open_database(...)``, ``await db.close()``."""

    dialect: str
    """``"sqlite"`` or ``"postgres"``."""
    label: str
    """What to call the database in messages (a file path, or host/name without password)."""
    health: WriteHealth
    """Whether writes fail now: an outage is logged once when it starts and once when it
    ends (``storage.outage``)."""

    # ------------------------------------------------------------------ reads

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, or ``None`` (off the writer's queue)."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query (off the writer's queue)."""

    # ----------------------------------------------------------------- writes

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One write transaction: ``async with db.transaction() as tx: await tx.execute()``.
        Committed when the block ends; rolled back (and the error raised) on any error.
        Not re-entrant. The outcome goes to ``health`` (an outage logged once)."""
        try:
            async with self._transaction() as tx:
                yield tx
        except StorageError as exc:
            self.health.failed(exc)
            raise
        self.health.succeeded()

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """The backend's own write transaction, which :meth:`transaction` wraps."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """One statement in a write transaction of its own; the number of rows changed."""
        async with self.transaction() as tx:
            return await tx.execute(sql, params)

    # -------------------------------------------------------------- lifecycle

    @abstractmethod
    async def close(self) -> None:
        """Close every connection (idempotent)."""

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ------------------------------------------------------------- migrations

    @abstractmethod
    async def _ensure_migrations_table(self) -> None:
        """Create ``schema_migrations`` if missing."""

    @abstractmethod
    async def _apply(self, tx: Transaction, sql: str) -> None:
        """Run one migration file's statements inside ``tx``."""

    async def applied_migrations(self) -> list[int]:
        """Numbers of the migrations already applied to this database."""
        await self._ensure_migrations_table()
        rows = await self.fetchall("SELECT version FROM schema_migrations ORDER BY version")
        return [int(row[0]) for row in rows]

    async def migrate(self, up_to: int | None = None) -> list[int]:
        """Apply every migration not yet applied (each once, in a transaction), up to and
        including number ``up_to`` if given; return the numbers applied.

        Raises ``MigrationError`` when the database records a migration this code does not
        ship (it was written by a newer Cardroom): running older code on it is refused."""
        files = migration_files(self.dialect)
        done = set(await self.applied_migrations())
        unknown = sorted(done - {number for number, _, _ in files})
        if unknown:
            raise MigrationError(
                f"{self.label} has migration(s) {', '.join(f'{n:03d}' for n in unknown)} that"
                " this version of Cardroom does not know: it was written by a newer version."
                " Run that version (or newer) instead."
            )
        applied = []
        for number, name, sql in files:
            if number in done or (up_to is not None and number > up_to):
                continue
            async with self.transaction() as tx:
                if await tx.fetchone(  # another process starting at once applied it
                    "SELECT 1 FROM schema_migrations WHERE version = ?", (number,)
                ) is not None:
                    continue
                await self._apply(tx, sql)
                await tx.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (number, name)
                )
            applied.append(number)
        return applied

    async def tables(self) -> list[str]:
        """The names of the database's own tables (no system tables), sorted."""
        return sorted(await self._table_names())

    @abstractmethod
    async def _table_names(self) -> list[str]: ...


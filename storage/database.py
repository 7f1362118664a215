"""The aiosqlite database: one connection, WAL, foreign keys, numbered migrations."""

from __future__ import annotations

import logging
import re
from importlib import resources
from pathlib import Path
from types import TracebackType

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, str, str]]:
    """Every migration shipped in ``storage/migrations``: (number, name, sql), in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    return found


class Database:
    """An open SQLite database. Use ``await Database.open(path)`` and ``await db.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True) -> Database:
        """Open (creating the file and its folder if missing) and apply pending migrations."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        db = cls(conn, path)
        if migrate:
            await db.migrate()
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

    async def applied_migrations(self) -> list[int]:
        """Numbers of the migrations already applied to this file."""
        await self.conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
        )
        async with self.conn.execute("SELECT version FROM schema_migrations ORDER BY version") as cur:
            return [row[0] async for row in cur]

    async def migrate(self, up_to: int | None = None) -> list[int]:
        """Apply every migration not yet applied (each once, in a transaction); return them."""
        done = set(await self.applied_migrations())
        applied = []
        for number, name, sql in migration_files():
            if number in done or (up_to is not None and number > up_to):
                continue
            log.info("Applying migration %s", name)
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _statements(sql):
                    await self.conn.execute(statement)
                await self.conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (number, name)
                )
                await self.conn.execute("COMMIT")
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            applied.append(number)
        return applied


def _statements(sql: str) -> list[str]:
    """Split a migration file into statements (no semicolons inside our string literals)."""
    return [s.strip() for s in sql.split(";") if s.strip()]

"""Open a database by URL: the one module that knows both backends and picks one.

``storage.database`` holds the base class both backends build on and imports neither;
``storage.sqlite`` and ``storage.postgres`` import the base; this module imports all three.
"""

from __future__ import annotations

from pathlib import Path

from storage.database import Database
from storage.postgres import PostgresDatabase
from storage.sqlite import SQLiteDatabase

__all__ = ["is_postgres_url", "open_database"]


def is_postgres_url(target: str | Path) -> bool:
    """Does ``target`` name a PostgreSQL server?"""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def open_database(target: str | Path, *, migrate: bool = True,
                        read_only: bool = False) -> Database:
    """Open the database ``target`` names: ``postgresql://user@host:port/db`` (asyncpg, a
    pool), ``sqlite:///path`` or a plain SQLite file path, applying pending migrations
    unless ``migrate`` is false. ``read_only``: an existing database, only read (never
    created nor migrated). Raises ``DatabaseUnusable`` (one line: which database, what is
    wrong, what to do) when it cannot be used."""
    if is_postgres_url(target):
        return await PostgresDatabase.connect(str(target), migrate=migrate,
                                              read_only=read_only)
    path = str(target)
    if path.startswith("sqlite:///"):
        path = path.removeprefix("sqlite:///")
    return await SQLiteDatabase.connect(Path(path), migrate=migrate, read_only=read_only)

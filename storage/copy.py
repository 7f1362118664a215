"""Copying one database into another (``python -m bot db copy``): SQLite into PostgreSQL,
or any backend into any other. Tables in progress, results, ratings, settings and history
move whole, in one transaction on the target, verified by counting rows afterwards.

Stop the bot first: the copy reads the source as it is while it runs.
"""

from __future__ import annotations

import logging
from pathlib import Path

from storage.connect import is_postgres_url, open_database
from storage.database import Database
from storage.errors import DatabaseUnusable, StorageError

log = logging.getLogger(__name__)

TABLES: tuple[tuple[str, str], ...] = (
    ("guilds", "guild_id"),
    ("players", "user_id"),
    ("guild_settings", "guild_id"),
    ("user_language", "user_id"),
    ("user_display", "user_id"),
    ("tables", "id"),
    ("table_seats", "table_id, seat"),
    ("table_actions", "table_id, seq"),
    ("table_snapshots", "table_id"),
    ("game_results", "result_id"),
    ("result_seats", "result_id, seat"),
    ("round_results", "result_id, round, seat"),
    ("ratings", "guild_id, game, user_id"),
    ("rating_history", "result_id, user_id"),
    ("lesson_progress", "user_id, game, lesson"),
    ("puzzles", "id"),
    ("puzzle_sources", "table_id"),
)
"""Every data table, parents before children, with the columns that order its rows."""
IDENTITIES = (("tables", "id"), ("game_results", "result_id"), ("puzzles", "id"))
BATCH = 2000


class CopyRefused(StorageError):
    """The copy was not made (a non-empty target, different schema versions)."""


async def open_source(url: str) -> Database:
    """Open the database to copy from. A SQLite source must exist already: a mistyped path
    is refused (``DatabaseUnusable``) before anything is created, never copied as empty."""
    if not is_postgres_url(url):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists():
            raise DatabaseUnusable(
                f"{path}: no such file, so nothing to copy (nothing was created);"
                " check the path given to --from")
    return await open_database(url)


async def counts(db: Database) -> dict[str, int]:
    """Rows per data table."""
    found = {}
    for table, _order in TABLES:
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
        found[table] = int(row[0]) if row else 0
    return found


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every data table of ``source`` into the empty ``target``; the rows copied per
    table. Raises ``CopyRefused`` when the target holds data or the schemas differ, and
    ``StorageError`` when the counts do not match afterwards (the target is left empty)."""
    if await source.applied_migrations() != await target.applied_migrations():
        raise CopyRefused(
            f"{source.label} and {target.label} are at different schema versions;"
            " open both with this version of Cardroom first.")
    busy = {table: n for table, n in (await counts(target)).items() if n}
    if busy:
        listed = ", ".join(f"{table} ({n})" for table, n in busy.items())
        raise CopyRefused(f"{target.label} is not empty: {listed}. Copy only into an empty"
                          " database (drop and create it again).")
    expected = await counts(source)
    async with target.transaction() as tx:
        for table, order in TABLES:
            offset = 0
            while True:
                rows = await source.fetchall(
                    f"SELECT * FROM {table} ORDER BY {order} LIMIT ? OFFSET ?", (BATCH, offset))
                if not rows:
                    break
                columns = list(rows[0].keys())
                marks = ", ".join("?" for _ in columns)
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [tuple(row[c] for c in columns) for row in rows],
                )
                offset += len(rows)
            log.info("Copied %s: %d rows", table, offset)
        if target.dialect == "postgres":  # identities continue after the copied ids
            for table, column in IDENTITIES:
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" COALESCE(MAX({column}), 0) + 1, false) FROM {table}")
        copied = {}
        for table, _order in TABLES:
            row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
            copied[table] = int(row[0]) if row else 0
        if copied != expected:
            wrong = [f"{t}: {expected[t]} -> {copied[t]}" for t in expected
                     if copied[t] != expected[t]]
            raise StorageError(f"The copy does not match the source ({'; '.join(wrong)});"
                               " nothing was copied.")
    return copied

"""Copying one database into another (``python -m bot db copy``): SQLite into PostgreSQL,
or any backend into any other.

- **Every table the schema has** is copied: the list is read from the migrations (the
  tables they create, in the order they create them, so parents come before children),
  never kept by hand, and checked against the tables both databases really hold.
- **The source is only read**: opened read-only (SQLite ``mode=ro``, PostgreSQL read-only
  transactions), never created, migrated or written. It is read at its own schema version:
  the target is migrated up to that version, the rows go across in one transaction,
  verified by counting every table copied, and only then is the target migrated to the
  newest version (the migrations translate what the newer schema needs, as on any open).
- A source newer than this code, or a target already past the source's version, is
  refused with one line, and nothing is copied.

Stop the bot first: the copy reads the source as it is while it runs.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from storage.connect import is_postgres_url, open_database
from storage.database import Database, migration_files
from storage.errors import DatabaseUnusable, StorageError

log = logging.getLogger(__name__)

BATCH = 2000
MIGRATIONS_TABLE = "schema_migrations"
_STATEMENT = re.compile(
    r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?P<create>\w+)"
    r"|\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?P<drop>\w+)"
    r"|\bALTER\s+TABLE\s+(?P<old>\w+)\s+RENAME\s+TO\s+(?P<new>\w+)",
    re.IGNORECASE)
_COMMENT = re.compile(r"--[^\n]*")


class CopyRefused(StorageError):
    """The copy was not made (a non-empty target, a source newer than this code...)."""


class CopyUnfinished(StorageError):
    """The rows were copied, but the target's later migrations failed."""


def schema_tables(version: int | None = None, dialect: str = "sqlite") -> list[str]:
    """The data tables the migrations up to ``version`` (default: all) create, in the order
    they create them (a table's parents first), without those dropped again."""
    tables: list[str] = []
    for number, _name, sql in migration_files(dialect):
        if version is not None and number > version:
            break
        for match in _STATEMENT.finditer(_COMMENT.sub("", sql)):
            if match["create"]:
                tables.append(match["create"].lower())
            elif match["drop"]:
                tables = [t for t in tables if t != match["drop"].lower()]
            else:
                tables = [match["new"].lower() if t == match["old"].lower() else t
                          for t in tables]
    return [t for t in tables if t != MIGRATIONS_TABLE]


async def open_source(url: str) -> Database:
    """Open the database to copy from, read-only: never created (a mistyped SQLite path is
    refused, ``DatabaseUnusable``, before anything is made), never migrated, never
    written."""
    if not is_postgres_url(url):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists():
            raise DatabaseUnusable(
                f"{path}: no such file, so nothing to copy (nothing was created);"
                " check the path given to --from")
    return await open_database(url, migrate=False, read_only=True)


async def recorded_versions(db: Database) -> list[int]:
    """The migrations ``db`` records, read without creating anything (``[]`` for a
    database Cardroom never opened)."""
    if MIGRATIONS_TABLE not in await db.tables():
        return []
    rows = await db.fetchall(f"SELECT version FROM {MIGRATIONS_TABLE} ORDER BY version")
    return [int(row[0]) for row in rows]


async def counts(db: Database, tables: list[str] | None = None) -> dict[str, int]:
    """Rows per data table (default: every table of ``db``'s schema version)."""
    if tables is None:
        versions = await recorded_versions(db)
        tables = schema_tables(max(versions, default=0), db.dialect)
    found = {}
    for table in tables:
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
        found[table] = int(row[0]) if row else 0
    return found


async def source_version(source: Database) -> int:
    """The schema version ``source`` is at; ``CopyRefused`` (one line) when it is not a
    Cardroom database this code can read."""
    versions = await recorded_versions(source)
    if not versions:
        raise CopyRefused(f"{source.label} is not a Cardroom database (it records no schema"
                          " version); nothing was copied.")
    shipped = [number for number, _name, _sql in migration_files(source.dialect)]
    unknown = [v for v in versions if v not in shipped]
    if unknown:
        raise CopyRefused(
            f"{source.label} is at schema {max(versions):03d}, written by a newer version of"
            f" Cardroom (this one knows up to {shipped[-1]:03d}): copy it with that version"
            " or newer; nothing was copied.")
    version = max(versions)
    if versions != [v for v in shipped if v <= version]:
        missing = ", ".join(f"{v:03d}" for v in shipped if v <= version and v not in versions)
        raise CopyRefused(f"{source.label} lacks migration(s) {missing} of its schema"
                          f" {version:03d}; nothing was copied.")
    return version


async def prepare_target(target: Database, version: int) -> None:
    """Bring the empty ``target`` to schema ``version`` (the source's); ``CopyRefused``
    when it holds data or is already past that version."""
    done = await target.applied_migrations()
    busy = {t: n for t, n in (await counts(target)).items() if n}
    if busy:
        listed = ", ".join(f"{table} ({n})" for table, n in busy.items())
        raise CopyRefused(f"{target.label} is not empty: {listed}. Copy only into an empty"
                          " database (drop and create it again).")
    if done and max(done) > version:
        raise CopyRefused(
            f"{target.label} is already at schema {max(done):03d}, past the source's"
            f" {version:03d}: copy into a new, empty database (drop and create it again);"
            " the copy migrates it to the newest schema itself.")
    await target.migrate(up_to=version)


async def check_tables(db: Database, tables: list[str]) -> None:
    """``StorageError`` unless ``db`` holds exactly ``tables`` (and the migrations')."""
    held = set(await db.tables()) - {MIGRATIONS_TABLE}
    if held != set(tables):
        odd = sorted(held.symmetric_difference(tables))
        raise CopyRefused(f"{db.label} does not hold the tables its schema version has"
                          f" (differing: {', '.join(odd)}); nothing was copied.")


async def primary_key(db: Database, table: str) -> list[str]:
    """The columns of ``table``'s primary key, in order (``[]`` without one)."""
    if db.dialect == "postgres":
        rows = await db.fetchall(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a"
            " ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
            " WHERE i.indrelid = to_regclass(?) AND i.indisprimary"
            " ORDER BY array_position(i.indkey::int2[], a.attnum)", (table,))
    else:
        rows = await db.fetchall(
            "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", (table,))
    return [str(row[0]) for row in rows]


async def identities(db: Database) -> list[tuple[str, str]]:
    """PostgreSQL's (table, column) pairs whose values a sequence gives."""
    if db.dialect != "postgres":
        return []
    rows = await db.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema()"
        " AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')")
    return [(str(row[0]), str(row[1])) for row in rows]


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every table of ``source`` into the empty ``target``; the rows copied per
    table. Raises ``CopyRefused`` when the target holds data or the versions do not allow
    it, and ``StorageError`` when the counts do not match afterwards (nothing copied)."""
    version = await source_version(source)
    tables = schema_tables(version, source.dialect)
    await check_tables(source, tables)
    await prepare_target(target, version)
    await check_tables(target, tables)
    expected = await counts(source, tables)
    async with target.transaction() as tx:
        for table in tables:
            order = ", ".join(await primary_key(source, table)) or None
            offset = 0
            while True:
                if order:
                    rows = await source.fetchall(
                        f"SELECT * FROM {table} ORDER BY {order} LIMIT ? OFFSET ?",
                        (BATCH, offset))
                else:  # no key to page by: the whole table at once
                    rows = [] if offset else await source.fetchall(f"SELECT * FROM {table}")
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
        for table, column in await identities(target):  # ids continue after the copied
            await tx.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE(MAX({column}), 0) + 1, false) FROM {table}")
        copied = {}
        for table in tables:
            row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
            copied[table] = int(row[0]) if row else 0
        if copied != expected:
            wrong = [f"{t}: {expected[t]} -> {copied[t]}" for t in expected
                     if copied[t] != expected[t]]
            raise StorageError(f"The copy does not match the source ({'; '.join(wrong)});"
                               " nothing was copied.")
    try:  # the rest of the way, translating what the newer schema needs
        await target.migrate()
    except StorageError as exc:
        raise CopyUnfinished(
            f"Copied at schema {version:03d}, but bringing {target.label} to the newest"
            f" schema failed ({exc}); starting the bot on it finishes that, or drop it and"
            " copy again.") from None
    return copied

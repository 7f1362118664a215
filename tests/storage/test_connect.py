"""Opening a database by URL: ``storage.connect`` picks the backend the URL names."""

from __future__ import annotations

from pathlib import Path

from storage.connect import is_postgres_url, open_database
from storage.postgres import PostgresDatabase
from storage.sqlite import SQLiteDatabase
from tests.helpers.databases import Backend


def test_postgres_urls_are_told_from_sqlite_ones() -> None:
    """``postgresql://`` and ``postgres://`` name a server; anything else a SQLite file."""
    assert is_postgres_url("postgresql://cardroom@127.0.0.1:5432/cardroom")
    assert is_postgres_url("postgres://cardroom@db/cardroom")
    assert not is_postgres_url("sqlite:///data/cardroom.db")
    assert not is_postgres_url("data/postgresql://x.db")
    assert not is_postgres_url(Path("postgresql://x"))


async def test_each_url_opens_its_backend(backend: Backend) -> None:
    """A URL opens the backend it names, migrated."""
    db = await open_database(await backend.url())
    try:
        kind = PostgresDatabase if backend.kind == "postgres" else SQLiteDatabase
        assert isinstance(db, kind)
        assert "schema_migrations" in await db.tables()
    finally:
        await db.close()


async def test_a_sqlite_url_and_a_plain_path_open_the_same_file(tmp_path: Path) -> None:
    """``sqlite:///path`` and the bare path are one database."""
    path = tmp_path / "one.db"
    async with await open_database(f"sqlite:///{path}") as db:
        await db.execute("CREATE TABLE marks (n INTEGER)")
    async with await open_database(path) as db:
        assert "marks" in await db.tables()

"""Test databases on both backends: SQLite files in ``tmp_path``, PostgreSQL databases
created (and dropped) on the server ``TEST_DATABASE_URL`` names.

Without a reachable server the PostgreSQL tests are skipped with one line, unless
``CARDROOM_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from storage.connect import open_database
from storage.database import Database

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
#: The backends a storage test runs on, as parameters: the PostgreSQL side is in the slow
#: tier (the fast tier, ``pytest -m "not slow"``, runs storage on SQLite).
BACKENDS = ("sqlite", pytest.param("postgres", marks=pytest.mark.slow))
_reachable: str | None = None  # "" when reachable, else why not


def server_url() -> str:
    """The PostgreSQL server tests use (its maintenance database)."""
    return os.environ.get("TEST_DATABASE_URL") or DEFAULT_SERVER


def with_database(url: str, name: str) -> str:
    """``url`` naming the database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


async def require_server() -> None:
    """Skip (or, in CI, fail) when the PostgreSQL server cannot be reached."""
    global _reachable
    if _reachable is None:
        try:
            conn = await asyncpg.connect(server_url(), timeout=5)
        except Exception as exc:
            _reachable = f"{type(exc).__name__}: {exc}"
        else:
            await conn.close()
            _reachable = ""
    if _reachable:
        message = (f"PostgreSQL tests skipped: no server at {server_url()} ({_reachable});"
                   " set TEST_DATABASE_URL")
        if os.environ.get("CARDROOM_REQUIRE_POSTGRES") == "1":
            pytest.fail(message + " (CARDROOM_REQUIRE_POSTGRES=1: PostgreSQL is required)")
        pytest.skip(message)


async def create_database() -> str:
    """A new empty database on the test server; its URL."""
    name = f"cardroom_test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(server_url(), timeout=5)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return with_database(server_url(), name)


async def drop_database(url: str) -> None:
    """Drop a database ``create_database`` made (ending its sessions first)."""
    name = urlsplit(url).path.lstrip("/")
    conn = await asyncpg.connect(server_url(), timeout=5)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


async def terminate_sessions(url: str) -> int:
    """End every session on ``url``'s database (as a server restart would); how many."""
    name = urlsplit(url).path.lstrip("/")
    conn = await asyncpg.connect(server_url(), timeout=5)
    try:
        return len(await conn.fetch(  # waits (up to 5 s each) until they are gone
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
            " WHERE datname = $1 AND pid <> pg_backend_pid()", name))
    finally:
        await conn.close()


class Backend:
    """Named databases of one backend for one test: ``url(name)`` and ``open(name)``."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self._urls: dict[str, str] = {}
        self._open: list[Database] = []

    async def url(self, name: str = "main") -> str:
        """The URL of this test's database ``name`` (created empty on first use)."""
        if name not in self._urls:
            if self.kind == "sqlite":
                self._urls[name] = f"sqlite:///{self.tmp_path / f'{name}.db'}"
            else:
                await require_server()
                self._urls[name] = await create_database()
        return self._urls[name]

    async def open(self, name: str = "main", *, migrate: bool = True) -> Database:
        """Open (and remember to close) the database ``name``."""
        db = await open_database(await self.url(name), migrate=migrate)
        self._open.append(db)
        return db

    async def cleanup(self) -> None:
        """Close what was opened, drop the PostgreSQL databases."""
        for db in self._open:
            await db.close()
        if self.kind == "postgres":
            for url in self._urls.values():
                await drop_database(url)


async def terminate_backend(url: str, pid: int | None) -> None:
    """End one server session (a process whose connection died), and wait until the server
    has ended it (its locks are released when it exits, a moment after the signal)."""
    assert pid is not None
    conn = await asyncpg.connect(url, timeout=5)
    try:
        await conn.execute("SELECT pg_terminate_backend($1, 5000)", pid)
    finally:
        await conn.close()

"""Every storage test runs on both backends: ``backend`` and ``db`` are parametrised
sqlite/postgres (PostgreSQL from ``TEST_DATABASE_URL``, see ``tests.helpers.databases``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.database import Database
from tests.helpers.databases import BACKENDS, Backend


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """This test's databases on one backend, closed and dropped afterwards."""
    made = Backend(request.param, tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


@pytest.fixture
async def db(backend: Backend) -> Database:
    """A migrated database on one backend."""
    return await backend.open()


@pytest.fixture
async def sqlite_backend(tmp_path: Path) -> AsyncIterator[Backend]:
    """SQLite only, for what only SQLite has (its WAL, one writer)."""
    made = Backend("sqlite", tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


@pytest.fixture
async def postgres_backend(tmp_path: Path) -> AsyncIterator[Backend]:
    """PostgreSQL only, for what only a server has (advisory locks, sessions)."""
    made = Backend("postgres", tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()

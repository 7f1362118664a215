"""A storage outage is logged once (issue 38): one warning naming the error type when writes
start failing, one info line when they succeed again, and no line (nor traceback) per move
in between. Real outages: PostgreSQL refusing connections after ending every session, and a
SQLite file whose write lock another connection holds."""

from __future__ import annotations

import logging
import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.tables.model import NotSaved
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo
from tests.helpers.databases import Backend, server_url, terminate_sessions
from tests.helpers.games import every_game

pytestmark = pytest.mark.slow

FAILED_MOVES = 4


@asynccontextmanager
async def _outage(backend: Backend) -> AsyncIterator[None]:
    """The database cannot take writes inside the block, and can again after it."""
    url = await backend.url()
    if backend.kind == "sqlite":
        other = sqlite3.connect(urlsplit(url).path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file's write lock
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    name = urlsplit(url).path.lstrip("/")
    admin = await asyncpg.connect(server_url(), timeout=5)
    try:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await terminate_sessions(url)  # the server drops the pool's connections
        yield
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()


async def _move(svc: TableService, table_id: int, rng: random.Random) -> None:
    table = svc.require(table_id)
    seat = table.to_act()
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    action = rng.choice(table.engine.legal_actions(table.state))
    await svc.act(table_id, user, str(action), version=table.version)


async def test_outage_is_logged_once_not_per_move(
        backend: Backend, db: Database, caplog: pytest.LogCaptureFixture) -> None:
    """Moves during an outage are refused "not saved"; the log gets one warning with the
    error type when it starts (nothing more per move, no traceback) and one info line when
    a write succeeds again."""
    svc = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                       seed_source=lambda: 5)
    table = await svc.open(guild_id=1, channel_id=2, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    rng = random.Random(14)
    await _move(svc, table.id, rng)
    caplog.set_level(logging.DEBUG, logger="storage")
    caplog.set_level(logging.INFO)
    caplog.clear()
    logged_after_first: list[logging.LogRecord] = []
    async with _outage(backend):
        for n in range(FAILED_MOVES):
            with pytest.raises(NotSaved):
                await _move(svc, table.id, rng)
            if n == 0:
                logged_after_first = [r for r in caplog.records if r.levelno >= logging.INFO]
    during = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert during == logged_after_first, "nothing more is logged per failed move"
    starts = [r for r in during if r.name == "storage.outage"]
    assert len(starts) == 1 and starts[0].levelno == logging.WARNING
    error_type = "StorageBusy" if backend.kind == "sqlite" else "Storage"
    assert error_type in starts[0].getMessage()
    assert all(r.exc_info is None and r.levelno < logging.ERROR for r in caplog.records), \
        "no traceback, no error per move"

    caplog.clear()
    for _ in range(3):
        await _move(svc, table.id, rng)
    back = [r for r in caplog.records if r.name == "storage.outage"]
    assert [r.levelno for r in back] == [logging.INFO]
    assert "succeed again" in back[0].getMessage()
    assert len(await TableRepo(db).actions(table.id)) == 4
    await svc.aclose()

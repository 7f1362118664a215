"""A hint's use is stored before the hint is shown (issue 38, point 9): when the table's
snapshot cannot be written (a real lock on SQLite and on PostgreSQL), the player gets no
hint, is told it could not be saved, and the count stays as it was; once storage works
the hint is shown and its count is stored."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.app import CardroomBot
from bot.games.ai.ismcts import Budget
from bot.settings import Settings, load_settings
from bot.tables import snapshots
from tests.helpers.databases import BACKENDS, create_database, drop_database, require_server
from tests.helpers.discord import flush, message_of, panel_of, service, table_in
from tests.helpers.flaky import write_lock

pytestmark = pytest.mark.slow

SMALL = Budget(iterations=60, seconds=None)
NOT_SAVED = "could not be saved"


@pytest.fixture(params=BACKENDS)
async def settings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Settings]:
    """Settings on a fresh SQLite file, or on a fresh PostgreSQL database (dropped after)."""
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    if request.param == "postgres":
        await require_server()
        url = await create_database()
    try:
        yield load_settings(env_file=None, database_url=url, log_level="DEBUG",
                            discord_token=None, dev_guild_id=None, heartbeat_file=None)
    finally:
        if request.param == "postgres":
            await drop_database(url)


@pytest.fixture(autouse=True)
def _quiet_shard_watcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """No shard watcher round trips past the test (SimCord settles on virtual timers)."""
    monkeypatch.setattr(CardroomBot, "shard_retry_seconds", 3600.0)


@contextmanager
def _sqlite_locked(settings: Settings) -> Iterator[None]:
    with write_lock(settings.database_path):
        yield


@asynccontextmanager
async def _snapshots_locked(settings: Settings) -> AsyncIterator[None]:
    """The snapshots held by another process: SQLite's write lock, or PostgreSQL's
    exclusive lock on ``table_snapshots`` in an open transaction."""
    if settings.database_url.startswith("sqlite"):
        with _sqlite_locked(settings):
            yield
        return
    conn = await asyncpg.connect(settings.database_url)
    try:
        async with conn.transaction():
            await conn.execute("LOCK TABLE table_snapshots IN ACCESS EXCLUSIVE MODE")
            yield
    finally:
        await conn.close()


async def _stored_hints(env: Any, table: Any) -> dict[int, int]:
    """The hint counts in the table's stored snapshot (what a restart would know)."""
    stored = await service(env).repo.snapshot(table.id)
    if stored is None:
        return {}
    return snapshots.load(stored, table, len(table.log)).hints


async def test_a_hint_whose_use_cannot_be_stored_is_not_shown(
        world: dict[str, Any], settings: Settings) -> None:
    """Snapshot write refused: no hint, "could not be saved", no count; then it works."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    service(env).seed_source = lambda: 4
    env.bot.app.hint_budget = SMALL
    opened = await ann.slash(channel, "play", game="turup", timer="off", rounds=1)
    table = table_in(env, channel)
    await ann.select(opened.response, ["normal"], custom_id=f"cs:{table.id}:{table.version}:addc")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    seat = table.seat_of(ann.id)
    assert table.to_act() == seat
    panel = panel_of(await ann.click(message_of(env, table, channel), label="Take turn"))
    stored_before = await _stored_hints(env, table)
    async with _snapshots_locked(settings):
        pressed = await ann.click(panel, label="Hint")
        await flush(env)
    answer = pressed.response
    assert answer is not None and answer.ephemeral
    assert NOT_SAVED in (answer.content or "") and not answer.embeds
    assert table.hints == {}
    assert await _stored_hints(env, table) == stored_before == {}
    pressed = await ann.click(panel, label="Hint")
    await flush(env)
    assert pressed.response is not None and pressed.response.embeds
    assert table.hints == {seat: 1}
    assert await _stored_hints(env, table) == {seat: 1}

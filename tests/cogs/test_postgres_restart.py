"""End to end on PostgreSQL under SimCord: two tables played, the bot restarted, both
restored with every acknowledged move, one finished and shown by /leaderboard; the rows
are in PostgreSQL and no SQLite file was created."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.app import CardroomBot
from bot.settings import Settings, load_settings
from tests.helpers.databases import create_database, drop_database, require_server
from tests.helpers.discord import flush, service, table_in

pytestmark = pytest.mark.slow


@pytest.fixture
async def settings(tmp_path: Path) -> AsyncIterator[Settings]:
    """Settings whose DATABASE_URL is a fresh PostgreSQL database (dropped afterwards)."""
    await require_server()
    url = await create_database()
    try:
        yield load_settings(env_file=None, database_url=url, log_level="DEBUG",
                            discord_token=None, dev_guild_id=None, heartbeat_file=None)
    finally:
        await drop_database(url)


async def _open(env: Any, channel: Any, host: Any, guest: Any) -> Any:
    opened = await host.slash(channel, "play", game="turup", rounds=1, timer="off")
    await guest.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


async def _move(env: Any, table: Any, channel: Any, members: dict[int, Any]) -> None:
    seat = table.to_act()
    user = table.seats[seat].user_id
    action = str(table.engine.legal_actions(table.state)[0])
    moved = await members[user].slash(channel, "move", action=action)
    assert moved.acknowledged
    await flush(env)


@pytest.fixture(autouse=True)
def _quiet_shard_watcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shard watcher (a real socket round trip every few seconds) waits past the test:
    SimCord settles only on virtual timers and its own I/O."""
    monkeypatch.setattr(CardroomBot, "shard_retry_seconds", 3600.0)


async def test_two_tables_survive_a_restart_on_postgres(
    world: dict[str, Any], settings: Settings, tmp_path: Path
) -> None:
    """Both tables come back with every move; one is finished and on the leaderboard;
    PostgreSQL holds the rows; no SQLite file exists."""
    env = world["env"]
    guild = world["guild"]
    first, second = world["channel"], guild.create_text_channel("more-cards")
    ann, bob, cat, dan = world["members"]
    members = {m.id: m for m in (ann, bob, cat, dan)}
    service(env).seed_source = lambda: 5
    tables = [await _open(env, first, ann, bob), await _open(env, second, cat, dan)]
    for _ in range(3):
        for table, channel in zip(tables, (first, second), strict=True):
            await _move(env, table, channel, members)
    logs = [list(t.log) for t in tables]
    assert all(len(log) == 3 for log in logs)

    old = env.bot
    assert isinstance(old, CardroomBot) and old.db.dialect == "postgres"
    assert old.owner is not None
    await old.owner.close()  # the old process is gone: its shard locks go with it
    bot = CardroomBot(settings)
    bot.shard_count = 1
    await env.restart_bot(bot)
    await old.db.close()
    service(env).render_interval = 0
    service(env).ai_delay = 0
    await env.advance_time(2)
    await flush(env)
    restored = [table_in(env, first), table_in(env, second)]
    assert [t.log for t in restored] == logs, "every acknowledged move is back"

    while restored[0].running:
        await _move(env, restored[0], first, members)
    await env.advance_time(2)
    res = await ann.slash(first, "leaderboard", game="turup", sort="wins")
    text = res.response.embeds[0].description or ""
    assert "**\u2068ann\u2069**" in text and "**\u2068bob\u2069**" in text and "cat" not in text
    assert restored[1].running and restored[1].log == logs[1]

    conn = await asyncpg.connect(settings.database_url)
    try:
        actions = await conn.fetchval(
            "SELECT COUNT(*) FROM table_actions WHERE table_id = $1", restored[1].id)
        results = await conn.fetch("SELECT table_id FROM game_results")
    finally:
        await conn.close()
    assert actions == 3 and [r[0] for r in results] == [restored[0].id]
    assert not list(tmp_path.rglob("*.db")) and not Path("data/cardroom.db").exists()
    if bot.owner is not None:
        await bot.owner.close()

"""Shard ownership: two processes (here two services, each with its own pool) for
overlapping shards; exactly one runs each table; when the owner dies the other takes over
with nothing lost. PostgreSQL advisory locks; SQLite: one process owns everything."""

from __future__ import annotations

import asyncio
import random

from bot.tables.service import TableService
from storage.database import Database
from storage.ownership import LocalOwner, ShardOwner, shard_owner
from storage.shards import ShardScope
from storage.tables import TableRepo
from tests.helpers.databases import Backend, terminate_backend
from tests.helpers.games import every_game
from tests.storage.test_tables_repo import guild_on_shard

COUNT = 4


async def _service(db: Database, owned: frozenset[int]) -> TableService:
    return TableService(TableRepo(db, scope=ShardScope(COUNT, set(owned))), games=every_game(),
                        ai_delay=0.0,
                        render_interval=0.0, seed_source=lambda: 5)


async def _play(svc: TableService, shard: int, moves: int) -> int:
    """A Turup table in a guild on ``shard``, ``moves`` actions in; its id."""
    rng = random.Random(shard)
    table = await svc.open(guild_id=guild_on_shard(shard), channel_id=50 + shard, host_id=100,
                           host_name="Ann", game="turup", options={"rounds": 1},
                           timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    for _ in range(moves):
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        action = rng.choice(table.engine.legal_actions(table.state))
        await svc.act(table.id, user, str(action), version=table.version)
    return table.id


async def test_sqlite_single_process_owns_every_shard(sqlite_backend: Backend) -> None:
    """On SQLite the one process owns every shard it asks for, at once."""
    owner = shard_owner("sqlite", await sqlite_backend.url(), range(COUNT))
    assert isinstance(owner, LocalOwner)
    assert await owner.start() == frozenset(range(COUNT))


async def test_overlapping_owners_then_takeover(postgres_backend: Backend) -> None:
    """A (shards 0-2) and B (1-3): each shard has exactly one owner; when A's connection
    dies, B takes shards 1 and 2 and restores their tables with every move; A learns it
    lost its shards."""
    url = await postgres_backend.url()
    # two pools: two processes
    db_a, db_b = await postgres_backend.open(), await postgres_backend.open()
    lost: list[frozenset[int]] = []
    acquired: list[frozenset[int]] = []

    async def on_lost(shards: frozenset[int]) -> None:
        lost.append(shards)

    owner_a = ShardOwner(url, {0, 1, 2}, on_lost=on_lost, retry_seconds=3600)
    owner_b = ShardOwner(url, {1, 2, 3}, retry_seconds=3600)
    try:
        assert await owner_a.start() == {0, 1, 2}
        assert await owner_b.start() == {3}
        svc_a = await _service(db_a, owner_a.owned)
        svc_b = await _service(db_b, owner_b.owned)
        ids = {shard: await _play(svc_a, shard, 6) for shard in (0, 1, 2)}
        logs = {shard: list(svc_a.tables[ids[shard]].log) for shard in (0, 1, 2)}
        assert await svc_b.restore() == []  # B starting: it runs none of A's tables
        ids[3] = await _play(svc_b, 3, 4)

        async def took_over(shards: frozenset[int]) -> None:
            acquired.append(shards)
            repo = svc_b.repo
            assert repo.scope is not None
            repo.scope.add(shards)
            async with repo.restoring(ShardScope(COUNT, set(shards))):
                await svc_b.restore()

        owner_b.on_acquired = took_over
        await owner_b.check()
        assert acquired == []  # A is alive: nothing to take
        await svc_a.aclose()
        await terminate_backend(url, owner_a.backend_pid)  # A's process dies
        await owner_b.check()
        assert acquired == [frozenset({1, 2})]
        assert owner_b.owned == {1, 2, 3}
        for shard in (1, 2):
            assert svc_b.tables[ids[shard]].log == logs[shard], "nothing acknowledged lost"
        assert ids[0] not in svc_b.tables and ids[3] in svc_b.tables
        await owner_a.check()
        assert lost == [frozenset({0, 1, 2})]
        assert owner_a.owned == {0}  # back on a new connection: only the free shard
        await svc_b.aclose()
    finally:
        await owner_a.close()
        await owner_b.close()


async def test_closing_an_owner_frees_its_shards(postgres_backend: Backend) -> None:
    """An owner that closes (the process exits) lets a waiting one take its shards."""
    url = await postgres_backend.url()
    await postgres_backend.open()  # migrated: the owner epochs live in shard_owners
    got: list[frozenset[int]] = []

    async def on_acquired(shards: frozenset[int]) -> None:
        got.append(shards)

    first = ShardOwner(url, {0, 1})
    second = ShardOwner(url, {0, 1}, on_acquired=on_acquired, retry_seconds=0.05)
    try:
        assert await first.start() == {0, 1}
        assert await second.start() == frozenset()
        await asyncio.sleep(0.2)
        assert got == []
        await first.close()
        for _ in range(100):
            if got:
                break
            await asyncio.sleep(0.05)
        assert got == [frozenset({0, 1})] and second.owned == {0, 1}
    finally:
        await first.close()
        await second.close()


async def test_bot_waits_for_shards_a_live_process_holds(postgres_backend: Backend) -> None:
    """A bot whose shards another live process holds waits (it has not connected) and goes
    on, scoped to them, once that process is gone."""
    from bot.app import CardroomBot
    from bot.settings import load_settings

    url = await postgres_backend.url()
    db = await postgres_backend.open()
    holder = ShardOwner(url, {1}, shard_count=2)
    assert await holder.start() == {1}
    settings = load_settings(env_file=None, database_url=url, discord_token=None,
                             shard_count=2, shard_ids="1")
    bot = CardroomBot(settings)
    bot.shard_retry_seconds = 0.05
    waiting = asyncio.create_task(bot.own_shards(db))
    try:
        await asyncio.sleep(0.3)
        assert not waiting.done(), "it waits while the other process lives"
        await holder.close()
        await asyncio.wait_for(waiting, 10)
        assert bot.owner is not None and bot.owner.owned == {1}
        assert bot.scope is not None and bot.scope.shards == {1}
    finally:
        waiting.cancel()
        await holder.close()
        if bot.owner is not None:
            await bot.owner.close()

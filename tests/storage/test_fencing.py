"""Fencing (issue 38): a table's write commits only while its process owns the table's shard,
checked in the write's own transaction. Two processes (here two services, each with its own
pool and its own lock connection) share one PostgreSQL database; the owner's lock connection
is killed on the real server while it is in the middle of a move. SQLite: the check is in the
write path and always passes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import asyncpg
import pytest

from bot.tables.model import NotSaved, TableError
from bot.tables.service import TableService
from storage.database import Database, Transaction
from storage.errors import OwnershipLost
from storage.fencing import EpochFence, Fence
from storage.ownership import LocalOwner, ShardOwner, shard_owner
from storage.postgres import PostgresDatabase
from storage.shards import ShardScope
from storage.tables import TableRepo
from tests.helpers.databases import Backend, terminate_backend
from tests.helpers.games import every_game
from tests.storage.test_tables_repo import guild_on_shard

pytestmark = pytest.mark.slow

COUNT = 4
SHARD = 1


def _service(db: Database, fence: Fence) -> TableService:
    return TableService(TableRepo(db, scope=ShardScope(COUNT, {SHARD}), fence=fence),
                        games=every_game(), ai_delay=0.0, render_interval=0.0,
                        seed_source=lambda: 5)


async def _open(svc: TableService, rounds: int = 1) -> int:
    """A running two-player Turup table in a guild on ``SHARD``; its id."""
    table = await svc.open(guild_id=guild_on_shard(SHARD), channel_id=77, host_id=100,
                           host_name="Ann", game="turup", options={"rounds": rounds},
                           timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    return table.id


async def _move(svc: TableService, table_id: int, rng: random.Random) -> tuple[int, str]:
    """One legal move by whoever is to act; (its log position, its text) once acknowledged."""
    table = svc.require(table_id)
    seat = table.to_act()
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    action = str(rng.choice(table.engine.legal_actions(table.state)))
    seq = len(table.log)
    await svc.act(table_id, user, action, version=table.version)
    return seq, action


async def _waiting(url: str, application: str) -> bool:
    """Is a session of ``application`` waiting for a lock now?"""
    conn = await asyncpg.connect(url, timeout=5)
    try:
        return bool(await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name = $1 AND wait_event_type = 'Lock'", application))
    finally:
        await conn.close()


async def _until_waiting(url: str, application: str) -> None:
    for _ in range(200):
        if await _waiting(url, application):
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"{application} never waited for a lock")


async def test_owner_killed_mid_move_then_takeover(postgres_backend: Backend) -> None:
    """A's lock connection is killed while A's move waits inside its transaction: B's
    takeover waits for that move, which A acknowledges and B restores; A's next move is
    refused "not saved" and A drops the table; B plays on; the stored log is exactly the
    acknowledged moves, each acknowledged by one process."""
    url = await postgres_backend.url()
    db_a, db_b = await postgres_backend.open(), await postgres_backend.open()
    assert isinstance(db_a, PostgresDatabase)
    # A's statements wait up to 10 s for a row lock here (1 s in production), so that the
    # steps of the takeover below fit in the wait even on a loaded machine
    db_a.pool.set_connect_args(db_a.url, timeout=10, server_settings={
        "lock_timeout": "10000", "application_name": "cardroom"})
    await db_a.pool.expire_connections()
    owner_a = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)  # no polling
    owner_b = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)
    rng = random.Random(38)
    acked: list[tuple[str, int, str]] = []
    try:
        assert await owner_a.start() == {SHARD}
        assert await owner_b.start() == frozenset()
        svc_a, svc_b = _service(db_a, owner_a.fence), _service(db_b, owner_b.fence)
        table_id = await _open(svc_a)
        for _ in range(4):
            acked.append(("A", *await _move(svc_a, table_id, rng)))

        async def took_over(shards: frozenset[int]) -> None:
            async with svc_b.repo.restoring(ShardScope(COUNT, set(shards))):
                await svc_b.restore()

        owner_b.on_acquired = took_over
        blocker = await asyncpg.connect(url, timeout=5)
        try:  # hold the table's row: A's next move stops inside its transaction
            holding = blocker.transaction()
            await holding.start()
            await blocker.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", table_id)
            in_flight = asyncio.create_task(_move(svc_a, table_id, rng))
            await _until_waiting(url, "cardroom")
            await terminate_backend(url, owner_a.backend_pid)  # A's lock connection dies
            takeover = asyncio.create_task(owner_b.check())
            await _until_waiting(url, "cardroom-shard-locks")  # B's epoch waits for A's move
            assert not takeover.done()
            await holding.rollback()
        finally:
            await blocker.close()
        acked.append(("A", *await in_flight))  # committed before the takeover: A's to ack
        await takeover
        assert owner_b.owned == {SHARD}
        assert svc_b.require(table_id).log == [text for _, _, text in acked], \
            "B restored every move A acknowledged"

        with pytest.raises(NotSaved):  # A has not looked at its lock: the fence refuses
            await _move(svc_a, table_id, rng)
        assert svc_a.get(table_id) is None, "A stopped running the table at once"
        for _ in range(3):  # B keeps working (no clash with a move of A's)
            acked.append(("B", *await _move(svc_b, table_id, rng)))

        stored = await TableRepo(db_b).actions(table_id)
        assert [(a.seq, a.text) for a in stored] == [(seq, text) for _, seq, text in acked]
        assert len({seq for _, seq, _ in acked}) == len(acked), "each move acknowledged once"
        await svc_a.aclose()
        await svc_b.aclose()
    finally:
        await owner_a.close()
        await owner_b.close()


async def _keep_playing(svc: TableService, table_id: int, rng: random.Random, who: str,
                        acked: list[tuple[str, int, str]]) -> int:
    """Move after move until the table is gone or over; the moves refused "not saved"."""
    refused = 0
    while (table := svc.get(table_id)) is not None and table.running:
        try:
            acked.append((who, *await _move(svc, table_id, rng)))
        except NotSaved:
            refused += 1
        except TableError:
            break  # dropped meanwhile
        await asyncio.sleep(0.002)  # a game outlasts the takeover
    return refused


@pytest.mark.parametrize("seed", range(4))
async def test_takeover_while_the_owner_plays_on(postgres_backend: Backend, seed: int) -> None:
    """A plays move after move; at a random moment its lock connection is killed and B
    takes the shard over, restores the table and plays on while A still tries: each move
    is acknowledged by exactly one process, the stored log is exactly the acknowledged
    moves, and B's table is that log."""
    url = await postgres_backend.url()
    db_a, db_b = await postgres_backend.open(), await postgres_backend.open()
    owner_a = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)
    owner_b = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)
    rng = random.Random(seed)
    acked: list[tuple[str, int, str]] = []
    try:
        assert await owner_a.start() == {SHARD}
        await owner_b.start()
        svc_a, svc_b = _service(db_a, owner_a.fence), _service(db_b, owner_b.fence)
        table_id = await _open(svc_a, rounds=3)
        playing_a = asyncio.create_task(_keep_playing(svc_a, table_id, random.Random(seed),
                                                      "A", acked))
        await asyncio.sleep(rng.uniform(0.0, 0.15))
        await terminate_backend(url, owner_a.backend_pid)
        await owner_b.check()
        assert owner_b.owned == {SHARD}
        async with svc_b.repo.restoring(ShardScope(COUNT, {SHARD})):
            await svc_b.restore()
        restored = svc_b.get(table_id)
        assert restored is not None, "the game outlasted the takeover"
        seen_by_b = len(restored.log)
        if svc_b.get(table_id) is not None:  # not over yet: B plays on beside A
            await _keep_playing_some(svc_b, table_id, random.Random(seed + 100), acked)
        await playing_a
        assert svc_a.get(table_id) is None, "A stopped running the table"
        assert all(seq < seen_by_b for who, seq, _ in acked if who == "A"), \
            "B restored every move A acknowledged; A acknowledged none after the takeover"
        stored = [(a.seq, a.text) for a in await TableRepo(db_b).actions(table_id)]
        assert stored == sorted((seq, text) for _, seq, text in acked)
        assert len({seq for _, seq, _ in acked}) == len(acked), "each move acknowledged once"
        table_b = svc_b.get(table_id)
        if table_b is not None:
            assert table_b.log == [text for _, text in stored]
        await svc_a.aclose()
        await svc_b.aclose()
    finally:
        await owner_a.close()
        await owner_b.close()


async def _keep_playing_some(svc: TableService, table_id: int, rng: random.Random,
                             acked: list[tuple[str, int, str]], moves: int = 5) -> None:
    """Up to ``moves`` moves by B (fewer if the game ends); each must be saved."""
    for _ in range(moves):
        table = svc.get(table_id)
        if table is None or not table.running:
            return
        acked.append(("B", *await _move(svc, table_id, rng)))
        await asyncio.sleep(0)


async def test_lost_shard_stops_its_computer_players_and_timers(
        postgres_backend: Backend) -> None:
    """A computer player's move after a takeover is refused: A drops the table at once,
    its computer player stops and its timers are disarmed; B's computer plays it on."""
    url = await postgres_backend.url()
    db_a, db_b = await postgres_backend.open(), await postgres_backend.open()
    owner_a = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)
    owner_b = ShardOwner(url, {SHARD}, shard_count=COUNT, retry_seconds=3600)
    try:
        assert await owner_a.start() == {SHARD}
        await owner_b.start()
        svc_a, svc_b = _service(db_a, owner_a.fence), _service(db_b, owner_b.fence)
        svc_a.ai_delay = 1.0  # the computer thinks a while: the takeover comes first
        lobby = await svc_a.open(guild_id=guild_on_shard(SHARD), channel_id=78, host_id=100,
                                 host_name="Ann", game="turup", options={"rounds": 1},
                                 timer_seconds=300)
        await svc_a.add_computer(lobby.id, lobby.version, 100, "easy")
        table = await svc_a.start(lobby.id, lobby.version, 100)
        rng = random.Random(3)
        while table.seats[table.to_act() or 0].user_id == 100:  # Ann plays to the computer
            await _move(svc_a, table.id, rng)
        assert table.ai_task is not None and not table.ai_task.done()
        logged = len(table.log)
        await terminate_backend(url, owner_a.backend_pid)
        await owner_b.check()
        async with svc_b.repo.restoring(ShardScope(COUNT, {SHARD})):
            assert await svc_b.restore() == [table.id]
        for _ in range(200):  # A's computer moves, is refused, and A lets the table go
            if table.ai_task.done():
                break
            await asyncio.sleep(0.02)
        assert table.ai_task.done() and svc_a.get(table.id) is None
        assert all(svc_a.timers.deadline_of(table.id, kind) is None
                   for kind in ("lobby", "inactive", "turn"))
        assert len(table.log) == logged, "A's computer stored nothing"
        on_b = svc_b.require(table.id)
        for _ in range(200):  # B's own computer plays the turn A's could not
            if len(on_b.log) > logged:
                break
            await asyncio.sleep(0.02)
        stored = [a.text for a in await TableRepo(db_b).actions(table.id)]
        assert len(on_b.log) > logged and stored == on_b.log
        await svc_a.aclose()
        await svc_b.aclose()
    finally:
        await owner_a.close()
        await owner_b.close()


async def test_write_after_takeover_is_refused_and_stores_nothing(
        postgres_backend: Backend) -> None:
    """A write under an old owner epoch raises ``OwnershipLost``, stores nothing and tells
    the fence's listeners once; a write under the current epoch goes through."""
    url = await postgres_backend.url()
    db = await postgres_backend.open()
    first = ShardOwner(url, {SHARD}, shard_count=COUNT)
    second = ShardOwner(url, {SHARD}, shard_count=COUNT)
    told: list[set[int]] = []
    first.fence.on_lost(lambda lost: told.append(lost.shards))
    try:
        assert await first.start() == {SHARD}
        old = TableRepo(db, fence=first.fence)
        table = await old.create(guild_id=guild_on_shard(SHARD), channel_id=5, host_id=1,
                                 game="turup", variant={}, seed=1, timer_seconds=None,
                                 seats=[])
        await first.close()  # the lock is free, but the old fence still has its epoch
        assert await second.start() == {SHARD}
        for _ in range(2):
            with pytest.raises(OwnershipLost):
                await old.set_deadline(table.id, 123.0)
            with pytest.raises(OwnershipLost):
                await old.create(guild_id=guild_on_shard(SHARD, n=1), channel_id=6,
                                 host_id=1, game="turup", variant={}, seed=1,
                                 timer_seconds=None, seats=[])
        assert told == [{SHARD}], "listeners told once"
        stored = await old.get(table.id)
        assert stored is not None and stored.deadline is None
        assert len(await old.open_tables()) == 1
        await TableRepo(db, fence=second.fence).set_deadline(table.id, 456.0)
        stored = await old.get(table.id)
        assert stored is not None and stored.deadline == 456.0
    finally:
        await first.close()
        await second.close()


async def test_sqlite_fence_is_in_the_write_path_and_passes(sqlite_backend: Backend) -> None:
    """SQLite: one process owns every shard; its fence is asked on every write and lets
    every write through."""
    owner = shard_owner("sqlite", await sqlite_backend.url(), range(COUNT), shard_count=COUNT)
    assert isinstance(owner, LocalOwner) and not isinstance(owner.fence, EpochFence)
    assert await owner.start() == frozenset(range(COUNT))
    asked: list[tuple[int, ...]] = []

    class Counting(Fence):  # the SQLite owner's fence, counting the checks it is asked
        async def check(self, tx: Transaction, *, table_ids: Sequence[int] = (),
                        guild_id: int | None = None) -> None:
            asked.append(tuple(table_ids))
            await owner.fence.check(tx, table_ids=table_ids, guild_id=guild_id)

    db = await sqlite_backend.open()
    svc = _service(db, Counting())
    table_id = await _open(svc)
    rng = random.Random(1)
    for _ in range(3):
        await _move(svc, table_id, rng)
    assert len(asked) >= 6 and (table_id,) in asked
    assert len(await TableRepo(db).actions(table_id)) == 3
    await svc.aclose()

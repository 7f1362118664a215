"""A lost PostgreSQL connection (a server restart, here ``pg_terminate_backend`` on this
test's own database): the write under way raises StorageUnavailable ("not saved, try
again"), the pool reconnects, and nothing acknowledged is lost."""

from __future__ import annotations

import pytest

from storage.errors import StorageUnavailable
from storage.tables import SeatRecord, TableRepo
from tests.helpers.databases import Backend, terminate_sessions


async def _table(repo: TableRepo) -> int:
    table = await repo.create(guild_id=1, channel_id=1, host_id=1, game="turup",
                              variant={"rounds": 1}, seed=1, timer_seconds=None,
                              seats=[SeatRecord(0, 1, "Ann")])
    return table.id


async def test_sessions_ended_between_calls_are_replaced(postgres_backend: Backend) -> None:
    """Every session ended between two calls: the next read and write just work."""
    db = await postgres_backend.open()
    repo = TableRepo(db)
    table_id = await _table(repo)
    for seq in range(5):
        await repo.append_action(table_id, seq=seq, seat=0, text=f"m{seq}", version=seq + 1,
                                 deadline=None)
    assert await terminate_sessions(await postgres_backend.url()) >= 1
    assert [a.text for a in await repo.actions(table_id)] == [f"m{i}" for i in range(5)]
    assert await terminate_sessions(await postgres_backend.url()) >= 1
    await repo.append_action(table_id, seq=5, seat=0, text="m5", version=6, deadline=None)
    assert len(await repo.actions(table_id)) == 6


async def test_connection_lost_mid_write_raises_and_loses_nothing_acknowledged(
    postgres_backend: Backend,
) -> None:
    """The session ended inside a write transaction: StorageUnavailable, the write is not
    stored, every earlier acknowledged write is, and the next write succeeds."""
    db = await postgres_backend.open()
    repo = TableRepo(db)
    table_id = await _table(repo)
    acknowledged = []
    for seq in range(3):
        await repo.append_action(table_id, seq=seq, seat=0, text=f"m{seq}", version=seq + 1,
                                 deadline=None)
        acknowledged.append(f"m{seq}")
    with pytest.raises(StorageUnavailable):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO table_actions (table_id, seq, seat, text)"
                             " VALUES (?, 3, 0, 'lost')", (table_id,))
            await terminate_sessions(await postgres_backend.url())
            await tx.execute("UPDATE tables SET version = 4 WHERE id = ?", (table_id,))
    assert [a.text for a in await repo.actions(table_id)] == acknowledged
    await repo.append_action(table_id, seq=3, seat=0, text="m3", version=4, deadline=None)
    assert [a.text for a in await repo.actions(table_id)] == [*acknowledged, "m3"]

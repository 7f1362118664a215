"""A player's turn-ping choice, stored on both backends."""

from __future__ import annotations

from storage.database import Database
from storage.notify import NotifyRepo, PingRepo
from storage.tables import SeatRecord, TableRepo


async def test_pings_are_on_until_turned_off_and_back(db: Database) -> None:
    """Everyone is pinged by default; off and on are stored, twice in a row is harmless."""
    repo = NotifyRepo(db)
    assert await repo.pings_on(7)
    await repo.set_pings(7, False)
    await repo.set_pings(7, False)
    assert not await repo.pings_on(7) and await repo.pings_on(8)
    await repo.set_pings(7, True)
    await repo.set_pings(7, True)
    assert await repo.pings_on(7)


async def test_a_tables_live_ping_is_stored_replaced_and_forgotten(db: Database) -> None:
    """One live ping per table: stored, replaced by the next (ids beyond 32 bits), removed."""
    tables = TableRepo(db)
    rec = await tables.create(guild_id=1, channel_id=2, host_id=3, game="turup", variant={},
                              seed=4, timer_seconds=None, seats=[SeatRecord(0, 3, "ann")])
    pings = PingRepo(db)
    assert await pings.live(rec.id) is None
    await pings.set_live(rec.id, 1456074443980800028)
    await pings.set_live(rec.id, 1456074443980800099)
    assert await pings.live(rec.id) == 1456074443980800099
    await pings.set_live(rec.id, None)
    await pings.set_live(rec.id, None)
    assert await pings.live(rec.id) is None

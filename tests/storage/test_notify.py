"""A player's turn-ping choice, stored on both backends."""

from __future__ import annotations

from storage.database import Database
from storage.notify import NotifyRepo


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

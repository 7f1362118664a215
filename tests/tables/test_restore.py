"""Restoring tables after a start (``bot.tables.restore``), on a real SQLite file: a new
service on the same database rebuilds each open table from its log (or its snapshot and
the actions after it), keeps a lobby a lobby, closes a table whose log no longer replays
with an apology, and stores a snapshot for a long log that had none."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.tables import snapshots
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.connect import open_database
from storage.database import Database
from storage.tables import TableRepo, TableStatus
from tests.helpers.games import every_game


class Told:
    """The Discord side's port for a table's messages: what the service asked to say."""

    def __init__(self) -> None:
        self.announcements: list[tuple[int, str]] = []

    async def render(self, table: Table) -> None:
        pass

    async def send_hand(self, table: Table, seat: int) -> bool:
        return True

    async def announce(self, table: Table, text: str) -> None:
        self.announcements.append((table.id, text))


def service(db: Database) -> tuple[TableService, Told]:
    told = Told()
    svc = TableService(TableRepo(db), games=every_game(), notifier=told, ai_delay=0.0,
                       render_interval=0.0, seed_source=lambda: 11)
    return svc, told


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "restore.db"


async def soi_table(svc: TableService, channel: int, *, start: bool = True) -> Table:
    table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                           game="soi", options={}, timer_seconds=None)
    await svc.join(table.id, None, 200, "Bob")
    await svc.join(table.id, None, 300, "Cat")
    if start:
        await svc.start(table.id, None, 100)
    return table


async def play(svc: TableService, table: Table, moves: int) -> None:
    for _ in range(moves):
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        await svc.act(table.id, user, str(table.engine.legal_actions(table.state)[0]))


async def restarted(path: Path) -> tuple[TableService, Told, list[int], Database]:
    db = await open_database(path)
    svc, told = service(db)
    restored = await svc.restore()
    for _ in range(20):  # the apologies are sent in the background
        await asyncio.sleep(0)
    return svc, told, restored, db


async def test_open_tables_come_back_as_they_were(path: Path) -> None:
    db = await open_database(path)
    svc, _ = service(db)
    lobby = await soi_table(svc, 5, start=False)
    running = await soi_table(svc, 6)
    await play(svc, running, 6)
    seen = running.public_view(), running.version, list(running.log), list(running.recent)
    await svc.aclose()
    await db.close()

    svc2, told, restored, db2 = await restarted(path)
    try:
        assert sorted(restored) == sorted([lobby.id, running.id])
        again = svc2.in_channel(5)
        assert again is not None and again.status is TableStatus.LOBBY
        assert again.state is None and [s.name for s in again.seats] == ["Ann", "Bob", "Cat"]
        back = svc2.get(running.id)
        assert back is not None and svc2.in_channel(6) is back
        assert (back.public_view(), back.version, list(back.log), list(back.recent)) == seen
        assert told.announcements == []
    finally:
        await svc2.aclose()
        await db2.close()


async def test_a_log_that_no_longer_replays_closes_only_that_table(path: Path) -> None:
    db = await open_database(path)
    svc, _ = service(db)
    good = await soi_table(svc, 5)
    bad = await soi_table(svc, 6)
    await play(svc, bad, 2)
    # the third move logged for a seat that is not the one to act
    seat = (bad.to_act() or 0) + 1
    await db.execute("INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, 2, ?, ?)",
                     (bad.id, seat % 3, str(bad.engine.legal_actions(bad.state)[0])))
    await svc.aclose()
    await db.close()

    svc2, told, restored, db2 = await restarted(path)
    try:
        assert restored == [good.id]
        assert svc2.get(bad.id) is None and svc2.in_channel(6) is None
        stored = await TableRepo(db2).get(bad.id)
        assert stored is not None and stored.status is TableStatus.BROKEN
        assert [table_id for table_id, _ in told.announcements] == [bad.id]
        assert "could not be restored" in told.announcements[0][1]
    finally:
        await svc2.aclose()
        await db2.close()


async def test_a_long_log_without_a_snapshot_gets_one(path: Path) -> None:
    db = await open_database(path)
    svc, _ = service(db)
    table = await soi_table(svc, 5)
    await play(svc, table, snapshots.SNAPSHOT_EVERY + 3)
    view = table.public_view()
    await db.execute("DELETE FROM table_snapshots", ())
    await svc.aclose()
    await db.close()

    svc2, _, restored, db2 = await restarted(path)
    try:
        assert restored == [table.id]
        snap = await TableRepo(db2).snapshot(table.id)
        assert snap is not None and snap.actions == snapshots.SNAPSHOT_EVERY + 3
        back = svc2.get(table.id)
        assert back is not None and back.public_view() == view
    finally:
        await svc2.aclose()
        await db2.close()

    svc3, _, restored, db3 = await restarted(path)  # and the next start reads it
    try:
        back = svc3.get(table.id)
        assert restored == [table.id] and back is not None and back.public_view() == view
    finally:
        await svc3.aclose()
        await db3.close()

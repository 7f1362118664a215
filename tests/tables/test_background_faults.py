"""A table's background steps survive failed writes: the computer's move, the turn timer,
the game's result, the start and the restore (issue 18, points 1, 3, 7, 9)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from pathlib import Path
from typing import Any

import pytest

from bot import rating
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.connect import open_database
from storage.database import Database
from storage.errors import StorageBusy
from storage.tables import TableRepo, TableStatus
from tests.helpers.flaky import FlakyStats, FlakyTables, write_lock
from tests.helpers.games import every_game


def _service(repo: TableRepo, **kwargs: Any) -> TableService:
    options: dict[str, Any] = {"ai_delay": 0.0, "render_interval": 0.0,
                               "seed_source": lambda: 11, "retry_delay": 0.02, **kwargs}
    return TableService(repo, games=every_game(), **options)


def _first(table: Table) -> str:
    return str(table.engine.legal_actions(table.state)[0])


async def _until(check: Any, seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the table never got there")


async def _with_computer(svc: TableService, timer: int | None = None) -> Table:
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=timer)
    await svc.add_computer(table.id, table.version, 100, "easy")
    await svc.start(table.id, table.version, 100)
    return table


@pytest.mark.slow
async def test_computer_move_survives_a_locked_database(tmp_path: Path) -> None:
    """Another process holds the write lock when the computer moves: its move fails
    (StorageBusy), is retried, and lands once the lock is gone."""
    path = tmp_path / "t.db"
    db = await open_database(path)
    try:
        svc = _service(TableRepo(db), ai_delay=0.3)
        table = await _with_computer(svc)
        while table.to_act() == table.seat_of(100):
            await svc.act(table.id, 100, _first(table))
        version = table.version
        with write_lock(path):  # the computer's next write waits 0.75 s, then fails
            await asyncio.sleep(2.0)
            assert table.version == version
        await _until(lambda: table.version > version)
        assert len(await TableRepo(db).actions(table.id)) == len(table.log)
        await svc.aclose()
    finally:
        await db.close()


async def test_computer_move_retries_until_stored(db: Database) -> None:
    """Three failed writes of the computer's move: the fourth stores it and play goes on."""
    repo = FlakyTables(db)
    svc = _service(repo, ai_delay=0.05)
    table = await _with_computer(svc)
    while table.to_act() == table.seat_of(100):
        await svc.act(table.id, 100, _first(table))
    repo.fail["append_action"] = 3
    version = table.version
    await _until(lambda: table.version > version)
    assert repo.failed["append_action"] == 3
    assert len(await repo.actions(table.id)) == len(table.log)
    await svc.aclose()


@pytest.mark.slow
async def test_turn_timer_fires_again_after_a_failed_write(db: Database) -> None:
    """The turn timer's move fails to store twice: the timer fires again and moves."""
    repo = FlakyTables(db)
    svc = _service(repo)
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=1)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    seat = table.to_act()
    assert seat is not None
    repo.fail["append_action"] = 2
    await _until(lambda: bool(table.log))
    assert repo.failed["append_action"] == 2
    assert table.seats[seat].timeouts == 1
    stored = await repo.seats(table.id)
    assert stored[seat].timeouts == 1
    await svc.aclose()


async def test_deadline_is_stored_again_after_a_failed_write(tmp_path: Path) -> None:
    """A timed table restored with no stored turn deadline: storing it fails twice, is
    tried again, and the turn timer is armed at the stored deadline."""
    path = tmp_path / "t.db"
    db = await open_database(path)
    svc = _service(TableRepo(db))
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    await svc.aclose()
    # the server's timer was turned on while this turn was untimed: no deadline stored
    await db.execute("UPDATE tables SET timer_seconds = 600 WHERE id = ?", (table.id,))
    await db.close()
    db2 = await open_database(path)
    try:
        repo = FlakyTables(db2)
        repo.fail["set_deadline"] = 2
        svc2 = _service(repo)
        await svc2.restore()
        await _until(lambda: svc2.timers.deadline_of(table.id, "turn") is not None)
        assert repo.failed["set_deadline"] == 2
        stored = await repo.get(table.id)
        assert stored is not None and stored.deadline is not None
        assert svc2.timers.deadline_of(table.id, "turn") == stored.deadline
        await svc2.aclose()
    finally:
        await db2.close()


@pytest.mark.slow
async def test_result_survives_failed_writes(db: Database) -> None:
    """The finished game's result fails to store twice; it is retried and stored."""
    stats = FlakyStats(db, rater=rating)
    stats.fail = 2
    svc = _service(TableRepo(db))
    svc.add_finish_listener(stats.record)
    table = await _with_computer(svc)
    while table.running:
        await asyncio.sleep(0.01)
        if table.running and table.to_act() == table.seat_of(100):
            await svc.act(table.id, 100, _first(table))
    assert table.status is TableStatus.FINISHED

    async def recorded() -> int:
        return (await stats.history(1)).total

    for _ in range(200):
        if await recorded():
            break
        await asyncio.sleep(0.02)
    assert await recorded() == 1
    assert stats.fail == 0
    await svc.aclose()


async def test_start_that_fails_to_store_leaves_the_lobby(db: Database) -> None:
    """A start whose write fails deals nothing: the lobby stays a lobby, with no cards."""
    repo = FlakyTables(db)
    svc = _service(repo)
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    version = table.version
    repo.fail["start"] = 1
    with pytest.raises(StorageBusy):
        await svc.start(table.id, version, 100)
    assert table.status is TableStatus.LOBBY and table.state is None
    assert table.version == version and not table.pending_dms
    await svc.start(table.id, version, 100)
    assert table.running


async def test_restore_is_safe_when_a_computer_ends_a_game(tmp_path: Path) -> None:
    """A restored table whose computer makes the last move at once: every other table is
    still restored, and restore() does not fail."""
    path = tmp_path / "t.db"
    db = await open_database(path)
    svc = _service(TableRepo(db))
    tables = []
    for channel in (5, 6, 7):
        table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                               game="turup", options={"rounds": 1}, timer_seconds=None)
        await svc.join(table.id, table.version, 200, "Bob")
        await svc.start(table.id, table.version, 100)
        tables.append(table)
    first = tables[0]

    def ends(table: Table) -> bool:
        return any(table.engine.to_act(table.engine.apply(table.state, a).state) is None
                   for a in table.engine.legal_actions(table.state))

    while not ends(first):
        user = first.seats[first.to_act() or 0].user_id or 0
        await svc.act(first.id, user, _first(first))
    seat = first.to_act()
    assert seat is not None
    held = first.seats[seat]

    await TableRepo(db).update_seat(first.id, dataclasses.replace(held, computer_level="easy"),
                                    first.version + 1)
    await svc.aclose()
    await db.close()

    db2 = await open_database(path)
    try:
        svc2 = _service(TableRepo(db2))
        restored = await svc2.restore()
        assert sorted(restored) == sorted(t.id for t in tables)
        await _until(lambda: svc2.get(first.id) is None)  # the computer finished it after
        assert all(svc2.get(t.id) is not None for t in tables[1:])
        await svc2.aclose()
    finally:
        await db2.close()


async def test_a_failed_background_write_is_logged_without_a_traceback(
        db: Database, caplog: pytest.LogCaptureFixture) -> None:
    """A retried write logs one warning line per try, naming the table, not a traceback."""
    repo = FlakyTables(db)
    svc = _service(repo)
    table = await _with_computer(svc)
    while table.to_act() == table.seat_of(100):
        await svc.act(table.id, 100, _first(table))
    repo.fail["append_action"] = 1
    version = table.version
    with caplog.at_level(logging.WARNING):
        await _until(lambda: table.version > version)
    lines = [r for r in caplog.records if "could not be stored" in r.getMessage()]
    assert lines and all(r.exc_info is None for r in lines)
    await svc.aclose()


async def test_lobby_expiry_closes_after_failed_writes(db: Database) -> None:
    """A lobby past its time whose close fails to store twice is closed on a later try."""
    repo = FlakyTables(db)
    svc = _service(repo, lobby_seconds=0.2)
    repo.fail["close"] = 2
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await _until(lambda: svc.get(table.id) is None)
    assert repo.failed["close"] == 2
    stored = await repo.get(table.id)
    assert stored is not None and stored.status is TableStatus.CANCELLED
    await svc.aclose()

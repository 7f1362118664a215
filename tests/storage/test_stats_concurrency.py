"""Twenty tables finishing at the same moment: every result and rating update is kept."""

from __future__ import annotations

import asyncio
from pathlib import Path

from storage.database import Database
from storage.stats import StatsRepo
from tests.storage.test_stats import GUILD, count, make_result

PLAYERS = list(range(10, 16))


def twenty_results(offset: int = 0) -> list:
    """20 four-player games among six players, each player in several of them."""
    results = []
    for i in range(20):
        seats = [PLAYERS[(i + k) % len(PLAYERS)] for k in range(4)]
        results.append(make_result(offset + i + 1, seats, [200, 150, 100, 50]))
    return results


async def check_all_counted(db: Database, tables: int) -> None:
    """Every result, seat and per-player game count is present."""
    assert await count(db, "game_results") == tables
    assert await count(db, "result_seats") == 4 * tables
    assert await count(db, "rating_history") == 4 * tables
    board = await StatsRepo(db).leaderboard(GUILD, "pariah")
    assert sum(r.games for r in board.rows) == 4 * tables
    assert sum(r.wins for r in board.rows) == tables


async def test_twenty_concurrent_records_on_one_connection(tmp_path: Path) -> None:
    """asyncio.gather of 20 record calls on one Database loses nothing."""
    async with await Database.open(tmp_path / "one.db") as db:
        repo = StatsRepo(db)
        await asyncio.gather(*(repo.record(r) for r in twenty_results()))
        await check_all_counted(db, 20)


async def test_concurrent_records_from_two_connections(tmp_path: Path) -> None:
    """Two Database connections to one file, 20 records each at once, lose nothing."""
    path = tmp_path / "two.db"
    async with await Database.open(path) as first, await Database.open(path) as second:
        a, b = StatsRepo(first), StatsRepo(second)
        await asyncio.gather(
            *(a.record(r) for r in twenty_results()),
            *(b.record(r) for r in twenty_results(offset=100)),
        )
        await check_all_counted(first, 40)


async def test_duplicate_concurrent_records_store_once(tmp_path: Path) -> None:
    """The same table recorded at once from two connections is stored and rated once."""
    path = tmp_path / "dup.db"
    result = make_result(1, [10, 11, 12, 13], [300, 200, 100, 50])
    async with await Database.open(path) as first, await Database.open(path) as second:
        await asyncio.gather(*(StatsRepo(db).record(result) for db in (first, second) * 3))
        await check_all_counted(first, 1)


async def test_records_interleaved_with_table_writes(db: Database) -> None:
    """Stats and table-repository transactions on one connection never nest (shared lock)."""
    from storage.tables import SeatRecord, TableRepo

    tables = TableRepo(db)

    async def open_table(channel: int) -> None:
        seats = [SeatRecord(seat=0, user_id=10, name="user10")]
        await tables.create(guild_id=GUILD, channel_id=channel, host_id=10, game="turup",
                            variant={"rounds": 1}, seed=channel, timer_seconds=None, seats=seats)

    stats = StatsRepo(db)
    await asyncio.gather(
        *(stats.record(r) for r in twenty_results()),
        *(open_table(1000 + i) for i in range(20)),
    )
    await check_all_counted(db, 20)
    assert await count(db, "tables") == 20

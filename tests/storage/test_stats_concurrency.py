"""Twenty tables finishing at the same moment: every result and rating update is kept."""

from __future__ import annotations

import asyncio

from bot import rating
from storage.database import Database
from storage.stats import StatsRepo
from tests.helpers.databases import Backend
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
    board = await StatsRepo(db, rater=rating).leaderboard(GUILD, "pariah")
    assert sum(r.games for r in board.rows) == 4 * tables
    assert sum(r.wins for r in board.rows) == tables


async def test_twenty_concurrent_records_on_one_database(db: Database) -> None:
    """asyncio.gather of 20 record calls on one Database loses nothing."""
    repo = StatsRepo(db, rater=rating)
    await asyncio.gather(*(repo.record(r) for r in twenty_results()))
    await check_all_counted(db, 20)


async def test_concurrent_records_from_two_databases(backend: Backend) -> None:
    """Two Database objects on one database (two processes), 20 records each at once,
    lose nothing: every rating update is kept."""
    first, second = await backend.open(), await backend.open()
    a, b = StatsRepo(first, rater=rating), StatsRepo(second, rater=rating)
    await asyncio.gather(
        *(a.record(r) for r in twenty_results()),
        *(b.record(r) for r in twenty_results(offset=100)),
    )
    await check_all_counted(first, 40)


async def test_duplicate_concurrent_records_store_once(backend: Backend) -> None:
    """The same table recorded at once from two databases is stored and rated once."""
    result = make_result(1, [10, 11, 12, 13], [300, 200, 100, 50])
    first, second = await backend.open(), await backend.open()
    await asyncio.gather(
        *(StatsRepo(db, rater=rating).record(result) for db in (first, second) * 3))
    await check_all_counted(first, 1)


async def test_records_interleaved_with_table_writes(db: Database) -> None:
    """Stats and table-repository transactions on one connection never nest (shared lock)."""
    from storage.tables import SeatRecord, TableRepo

    tables = TableRepo(db)

    async def open_table(channel: int) -> None:
        seats = [SeatRecord(seat=0, user_id=10, name="user10")]
        await tables.create(guild_id=GUILD, channel_id=channel, host_id=10, game="turup",
                            variant={"rounds": 1}, seed=channel, timer_seconds=None, seats=seats)

    stats = StatsRepo(db, rater=rating)
    await asyncio.gather(
        *(stats.record(r) for r in twenty_results()),
        *(open_table(1000 + i) for i in range(20)),
    )
    await check_all_counted(db, 20)
    assert await count(db, "tables") == 20

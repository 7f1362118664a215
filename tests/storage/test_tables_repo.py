"""TableRepo on both backends: tables, seats, the action log, one open table per channel,
shard scopes."""

from __future__ import annotations

import pytest

from storage.database import Database
from storage.errors import IntegrityViolation
from storage.shards import ShardScope, shard_of
from storage.tables import OpenTableExists, SeatRecord, TableRepo, TableStatus


async def _lobby(repo: TableRepo, channel: int = 20) -> int:
    table = await repo.create(
        guild_id=10, channel_id=channel, host_id=1, game="turup", variant={"rounds": 1},
        seed=7, timer_seconds=None, seats=[SeatRecord(0, 1, "Ann")],
    )
    return table.id


async def test_create_returns_lobby_record(db: Database) -> None:
    """A new table is a lobby at version 0 with its variant and seats stored."""
    repo = TableRepo(db)
    table_id = await _lobby(repo)
    stored = await repo.load(table_id)
    assert stored is not None
    assert stored.table.status is TableStatus.LOBBY
    assert stored.table.version == 0
    assert stored.table.variant == {"rounds": 1}
    assert stored.seats == (SeatRecord(0, 1, "Ann"),)
    assert stored.actions == ()


async def test_one_open_table_per_channel(db: Database) -> None:
    """A second open table in the same channel is refused; another channel is fine."""
    repo = TableRepo(db)
    await _lobby(repo)
    with pytest.raises(OpenTableExists):
        await _lobby(repo)
    assert await _lobby(repo, channel=21)


async def test_closed_table_frees_the_channel(db: Database) -> None:
    """Once closed, the channel can open a new table and the old one is not open."""
    repo = TableRepo(db)
    first = await _lobby(repo)
    await repo.close(first, status=TableStatus.CANCELLED, reason="cancelled", version=1)
    second = await _lobby(repo)
    assert [t.id for t in await repo.open_tables()] == [second]
    closed = await repo.get(first)
    assert closed is not None and closed.status is TableStatus.CANCELLED


async def test_actions_logged_in_order_with_version(db: Database) -> None:
    """Appended actions come back in order, each with who chose it (a person, or a
    computer), and the version and deadline are stored."""
    repo = TableRepo(db)
    table_id = await _lobby(repo)
    seats = [SeatRecord(0, 1, "Ann"), SeatRecord(1, None, "Ada (easy)", computer_level="easy")]
    await repo.start(table_id, seats=seats, seed=7, version=1, deadline=None)
    await repo.append_action(table_id, seq=0, seat=0, text="trail 9C", version=2, deadline=99.5)
    await repo.append_action(table_id, seq=1, seat=1, text="trail 2D", version=3, deadline=None,
                             by_computer=True)
    stored = await repo.load(table_id)
    assert stored is not None
    assert [a.text for a in stored.actions] == ["trail 9C", "trail 2D"]
    assert [a.by_computer for a in stored.actions] == [False, True]
    for scoped in (await repo.load_open(), await repo.load_open(after_snapshots=True)):
        assert [a.by_computer for a in scoped[0].actions] == [False, True]
    await repo.replace_actions(table_id, stored.actions)
    assert await repo.actions(table_id) == list(stored.actions)
    assert stored.table.version == 3 and stored.table.status is TableStatus.RUNNING
    assert stored.seats[1].is_computer_held and not stored.seats[1].is_human
    assert [s.table.id for s in await repo.load_open()] == [table_id]


async def test_duplicate_sequence_rolls_back(db: Database) -> None:
    """A failed append leaves neither the action nor the new version behind."""
    repo = TableRepo(db)
    table_id = await _lobby(repo)
    await repo.append_action(table_id, seq=0, seat=0, text="trail 9C", version=1, deadline=None)
    with pytest.raises(IntegrityViolation):
        await repo.append_action(table_id, seq=0, seat=0, text="x", version=2, deadline=None)
    table = await repo.get(table_id)
    assert table is not None and table.version == 1
    assert len(await repo.actions(table_id)) == 1


async def test_finished_action_closes_table(db: Database) -> None:
    """The last action with finished=True closes the table in the same step."""
    repo = TableRepo(db)
    table_id = await _lobby(repo)
    await repo.append_action(table_id, seq=0, seat=0, text="x", version=1, deadline=None,
                             finished=True)
    table = await repo.get(table_id)
    assert table is not None and table.status is TableStatus.FINISHED
    assert await repo.open_in_channel(20) is None


async def test_update_seat_marks_resignation(db: Database) -> None:
    """A resigned seat is stored as held by a computer and resigned."""
    repo = TableRepo(db)
    table_id = await _lobby(repo)
    await repo.update_seat(table_id, SeatRecord(0, 1, "Ann", "easy", resigned=True), 4)
    seat = (await repo.seats(table_id))[0]
    assert seat.resigned and seat.computer_level == "easy" and seat.user_id == 1


def guild_on_shard(shard: int, count: int = 4, n: int = 0) -> int:
    """A guild id Discord puts on ``shard`` of ``count``."""
    return ((n * count + shard) << 22) | 12345


async def test_scoped_repo_sees_only_its_shards_open_tables(db: Database) -> None:
    """A repository scoped to shards 0 and 2 (of 4) finds and loads only their tables;
    another scope sees the rest; ``restoring`` narrows to the shards being taken over."""
    everyone = TableRepo(db)
    for shard in range(4):
        await everyone.create(
            guild_id=guild_on_shard(shard), channel_id=100 + shard, host_id=1, game="turup",
            variant={"rounds": 1}, seed=shard, timer_seconds=None,
            seats=[SeatRecord(0, 1, "Ann")])
    mine = TableRepo(db, scope=ShardScope(4, {0, 2}))
    theirs = TableRepo(db, scope=ShardScope(4, {1, 3}))
    assert [t.channel_id for t in await mine.open_tables()] == [100, 102]
    assert [s.table.channel_id for s in await mine.load_open(after_snapshots=True)] == [100, 102]
    assert [s.table.channel_id for s in await theirs.load_open()] == [101, 103]
    assert len(await everyone.open_tables()) == 4
    async with mine.restoring(ShardScope(4, {2})):
        assert [t.channel_id for t in await mine.open_tables()] == [102]
    assert len(await mine.open_tables()) == 2


def test_shard_of_matches_discord() -> None:
    """shard_of is Discord's (guild_id >> 22) % shard_count."""
    assert shard_of(guild_on_shard(3, 4, n=5), 4) == 3
    assert shard_of(81384788765712384, 1) == 0

"""Puzzles on both backends (migration 014): finished tables to search, newest first and
each once; puzzles stored, counted, picked and read back."""

from __future__ import annotations

from storage.database import Database
from storage.puzzles import PuzzleRepo
from storage.tables import SeatRecord, TableRepo


async def finished_table(db: Database, game: str, actions: list[str], channel: int) -> int:
    """A table played to its end through the table repository: its id."""
    tables = TableRepo(db)
    seats = [SeatRecord(0, 11, "ana"), SeatRecord(1, None, "Computer", "easy")]
    record = await tables.create(guild_id=1, channel_id=channel, host_id=11, game=game,
                                 variant={"threshold": 200}, seed=42, timer_seconds=None,
                                 seats=seats)
    await tables.start(record.id, seats=seats, seed=42, version=1, deadline=None)
    for seq, text in enumerate(actions):
        await tables.append_action(record.id, seq=seq, seat=0, text=text, version=seq + 2,
                                   deadline=None, finished=seq == len(actions) - 1)
    return record.id


async def test_finished_tables_are_searched_once_newest_first(db: Database) -> None:
    """unsearched lists finished tables of the game with their log and human seats; once
    searched (puzzle or not) a table is not listed again."""
    repo = PuzzleRepo(db)
    first = await finished_table(db, "pariah", ["draw", "discard"], channel=5)
    second = await finished_table(db, "pariah", ["draw", "keep 1"], channel=6)
    await finished_table(db, "turup", ["trail 5D"], channel=7)
    (found,) = await repo.unsearched("pariah", 1)
    assert found.table_id == second and found.actions == ("draw", "keep 1")
    assert found.players == 2 and found.humans == (0,) and found.seed == 42
    assert found.variant == {"threshold": 200}
    await repo.searched(second, "pariah", [(1, 0, '{"x": 1}')])
    await repo.searched(second, "pariah", [(1, 0, '{"x": 1}')])
    assert [g.table_id for g in await repo.unsearched("pariah", 5)] == [first]
    await repo.searched(first, "pariah", [])
    assert await repo.unsearched("pariah", 5) == []
    assert await repo.count("pariah") == 1 and await repo.count("turup") == 0


async def test_puzzles_are_picked_and_read_back(db: Database) -> None:
    """pick wraps around the game's puzzles; get reads one by id; no puzzle: None."""
    repo = PuzzleRepo(db)
    assert await repo.pick("soi", 3) is None
    await repo.searched(1, "soi", [(4, 0, "a"), (9, 1, "b")])
    picked = {(await repo.pick("soi", n)).data for n in range(4)}  # type: ignore[union-attr]
    assert picked == {"a", "b"}
    one = await repo.pick("soi", 0)
    assert one is not None and (await repo.get(one.id)) == one
    assert await repo.get(10**12) is None

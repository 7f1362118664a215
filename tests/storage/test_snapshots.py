"""Table snapshots in SQLite: written with an action, one per table, dropped on close, and
the restore read that leaves out the actions a snapshot covers."""

from __future__ import annotations

import pytest

from storage.database import Database
from storage.snapshots import SnapshotRecord
from storage.tables import SeatRecord, TableRepo, TableStatus


async def _running(repo: TableRepo, channel: int = 20, actions: int = 0) -> int:
    table = await repo.create(
        guild_id=10, channel_id=channel, host_id=1, game="turup", variant={},
        seed=7, timer_seconds=None, seats=[SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Bob")],
    )
    await repo.start(table.id, seats=[SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Bob")],
                     seed=7, version=1, deadline=None)
    for seq in range(actions):
        await repo.append_action(table.id, seq=seq, seat=seq % 2, text=f"a{seq}",
                                 version=seq + 2, deadline=None)
    return table.id


def _snap(actions: int, data: bytes = b"state") -> SnapshotRecord:
    return SnapshotRecord(actions, "turup:test", data)


async def test_snapshot_stored_with_its_action(db: Database) -> None:
    """A snapshot passed to append_action is stored with the action, and a newer one
    replaces it (one snapshot per table)."""
    repo = TableRepo(db)
    table_id = await _running(repo, actions=3)
    await repo.append_action(table_id, seq=3, seat=1, text="a3", version=5, deadline=None,
                             snapshot=_snap(3))
    assert await repo.snapshot(table_id) == _snap(3)
    await repo.append_action(table_id, seq=4, seat=0, text="a4", version=6, deadline=None,
                             snapshot=_snap(5, b"newer"))
    assert await repo.snapshot(table_id) == _snap(5, b"newer")
    count = await db.fetchone("SELECT COUNT(*) FROM table_snapshots")
    assert count is not None and count[0] == 1


async def test_snapshot_beyond_the_log_is_refused(db: Database) -> None:
    """A snapshot claiming more actions than the log will hold is refused before anything
    is written (neither the action nor the snapshot)."""
    repo = TableRepo(db)
    table_id = await _running(repo, actions=2)
    with pytest.raises(ValueError):
        await repo.append_action(table_id, seq=2, seat=0, text="a2", version=4, deadline=None,
                                 snapshot=_snap(4))
    assert len(await repo.actions(table_id)) == 2
    assert await repo.snapshot(table_id) is None


async def test_closing_drops_the_snapshot(db: Database) -> None:
    """A closed table (cancelled, or finished by its last action) keeps its log but not its
    snapshot."""
    repo = TableRepo(db)
    first = await _running(repo, channel=20, actions=2)
    second = await _running(repo, channel=21, actions=2)
    await repo.store_snapshots([(first, _snap(2)), (second, _snap(2))])
    await repo.close(first, status=TableStatus.CANCELLED, reason="cancelled", version=9)
    await repo.append_action(second, seq=2, seat=0, text="a2", version=9, deadline=None,
                             finished=True)
    assert await repo.snapshot(first) is None and await repo.snapshot(second) is None
    assert len(await repo.actions(first)) == 2 and len(await repo.actions(second)) == 3


async def test_restore_read_skips_covered_actions(db: Database) -> None:
    """load_open(after_snapshots=True) returns only the actions after each snapshot with the
    count left out; load_open() returns the whole log and the snapshot."""
    repo = TableRepo(db)
    with_snap = await _running(repo, channel=20, actions=7)
    without = await _running(repo, channel=21, actions=3)
    await repo.store_snapshots([(with_snap, _snap(4))])

    tails = {s.table.id: s for s in await repo.load_open(after_snapshots=True)}
    assert [a.text for a in tails[with_snap].actions] == ["a4", "a5", "a6"]
    assert tails[with_snap].skipped == 4 and tails[with_snap].logged == 7
    assert tails[with_snap].snapshot == _snap(4)
    assert [a.seq for a in tails[without].actions] == [0, 1, 2]
    assert tails[without].skipped == 0 and tails[without].snapshot is None

    full = {s.table.id: s for s in await repo.load_open()}
    assert len(full[with_snap].actions) == 7 and full[with_snap].skipped == 0
    assert full[with_snap].snapshot == _snap(4)


async def test_restore_read_with_a_snapshot_past_the_log(db: Database) -> None:
    """A snapshot covering more than the stored log (a damaged file) shows up as a skipped
    count that differs from the snapshot's, so the restore can refuse it."""
    repo = TableRepo(db)
    table_id = await _running(repo, actions=2)
    await repo.store_snapshots([(table_id, _snap(5))])
    (stored,) = await repo.load_open(after_snapshots=True)
    assert stored.actions == () and stored.skipped == 2
    assert stored.snapshot is not None and stored.snapshot.actions != stored.skipped


def test_snapshot_repr_hides_the_blob() -> None:
    """A snapshot's repr gives its size, never its bytes (they hold hidden cards)."""
    assert "secret" not in repr(_snap(3, b"secret-hand"))

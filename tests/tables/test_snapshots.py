"""Restoring tables from snapshots: the same table as a full replay, snapshots written every
SNAPSHOT_EVERY actions, and a snapshot that does not load falls back to the whole log."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.tables import snapshots
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.connect import open_database
from storage.database import Database
from storage.snapshots import SnapshotRecord
from storage.tables import TableRepo, TableStatus
from tests.helpers.games import every_game

EVERY = 4  # small, so a short game crosses several snapshots
PLAYERS = {"soureh": 3, "pariah": 2, "turup": 2, "soi": 3}


@pytest.fixture(autouse=True)
def _every(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", EVERY)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """The database file the tests reopen as a restart would."""
    return tmp_path / "snap.db"


def _service(db: Database) -> TableService:
    return TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                        seed_source=lambda: 23)


async def _play(path: Path, game: str, moves: int, seed: int = 1) -> Table:
    """Open a table of humans, play ``moves`` seeded random legal actions; the live table."""
    rng = random.Random(seed)
    async with await open_database(path) as db:
        svc = _service(db)
        table = await svc.open(guild_id=1, channel_id=9, host_id=100, host_name="p0",
                               game=game, options={}, timer_seconds=None)
        for user in range(1, PLAYERS[game]):
            await svc.join(table.id, table.version, 100 + user, f"p{user}")
        await svc.start(table.id, table.version, 100)
        for _ in range(moves):
            seat = table.to_act()
            assert seat is not None
            text = str(rng.choice(table.engine.legal_actions(table.state)))
            await svc.act(table.id, table.seats[seat].user_id or 0, text)
        await svc.aclose()
        return table


async def _restore(path: Path) -> tuple[TableService, Database]:
    db = await open_database(path)
    svc = _service(db)
    await svc.restore()
    return svc, db


def _picture(table: Table) -> dict[str, Any]:
    """Everything a restored table must agree on (views of every seat included)."""
    return {
        "public": table.public_view(),
        "players": [table.player_view(s.seat) for s in table.seats],
        "legal": [str(a) for a in table.engine.legal_actions(table.state)],
        "to_act": table.to_act(),
        "log": list(table.log),
        "version": table.version,
        "rounds": list(table.rounds),
        "round_no": table.round_no,
        "start_totals": table.round_start_totals,
        "dm_hidden": dict(table.dm_hidden),
    }


async def _stored_snapshot(path: Path, table_id: int) -> SnapshotRecord | None:
    async with await open_database(path) as db:
        return await TableRepo(db).snapshot(table_id)


async def _set_snapshot(path: Path, table_id: int, snap: SnapshotRecord) -> None:
    async with await open_database(path) as db:
        await TableRepo(db).store_snapshots([(table_id, snap)])


async def _full_replay_picture(path: Path, table_id: int) -> dict[str, Any]:
    """The table rebuilt from its whole log (snapshots removed first)."""
    async with await open_database(path) as db:
        await db.execute("DELETE FROM table_snapshots")
    svc, db = await _restore(path)
    try:
        table = svc.get(table_id)
        assert table is not None
        return _picture(table)
    finally:
        await svc.aclose()
        await db.close()


@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_snapshot_restore_equals_full_replay(path: Path, game: str) -> None:
    """Restoring from the newest snapshot plus the actions after it gives the same table as
    replaying the whole log, and play goes on alike from both."""
    live = await _play(path, game, moves=3 * EVERY + 2)
    table_id, log = live.id, live.log
    snap = await _stored_snapshot(path, table_id)
    assert snap is not None and snap.actions == 3 * EVERY  # taken before action 3*EVERY
    svc, db = await _restore(path)
    try:
        table = svc.get(table_id)
        assert table is not None and table.log == log
        from_snapshot = _picture(table)
        seat = table.to_act()
        assert seat is not None
        move = str(table.engine.legal_actions(table.state)[0])
        await svc.act(table_id, table.seats[seat].user_id or 0, move)
        after_move = table.public_view()
        await svc.aclose()
    finally:
        await db.close()
    async with await open_database(path) as db:  # take the move back out of the log
        await db.execute("DELETE FROM table_actions WHERE table_id = ? AND seq = ?",
                         (table_id, len(log)))
        await db.execute("UPDATE tables SET version = version - 1 WHERE id = ?", (table_id,))
    assert await _full_replay_picture(path, table_id) == from_snapshot
    svc, db = await _restore(path)
    try:
        table = svc.get(table_id)
        assert table is not None
        await svc.act(table_id, table.seats[seat].user_id or 0, move)
        assert table.public_view() == after_move
        await svc.aclose()
    finally:
        await db.close()


async def test_restore_keeps_recent_events(path: Path) -> None:
    """The recent public and private events after a snapshot restore are those the live
    table showed before the restart."""
    live = await _play(path, "turup", moves=2 * EVERY + 1)
    svc, db = await _restore(path)
    try:
        again = svc.get(live.id)
        assert again is not None and list(again.recent) == list(live.recent)
        assert {s: list(d) for s, d in again.private.items()} == {
            s: list(d) for s, d in live.private.items()
        }
        await svc.aclose()
    finally:
        await db.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other_format", "wrong_count"])
async def test_bad_snapshot_falls_back_to_full_replay(path: Path, damage: str) -> None:
    """A snapshot that does not load (corrupt, another format tag, a wrong action count)
    is ignored: the table is rebuilt from its whole log and a good snapshot replaces it."""
    live = await _play(path, "soureh", moves=2 * EVERY + 1)
    table_id, log = live.id, live.log
    expected = await _full_replay_picture(path, table_id)
    good = await _stored_snapshot(path, table_id)
    assert good is not None  # the full-replay restore cached one
    bad = {
        "garbage": SnapshotRecord(good.actions, good.tag, b"\x00not a pickle"),
        "truncated": SnapshotRecord(good.actions, good.tag, good.data[: len(good.data) // 2]),
        "other_format": SnapshotRecord(
            good.actions, good.tag.replace(f":{snapshots.SNAPSHOT_FORMAT}:", ":1:"), good.data
        ),
        "wrong_count": SnapshotRecord(good.actions - 1, good.tag, good.data),
    }[damage]
    assert bad != good
    await _set_snapshot(path, table_id, bad)
    svc, db = await _restore(path)
    try:
        table = svc.get(table_id)
        assert table is not None and table.status is TableStatus.RUNNING
        assert _picture(table) == expected and table.log == log
        await svc.aclose()
        refreshed = await TableRepo(db).snapshot(table_id)
        assert refreshed is not None and refreshed.actions == len(log)
        assert snapshots.load(refreshed, table, len(log)).actions == len(log)
    finally:
        await db.close()


async def test_bad_snapshot_and_broken_log_marks_table_broken(path: Path) -> None:
    """When the snapshot is refused and the log no longer replays either, the table is
    closed as broken (never a crash), and its snapshot is dropped."""
    table_id = (await _play(path, "turup", moves=EVERY + 2)).id
    async with await open_database(path) as db:
        await db.execute("UPDATE table_snapshots SET data = x'00'")
        await db.execute("UPDATE table_actions SET text = 'jump 3' WHERE seq = 0")
    svc, db = await _restore(path)
    try:
        assert svc.get(table_id) is None
        stored = await TableRepo(db).get(table_id)
        assert stored is not None and stored.status is TableStatus.BROKEN
        assert await TableRepo(db).snapshot(table_id) is None
        await svc.aclose()
    finally:
        await db.close()


async def test_restore_caches_snapshots_for_old_tables(path: Path) -> None:
    """Tables without snapshots (written by older code) are replayed in full once, and that
    restore stores a snapshot of the whole log for the next start-up."""
    live = await _play(path, "turup", moves=EVERY + 1)
    table_id, log = live.id, live.log
    async with await open_database(path) as db:
        await db.execute("DELETE FROM table_snapshots")
    svc, db = await _restore(path)
    await svc.aclose()
    await db.close()
    snap = await _stored_snapshot(path, table_id)
    assert snap is not None and snap.actions == len(log)


async def test_snapshot_failure_never_blocks_play(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If taking a snapshot fails, the action is still applied and logged."""

    def broken(table: Table) -> SnapshotRecord:
        raise RuntimeError("cannot pickle")

    monkeypatch.setattr(snapshots, "take", broken)
    live = await _play(path, "turup", moves=EVERY + 2)
    table_id, log = live.id, live.log
    async with await open_database(path) as db:
        assert [a.text for a in await TableRepo(db).actions(table_id)] == log
        assert await TableRepo(db).snapshot(table_id) is None


async def test_snapshot_restore_keeps_round_points(path: Path) -> None:
    """Round points recorded live before the snapshot survive a restore from it."""
    async with await open_database(path) as db:
        svc = _service(db)
        table = await svc.open(guild_id=1, channel_id=9, host_id=100, host_name="p0",
                               game="turup", options={"rounds": 2}, timer_seconds=None)
        await svc.join(table.id, table.version, 101, "p1")
        await svc.start(table.id, table.version, 100)
        while table.public_view()["round"] == 1 or len(table.log) % EVERY != 2:
            seat = table.to_act()
            assert seat is not None
            await svc.act(table.id, table.seats[seat].user_id or 0, str(
                table.engine.legal_actions(table.state)[0]))
        assert len(table.rounds) == 1
        await svc.aclose()
        snap = await TableRepo(db).snapshot(table.id)
    assert snap is not None and snap.actions == len(table.log) - 2
    svc, db = await _restore(path)
    try:
        again = svc.get(table.id)
        assert again is not None and again.rounds == table.rounds
        assert again.round_start_totals == table.round_start_totals
        await svc.aclose()
    finally:
        await db.close()

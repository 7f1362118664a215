"""A write lock held by another PROCESS for 10 s stalls nothing: reads go on, writes that
need the lock fail fast with StorageBusy ("busy, try again"), other writes go on, and all
of it is over while the other process still holds its transaction."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from storage.errors import StorageBusy
from storage.tables import SeatRecord, TableRepo
from tests.helpers.databases import Backend

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
HOLD_SECONDS = 10

SQLITE_HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("UPDATE tables SET version = version + 100")
    print("HOLDING", flush=True)
    time.sleep(float(sys.argv[2]))
    conn.execute("ROLLBACK")
""")

POSTGRES_HOLDER = textwrap.dedent("""
    import asyncio, sys, asyncpg
    async def main():
        conn = await asyncpg.connect(sys.argv[1])
        async with conn.transaction():
            await conn.execute("UPDATE tables SET version = version + 100 WHERE id = 1")
            print("HOLDING", flush=True)
            await asyncio.sleep(float(sys.argv[2]))
            raise SystemExit(0)
    asyncio.run(main())
""")


def _hold(backend_kind: str, target: str) -> subprocess.Popen[str]:
    script = SQLITE_HOLDER if backend_kind == "sqlite" else POSTGRES_HOLDER
    proc = subprocess.Popen([sys.executable, "-c", script, target, str(HOLD_SECONDS)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "HOLDING"
    return proc


async def _lobby(repo: TableRepo, channel: int) -> int:
    table = await repo.create(guild_id=1, channel_id=channel, host_id=1, game="turup",
                              variant={"rounds": 1}, seed=1, timer_seconds=None,
                              seats=[SeatRecord(0, 1, "Ann")])
    return table.id


async def test_a_write_lock_held_by_another_process_stalls_nothing(backend: Backend) -> None:
    """Another process holds a write transaction for 10 s: our reads finish, the writes it
    blocks fail with StorageBusy (several at once, none queued for long), and everything is
    over before it lets go; afterwards writes work again."""
    db = await backend.open()
    repo = TableRepo(db)
    first = await _lobby(repo, 1)
    url = await backend.url()
    target = url.removeprefix("sqlite:///") if backend.kind == "sqlite" else url
    holder = _hold(backend.kind, target)
    try:
        assert (await repo.get(first)) is not None  # a read, off the writer's queue
        assert len(await repo.open_tables()) == 1
        outcomes = await asyncio.gather(
            *(repo.set_deadline(first, 1.0 + i) for i in range(3)), return_exceptions=True)
        assert all(isinstance(o, StorageBusy) for o in outcomes), outcomes
        if backend.kind == "postgres":  # row locks: another table's writes go on
            second = await _lobby(repo, 2)
            await repo.set_deadline(second, 5.0)
        assert (await repo.get(first)) is not None
        assert holder.poll() is None, "all of it was over while the lock was still held"
    finally:
        holder.kill()
        holder.wait()
    await repo.set_deadline(first, 9.0)
    stored = await repo.get(first)
    assert stored is not None and stored.deadline == 9.0 and stored.version == 0


async def test_sqlite_wal_stays_bounded_under_sustained_writes(sqlite_backend: Backend) -> None:
    """Thousands of commits with a reader active between them: the WAL file stays near its
    limit (journal_size_limit plus automatic checkpoints), not growing with the load."""
    from storage.sqlite import JOURNAL_SIZE_LIMIT

    db = await sqlite_backend.open()
    repo = TableRepo(db)
    table_id = await _lobby(repo, 1)
    wal = Path((await sqlite_backend.url()).removeprefix("sqlite:///") + "-wal")
    biggest = 0
    for seq in range(3000):
        await repo.append_action(table_id, seq=seq, seat=0, text="x" * 200, version=seq + 1,
                                 deadline=None)
        if seq % 50 == 0:
            await repo.actions(table_id)  # readers come and go, as in play
            biggest = max(biggest, wal.stat().st_size)
    written = 3000 * 4096  # at least a page per commit went through the WAL
    assert biggest < 2 * JOURNAL_SIZE_LIMIT < written

"""Crash recovery on both backends: a worker playing through ``TableService`` is SIGKILLed
at random moments; every action it acknowledged is in the restored tables and the game goes
on. On PostgreSQL the server also ends the worker's sessions now and then (as a restart
would): moves in flight are "not saved", the pool reconnects, nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.tables.service import TableService
from storage.connect import open_database
from storage.tables import TableRepo, TableStatus
from tests.helpers.databases import BACKENDS, Backend, terminate_sessions
from tests.helpers.games import every_game

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
KILLS = 30  # per backend: 60 in all


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """This test's database on one backend."""
    made = Backend(request.param, tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


def _start(url: str, seed: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.crash_worker", url, str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "READY"
    return proc


def _kill(proc: subprocess.Popen[str]) -> list[tuple[int, int, str]]:
    proc.send_signal(signal.SIGKILL)
    assert proc.stdout is not None
    out = proc.stdout.read()
    proc.wait()
    acked = []
    for line in out.splitlines():
        if line.startswith("ACK "):
            _, table_id, seq, text = line.split(" ", 3)
            acked.append((int(table_id), int(seq), text))
    return acked


async def _run_and_kill(url: str, seed: int, pause: float, *,
                        cut_sessions: bool = False) -> list[tuple[int, int, str]]:
    proc = _start(url, seed)
    if cut_sessions:  # the server ends every session mid-play, then the process dies
        await asyncio.sleep(pause / 2)
        await terminate_sessions(url)
        await asyncio.sleep(pause / 2)
    else:
        time.sleep(pause)
    return _kill(proc)


async def test_acknowledged_actions_survive_sigkill(backend: Backend) -> None:
    """30 SIGKILLs per backend at random moments, with a computer seat's table and a
    timed table beside (on PostgreSQL, every third run also ends the sessions mid-play):
    every start-up (restore) succeeds, no acknowledged action is lost, the game goes on,
    and the computer and timed tables restore and play on. (A one-round game ends every
    fifty or so actions; when the last kill falls between its end and the next table's
    opening, the channel is empty and that game is stored finished.)"""
    url = await backend.url()
    rng = random.Random(6)
    acked: list[tuple[int, int, str]] = []
    for run in range(KILLS):
        cut = backend.kind == "postgres" and run % 3 == 2
        acked += await _run_and_kill(url, run, rng.uniform(0.0, 0.3) + 0.1 * cut,
                                     cut_sessions=cut)
    assert len(acked) > KILLS, "the worker got to play between kills"
    db = await open_database(url)
    try:
        repo = TableRepo(db)
        logs: dict[int, list[str]] = {}
        for table_id in {t for t, _, _ in acked}:
            stored = await repo.load(table_id)
            assert stored is not None
            logs[table_id] = [a.text for a in stored.actions]
        for table_id, seq, text in acked:
            assert logs[table_id][seq] == text, f"acknowledged action {seq} lost"
        svc = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0)
        assert await svc.restore(), "an open table is restored"
        table = svc.in_channel(5)
        if table is None:  # the last kill fell after a game ended, before the next opened
            newest = await repo.load(max(t for t, _, _ in acked))
            assert newest is not None
            assert newest.table.status is TableStatus.FINISHED, newest.table.status
        else:
            stored = await repo.load(table.id)
            assert stored is not None and table.log == [a.text for a in stored.actions]
        for channel in (6, 7):  # the computer's and the timer's tables replay too
            other = svc.in_channel(channel)
            if other is not None:  # (its computer or timer may be playing on meanwhile)
                stored = await repo.load(other.id)
                assert stored is not None
                logged = [a.text for a in stored.actions]
                shorter = min(len(logged), len(other.log))
                assert other.log[:shorter] == logged[:shorter]
        played = await db.fetchone("SELECT COUNT(*) FROM table_actions a JOIN tables t "
                                   "ON t.id = a.table_id WHERE t.channel_id IN (6, 7)")
        assert played is not None and played[0], "the computer and the timer played"
        await svc.aclose()
    finally:
        await db.close()
    more = await _run_and_kill(url, KILLS, 0.3)
    assert more, "the game goes on after the last crash"
    db = await open_database(url)
    try:
        for table_id, seq, text in more:
            stored = await TableRepo(db).load(table_id)
            assert stored is not None and stored.actions[seq].text == text
    finally:
        await db.close()

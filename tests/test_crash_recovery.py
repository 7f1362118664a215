"""Crash recovery: a worker playing through ``TableService`` is SIGKILLed at random moments;
every action it acknowledged is in the restored tables and the game goes on."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo

ROOT = Path(__file__).resolve().parents[1]
KILLS = 20


def _run_and_kill(db_path: Path, seed: int, pause: float) -> list[tuple[int, int, str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.crash_worker", str(db_path), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "READY"
    time.sleep(pause)
    proc.send_signal(signal.SIGKILL)
    out = proc.stdout.read()
    proc.wait()
    acked = []
    for line in out.splitlines():
        if line.startswith("ACK "):
            _, table_id, seq, text = line.split(" ", 3)
            acked.append((int(table_id), int(seq), text))
    return acked


async def test_acknowledged_actions_survive_sigkill(tmp_path: Path) -> None:
    """20 SIGKILLs at random moments: no acknowledged action is lost, the game goes on."""
    db_path = tmp_path / "crash.db"
    rng = random.Random(6)
    acked: list[tuple[int, int, str]] = []
    for run in range(KILLS):
        acked += _run_and_kill(db_path, run, rng.uniform(0.0, 0.15))
    assert len(acked) > KILLS, "the worker got to play between kills"
    db = await Database.open(db_path)
    try:
        repo = TableRepo(db)
        logs: dict[int, list[str]] = {}
        for table_id in {t for t, _, _ in acked}:
            stored = await repo.load(table_id)
            assert stored is not None
            logs[table_id] = [a.text for a in stored.actions]
        for table_id, seq, text in acked:
            assert logs[table_id][seq] == text, f"acknowledged action {seq} lost"
        svc = TableService(TableRepo(db), ai_delay=0.0, render_interval=0.0)
        assert await svc.restore(), "an open table is restored"
        table = svc.in_channel(5)
        assert table is not None
        stored = await repo.load(table.id)
        assert stored is not None and table.log == [a.text for a in stored.actions]
        await svc.aclose()
    finally:
        await db.close()
    more = _run_and_kill(db_path, KILLS, 0.3)
    assert more, "the game goes on after the last crash"
    db = await Database.open(db_path)
    try:
        for table_id, seq, text in more:
            stored = await TableRepo(db).load(table_id)
            assert stored is not None and stored.actions[seq].text == text
    finally:
        await db.close()

"""``db copy``: a SQLite database moved into PostgreSQL (or any backend into any other)
whole, verified by counts, refusing a non-empty target."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot import rating
from bot.db_command import copy_command
from storage.connect import open_database
from storage.copy import CopyRefused, copy_database, counts
from storage.database import Database
from storage.guild_settings import GuildSettingsRepo
from storage.snapshots import SnapshotRecord
from storage.stats import StatsRepo
from storage.tables import SeatRecord, TableRepo
from tests.helpers.databases import Backend
from tests.storage.test_stats import GUILD, make_result


async def fill(db: Database) -> None:
    """A table in progress (with a snapshot), a lobby, results, ratings, settings."""
    repo = TableRepo(db)
    seats = [SeatRecord(0, 1, "Ann"), SeatRecord(1, None, "Computer 2", "easy")]
    running = await repo.create(guild_id=GUILD, channel_id=1, host_id=1, game="turup",
                                variant={"rounds": 1}, seed=3, timer_seconds=60, seats=seats)
    await repo.start(running.id, seats=seats, seed=3, version=1, deadline=1.7e9 + 0.25)
    for seq in range(3):
        await repo.append_action(running.id, seq=seq, seat=seq % 2, text=f"move {seq}",
                                 version=2 + seq, deadline=None,
                                 snapshot=SnapshotRecord(seq + 1, "t1", b"\x00\xff" * 5))
    await repo.create(guild_id=GUILD, channel_id=2, host_id=1, game="soi", variant={},
                      seed=4, timer_seconds=None, seats=seats[:1])
    stats = StatsRepo(db, rater=rating)
    for table_id in range(10, 15):
        await stats.record(make_result(table_id, [1, 2, 3], [300, 200, 100]))
    await GuildSettingsRepo(db).update(GUILD, turn_timer=60)


async def test_copy_moves_everything_and_counts_match(backend: Backend, tmp_path: Path) -> None:
    """Every table's rows arrive; a copied running table loads the same; new ids go on."""
    source = await open_database(tmp_path / "source.db")
    try:
        await fill(source)
        target = await backend.open("target")
        copied = await copy_database(source, target)
        assert copied == await counts(source)
        assert copied["table_actions"] == 3 and copied["game_results"] == 5
        old, new = TableRepo(source), TableRepo(target)
        [table] = [t for t in await old.open_tables() if t.channel_id == 1]
        assert await new.load(table.id) == await old.load(table.id)
        assert (await StatsRepo(target).leaderboard(GUILD, "pariah")) == (
            await StatsRepo(source).leaderboard(GUILD, "pariah"))
        assert (await GuildSettingsRepo(target).get(GUILD)).turn_timer == 60
        fresh = await new.create(guild_id=GUILD, channel_id=3, host_id=1, game="soi",
                                 variant={}, seed=5, timer_seconds=None, seats=[])
        assert fresh.id > max(t.id for t in await old.open_tables())
    finally:
        await source.close()


async def test_copy_refuses_a_non_empty_target(backend: Backend, tmp_path: Path) -> None:
    """A target that already holds data is refused and left as it was."""
    source = await open_database(tmp_path / "source.db")
    try:
        await fill(source)
        target = await backend.open("target")
        await GuildSettingsRepo(target).update(99, turn_timer=30)
        with pytest.raises(CopyRefused, match="not empty"):
            await copy_database(source, target)
        assert (await counts(target))["guild_settings"] == 1
        assert (await counts(target))["tables"] == 0
    finally:
        await source.close()


async def test_db_copy_command(backend: Backend, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot db copy --from ... --to ...` copies and prints the counts; a second
    run into the same target is refused with exit 2."""
    source_url = f"sqlite:///{tmp_path / 'source.db'}"
    async with await open_database(source_url) as source:
        await fill(source)
    target_url = await backend.url("target")
    status = await copy_command(source_url, target_url)
    out = capsys.readouterr().out
    assert status == cli.EXIT_OK and "the counts match" in out and "table_actions" in out
    assert await copy_command(source_url, target_url) == cli.EXIT_CONFIG
    assert "is not empty" in capsys.readouterr().err


def test_db_copy_refuses_a_missing_source_and_creates_nothing(tmp_path: Path) -> None:
    """`python -m bot db copy` from a mistyped SQLite path: one line, exit 2, and neither
    the source's folder and file nor the target is created."""
    root = Path(__file__).resolve().parents[2]
    typo = tmp_path / "dta" / "cardroom.db"
    target = tmp_path / "target.db"
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", f"sqlite:///{typo}",
         "--to", f"sqlite:///{target}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(root)},
    )
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stdout + proc.stderr
    assert len(lines) == 1 and "no such file" in lines[0] and str(typo) in lines[0]
    assert "Copied" not in proc.stdout
    assert not typo.parent.exists() and not target.exists()

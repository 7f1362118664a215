"""Migrations from an empty file and from every older version end in the same schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.database import Database, migration_files
from storage.guild_settings import GuildSettingsRepo
from storage.stats import StatsRepo
from tests.storage.test_stats import GUILD, make_result

VERSIONS = [number for number, _name, _sql in migration_files()]


async def schema(db: Database) -> set[tuple[str, str]]:
    """Every table and index of the file with its SQL."""
    async with db.conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
    ) as cur:
        return {(row[0], row[1]) async for row in cur}


def test_stats_migration_is_shipped() -> None:
    """Migration 004 (stats) is among the shipped migrations."""
    assert 4 in VERSIONS


async def test_migrate_from_empty(tmp_path: Path) -> None:
    """A new file gets every migration and a working stats repository."""
    async with await Database.open(tmp_path / "new.db") as db:
        assert await db.applied_migrations() == VERSIONS
        await StatsRepo(db).record(make_result(1, [10, 11], [200, 100]))
        assert (await StatsRepo(db).leaderboard(GUILD, "pariah")).total == 2


@pytest.mark.parametrize("start", [v for v in VERSIONS[:-1] if v >= 1])
async def test_upgrade_from_older_version(tmp_path: Path, start: int) -> None:
    """A file left at an older version upgrades on open, keeps its data, matches a new file."""
    path = tmp_path / f"v{start}.db"
    db = await Database.open(path, migrate=False)
    assert await db.migrate(up_to=start) == [v for v in VERSIONS if v <= start]
    await db.conn.execute("INSERT INTO players (user_id, display_name) VALUES (10, 'old name')")
    if start >= 2:
        await GuildSettingsRepo(db).update(GUILD, count_computer_games=True)
    await db.close()

    async with await Database.open(path) as db:
        assert await db.applied_migrations() == VERSIONS
        async with await Database.open(tmp_path / "fresh.db") as fresh:
            assert await schema(db) == await schema(fresh)
        repo = StatsRepo(db)
        await repo.record(make_result(1, [10, None, 11], [200, 300, 100]))
        board = await repo.leaderboard(GUILD, "pariah")
        # The computer game counts only where the older file already stored the setting.
        assert board.total == (2 if start >= 2 else 0)
        async with db.conn.execute("SELECT display_name FROM players WHERE user_id = 10") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == "user10"


async def test_reopen_applies_nothing(tmp_path: Path) -> None:
    """Opening an up-to-date file applies no migration and keeps recorded results."""
    path = tmp_path / "again.db"
    async with await Database.open(path) as db:
        await StatsRepo(db).record(make_result(1, [10, 11], [200, 100]))
    async with await Database.open(path, migrate=False) as db:
        assert await db.migrate() == []
        assert (await StatsRepo(db).history(GUILD)).total == 1

"""Migrations from an empty database and from every older version end in the same schema,
on both backends."""

from __future__ import annotations

import pytest

from bot import rating
from storage.database import Database, migration_files
from storage.guild_settings import GuildSettingsRepo
from storage.stats import StatsRepo
from tests.helpers.databases import Backend
from tests.storage.test_stats import GUILD, make_result

VERSIONS = [number for number, _name, _sql in migration_files()]


async def schema(db: Database) -> set[tuple[str, ...]]:
    """Every table's columns with their types (and SQLite's index SQL)."""
    if db.dialect == "sqlite":
        rows = await db.fetchall(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL"
            " AND name NOT LIKE 'sqlite_%'")
        return {(row[0], row[1]) for row in rows}
    rows = await db.fetchall(
        "SELECT table_name, column_name, data_type, column_default, is_nullable"
        " FROM information_schema.columns WHERE table_schema = current_schema()")
    indexes = await db.fetchall(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()")
    return {tuple(str(v) for v in row) for row in [*rows, *indexes]}


def test_stats_migration_is_shipped() -> None:
    """Migration 004 (stats) is among the shipped migrations."""
    assert 4 in VERSIONS


async def test_migrate_from_empty(backend: Backend) -> None:
    """A new database gets every migration and a working stats repository."""
    db = await backend.open()
    assert await db.applied_migrations() == VERSIONS
    await StatsRepo(db, rater=rating).record(make_result(1, [10, 11], [200, 100]))
    assert (await StatsRepo(db).leaderboard(GUILD, "pariah")).total == 2


@pytest.mark.slow
@pytest.mark.parametrize("start", VERSIONS[:-1])
async def test_upgrade_from_older_version(backend: Backend, start: int) -> None:
    """A database left at an older version upgrades on open, keeps its data and ends with
    the same schema as a new one."""
    db = await backend.open("old", migrate=False)
    assert await db.migrate(up_to=start) == [v for v in VERSIONS if v <= start]
    await db.execute("INSERT INTO players (user_id, display_name) VALUES (10, 'old name')")
    if start >= 2:
        await GuildSettingsRepo(db).update(GUILD, count_computer_games=True)
    await db.close()

    db = await backend.open("old")
    assert await db.applied_migrations() == VERSIONS
    fresh = await backend.open("fresh")
    assert await schema(db) == await schema(fresh)
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, None, 11], [200, 300, 100]))
    board = await repo.leaderboard(GUILD, "pariah")
    # The computer game counts only where the older database already stored the setting.
    assert board.total == (2 if start >= 2 else 0)
    row = await db.fetchone("SELECT display_name FROM players WHERE user_id = 10")
    assert row is not None and row[0] == "user10"


async def test_reopen_applies_nothing(backend: Backend) -> None:
    """Opening an up-to-date database applies no migration and keeps recorded results."""
    db = await backend.open()
    await StatsRepo(db, rater=rating).record(make_result(1, [10, 11], [200, 100]))
    await db.close()
    db = await backend.open(migrate=False)
    assert await db.migrate() == []
    assert (await StatsRepo(db).history(GUILD)).total == 1

"""Guild settings: stored per server, defaults when unset, a JSON round trip."""

from __future__ import annotations

import asyncio

import pytest

from storage import guild_settings
from storage.database import Database
from storage.guild_settings import DEFAULT_TURN_TIMER, GuildSettings, GuildSettingsRepo
from tests.helpers.databases import Backend


async def test_unset_server_gets_the_defaults(db: Database) -> None:
    """A server that never saved settings reads the defaults."""
    settings = await GuildSettingsRepo(db).get(123)
    assert settings == GuildSettings(guild_id=123)
    assert settings.turn_timer == DEFAULT_TURN_TIMER


async def test_saved_settings_round_trip_through_a_reopened_database(backend: Backend) -> None:
    """Every field saved is read back identically after closing and reopening."""
    saved = GuildSettings(
        guild_id=42,
        game_options={"soureh": {"threshold": 150, "declare": "reveal"}, "soi": {"memory": False}},
        turn_timer=None,
        computer_seats=False,
        count_computer_games=True,
        images=False,
        four_colour=True,
    )
    db = await backend.open()
    await GuildSettingsRepo(db).save(saved)
    await db.close()
    loaded = await GuildSettingsRepo(await backend.open()).get(42)
    assert loaded == saved
    assert loaded.options_for("soureh") == {"threshold": 150, "declare": "reveal"}
    assert loaded.options_for("turup") == {}


async def test_update_changes_only_the_given_fields(db: Database) -> None:
    """update() keeps the other fields and stores the result; servers stay separate."""
    repo = GuildSettingsRepo(db)
    await repo.update(1, turn_timer=60)
    changed = await repo.update(1, images=False)
    assert changed.turn_timer == 60 and changed.images is False
    assert await repo.get(1) == changed
    assert await repo.get(2) == GuildSettings(guild_id=2)


def test_stored_form_ignores_unknown_keys() -> None:
    """A stored document with an unknown key (from another version) still loads."""
    loaded = GuildSettings.from_json(5, '{"turn_timer": 30, "someday": 1}')
    assert loaded == GuildSettings(guild_id=5, turn_timer=30)


async def test_settings_saves_interleave_with_table_writes(db: Database) -> None:
    """Settings saves and table writes on one connection share one write lock: none is lost."""
    from storage.tables import SeatRecord, TableRepo

    repo, settings = TableRepo(db), GuildSettingsRepo(db)
    seat = SeatRecord(0, 1, "Ann")

    async def open_table(channel: int) -> None:
        await repo.create(
            guild_id=7, channel_id=channel, host_id=1, game="turup", variant={}, seed=channel,
            timer_seconds=None, seats=[seat],
        )

    await asyncio.gather(
        *(open_table(c) for c in range(20)),
        *(settings.update(g, turn_timer=60 + g) for g in range(20)),
    )
    assert len(await repo.open_tables()) == 20
    assert [(await settings.get(g)).turn_timer for g in range(20)] == [60 + g for g in range(20)]


async def test_reads_are_remembered_and_another_process_shows_within_fresh_for(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings read once are answered from memory for ``FRESH_FOR`` seconds; this process's
    own change shows at once; another process's change (a second connection to the same
    database) shows once that time is over; and ``update`` reads afresh, so it never
    writes back a stale copy over the other process's change."""
    here, there = await backend.open(), await backend.open()  # closed by the fixture
    mine, theirs = GuildSettingsRepo(here), GuildSettingsRepo(there)
    await mine.update(7, turn_timer=60)
    assert (await mine.get(7)).turn_timer == 60  # its own change, at once
    await theirs.update(7, images=False)  # another process
    assert (await mine.get(7)).images  # remembered: not read again yet
    await mine.update(7, four_colour=True)  # read afresh: keeps the other's change
    stored = await GuildSettingsRepo(there)._read(7)
    assert (stored.turn_timer, stored.images, stored.four_colour) == (60, False, True)
    await theirs.update(7, turn_timer=None)
    monkeypatch.setattr(guild_settings, "FRESH_FOR", 0.0)
    assert (await mine.get(7)).turn_timer is None  # past FRESH_FOR: read again

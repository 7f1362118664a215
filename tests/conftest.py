"""Shared fixtures: settings pointing at a temporary database, the bot for SimCord, a db."""

from __future__ import annotations

import functools
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite.core
import pytest

from bot.settings import Settings, load_settings
from storage.connect import open_database
from storage.database import Database

# A bot built by a test and detached by SimCord without ``close()`` leaves its aiosqlite
# worker thread running; daemon threads keep such a leak from holding the test process open.
aiosqlite.core.Thread = functools.partial(threading.Thread, daemon=True)  # type: ignore[misc]

if TYPE_CHECKING:
    from simcord import Env

    from bot.app import CardroomBot


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Settings for a test: a fresh SQLite file in ``tmp_path``, no token, no ``.env`` read."""
    return load_settings(
        env_file=None,
        database_url=f"sqlite:///{tmp_path / 'cardroom.db'}",
        log_level="DEBUG",
        discord_token=None,
        dev_guild_id=None,
        heartbeat_file=None,
    )


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[CardroomBot]:
    """The real bot, for SimCord's ``simcord_env`` fixture (which starts and stops it).

    SimCord detaches the bot without calling ``close()``, so the database is closed here."""
    from bot.app import CardroomBot  # imported here: game tests never need discord

    bot = CardroomBot(settings)
    bot.shard_count = 1  # SimCord needs a fixed shard count for an AutoShardedBot
    yield bot
    if bot._app is not None:  # its background work first (a restart detached it live)
        await bot._app.tables.aclose()
    if bot._db is not None:
        await bot._db.close()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database on a real SQLite file in ``tmp_path``, closed afterwards."""
    database = await open_database(tmp_path / "test.db")
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def world(simcord_env: Env) -> dict[str, Any]:
    """A guild with a channel and four members, at the real bot under SimCord."""
    env = simcord_env
    # no pauses: every change renders at once and computers move at once (the coalescing
    # timer and the computer pause are tested in tests/tables/test_service.py)
    service = env.bot.tables  # type: ignore[attr-defined]
    service.render_interval = 0
    service.ai_delay = 0
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cat", "dan")]
    return {"env": env, "guild": guild, "channel": channel, "members": members}


@pytest.fixture(scope="session", autouse=True)
def _palettes_built() -> None:
    """Build the themes' shared palettes once, before any test: the first picture of a
    process otherwise builds one from a dozen sample pictures inside a SimCord operation,
    which on a busy 2-core machine now and then outlasted SimCord's 5 real seconds to
    settle (seen in tests/discord/test_forbidden_table.py)."""
    from bot.render.images.palette import palette_for
    from bot.render.images.style import THEMES, theme
    from tests.helpers.pictures import prepare

    prepare()  # the palettes' games given, the card sprites drawn: the bot's start-up thread
    # then finds them drawn (under load, drawing them there outlasted SimCord's 5 s to
    # settle at the first start)
    for name in THEMES:
        for four_colour in (False, True):
            palette_for(theme(name), four_colour)


@pytest.fixture(autouse=True)
def _strips_forgotten() -> None:
    """Each test draws its pictures' strips anew: a strip kept by an earlier test in the
    same worker was drawn under that test's words (a fake language, a patched drawing)."""
    from bot.render.images.strips import STRIPS

    STRIPS.clear()

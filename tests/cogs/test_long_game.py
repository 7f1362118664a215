"""A game of more than three hours (virtual time) under Discord's limits (issue 43: tests/helpers/
discord_limits.py), on SQLite and on PostgreSQL, with a restart on the way: the table
message is never edited past its hour (no 30046 is ever met), every move shows on the
current table message, one live turn ping links to it, and nothing is lost."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import CardroomBot
from bot.discord.ages import OLD_MESSAGE
from bot.i18n import use_locale
from bot.render.embeds import table_embed
from bot.settings import Settings, load_settings
from storage.notify import PingRepo
from storage.tables import TableRepo
from tests.helpers.databases import BACKENDS, create_database, drop_database, require_server
from tests.helpers.discord import flush, message_of, service, table_in, text_only, via_panel
from tests.helpers.discord_limits import DiscordLimits
from tests.helpers.taps import coop_policy

pytestmark = pytest.mark.slow

STEP = 150.0  # virtual seconds before each move
RESTART_AT = 100 * 60.0  # the bot is restarted once the game is this old
HOURS = 3 * 3600.0


@pytest.fixture(params=BACKENDS)
async def settings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Settings]:
    """Settings on a fresh SQLite file, or on a fresh PostgreSQL database (dropped after)."""
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    if request.param == "postgres":
        await require_server()
        url = await create_database()
    try:
        yield load_settings(env_file=None, database_url=url, log_level="DEBUG",
                            discord_token=None, dev_guild_id=None, heartbeat_file=None)
    finally:
        if request.param == "postgres":
            await drop_database(url)


@pytest.fixture(autouse=True)
def _quiet_shard_watcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """No shard watcher round trips past the test (SimCord settles on virtual timers)."""
    monkeypatch.setattr(CardroomBot, "shard_retry_seconds", 3600.0)


async def _restart(env: Any, settings: Settings) -> None:
    old = env.bot
    if old.owner is not None:
        await old.owner.close()  # the old process is gone: its shard locks go with it
    bot = CardroomBot(settings)
    bot.shard_count = 1
    await env.restart_bot(bot)
    service(env).render_interval = 0
    service(env).ai_delay = 0
    await env.advance_time(2)
    await flush(env)


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


async def _check_shown(env: Any, table: Any, channel: Any) -> None:
    """The current table message shows the table as it is; one live ping links to it."""
    with use_locale(table.language):
        expected = table_embed(table.seen()).to_dict()
    shown = message_of(env, table, channel).embeds[0].to_dict()
    assert text_only(shown) == expected
    pings = _pings(channel)
    assert len(pings) <= 1
    if table.running and pings:
        assert str(table.record.message_id) in pings[0].content
        assert await PingRepo(env.bot.db).live(table.id) == pings[0].id


async def test_a_three_hour_game_keeps_a_live_current_table(
        world: dict[str, Any], settings: Settings) -> None:
    """A three-person Soureh game of over three virtual hours, restarted once: no edit of a
    table message an hour old, every move on the current message, nothing lost."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    people = {m.id: m for m in (ann, bob, cat)}
    with DiscordLimits(env) as limits:
        service(env).seed_source = lambda: 2
        opened = await ann.slash(channel, "play", game="soureh", timer="off", threshold=60)
        for member in (bob, cat):
            await member.click(opened.response, label="Join")
        await ann.click(opened.response, label="Start (host)")
        await flush(env)
        table = table_in(env, channel)
        start = env.backend.clock.elapsed
        messages = {table.record.message_id}
        restarted = False
        moves = 0
        while table.running:
            await env.advance_time(STEP)
            if not restarted and env.backend.clock.elapsed - start >= RESTART_AT:
                await _restart(env, settings)
                restored = table_in(env, channel)
                assert restored.log == table.log, "nothing lost across the restart"
                table, restarted = restored, True
            member = people[table.seats[table.to_act()].user_id]
            notation = coop_policy(table)
            await via_panel(env, member, channel, notation)
            moves += 1
            await flush(env)
            messages.add(table.record.message_id)
            if notation != "draw":  # a draw is shown with the placement after it
                await _check_shown(env, table, channel)
        await flush(env)
    assert env.backend.clock.elapsed - start >= HOURS, f"only {moves} moves"
    assert restarted and not table.running and len(table.log) == moves
    assert len(messages) >= 4, "posted anew about every 50 minutes"
    assert not limits.refused
    edits = limits.edits_of(messages)
    assert edits and max(e.age for e in edits) < OLD_MESSAGE
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.message_id == table.record.message_id

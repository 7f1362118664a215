"""A permission taken from the bot in a table's channel (a 403 on the table message): the
channel, or the host by DM, is told once which permissions are missing; moves are stored and
the table catches up when the permission is back (issue 18, point 5)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.discord.faults import missing_permissions
from storage.tables import TableRepo
from tests.discord.test_faults import _move, _shows, _table

pytestmark = pytest.mark.slow


def _deny(env: Any, channel: Any, **perms: bool) -> None:
    """Take permissions from the bot's member in ``channel`` (a channel overwrite)."""
    bits = discord.Permissions(**perms).value
    env.backend.set_overwrite(
        channel.id, Overwrite(env.backend.bot_user.id, OverwriteType.MEMBER, deny=bits)
    )


def _restore(env: Any, channel: Any) -> None:
    env.backend.delete_overwrite(channel.id, env.backend.bot_user.id)


async def test_a_refused_table_edit_is_told_once_in_the_channel(world: dict[str, Any]) -> None:
    """Attach Files taken away: the move is stored, the channel hears once what is missing,
    and the table message catches up once the permission is back."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    _deny(env, channel, attach_files=True)
    path = f"/channels/{channel.id}/messages/{table.record.message_id}"
    env.inject_error("PATCH", path, status=403, code=50013, times=2)
    for _ in range(2):
        done = await _move(env, channel, table, [ann, bob])
        assert done.acknowledged
    told = [m for m in channel.history() if "can't update the message" in (m.content or "")]
    assert len(told) == 1 and "**Attach Files**" in told[0].content
    assert missing_permissions(env.bot, table) == ["Attach Files"]
    stored = await TableRepo(env.bot.db).actions(table.id)
    assert [a.text for a in stored] == table.log
    _restore(env, channel)
    await _move(env, channel, table, [ann, bob])
    assert _shows(env, table, channel)


async def test_the_host_is_told_by_dm_when_the_channel_is_closed_to_the_bot(
    world: dict[str, Any],
) -> None:
    """Send Messages taken away too: the host gets the message by DM instead."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    _deny(env, channel, send_messages=True, attach_files=True)
    path = f"/channels/{channel.id}/messages/{table.record.message_id}"
    env.inject_error("PATCH", path, status=403, code=50013, times=1)
    await _move(env, channel, table, [ann, bob])
    dm = ann.user.dm_channel.last_message
    assert dm is not None and "can't update the message" in dm.content
    assert "**Send Messages**" in dm.content and "**Attach Files**" in dm.content

"""Gateway events about a table's channel and message (``cogs.tables.events``), through
SimCord and the real bot: a deleted channel or thread closes its table, a deleted table
message is posted again at once, anything else deleted changes nothing."""

from __future__ import annotations

from typing import Any

import discord
from simcord.builders import ChannelHandle

from bot.tables.model import Table
from storage.tables import TableRepo, TableStatus
from tests.helpers.discord import flush, message_of, service, table_in


async def lobby(world: dict[str, Any], channel: Any) -> Table:
    host = world["members"][0]
    await host.slash(channel, "play", game="turup", rounds=1)
    await flush(world["env"])
    return table_in(world["env"], channel)


async def test_a_deleted_channel_closes_its_table_only(world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    other_channel = guild.create_text_channel("more-cards")
    table = await lobby(world, channel)
    other = await lobby(world, other_channel)
    env.backend.delete_channel(channel.id)
    await flush(env)
    assert table.status is TableStatus.CANCELLED
    assert table.record.end_reason == "channel deleted"
    assert service(env).in_channel(channel.id) is None
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.status is TableStatus.CANCELLED
    assert service(env).in_channel(other_channel.id) is other
    assert other.status is TableStatus.LOBBY


async def test_a_deleted_thread_closes_its_table(world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    host = world["members"][0]
    made = env.backend.create_thread(channel.id, "a game", host.id)
    await flush(env)
    thread = ChannelHandle(env, guild, made)
    table = await lobby(world, thread)
    env.backend.delete_channel(made.id)
    await flush(env)
    assert table.status is TableStatus.CANCELLED
    assert table.record.end_reason == "channel deleted"
    assert service(env).in_channel(made.id) is None


async def test_a_deleted_table_message_is_posted_again(world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    table = await lobby(world, channel)
    chatter = await world["members"][1].send(channel, "who is in?")
    first, sent = table.record.message_id, len(env.http_requests)
    await mod.delete(chatter)  # not the table's message: nothing to do
    await flush(env)
    assert table.record.message_id == first
    assert [r for r in env.http_requests[sent:] if r.method in ("POST", "PATCH")] == []
    await mod.delete(message_of(env, table, channel))
    await flush(env)
    assert table.record.message_id not in (None, first)
    assert message_of(env, table, channel).embeds[0].title
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.message_id == table.record.message_id
    assert table.status is TableStatus.LOBBY

"""Tables that outlive an hour (issue 43, item 11), under Discord's limits
(tests/helpers/discord_limits.py): the table message is posted anew before it is an hour
old, the old one saying where the table went, and an edit Discord refuses with 30046 reposts
at once; the stored message id and the live turn ping follow the new message."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.discord.ages import REPOST_AGE
from storage.notify import PingRepo
from storage.tables import TableRepo
from tests.helpers.discord import flush, message_of, service, table_in, via_panel
from tests.helpers.discord_limits import EDITS_OF_OLD_MESSAGE, DiscordLimits
from tests.helpers.taps import message_in

MINUTE = 60.0


async def _turup(env: Any, channel: Any, members: list[Any]) -> Any:
    service(env).seed_source = lambda: 5
    ann, bob = members[:2]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


async def _move(env: Any, table: Any, channel: Any, members: list[Any]) -> None:
    """The person to act plays his first legal move by /move (no table token is made)."""
    user = table.seats[table.to_act()].user_id
    member = next(m for m in members if m.id == user)
    moved = await member.slash(channel, "move",
                               action=str(table.engine.legal_actions(table.state)[0]))
    assert moved.acknowledged
    await flush(env)


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


def _ids(channel: Any) -> set[int]:
    return {m.id for m in channel.history()}


async def test_the_table_is_posted_anew_before_it_is_an_hour_old(
        world: dict[str, Any]) -> None:
    """A move 50 minutes after the table message was posted: a new table message shows
    it, the old one says where the table went, storage and the live ping follow."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        old = table.record.message_id
        await env.advance_time(REPOST_AGE)
        await _move(env, table, channel, members)
    new = table.record.message_id
    assert new != old and new in _ids(channel)
    retired = message_in(channel, old)
    assert "moved" in retired.content and str(new) in retired.content
    assert not retired.embeds and not retired.components
    assert message_of(env, table, channel).embeds
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.message_id == new
    pings = _pings(channel)
    assert len(pings) == 1 and str(new) in pings[0].content
    assert await PingRepo(env.bot.db).live(table.id) == pings[0].id
    assert not limits.refused


async def test_an_edit_refused_with_30046_reposts_at_once(world: dict[str, Any]) -> None:
    """Discord refuses every edit of the table message (30046, after discord.py's five
    tries): the table is posted anew with the move, the old message is deleted."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        old = table.record.message_id
        refused = replace(EDITS_OF_OLD_MESSAGE, retry_after=1.0)
        limits.refuse("PATCH", f"/channels/{channel.id}/messages/{old}", refused, times=None)
        await env.advance_time(15 * MINUTE)  # Start's token is stale: a channel edit
        version = table.version
        await _move(env, table, channel, members)
        await env.advance_time(10)  # discord.py sleeps out each retry_after
        await flush(env)
    assert len(limits.refusals(30046)) == 5
    new = table.record.message_id
    assert new != old and old not in _ids(channel) and new in _ids(channel)
    assert table.version == version + 1
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.message_id == new
    assert len(_pings(channel)) == 1


async def test_an_edit_through_a_token_refused_with_30046_reposts_at_once(
        world: dict[str, Any]) -> None:
    """The same through the click's token (``@original``): posted anew, the old deleted."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        old = table.record.message_id
        refused = replace(EDITS_OF_OLD_MESSAGE, retry_after=1.0)
        limits.refuse("PATCH", "/webhooks/*/messages/@original", refused, times=None)
        limits.refuse("PATCH", f"/channels/{channel.id}/messages/{old}", refused, times=None)
        member = next(m for m in members if m.id == table.seats[table.to_act()].user_id)
        notation = str(table.engine.legal_actions(table.state)[0])
        await via_panel(env, member, channel, notation)
        await env.advance_time(10)
        await flush(env)
    assert limits.refusals(30046)
    new = table.record.message_id
    assert new != old and old not in _ids(channel) and new in _ids(channel)
    assert len(_pings(channel)) == 1


async def test_a_ping_through_an_expired_token_is_deleted_in_the_channel(
        world: dict[str, Any]) -> None:
    """A bot that trusts its tokens 20 minutes: Discord refuses the 18-minute-old one with
    50027 (not SimCord's 10015) and the ping is deleted in the channel; one live ping."""
    env, channel, members = world["env"], world["channel"], world["members"]
    env.bot.app.tokens.lifetime = 20 * MINUTE
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)  # Start's token posts the pings
        await env.advance_time(13 * MINUTE)
        await _move(env, table, channel, members)  # pinged through the 13-minute token
        pinged = _pings(channel)
        await env.advance_time(5 * MINUTE)
        await _move(env, table, channel, members)
    assert limits.refusals(50027)
    assert len(_pings(channel)) == 1
    assert pinged[0].id not in _ids(channel)

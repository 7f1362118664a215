"""Discord faults around a table: 5xx and 429 on the table edit, a deleted table message, a
deleted channel (with and without the gateway event), a refused DM."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.render.embeds import table_embed
from bot.results import GameResult
from storage.tables import TableRepo, TableStatus
from tests.helpers.discord import flush, message_of, service, table_in, text_only


async def _table(env: Any, channel: Any, host: Any, guest: Any) -> Any:
    service(env).seed_source = lambda: 11
    opened = await host.slash(channel, "play", game="turup", rounds=1, timer="off")
    await guest.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    # these faults are on channel requests: the ones made once no fresh token is left
    env.bot.app.tokens.forget(table.id)
    return table


def _member(table: Any, members: list[Any]) -> Any:
    user_id = table.seats[table.to_act()].user_id
    return next(m for m in members if m.id == user_id)


async def _move(env: Any, channel: Any, table: Any, members: list[Any]) -> Any:
    member = _member(table, members)
    done = await member.slash(channel, "move",
                              action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    return done


def _shows(env: Any, table: Any, channel: Any) -> bool:
    shown = text_only(message_of(env, table, channel).embeds[0].to_dict())
    return bool(shown == table_embed(table.seen()).to_dict())


@pytest.mark.slow
@pytest.mark.parametrize(("status", "code"), [(500, 0), (503, 0), (429, 0)])
async def test_failed_table_edit_is_retried(world: dict[str, Any], status: int, code: int) -> None:
    """A 5xx or 429 on the table edit: the move is stored and answered, and the table
    message catches up on a retry a little later."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    path = f"/channels/{channel.id}/messages/{table.record.message_id}"
    env.inject_error("PATCH", path, status=status, code=code, times=1)
    done = await _move(env, channel, table, [ann, bob])
    assert done.acknowledged and "out of date" not in (done.response.content or "")
    stored = await TableRepo(env.bot.db).actions(table.id)
    assert [a.text for a in stored] == table.log
    patches = [r for r in env.http_requests if r.method == "PATCH" and r.path == path]
    await env.advance_time(3)
    await flush(env)
    assert _shows(env, table, channel), "the retry brought the table message up to date"
    after = [r for r in env.http_requests if r.method == "PATCH" and r.path == path]
    assert len(after) >= len(patches) >= 2, "the failed edit and its retry"
    assert table.running


async def test_deleted_table_message_is_posted_again_at_once(world: dict[str, Any]) -> None:
    """Deleting the table message (404/10008 from then on) posts it again without a move."""
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    old_id, version = table.record.message_id, table.version
    await mod.delete(message_of(env, table, channel))
    await flush(env)
    assert table.record.message_id not in (None, old_id) and table.version == version
    assert _shows(env, table, channel)
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.message_id == table.record.message_id
    await _move(env, channel, table, [ann, bob])
    assert _shows(env, table, channel)


async def test_deleted_channel_closes_the_table(world: dict[str, Any]) -> None:
    """Deleting the channel closes its table (reason 'channel deleted'), kept in storage,
    and the result goes to the finish listeners."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    results: list[GameResult] = []

    async def collect(result: GameResult) -> None:
        results.append(result)

    service(env).add_finish_listener(collect)
    table = await _table(env, channel, ann, bob)
    await _move(env, channel, table, [ann, bob])
    env.backend.delete_channel(channel.id)
    await flush(env)
    assert table.status is TableStatus.CANCELLED and table.record.end_reason == "channel deleted"
    assert service(env).get(table.id) is None
    assert [r.reason for r in results] == ["channel deleted"]
    stored = await TableRepo(env.bot.db).load(table.id)
    assert stored is not None and stored.table.status is TableStatus.CANCELLED
    assert [a.text for a in stored.actions] == table.log


async def test_unknown_channel_answer_closes_the_table(world: dict[str, Any]) -> None:
    """Without a gateway event, Discord's 404/10003 on the table edit closes the table."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    for method in ("PATCH", "POST"):
        env.inject_error(method, f"/channels/{channel.id}/messages*", status=404, code=10003,
                         message="Unknown Channel", times=None)
    done = await _move(env, channel, table, [ann, bob])
    assert done.acknowledged
    await flush(env)
    assert table.status is TableStatus.CANCELLED and table.record.end_reason == "channel deleted"
    assert service(env).in_channel(channel.id) is None


@pytest.mark.slow
async def test_failed_dm_never_blocks_the_table(world: dict[str, Any]) -> None:
    """A 5xx on a DM is retried; a 403/50007 is said once in the channel; play goes on.
    The cards go by DM because the private follow-up through the person's own interaction,
    tried first, fails too (an expired token)."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    env.inject_error("POST", "/webhooks/*", status=404, code=10015, message="Unknown Webhook",
                     times=None)
    env.inject_error("POST", f"/channels/{ann.user.dm_channel.id}/messages", status=502,
                     times=1)
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    table = await _table(env, channel, ann, bob)
    await env.advance_time(3)
    await flush(env)
    assert len(ann.user.dm_channel.history()) == 1, "the failed DM was sent again"
    notices = [m for m in channel.history() if "cannot send direct messages" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    for _ in range(3):
        done = await _move(env, channel, table, [ann, bob])
        assert done.acknowledged
    assert table.running and len(table.log) == 3


@pytest.mark.parametrize(("status", "code", "says"), [(500, 0, "try `/table` again"),
                                                       (403, 50013, "permissions")])
async def test_table_repost_refused_by_discord_is_answered_kindly(
    world: dict[str, Any], status: int, code: int, says: str
) -> None:
    """/table when Discord refuses the new message: one kind ephemeral answer, and the
    table keeps its old message and goes on."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    old = table.record.message_id
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=status, code=code,
                     times=1)
    done = await ann.slash(channel, "table")
    await flush(env)
    assert done.acknowledged
    replies = [r for r in env.http_requests if "/webhooks/" in r.path and r.method == "POST"]
    assert replies and says in replies[-1].json["content"]
    assert table.record.message_id == old
    await _move(env, channel, table, [ann, bob])
    assert _shows(env, table, channel)


@pytest.mark.slow
async def test_failed_token_edit_falls_back_to_a_channel_edit(world: dict[str, Any]) -> None:
    """The table message's interaction token refused (expired early, 5xx): the same render
    edits the message in the channel instead, and the token is not used again."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 11
    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    await bob.click(opened.response, label="Join")
    started = await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    assert env.bot.app.tokens.held(table.id)
    token = started._interaction.token
    env.inject_error("PATCH", f"/webhooks/{env.bot.application_id}/{token}/messages/@original",
                     status=500, times=1)
    channel_edit = f"/channels/{channel.id}/messages/{table.record.message_id}"
    before = sum(1 for r in env.http_requests if r.path == channel_edit)
    await _move(env, channel, table, [ann, bob])
    assert sum(1 for r in env.http_requests if r.path == channel_edit) == before + 1
    assert _shows(env, table, channel)
    assert not env.bot.app.tokens.held(table.id)


async def test_an_expired_token_gives_way_to_a_channel_edit(world: dict[str, Any]) -> None:
    """Fifteen minutes after the last click on the table message its token is not used:
    the next move edits the table in the channel; a new click brings a fresh token."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 11
    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    channel_edit = f"/channels/{channel.id}/messages/{table.record.message_id}"

    def edits() -> tuple[int, int]:
        reqs = env.http_requests
        return (sum(1 for r in reqs if r.method == "PATCH" and r.path == channel_edit),
                sum(1 for r in reqs if r.method == "PATCH" and r.path.endswith("/@original")))

    before = edits()
    await _move(env, channel, table, [ann, bob])
    assert edits() == (before[0], before[1] + 1), "a fresh token: no channel edit"
    await env.advance_time(15 * 60)
    before = edits()
    await _move(env, channel, table, [ann, bob])
    assert edits() == (before[0] + 1, before[1]), "the token expired: a channel edit"
    member = _member(table, [ann, bob])
    await member.click(message_of(env, table, channel), label="Take turn")
    before = edits()
    await _move(env, channel, table, [ann, bob])
    assert edits() == (before[0], before[1] + 1)

"""Forged and malformed component interactions (issue 18, points 4 and 6): a click from
another server or channel is refused before anything else; a malformed table custom_id is
answered "out of date" once, without a traceback; a storage error gets a specific answer."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.discord import answers
from bot.discord.clicks import handlers as router
from bot.render.table_message import jump_url
from bot.tables.model import Table
from storage.tables import TableStatus
from tests.helpers.discord import flush, message_of, service, table_in
from tests.helpers.flaky import write_lock
from tests.helpers.forge import forge

CALLBACK = "/callback"


async def _turup(world: dict[str, Any]) -> tuple[Table, Any]:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel), opened


async def _forge(actor: Any, message: Any, custom_id: str,
                 values: list[str] | None = None) -> Any:
    """``actor`` sends a component interaction with ``custom_id`` on ``message``."""
    return await forge(actor, message, custom_id, values)

def _answers(env: Any, start: int) -> int:
    return len([r for r in env.http_requests[start:] if r.path.endswith(CALLBACK)])


async def _elsewhere(world: dict[str, Any], same_guild: bool) -> tuple[Any, Any]:
    """A moderator in another server (or another channel here) and a message of the bot's
    there to click on."""
    env = world["env"]
    guild = world["guild"] if same_guild else env.create_guild()
    channel = guild.create_text_channel("elsewhere")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True,
                                                                      administrator=True))
    mod = guild.add_member(env.create_user("mallory"), roles=[mods])
    posted = await env.bot.get_channel(channel.id).send("bait")
    return mod, posted


@pytest.mark.parametrize("same_guild", [False, True])
async def test_a_forged_cancel_from_elsewhere_is_refused(world: dict[str, Any],
                                                         same_guild: bool) -> None:
    """A moderator of another server (or of another channel) forging the table's cancel
    custom_id is refused, once, and the table plays on."""
    env = world["env"]
    table, _ = await _turup(world)
    mod, posted = await _elsewhere(world, same_guild)
    start = len(env.http_requests)
    clicked = await _forge(mod, posted, f"cr:{table.id}:{table.version}:cancel")
    await flush(env)
    assert clicked.ephemeral and clicked.response.content == router.ELSEWHERE
    assert _answers(env, start) == 1
    assert table.status is TableStatus.RUNNING and service(env).get(table.id) is table


async def test_a_join_from_another_server_is_refused(world: dict[str, Any]) -> None:
    """A user of another server cannot take a seat in a lobby by forging Join."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    table = table_in(env, channel)
    stranger, posted = await _elsewhere(world, same_guild=False)
    clicked = await _forge(stranger, posted, f"cr:{table.id}:{table.version}:join")
    assert clicked.ephemeral and clicked.response.content == router.ELSEWHERE
    assert [s.user_id for s in table.seats] == [ann.id]
    assert opened.response is not None


@pytest.mark.slow
@pytest.mark.parametrize("custom_id", ["cr:garbage", "cr:", "cs:", "cr:1:x:join",
                                       "cs:99999999999999999999999:1:a:"])
async def test_malformed_custom_ids_are_answered_out_of_date(
        world: dict[str, Any], custom_id: str, caplog: pytest.LogCaptureFixture) -> None:
    """A malformed table custom_id is answered "out of date" once, with no traceback."""
    env = world["env"]
    table, _ = await _turup(world)
    message = message_of(env, table, world["channel"])
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await _forge(world["members"][0], message, custom_id)
    assert clicked.ephemeral and clicked.response.content == router.MALFORMED
    assert _answers(env, start) == 1
    assert not [r for r in caplog.records if r.exc_info]


async def test_a_select_with_no_values_or_a_bad_index(world: dict[str, Any],
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """A table select sent with no values, or with an index no option has, is answered
    "out of date" once; nothing is played and nothing logs a traceback."""
    env = world["env"]
    table, _ = await _turup(world)
    seat = table.to_act()
    assert seat is not None
    member = next(m for m in world["members"] if m.id == table.seats[seat].user_id)
    opened = await member.click(message_of(env, table, world["channel"]), label="Take turn")
    message = opened.response
    log = list(table.log)
    with caplog.at_level(logging.INFO):
        for cid, values in ((f"cs:{table.id}:{table.version}:a", []),
                            (f"cs:{table.id}:{table.version}:tx:0", ["99"]),
                            (f"cs:{table.id}:{table.version}:tc", ["ZZ"]),
                            (f"cs:{table.id}:{table.version}:tq:x", ["-1", "oops"])):
            start = len(env.http_requests)
            clicked = await _forge(member, message, cid, values)
            assert _answers(env, start) == 1, cid
            if values and cid.endswith(":tc"):
                continue  # an unknown card only leads the panel to a step with no card
            assert clicked.ephemeral, cid
            assert clicked.response.content in (
                router.MALFORMED, router.STALE.format(url=jump_url(table.record))), cid
    assert table.log == log
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.ERROR]


async def test_a_panel_step_forged_on_the_public_message_is_refused(
        world: dict[str, Any]) -> None:
    """A panel's step sent from the public table message (which it would edit into a
    panel) is refused "out of date"; the public message is unchanged."""
    env = world["env"]
    table, _ = await _turup(world)
    seat = table.to_act()
    assert seat is not None
    member = next(m for m in world["members"] if m.id == table.seats[seat].user_id)
    message = message_of(env, table, world["channel"])
    before = message.embeds[0].to_dict()
    for cid in (f"cr:{table.id}:{table.version}:tc:{table.version}",
                f"cr:{table.id}:{table.version}:nav",
                f"cr:{table.id}:{table.version}:a:{table.engine.legal_actions(table.state)[0]}"):
        clicked = await _forge(member, message, cid.replace(" ", "_"))
        assert clicked.ephemeral and clicked.response.content == router.MALFORMED, cid
    assert message_of(env, table, world["channel"]).embeds[0].to_dict() == before
    assert table.log == []


@pytest.mark.slow
async def test_a_storage_error_in_a_lobby_button_gets_a_specific_answer(
        world: dict[str, Any]) -> None:
    """A lobby button whose write meets a database locked by another process is answered
    "busy" once; the lobby is unchanged."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    table = table_in(env, channel)
    start = len(env.http_requests)
    with write_lock(env.bot.settings.database_path):
        clicked = await bob.click(opened.response, label="Join")
    assert clicked.ephemeral and clicked.response.content == answers.BUSY
    assert _answers(env, start) == 1
    assert [s.user_id for s in table.seats] == [ann.id]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["rematch", "new", "replay"])
async def test_an_after_game_click_from_elsewhere_is_refused(
    world: dict[str, Any], kind: str
) -> None:
    """Rematch, New game and Replay of a finished table, forged in another server, are
    refused once and open nothing there."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="turup", timer="off", rounds=1)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    members = {ann.id: ann, bob.id: bob}
    while table.running:
        user = table.seats[table.to_act()].user_id
        await members[user].slash(channel, "move",
                                  action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    mod, posted = await _elsewhere(world, same_guild=False)
    start = len(env.http_requests)
    clicked = await _forge(mod, posted, f"cr:{table.id}:0:{kind}")
    await flush(env)
    assert clicked.ephemeral and "another channel" in clicked.response.content
    assert _answers(env, start) == 1
    assert service(env).in_channel(posted.channel.id) is None

"""One error path for every slash command (issue 18, points 2, 4, 8): a database locked by
another process gets a short, specific, ephemeral answer, once; a 1,950-character /move is
answered within Discord's limits."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.discord import answers
from storage.errors import StorageBusy
from storage.tables import TableStatus
from tests.helpers.discord import flush, message_of, panel_of, table_in
from tests.helpers.flaky import write_lock


def _callbacks(env: Any, start: int) -> int:
    return len([r for r in env.http_requests[start:] if r.path.endswith("/callback")])


async def _running(world: dict[str, Any]) -> Any:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


@pytest.mark.slow
async def test_play_on_a_locked_database_answers_busy(world: dict[str, Any]) -> None:
    """/play while another process holds the write lock: "busy", once, ephemeral."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    start = len(env.http_requests)
    with write_lock(env.bot.settings.database_path):
        done = await ann.slash(channel, "play", game="soureh")
    assert done.ephemeral and done.response.content == answers.BUSY
    assert _callbacks(env, start) == 1
    assert env.bot.tables.in_channel(channel.id) is None
    assert_error(env, StorageBusy)


@pytest.mark.slow
@pytest.mark.parametrize("command", ["resign", "cancel"])
async def test_table_commands_on_a_locked_database_answer_busy(
        world: dict[str, Any], command: str, caplog: pytest.LogCaptureFixture) -> None:
    """/resign and /cancel meeting a locked database answer "busy" once; the table plays
    on; the log line names the command, not its payload, and has no traceback."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    table = await _running(world)
    start = len(env.http_requests)
    with caplog.at_level(logging.WARNING), write_lock(env.bot.settings.database_path):
        done = await ann.slash(channel, command)
    assert done.ephemeral and done.response.content == answers.BUSY
    assert _callbacks(env, start) == 1
    assert table.status is TableStatus.RUNNING and not table.seats[0].resigned
    lines = [r for r in caplog.records if r.getMessage().startswith(f"/{command} failed")]
    assert lines and all(r.exc_info is None for r in lines)
    assert_error(env, StorageBusy)


async def test_settings_set_on_a_locked_database_answers_busy(world: dict[str, Any]) -> None:
    """/settings set meeting a locked database answers "busy" once."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    start = len(env.http_requests)
    with write_lock(env.bot.settings.database_path):
        done = await admin.slash(channel, "settings set", soureh_threshold=150)
    assert done.ephemeral and done.response.content == answers.BUSY
    assert _callbacks(env, start) == 1
    assert_error(env, StorageBusy)


async def test_a_bug_in_a_command_gets_an_apology(world: dict[str, Any],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that fails unexpectedly is answered once with the apology."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    table = await _running(world)

    def broken(*_args: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(type(env.bot.tables), "in_channel", broken)
    start = len(env.http_requests)
    done = await ann.slash(channel, "hand")
    assert done.ephemeral and done.response.content == answers.FAILED
    assert _callbacks(env, start) == 1
    assert table.running
    assert_error(env, RuntimeError)


async def test_a_very_long_move_is_answered(world: dict[str, Any]) -> None:
    """/move with 1,950 characters is answered, ephemerally, within Discord's 2,000."""
    env, channel = world["env"], world["channel"]
    table = await _running(world)
    seat = table.to_act()
    member = next(m for m in world["members"] if m.id == table.seats[seat].user_id)
    for text in ("keep " + "9" * 1945, "x" * 1950, "ask " * 49):
        start = len(env.http_requests)
        done = await member.slash(channel, "move", action=text)
        assert done.ephemeral and 0 < len(done.response.content) <= 2000
        assert _callbacks(env, start) == 1
    assert table.log == []


LOCKER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("ROLLBACK")
"""


@pytest.mark.slow
async def test_a_database_locked_by_another_process_costs_no_interaction_its_3_s(
        world: dict[str, Any]) -> None:
    """Another process holds a write transaction for 10 s: a move on table A is answered
    within Discord's 3 s ("not saved"), table B's read-only My cards is answered, and both
    tables play on once the lock is gone."""
    env, guild = world["env"], world["guild"]
    ann, bob, cat, dan = world["members"]
    tables = []
    for channel, (host, guest) in ((world["channel"], (ann, bob)),
                                   (guild.create_text_channel("other"), (cat, dan))):
        opened = await host.slash(channel, "play", game="turup", timer="off")
        await guest.click(opened.response, label="Join")
        await host.click(opened.response, label="Start (host)")
        await flush(env)
        tables.append((channel, table_in(env, channel)))
    (chan_a, table_a), (chan_b, table_b) = tables
    members = {m.id: m for m in world["members"]}

    def to_act(table: Any) -> Any:
        return members[table.seats[table.to_act()].user_id]

    locker = subprocess.Popen([sys.executable, "-c", LOCKER,
                               str(env.bot.settings.database_path), "10"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        began = time.monotonic()
        move = str(table_a.engine.legal_actions(table_a.state)[0])
        done = await to_act(table_a).slash(chan_a, "move", action=move)
        assert time.monotonic() - began < 3.0
        assert done.ephemeral and "could not be saved" in done.response.content
        began = time.monotonic()
        mine = await members[table_b.seats[0].user_id].click(
            message_of(env, table_b, chan_b), label="My cards")
        assert time.monotonic() - began < 3.0
        assert panel_of(mine).ephemeral and panel_of(mine).embeds
        assert locker.poll() is None  # the lock was held all along
    finally:
        locker.terminate()
        locker.wait()
    for channel, table in tables:
        version = table.version
        move = str(table.engine.legal_actions(table.state)[0])
        done = await to_act(table).slash(channel, "move", action=move)
        assert done.ephemeral and table.version == version + 1

"""Restarts with SimCord's ``restart_bot``: timers re-armed from stored deadlines, a deadline
that passed while the bot was down, and a game finished on buttons posted before."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.app import CardroomBot
from tests.helpers.discord import flush, message_of, service, table_in, via_panel

TIMER = 60


async def _table(env: Any, channel: Any, host: Any, guest: Any, timer: str) -> Any:
    service(env).seed_source = lambda: 5
    opened = await host.slash(channel, "play", game="turup", rounds=1, timer=timer)
    await guest.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def _member(table: Any, members: list[Any]) -> Any:
    user_id = table.seats[table.to_act()].user_id
    return next(m for m in members if m.id == user_id)


async def _restart(env: Any, settings: Any) -> None:
    bot = CardroomBot(settings)
    bot.shard_count = 1  # as the shared simcord_bot fixture does
    await env.restart_bot(bot)
    service(env).render_interval = 0
    service(env).ai_delay = 0
    await env.advance_time(2)  # the restore's refresh of the table message
    await flush(env)


async def test_turn_timer_is_rearmed_after_restart(world: dict[str, Any], settings: Any) -> None:
    """The stored deadline is armed again by the new bot and fires on time."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob, str(TIMER))
    deadline, version, seat = table.record.deadline, table.version, table.to_act()
    await _restart(env, settings)
    restored = table_in(env, channel)
    assert restored is not table and restored.record.deadline == deadline
    assert restored.version == version, "nothing fired early"
    await env.advance_time(TIMER)
    await flush(env)
    assert restored.version == version + 1 and restored.seats[seat].timeouts == 1


@pytest.mark.slow
async def test_deadline_passed_while_down_fires_at_once(
    world: dict[str, Any], settings: Any
) -> None:
    """A deadline that passed while the bot was down fires right after the restore."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob, str(TIMER))
    version, seat = table.version, table.to_act()
    db = env.bot.db
    await db.conn.execute("UPDATE tables SET deadline = ? WHERE id = ?",
                          (time.time() - 600, table.id))
    await db.conn.commit()
    await _restart(env, settings)
    restored = table_in(env, channel)
    assert restored.version == version + 1 and restored.seats[seat].timeouts == 1
    assert any("ran out of time" in line for line in restored.recent)
    assert "ran out of time" in (message_of(env, restored, channel).embeds[0].description or "")


@pytest.mark.slow
async def test_game_finishes_on_buttons_from_before_restart(
    world: dict[str, Any], settings: Any
) -> None:
    """Play some turns, restart, then finish the game by clicking the table message that
    was posted before the restart (no new table message is posted)."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob, "off")
    message_id = table.record.message_id
    for _ in range(4):
        member = _member(table, [ann, bob])
        await via_panel(env, member, channel, str(table.engine.legal_actions(table.state)[0]))
    log = list(table.log)
    await _restart(env, settings)
    restored = table_in(env, channel)
    assert restored.log == log and restored.record.message_id == message_id
    moves = 0
    while restored.running:
        member = _member(restored, [ann, bob])
        assert message_of(env, restored, channel).id == message_id
        await via_panel(env, member, channel,
                        str(restored.engine.legal_actions(restored.state)[0]))
        await flush(env)
        moves += 1
    assert moves > 0 and restored.status.value == "finished"
    assert restored.record.message_id == message_id
    final = message_of(env, restored, channel).embeds[0]
    assert "game over" in final.title


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


async def test_one_live_ping_after_a_restart(world: dict[str, Any], settings: Any) -> None:
    """The live turn ping is remembered across a restart: the new bot deletes the ping the
    old one posted before pinging again, so the channel never holds two for the table."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    await _table(env, channel, ann, bob, "off")
    before = _pings(channel)
    assert len(before) == 1
    await _restart(env, settings)
    restored = table_in(env, channel)
    after = _pings(channel)
    assert len(after) == 1 and after[0].id != before[0].id, "the old ping was replaced"
    user = restored.seats[restored.to_act()].user_id
    assert after[0].content.startswith(f"<@{user}> — your turn at")
    for _ in range(3):
        member = _member(restored, [ann, bob])
        await member.slash(channel, "move",
                           action=str(restored.engine.legal_actions(restored.state)[0]))
        await flush(env)
        assert len(_pings(channel)) <= 1
    await _restart(env, settings)
    assert len(_pings(channel)) <= 1

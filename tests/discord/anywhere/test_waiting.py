"""A group DM's table waits when no interaction of it can update its message any more
(issue 45): its message says so with Continue, nothing plays on meanwhile, and any
press resumes it; the same across a restart of the bot."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pytest

from bot.app import CardroomBot
from bot.tables.model import Table
from tests.helpers.anywhere import Anywhere, Room
from tests.helpers.discord import service
from tests.helpers.group_games import live_pings, open_table, play_out

LONG = "1800"  # a turn timer longer than an interaction lives


async def _group(anywhere: Anywhere) -> tuple[Room, Any, Any, Any]:
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    cat = anywhere.user("cat", installed=True)
    return anywhere.group_dm(ann, bob, cat), ann, bob, cat


def _message(anywhere: Anywhere, room: Room, table: Table) -> Any:
    return anywhere.env.backend.get_message(room.id, table.record.message_id)


def _labels(message: Any) -> list[str]:
    return [c.get("label") or "" for row in message.components for c in row["components"]]


async def test_a_table_left_alone_waits_and_continue_resumes_it(anywhere: Anywhere) -> None:
    """Past 15 minutes the message says the table waits and offers Continue; nothing is
    played or requested while it waits; bob's press (he never installed the app) plays
    the turn whose time ran out, the computers catch up, the message shows the table."""
    room, ann, bob, cat = await _group(anywhere)
    table, _opened = await open_table(anywhere, room, ann, [bob, cat], "soi", timer=LONG)
    await play_out(anywhere, room, table, moves=1)
    version, log = table.version, list(table.log)
    to_act = table.to_act()
    assert to_act is not None and table.seats[to_act].user_id is not None
    await anywhere.env.advance_time(15 * 60)
    shown = _message(anywhere, room, table)
    assert table.waiting and "waiting" in shown.content and "Continue" in _labels(shown)
    requests = len(anywhere.env.backend.http_requests)
    await anywhere.env.advance_time(20 * 60)  # the turn's 30 minutes run out meanwhile
    assert len(anywhere.env.backend.http_requests) == requests, "nothing while waiting"
    assert table.version == version and table.log == log, "nothing played, nothing lost"
    # the service's clock is the wall clock (SimCord makes only the loop's virtual): the
    # turn's deadline is moved to have passed, as it would have in 35 minutes
    table.record = dataclasses.replace(table.record, deadline=time.time() - 1)
    pressed = await anywhere.click(bob, shown, label="Continue")
    await anywhere.env.settle()
    assert pressed.acknowledged and not table.waiting
    assert table.seats[to_act].timeouts == 1 and table.log[:len(log)] == log
    now = table.to_act()
    assert now is not None and not table.seats[now].is_computer_held, "computers caught up"
    shown = _message(anywhere, room, table)
    assert "waiting" not in shown.content and "Continue" not in _labels(shown)
    assert anywhere.channel_requests() == [] and anywhere.refused == []


async def _restart(anywhere: Anywhere, settings: Any) -> Table:
    """A new bot process on the same database (its tables restored)."""
    env = anywhere.env
    bot = CardroomBot(settings)
    bot.shard_count = 1
    await env.restart_bot(bot)
    service(env).render_interval = 0
    service(env).ai_delay = 0
    await env.advance_time(2)
    await env.settle()
    restored = list(service(env).tables.values())
    assert len(restored) == 1
    return restored[0]


@pytest.mark.slow
async def test_a_waiting_table_survives_a_restart(anywhere: Anywhere, settings: Any) -> None:
    """Waiting, then restarted: the restored table waits too; Continue on the message
    from before the restart resumes it, and the game is played to its end."""
    room, ann, bob, cat = await _group(anywhere)
    table, _opened = await open_table(anywhere, room, ann, [bob, cat], "turup")
    await play_out(anywhere, room, table, moves=2)
    version, log = table.version, list(table.log)
    await anywhere.env.advance_time(15 * 60)
    assert table.waiting
    shown = _message(anywhere, room, table)
    restored = await _restart(anywhere, settings)
    assert restored.waiting and restored.version == version and restored.log == log
    await anywhere.click(cat, shown, label="Continue")
    await anywhere.env.settle()
    assert not restored.waiting
    await play_out(anywhere, room, restored)
    assert restored.finished and restored.log[:len(log)] == log
    assert anywhere.channel_requests() == [] and anywhere.most_followups() <= 5


@pytest.mark.slow
async def test_a_restart_while_the_table_runs_waits_until_a_press(
    anywhere: Anywhere, settings: Any
) -> None:
    """Restarted while it ran: the new bot holds no interaction of it, so it waits; the
    first press on its message (Take turn here) is a Continue, and play goes on. The turn
    ping the old process posted cannot be deleted by the new one (only the interaction
    that posted it could, and it died with the process): it stays until Discord's 15
    minutes are long gone, the one live ping besides the new process's own."""
    room, ann, bob, cat = await _group(anywhere)
    table, _opened = await open_table(anywhere, room, ann, [bob, cat], "soureh")
    await play_out(anywhere, room, table, moves=2)
    shown = _message(anywhere, room, table)
    stale = frozenset(m.id for m in live_pings(anywhere, room))
    assert len(stale) <= 1
    restored = await _restart(anywhere, settings)
    assert restored.waiting
    seat = restored.to_act()
    assert seat is not None
    person = next(p for p in room.people if p.id == restored.seats[seat].user_id)
    first = await anywhere.click(person, shown, label="Take turn")
    await anywhere.env.settle()
    assert first.acknowledged and not restored.waiting
    await play_out(anywhere, room, restored, stale=stale)
    assert restored.finished
    assert anywhere.channel_requests() == [] and anywhere.refused == []

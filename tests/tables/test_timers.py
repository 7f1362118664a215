"""Turn timers, lobby expiry and inactivity on SimCord's virtual clock."""

from __future__ import annotations

from typing import Any

from bot.results import GameResult
from bot.tables.timers import INACTIVE_SECONDS, LOBBY_SECONDS, TIMEOUTS_TO_COMPUTER
from storage.tables import TableRepo, TableStatus
from tests.helpers.discord import flush, message_of, service, table_in

TIMER = 30


async def _table(env: Any, channel: Any, host: Any, guest: Any, timer: str = str(TIMER)) -> Any:
    service(env).seed_source = lambda: 11
    opened = await host.slash(channel, "play", game="turup", rounds=3, timer=timer)
    await guest.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def _member(table: Any, members: list[Any]) -> Any:
    user_id = table.seats[table.to_act()].user_id
    return next(m for m in members if m.id == user_id)


def _labels(message: Any) -> list[str]:
    return [c.get("label") for row in message.components for c in row.to_dict()["components"]]


async def _move(env: Any, channel: Any, table: Any, members: list[Any]) -> None:
    member = _member(table, members)
    done = await member.slash(channel, "move",
                              action=str(table.engine.legal_actions(table.state)[0]))
    assert done.acknowledged
    await flush(env)


async def test_turn_timer_moves_for_the_absent_seat(world: dict[str, Any]) -> None:
    """At the deadline the easy computer moves for the seat, the table says so, the count
    is stored, and the person's own next move resets it."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    assert table.record.deadline is not None
    seat, version = table.to_act(), table.version
    await env.advance_time(TIMER - 5)
    assert table.version == version, "nothing happens before the deadline"
    await env.advance_time(6)
    await flush(env)
    assert table.version == version + 1 and table.to_act() != seat
    assert table.seats[seat].timeouts == 1 and not table.seats[seat].is_computer_held
    assert any("ran out of time" in line for line in table.recent)
    embed = message_of(env, table, channel).embeds[0]
    assert "ran out of time" in (embed.description or "")
    stored = {s.seat: s for s in await TableRepo(env.bot.db).seats(table.id)}
    assert stored[seat].timeouts == 1
    await _move(env, channel, table, [ann, bob])  # the other seat plays in time
    assert table.to_act() == seat
    await _move(env, channel, table, [ann, bob])  # and the absent one is back
    assert table.seats[seat].timeouts == 0
    stored = {s.seat: s for s in await TableRepo(env.bot.db).seats(table.id)}
    assert stored[seat].timeouts == 0


async def test_three_timeouts_hand_the_seat_to_a_computer(world: dict[str, Any]) -> None:
    """Three timeouts in a row: a normal computer holds the seat, the player is pinged with
    how to return, Take my seat back works and the timer runs for him again."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob)
    seat = table.to_act()
    absent = _member(table, [ann, bob])
    other = bob if absent is ann else ann
    for n in range(1, TIMEOUTS_TO_COMPUTER + 1):
        assert table.to_act() == seat
        await env.advance_time(TIMER + 1)
        await flush(env)
        assert table.seats[seat].timeouts == n
        if n < TIMEOUTS_TO_COMPUTER:
            await _move(env, channel, table, [other])
    assert table.seats[seat].computer_level == "normal" and not table.seats[seat].resigned
    notices = [m for m in channel.history() if "Take my seat back" in m.content]
    assert len(notices) == 1 and absent.mention in notices[0].content
    message = message_of(env, table, channel)
    assert "Take my seat back" in _labels(message)
    if table.to_act() != seat:
        await _move(env, channel, table, [other])  # the computer answers for the absent seat
    back = await absent.click(message_of(env, table, channel), label="Take my seat back")
    assert back.ephemeral and "yours again" in back.response.embeds[0].description
    await flush(env)
    assert table.seats[seat].computer_level is None and table.seats[seat].timeouts == 0
    if table.to_act() != seat:
        await _move(env, channel, table, [other])
    assert table.to_act() == seat and table.record.deadline is not None
    version = table.version
    await env.advance_time(TIMER + 1)
    await flush(env)
    assert table.version > version and table.seats[seat].timeouts == 1


async def test_timer_off_never_moves(world: dict[str, Any]) -> None:
    """With the timer off there is no deadline and nobody is moved for."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _table(env, channel, ann, bob, timer="off")
    version = table.version
    assert table.record.deadline is None
    await env.advance_time(3600)
    assert table.version == version and table.running


async def test_lobby_closes_after_fifteen_minutes(world: dict[str, Any]) -> None:
    """A lobby nobody starts closes itself and its message says so."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    table = table_in(env, channel)
    await env.advance_time(LOBBY_SECONDS - 10)
    assert table.status is TableStatus.LOBBY
    await env.advance_time(11)
    await flush(env)
    assert table.status is TableStatus.CANCELLED
    assert service(env).in_channel(channel.id) is None
    message = next(m for m in channel.history() if m.id == opened.response.id)
    assert "cancelled" in message.embeds[0].title and message.components == []
    assert "did not start within 15 minutes." in message.embeds[0].description
    again = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    assert not again.ephemeral, "the channel is free for a new table"


async def test_inactive_table_closes_with_standings(world: dict[str, Any]) -> None:
    """No human action for 24 hours closes a running table; listeners get 'inactive'."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    results: list[GameResult] = []

    async def collect(result: GameResult) -> None:
        results.append(result)

    service(env).add_finish_listener(collect)
    table = await _table(env, channel, ann, bob, timer="off")
    await env.advance_time(INACTIVE_SECONDS - 60)
    await _move(env, channel, table, [ann, bob])  # a move restarts the 24 hours
    await env.advance_time(INACTIVE_SECONDS - 60)
    assert table.running
    await env.advance_time(61)
    await flush(env)
    assert table.status is TableStatus.CANCELLED and table.record.end_reason == "inactive"
    assert [r.reason for r in results] == ["inactive"]
    assert len(results[0].seats) == 2
    embed = message_of(env, table, channel).embeds[0]
    assert "closed" in (embed.description or "") and "bob" in (embed.description or "")

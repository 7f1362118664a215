"""What a table tells people, played through whole games under SimCord: a ping per change
of turn to a person (only he can be notified, one live ping per table), a message at each
round's end, the standings at the game's end with Rematch, the practice or rated wording,
and a leak-free audit of every message."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.render.announce import PRACTICE, RATED
from storage.guild_settings import GuildSettingsRepo
from storage.notify import NotifyRepo
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    payload_of,
    service,
    table_in,
    typed,
)

GAMES: list[tuple[str, int, dict[str, Any], str | None]] = [
    ("soureh", 3, {"threshold": 40}, None),
    ("pariah", 2, {"threshold": 60}, None),
    ("turup", 2, {"rounds": 2}, "easy"),
    ("soi", 3, {"target": 20, "memory": "off"}, "easy"),
]


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


def _titled(channel: Any, words: str) -> list[Any]:
    return [m for m in channel.history() if m.embeds and words in (m.embeds[0].title or "")]


def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for r in component_rows(message) for c in r["components"]]


async def _open(world: dict[str, Any], name: str, people: int, options: dict[str, Any],
                computer: str | None) -> Any:
    env, channel = world["env"], world["channel"]
    members = world["members"][:people]
    opened = await members[0].slash(channel, "play", game=name, timer="180", **options)
    for member in members[1:]:
        await member.click(opened.response, label="Join")
    if computer is not None:
        table = table_in(env, channel)
        await members[0].select(opened.response, [computer],
                                custom_id=f"cs:{table.id}:{table.version}:addc")
    await members[0].click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "people", "options", "computer"), GAMES)
async def test_a_whole_game_tells_turns_rounds_and_the_end(
    world: dict[str, Any], name: str, people: int, options: dict[str, Any],
    computer: str | None,
) -> None:
    """Pings follow the turn, each round and the game end are posted, Rematch reopens the
    table with the same seats and options, and no public message shows a hidden card."""
    env, channel = world["env"], world["channel"]
    service(env).seed_source = lambda: 9
    members = {m.id: m for m in world["members"]}
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table = await _open(world, name, people, options, computer)
    audit.step([table])
    rng = random.Random(2)
    last_person: int | None = None
    turns_to_people = 0
    while table.running:
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        if user is not None and user != last_person:
            turns_to_people += 1
        live = _pings(channel)
        assert len(live) <= 1, "one live ping per table"
        if user is not None:
            assert live and live[0].content.startswith(f"<@{user}> — your turn at")
        last_person = user
        if user is None:
            await flush(env)
            continue
        action = str(rng.choice(table.engine.legal_actions(table.state)))
        moved = await members[user].slash(channel, "move", action=typed(table, action))
        assert moved.acknowledged
        await flush(env)
        audit.step([table])
    await flush(env)
    audit.step([table])
    assert not _pings(channel), "the game's end takes the last ping away"

    sent = [payload_of(r) or {} for r in env.http_requests]
    pings = [p for p in sent if "your turn at" in str(p.get("content"))]
    assert len(pings) >= turns_to_people > 1
    for payload in pings:
        mentioned = payload["allowed_mentions"]
        assert mentioned.get("parse") == [] and len(mentioned["users"]) == 1
        assert f"<@{mentioned['users'][0]}>" in payload["content"]

    rounds = len(table.rounds)
    assert len(_titled(channel, "is over")) == rounds - 1  # the last round: the game's end
    ended = _titled(channel, "game over")
    end = [m for m in ended if "Rematch" in _labels(m)]
    assert len(end) == 1 and _labels(end[0]) == ["Rematch", "New game", "Review my game"]
    text = json.dumps(end[0].embeds[0].to_dict(), ensure_ascii=False)
    assert "won the game" in text
    assert (PRACTICE if computer else RATED) in text
    if computer:
        assert "🤖" in text

    host = next(m for m in members.values() if m.id == table.seats[0].user_id)
    again = await host.click(end[0], label="Rematch")
    assert again.acknowledged and not again.ephemeral
    lobby = again.response
    for seat in table.seats[1:]:
        if seat.user_id is not None:
            assert f"<@{seat.user_id}>" in lobby.content
            await members[seat.user_id].click(lobby, label="Join")
    await host.click(lobby, label="Start (host)")
    await flush(env)
    rematch = table_in(env, channel)
    assert rematch.id != table.id and rematch.running
    assert rematch.record.variant == table.record.variant
    assert rematch.record.timer_seconds == table.record.timer_seconds
    assert sorted(str(s.user_id) for s in rematch.seats) == sorted(
        str(s.user_id) for s in table.seats)
    assert [s.computer_level for s in rematch.seats if s.user_id is None] == [
        s.computer_level for s in table.seats if s.user_id is None]
    audit.step([rematch])


async def test_pings_follow_the_settings(world: dict[str, Any]) -> None:
    """A player who turned his pings off is not pinged; a server with pings off pings
    nobody."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    quiet = await bob.slash(channel, "notify", pings="off")
    assert quiet.ephemeral and "No more turn pings" in quiet.response.content
    assert not await NotifyRepo(env.bot.db).pings_on(bob.id)
    table = await _open(world, "turup", 2, {"rounds": 1}, None)
    members = {ann.id: ann, bob.id: bob}
    for _ in range(6):
        user = table.seats[table.to_act()].user_id
        pinged = _pings(channel)
        assert all(bob.mention not in p.content for p in pinged)
        assert (user == ann.id) == bool(pinged)
        action = str(table.engine.legal_actions(table.state)[0])
        await members[user].slash(channel, "move", action=action)
        await flush(env)
    await GuildSettingsRepo(env.bot.db).update(table.record.guild_id, pings=False)
    await bob.slash(channel, "notify", pings="on")
    assert await NotifyRepo(env.bot.db).pings_on(bob.id)
    for _ in range(4):
        user = table.seats[table.to_act()].user_id
        await members[user].slash(channel, "move", action=str(
            table.engine.legal_actions(table.state)[0]))
        await flush(env)
        assert not _pings(channel)


async def test_a_finished_table_keeps_last_round_replay_and_new_game(
    world: dict[str, Any],
) -> None:
    """After the game the table message offers Last round and a paged, ephemeral Replay of
    the public moves; New game opens a lobby of the same game for whoever asks."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    table = await _open(world, "turup", 2, {"rounds": 1}, None)
    members = {ann.id: ann, bob.id: bob}
    while table.running:
        user = table.seats[table.to_act()].user_id
        await members[user].slash(channel, "move",
                                  action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    final = next(m for m in channel.history() if m.id == table.record.message_id)
    assert _labels(final) == ["Round results", "Replay"]
    last = await cat.click(final, label="Round results")
    assert last.ephemeral and "round 1" in (last.response.embeds[0].title or "")
    shown = await cat.click(final, label="Replay")
    assert shown.ephemeral and "Replay" in (shown.response.embeds[0].title or "")
    footer = shown.response.embeds[0].footer.text or ""
    assert footer.startswith("Page 1 of ") and footer != "Page 1 of 1 · public moves only"
    paged = await cat.click(shown.response, label="Next ▶")
    assert "Page 2 of" in (paged.response.embeds[0].footer.text or "")
    end = next(m for m in _titled(channel, "game over") if "Rematch" in _labels(m))
    refused = await cat.click(end, label="Rematch")
    assert refused.ephemeral and "Only the players" in refused.response.content
    fresh = await cat.click(end, label="New game")
    assert not fresh.ephemeral and "lobby" in (fresh.response.embeds[0].title or "")
    lobby = table_in(env, channel)
    assert lobby.record.host_id == cat.id and lobby.game == "turup"


@pytest.mark.slow
async def test_rematch_keeps_the_old_seat_order(world: dict[str, Any]) -> None:
    """Rematch seats everyone where he sat, whoever presses it and whatever the order of
    the Join clicks: the computer keeps its place too, and the lobby lists that order."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    service(env).seed_source = lambda: 5
    table = await _open(world, "turup", 3, {"rounds": 1}, "easy")
    order = [s.user_id for s in table.seats]
    assert order == [ann.id, bob.id, cat.id, None]
    members = {ann.id: ann, bob.id: bob, cat.id: cat}
    while table.running:
        user = table.seats[table.to_act()].user_id
        if user is None:
            await flush(env)
            continue
        await members[user].slash(channel, "move",
                                  action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    end = next(m for m in _titled(channel, "game over") if "Rematch" in _labels(m))
    again = await cat.click(end, label="Rematch")  # the last seat hosts the rematch
    lobby = table_in(env, channel)
    assert lobby.id != table.id and lobby.record.host_id == cat.id
    assert [s.user_id for s in lobby.seats] == [cat.id, None]
    for member in (bob, ann):  # in the wrong order
        assert (await member.click(again.response, label="Join")).acknowledged
    assert [s.user_id for s in lobby.seats] == order
    assert [s.seat for s in lobby.seats] == [0, 1, 2, 3]
    shown = next(m for m in channel.history() if m.id == again.response.id)
    listed = shown.embeds[0].fields[0].value
    for i, member in enumerate((ann, bob, cat)):
        assert f"{i + 1}. <@{member.id}>" in listed
    assert "4. 🤖" in listed
    await cat.click(again.response, label="Start (host)")
    await flush(env)
    assert [s.user_id for s in table_in(env, channel).seats] == order

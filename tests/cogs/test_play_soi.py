"""A whole game of Soi on Discord, with a refused DM falling back to the My cards button."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render.card_text import card
from bot.render.embeds import table_embed
from tests.helpers.discord import (
    Audit,
    cards_sent,
    flush,
    last_cards,
    message_of,
    panel_of,
    service,
    table_in,
    text_only,
    typed,
    via_panel,
)

pytestmark = pytest.mark.slow


def _good_ask(table: Any) -> str:
    """An ask that hits when one exists (so the test game stays short), else the first."""
    legal = [str(a) for a in table.engine.legal_actions(table.state)]
    for notation in legal:
        _, target, wanted = notation.split()
        if wanted in (table.player_view(int(target)).get("hand") or []):
            return notation
    return legal[0]


async def test_soi_game_with_closed_dms(world: dict[str, Any]) -> None:
    """Three members play Soi to a target of 20; cat's DMs are closed and he is told once."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat, dan = world["members"]
    service(env).seed_source = lambda: 3
    env.inject_error("POST", f"/channels/{cat.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})

    wrong = await ann.slash(channel, "play", game="soi", rounds=2)
    assert wrong.ephemeral
    assert "rounds" in wrong.response.content and "Turup" in wrong.response.content
    opened = await ann.slash(channel, "play", game="soi", target=20, memory="off", timer="off")
    assert not opened.ephemeral
    second = await bob.slash(channel, "play", game="turup")
    assert second.ephemeral and "already has an open table" in second.response.content
    assert str(opened.response.id) in second.response.content
    for member in (bob, cat):
        assert (await member.click(opened.response, label="Join")).acknowledged
    # cat's Join is older than an interaction token lives when the cards are dealt: his
    # cards go by DM, which he refuses (a fresh click would bring them to the channel)
    await env.advance_time(14 * 60 + 5)
    early = await bob.click(opened.response, label="Start (host)")
    assert early.ephemeral and "host" in early.response.content
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    players = {s.user_id: m for m in (ann, bob, cat) for s in table.seats if s.user_id == m.id}
    audit.step([table])

    notices = [m for m in channel.history() if "cannot send direct messages" in m.content]
    assert len(notices) == 1 and cat.mention in notices[0].content
    cat_seat = table.seat_of(cat.id)
    mine = panel_of(await cat.click(message_of(env, table, channel), label="My cards"))
    assert mine.ephemeral
    for code in table.hidden_cards(cat_seat):
        assert card(code) in mine.embeds[0].description
    outsider = await dan.click(message_of(env, table, channel), label="My cards")
    assert outsider.ephemeral and "not playing" in outsider.response.content

    turn = 0
    while table.running:
        seat = table.to_act()
        member = players[table.seats[seat].user_id]
        notation = _good_ask(table)
        before = table.version
        if turn % 6 == 0:
            await via_panel(env, member, channel, notation)
        else:
            said = typed(table, notation)
            choices = await member.autocomplete(channel, "move", "action", said)
            assert said in [c["value"] for c in choices] and len(choices) <= 25
            assert (await member.slash(channel, "move", action=said)).acknowledged
        assert table.version == before + 1
        audit.step([table])
        turn += 1
    await flush(env)
    audit.step([table])

    embed = message_of(env, table, channel).embeds[0]
    assert text_only(embed.to_dict()) == table_embed(table.seen()).to_dict()
    assert "game over" in (embed.title or "")
    assert max(table.engine.totals(table.state)) >= 20
    notices = [m for m in channel.history() if "cannot send direct messages" in m.content]
    assert len(notices) == 1, "the refused DM is announced once"
    assert audit.public_posts == 1
    for member in (ann, bob):  # the result; a picture only of cards still held
        result = last_cards(member, channel)
        assert "game over" in result.content and "Your final cards" in result.content
        assert bool(result.attachments) == bool(table.player_view(
            table.seat_of(member.id))["hand"])


def _cards(members: list[Any], channel: Any) -> dict[int, int]:
    """Messages that brought each member their cards so far (DMs and private follow-ups)."""
    return {m.id: len(cards_sent(m, channel)) for m in members}


async def test_soi_sends_each_player_their_cards_at_most_twice_a_round(
    world: dict[str, Any]
) -> None:
    """A whole Soi game of four players: cards are sent privately at each deal and at the
    end, never while a round is played (hand changes go to the panel and My cards), so each
    player gets at most 2 such messages per round; and since every player has clicked at
    the table lately, all of them come as private follow-ups, none as a DM (no global
    request)."""
    env, channel = world["env"], world["channel"]
    members = world["members"]
    service(env).seed_source = lambda: 7
    opened = await members[0].slash(channel, "play", game="soi", target=150, timer="off")
    for member in members[1:]:
        await member.click(opened.response, label="Join")
    await members[0].click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    by_id = {m.id: m for m in members}
    assert all(n == 1 for n in _cards(members, channel).values()), "cards once at the deal"
    moves = 0
    while table.running:
        rounds, before = len(table.rounds), _cards(members, channel)
        member = by_id[table.seats[table.to_act()].user_id]
        await member.slash(channel, "move", action=typed(table, _good_ask(table)))
        await flush(env)
        moves += 1
        if table.running and len(table.rounds) == rounds:
            assert _cards(members, channel) == before, "no cards sent while a round is played"
    rounds = len(table.rounds)
    sent = _cards(members, channel)
    assert moves > 4 * rounds and rounds >= 2
    assert all(0 < n <= 2 * rounds for n in sent.values()), (sent, rounds)
    assert not any(m.user.dm_channel.history() for m in members), "no DM: fresh tokens"

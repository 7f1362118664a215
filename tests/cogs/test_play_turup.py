"""A whole game of Turup on Discord: lobby, turns by panel and /move, refusals, standings."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render.embeds import table_embed
from bot.results import GameResult
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    last_cards,
    message_of,
    panel_of,
    service,
    table_in,
    text_only,
    via_panel,
)

pytestmark = pytest.mark.slow


async def test_turup_game_from_play_to_standings(world: dict[str, Any]) -> None:
    """Two members play a one-round Turup game to the end with every check on the way."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    svc = service(env)
    svc.seed_source = lambda: 11
    results: list[GameResult] = []

    async def record(result: GameResult) -> None:
        results.append(result)

    svc.add_finish_listener(record)
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})

    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    assert opened.acknowledged and not opened.ephemeral
    joined = await bob.click(opened.response, label="Join")
    assert joined.acknowledged
    started = await ann.click(opened.response, label="Start (host)")
    assert started.acknowledged
    await flush(env)
    table = table_in(env, channel)
    members = {ann.id: ann, bob.id: bob}
    players = [members[s.user_id] for s in table.seats if s.user_id is not None]
    audit.step([table])

    # each player got his hand by DM
    for seat, member in enumerate(players):
        dm = last_cards(member, channel)
        assert dm is not None
        for code in table.hidden_cards(seat):
            assert code not in dm.content
            assert __import__("bot.render.card_text", fromlist=["card"]).card(code) in dm.content

    # refusals leave the state unchanged
    version = table.version
    waiting = players[1 - table.to_act()]
    refused = await waiting.click(message_of(env, table, channel), label="Take turn")
    assert refused.ephemeral and "not your turn" in refused.response.content
    stranger = await cat.click(message_of(env, table, channel), label="Take turn")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    assert table.version == version

    turn = 0
    while table.running:
        seat = table.to_act()
        member = players[seat]
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        captures = [a for a in legal if a.startswith("capture")]
        notation = captures[0] if captures else legal[turn % len(legal)]
        before = table.version
        if turn == 4:
            # a panel opened before the move goes stale: its select is refused, nothing applied
            panel = (await member.click(message_of(env, table, channel), label="Take turn"))
            moved = await member.slash(channel, "move", action=notation)
            assert moved.acknowledged
            old = f"cs:{table.id}:{before}:a:m0"
            stale = await member.select(panel_of(panel), [notation], custom_id=old)
            assert stale.ephemeral and "out of date" in stale.response.content
            assert str(table.record.message_id) in stale.response.content
        elif turn % 3 == 0:
            await via_panel(env, member, channel, notation)
        else:
            moved = await member.slash(channel, "move", action=notation)
            assert moved.acknowledged and moved.ephemeral
        assert table.version == before + 1
        audit.step([table])
        turn += 1
        if turn % 10 == 0:
            await flush(env)
    await flush(env)
    audit.step([table])

    message = message_of(env, table, channel)
    embed = message.embeds[0]
    assert "game over" in (embed.title or "")
    assert text_only(embed.to_dict()) == table_embed(table.seen()).to_dict()
    assert "won the game" in (embed.description or "") and not embed.fields
    labels = [c.get("label") for r in component_rows(message) for c in r["components"]]
    assert labels == ["Round results", "Replay"]
    tables = [m for m in channel.history() if m.embeds and "table #" in (m.embeds[0].title or "")
              and m.id != message.id and "Rematch" not in str(component_rows(m))]
    assert not tables, "the table message is updated, never re-posted"
    assert len(results) == 1 and results[0].reason == "finished"
    assert sorted(s.place for s in results[0].seats)[0] == 1
    assert svc.in_channel(channel.id) is None

"""A whole game played through the bot lands in the leaderboard, stats and history."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.app import CardroomBot
from storage.stats import StatsRepo

pytestmark = pytest.mark.slow


async def test_finished_table_is_recorded_and_ranked(simcord_env: Env) -> None:
    """Two members play a one-round Turup game by /move; the result is ranked and listed."""
    env = simcord_env
    bot = env.bot
    assert isinstance(bot, CardroomBot)
    guild = env.create_guild("Cardroom club")
    channel = guild.create_text_channel("cards")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    bot.tables.render_interval = 0  # render every move at once: this test is about the result

    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    assert opened.acknowledged and opened.response is not None
    assert (await bob.click(opened.response, label="Join")).acknowledged
    assert (await ann.click(opened.response, label="Start (host)")).acknowledged
    table = bot.tables.in_channel(channel.id)
    assert table is not None
    members = {ann.id: ann, bob.id: bob}
    while table.running:
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        action = str(table.engine.legal_actions(table.state)[0])
        moved = await members[user].slash(channel, "move", action=action)
        assert moved.acknowledged
    await env.advance_time(2)

    history = await StatsRepo(bot.db).history(guild.id, "turup")
    assert history.total == 1
    game = history.games[0]
    assert {s.user_id for s in game.seats} == {ann.id, bob.id} and game.rated
    winners = {s.user_id for s in game.winners}

    res = await ann.slash(channel, "leaderboard", game="turup", sort="wins")
    assert res.acknowledged and res.response is not None
    text = res.response.embeds[0].description or ""
    assert "**\u2068ann\u2069**" in text and "**\u2068bob\u2069**" in text
    assert text.count("game won") == 2
    board = await StatsRepo(bot.db).leaderboard(guild.id, "turup")
    assert {r.user_id: r.wins for r in board.rows} == {
        u: int(u in winners) for u in (ann.id, bob.id)
    }

    listed = await bob.slash(channel, "history")
    assert listed.response is not None
    rounds = await bob.click(listed.response, label=f"Rounds of game G{history.games[0].result_id}")
    assert rounds.acknowledged and rounds.ephemeral and rounds.response is not None
    assert "Total" in (rounds.response.embeds[0].description or "")

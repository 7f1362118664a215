"""Tables in a DM between two friends and in the bot's own DM, the friends' own rankings,
and a server that did not add the app (issue 45)."""

from __future__ import annotations

import pytest

from storage.stats import StatsRepo
from tests.helpers.anywhere import Anywhere
from tests.helpers.discord import Audit, service
from tests.helpers.group_games import open_table, play_out


@pytest.mark.slow
async def test_a_game_in_a_dm_between_two_friends(anywhere: Anywhere) -> None:
    """ann (who installed the app) and bob (who did not) play Turup to the end in their
    DM, a private channel too: no channel request, nothing hidden made public."""
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    room = anywhere.dm(ann, bob)
    audit = Audit(anywhere.env)
    table, _opened = await open_table(anywhere, room, ann, [bob], "turup", computer=False)
    await play_out(anywhere, room, table, audit)
    assert table.finished
    assert anywhere.channel_requests() == [] and anywhere.refused == []
    assert anywhere.most_followups() <= 5


@pytest.mark.slow
async def test_a_game_against_computers_in_the_bots_dm(anywhere: Anywhere) -> None:
    """ann alone against two computers at Soi in her DM with the bot, to the end."""
    ann = anywhere.user("ann", installed=True)
    room = anywhere.bot_dm(ann)
    env = anywhere.env
    service(env).seed_source = lambda: 4
    opened = await anywhere.slash(ann, room, "play", game="soi", timer="off")
    assert opened.response is not None
    table = service(env).in_channel(room.id)
    assert table is not None
    for _ in range(2):
        await anywhere.select(ann, opened.response, ["normal"],
                              custom_id=f"cs:{table.id}:{table.version}:addc")
    await anywhere.click(ann, opened.response, label="Start (host)")
    await env.settle()
    audit = Audit(env, dm_channels={room.id})
    await play_out(anywhere, room, table, audit)
    assert table.finished
    assert anywhere.refused == []
    assert not [r for r in env.backend.http_requests if r.path.startswith("/channels/")]


@pytest.mark.slow
async def test_friends_have_their_own_leaderboard(anywhere: Anywhere) -> None:
    """A group DM's finished game is ranked under the group DM, apart from any server:
    its /leaderboard lists the friends; a server's does not list them."""
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    room = anywhere.group_dm(ann, bob)
    table, _opened = await open_table(anywhere, room, ann, [bob], "turup", computer=False)
    await play_out(anywhere, room, table)
    await anywhere.env.settle()
    repo = StatsRepo(anywhere.env.bot.db)  # type: ignore[attr-defined]
    friends = await repo.leaderboard(room.id, "turup")
    assert friends.total == 2
    shown = await anywhere.slash(ann, room, "leaderboard", game="turup")
    assert shown.response is not None and "ann" in str(shown.response.embeds[0].to_dict())
    guild = anywhere.env.create_guild()
    assert (await repo.leaderboard(guild.id, "turup")).total == 0


async def test_play_in_a_server_without_the_app_says_why(anywhere: Anywhere) -> None:
    """In a server that did not add Cardroom (ann installed it herself) /play answers
    privately why no table can open there and what to do; no table is made."""
    guild = anywhere.env.create_guild()
    channel = guild.create_text_channel("chat")
    ann = guild.add_member(anywhere.user("ann", installed=True))
    answer = await anywhere.slash(ann, anywhere.server_channel(channel, ann), "play",
                                  game="soi")
    assert answer.ephemeral and answer.response is not None
    assert "not added to this server" in answer.response.content
    assert service(anywhere.env).in_channel(channel.id) is None
    assert not [r for r in anywhere.env.backend.http_requests
                if r.path.startswith(f"/channels/{channel.id}")]


async def test_a_second_table_in_a_group_dm_is_refused(anywhere: Anywhere) -> None:
    """One open table per group DM, as per channel: the second /play says so, with a link
    that opens the DM's table."""
    ann = anywhere.user("ann", installed=True)
    cat = anywhere.user("cat", installed=True)
    room = anywhere.group_dm(ann, cat)
    first = await anywhere.slash(ann, room, "play", game="soi")
    assert first.response is not None
    second = await anywhere.slash(cat, room, "play", game="turup")
    assert second.ephemeral and second.response is not None
    assert f"channels/@me/{room.id}/{first.response.id}" in second.response.content



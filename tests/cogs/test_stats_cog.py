"""``/leaderboard``, ``/stats`` and ``/history`` through SimCord, with their buttons."""

from __future__ import annotations

import re
from typing import Any

import discord
from simcord import Env, InteractionResult, MemberActor
from simcord.components import walk_components

from bot import rating
from bot.app import CardroomBot
from bot.settings import Settings
from storage.stats import StatsRepo
from tests.cogs.test_settings_cog import embed_text
from tests.storage.test_stats import make_result


def custom_ids(message: Any) -> list[str]:
    """The custom_ids of a message's buttons, in order."""
    return [c["custom_id"] for c in walk_components(message.components) if c.get("custom_id")]


def setup_guild(env: Env) -> tuple[Any, Any, MemberActor, MemberActor]:
    """A server with a channel and two members."""
    guild = env.create_guild("Cardroom club")
    channel = guild.create_text_channel("games")
    ana = guild.add_member(env.create_user("ana"))
    ben = guild.add_member(env.create_user("ben"))
    return guild, channel, ana, ben


def repo(env: Env) -> StatsRepo:
    """The stats repository on the running bot's database."""
    bot = env.bot
    assert isinstance(bot, CardroomBot)
    return StatsRepo(bot.db, rater=rating)


async def record_many(env: Env, guild_id: int, ana: int, ben: int) -> None:
    """26 players in pariah: ana wins two games, ben loses two, 24 others play one each."""
    stats = repo(env)
    for i in range(11):  # eleven pairs: 100+i beats 200+i
        await stats.record(make_result(i + 1, [100 + i, 200 + i], [200, 100], guild_id=guild_id))
    await stats.record(make_result(20, [ana, ben], [200, 100], guild_id=guild_id))
    await stats.record(make_result(21, [ana, 300], [200, 100], guild_id=guild_id))
    await stats.record(make_result(22, [301, ben], [200, 100], guild_id=guild_id))


def only_embed(res: InteractionResult) -> discord.Embed:
    """The single embed of an interaction's response."""
    assert res.acknowledged and res.response is not None
    (embed,) = res.response.embeds
    return embed


async def test_leaderboard_pages_with_buttons(simcord_env: Env) -> None:
    """Next/previous buttons page through 10 rows at a time; the caller's row stays shown."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    await record_many(simcord_env, guild.id, ana.id, ben.id)
    res = await ben.slash(channel, "leaderboard", game="pariah")
    first = only_embed(res)
    assert first.description is not None
    assert first.description.count("\n`#") >= 9 and "Your place:" in first.description
    assert "Page 1/3" in (first.footer.text or "")
    assert res.response is not None
    ids = custom_ids(res.response)
    assert ids == [f"cr:lb:{guild.id}:pariah:rating:0:{ben.id}",
                   f"cr:lb:{guild.id}:pariah:rating:1:{ben.id}"]
    assert all(len(i) <= 100 for i in ids)

    click = await ben.click(res.response, label="Next ▶")
    assert click.acknowledged
    page2 = channel.last_message
    assert page2 is not None and page2.id == res.response.id  # edited in place
    text = page2.embeds[0].description or ""
    assert "`# 11`" in text and "`# 20`" in text and "`#  1`" not in text
    assert "Page 2/3" in (page2.embeds[0].footer.text or "")

    await ben.click(page2, label="Next ▶")
    page3 = channel.last_message
    assert page3 is not None
    text = page3.embeds[0].description or ""
    assert "Page 3/3" in (page3.embeds[0].footer.text or "")
    # ben lost both his games: he is last, on this page, marked, and not repeated below.
    assert text.splitlines()[-1].startswith("▶ `# 26` **\u2068user") and "Your place:" not in text


async def test_leaderboard_click_by_someone_else_is_private(simcord_env: Env) -> None:
    """Another member's click answers him privately with his own row; the message stays."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    await record_many(simcord_env, guild.id, ana.id, ben.id)
    res = await ben.slash(channel, "leaderboard", game="pariah", sort="wins")
    assert res.response is not None
    before = res.response.embeds[0].description
    click = await ana.click(res.response, label="Next ▶")
    assert click.acknowledged and click.ephemeral
    mine = only_embed(click)
    assert "Page 2/3" in (mine.footer.text or "") and "by wins" in (mine.title or "")
    assert "▶ `#  1`" in (mine.description or "")  # ana has the most wins
    assert click.response is not None
    assert custom_ids(click.response)[0].endswith(f":{ana.id}")
    assert channel.last_message is not None
    assert channel.last_message.embeds[0].description == before


async def test_leaderboard_buttons_survive_a_restart(simcord_env: Env, settings: Settings) -> None:
    """A leaderboard button posted before a restart still works afterwards (DynamicItem)."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    await record_many(simcord_env, guild.id, ana.id, ben.id)
    res = await ben.slash(channel, "leaderboard", game="pariah")
    assert res.response is not None
    fresh = CardroomBot(settings)
    fresh.shard_count = 1
    await simcord_env.restart_bot(fresh)
    click = await ben.click(res.response, label="Next ▶")
    assert click.acknowledged
    assert channel.last_message is not None
    assert "Page 2/3" in (channel.last_message.embeds[0].footer.text or "")


async def test_empty_leaderboard(simcord_env: Env) -> None:
    """A game nobody has finished shows a friendly empty board without buttons."""
    _guild, channel, ana, _ben = setup_guild(simcord_env)
    res = await ana.slash(channel, "leaderboard", game="turup")
    assert "No counted games yet" in (only_embed(res).description or "")
    assert res.response is not None and custom_ids(res.response) == []


async def test_stats_of_member_and_game(simcord_env: Env) -> None:
    """/stats shows games, wins, best and average results, rating, trend and recent games."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    await record_many(simcord_env, guild.id, ana.id, ben.id)
    mine = only_embed(await ana.slash(channel, "stats"))
    text = embed_text(mine)
    assert "ana" in (mine.title or "") and "Pariah" in text
    assert "Games 2 · wins 2 (100%)" in text and "Place: best 1 · average 1.0" in text
    assert "▲" in text and "over the last 2 games" in text
    theirs = only_embed(await ana.slash(channel, "stats", member=ben, game="pariah"))
    text = embed_text(theirs)
    assert "\u2068ben\u2069 — Pariah stats" in (theirs.title or "")  # names are data
    assert "Games 2 · wins 0 (0%)" in text and "▼" in text and "2/2 · score 100" in text
    none = only_embed(await ana.slash(channel, "stats", game="soi"))
    assert "No finished Soi games" in (none.description or "")


async def test_history_and_round_by_round(simcord_env: Env) -> None:
    """/history lists games with winner and scores; a game's button shows its rounds."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    stats = repo(simcord_env)
    await stats.record(make_result(1, [ana.id, ben.id, None], [120, 60, 90], game="soureh",
                                   rounds=[[70, 20, 50], [50, 40, 40]], guild_id=guild.id,
                                   names=["ana", "ben", "Computer 3"]))
    await stats.record(make_result(2, [ana.id, ben.id], [10, 20], game="turup",
                                   guild_id=guild.id, reason="cancelled"))
    res = await ben.slash(channel, "history")
    embed = only_embed(res)
    assert len(embed.fields) == 1  # the cancelled game is not listed
    field = embed.fields[0]
    assert field.name == "G1 Soureh · table #1"  # game numbers never look like tables
    seats, status = field.value.split("\n")
    assert seats == "🏆 **\u2068ben\u2069** 60 · 🤖 \u2068Computer 3\u2069 90 · \u2068ana\u2069 120"
    assert re.fullmatch(r"<t:\d+:f> · practice — computer seats, not counted", status)
    assert res.response is not None
    (rounds_id,) = custom_ids(res.response)
    assert rounds_id.startswith("cr:hr:")
    click = await ana.click(res.response, label="Rounds of game G1")
    assert click.acknowledged and click.ephemeral
    table = only_embed(click).description or ""
    lines = [line.split() for line in table.splitlines()]
    assert ["1", "70", "20", "50"] in lines and ["2", "50", "40", "40"] in lines
    assert ["Total", "120", "60", "90"] in lines


async def test_history_pages(simcord_env: Env) -> None:
    """Twelve games make two history pages; the older button shows the remaining two."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    stats = repo(simcord_env)
    for table in range(1, 13):
        await stats.record(make_result(table, [ana.id, ben.id], [200, table], guild_id=guild.id))
    res = await ana.slash(channel, "history", game="pariah")
    assert len(only_embed(res).fields) == 10
    assert res.response is not None and len(custom_ids(res.response)) == 12
    await ana.click(res.response, label="Older ▶")
    older = channel.last_message
    assert older is not None and len(older.embeds[0].fields) == 2
    assert "Page 2 of 2" in (older.embeds[0].footer.text or "")
    assert older.embeds[0].fields[1].value.split("\n")[0].endswith(" 1")  # ben scored 1

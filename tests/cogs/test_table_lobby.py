"""The lobby: seats, limits, computer players, start checks and cancelling."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.backend.errors import OptionError as SimcordOptionError

from storage.guild_settings import GuildSettingsRepo
from tests.helpers.discord import Audit, flush, service, table_in


async def test_lobby_seats_and_limits(world: dict[str, Any]) -> None:
    """Join, a full table, leave, and the host who must cancel instead of leaving."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat, _ = world["members"]
    audit = Audit(env)
    opened = await ann.slash(channel, "play", game="pariah", threshold=60)
    lobby = opened.response
    assert "Pariah" in lobby.embeds[0].title and "First to 60 wins" in lobby.embeds[0].description
    assert (await bob.click(lobby, label="Join")).acknowledged
    again = await bob.click(lobby, label="Join")
    assert again.ephemeral and "already seated" in again.response.content
    full = await cat.click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    host = await ann.click(lobby, label="Leave")
    assert host.ephemeral and "Cancel" in host.response.content
    assert (await bob.click(lobby, label="Leave")).acknowledged
    table = table_in(env, channel)
    assert [s.user_id for s in table.seats] == [ann.id]
    short = await ann.click(lobby, label="Start (host)")
    assert short.ephemeral and "at least 2" in short.response.content
    audit.step([table])
    assert audit.public_posts == 0


async def test_computer_players_in_the_lobby(world: dict[str, Any]) -> None:
    """The host adds and removes computer players; others cannot; the level shows."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    opened = await ann.slash(channel, "play", game="turup", rounds=1)
    table = table_in(env, channel)
    cid = f"cs:{table.id}:{table.version}:addc"
    refused = await bob.select(opened.response, ["hard"], custom_id=cid)
    assert refused.ephemeral and "Only the host" in refused.response.content
    added = await ann.select(opened.response, ["hard"], custom_id=cid)
    assert added.acknowledged and not added.ephemeral
    assert table.seats[1].computer_level == "hard" and table.seats[1].user_id is None
    assert "(hard)" in opened.response.embeds[0].fields[0].value
    await ann.click(opened.response, label="Remove computer (host)")
    assert len(table.seats) == 1


async def test_no_computer_select_when_server_forbids(world: dict[str, Any]) -> None:
    """A server that turned computer seats off gets no Add computer select."""
    env, channel, guild = world["env"], world["channel"], world["guild"]
    await GuildSettingsRepo(env.bot.db).update(guild.id, computer_seats=False)
    opened = await world["members"][0].slash(channel, "play", game="turup")
    kinds = [c["type"] for row in opened.response.components for c in row["components"]]
    assert 3 not in kinds


async def test_invalid_variant_at_start_is_kind(world: dict[str, Any]) -> None:
    """Soureh's leave rule with two players is refused at Start with the engine's words."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    opened = await ann.slash(channel, "play", game="soureh", leave="on")
    await bob.click(opened.response, label="Join")
    started = await ann.click(opened.response, label="Start (host)")
    assert started.ephemeral and "3 or 4 players" in started.response.content
    assert table_in(env, channel).status.value == "lobby"


async def test_out_of_range_option_is_refused(world: dict[str, Any]) -> None:
    """An option outside its range is answered ephemerally and opens nothing: Discord
    refuses what no game allows (the envelope of the fields' ranges), the bot what the
    chosen game does not (Pariah's threshold starts at 50, Soureh's at 20)."""
    env, channel = world["env"], world["channel"]
    with pytest.raises(SimcordOptionError, match="threshold"):
        await world["members"][0].slash(channel, "play", game="pariah", threshold=10)
    result = await world["members"][0].slash(channel, "play", game="pariah", threshold=30)
    assert result.ephemeral
    assert result.response.content == "Pariah threshold must be between 50 and 2000."
    assert service(env).in_channel(channel.id) is None


async def test_cancel_by_host_and_by_moderator(world: dict[str, Any]) -> None:
    """A member cannot cancel; the host's Cancel closes the lobby; a moderator's /cancel
    closes a running table."""
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cat, _ = world["members"]
    opened = await ann.slash(channel, "play", game="turup")
    refused = await bob.click(opened.response, label="Cancel (host)")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await ann.click(opened.response, label="Cancel (host)")
    await flush(env)
    message = next(m for m in channel.history() if m.id == opened.response.id)
    assert "cancelled" in message.embeds[0].title and message.components == []
    assert service(env).in_channel(channel.id) is None

    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    opened = await ann.slash(channel, "play", game="turup")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    denied = await cat.slash(channel, "cancel")
    assert denied.ephemeral
    done = await mod.slash(channel, "cancel")
    assert done.acknowledged and not done.ephemeral
    await flush(env)
    message = next(m for m in channel.history() if m.id == opened.response.id)
    assert "closed" in message.embeds[0].title and message.components == []


async def test_timer_option_shows_deadline(world: dict[str, Any]) -> None:
    """A typed turn timer is kept and the running table shows the deadline as <t:…:R>;
    a bad timer is refused."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    offered = await ann.autocomplete(channel, "play", "timer", "45", game="turup")
    assert offered[0]["value"] == "45"
    bad = await ann.slash(channel, "play", game="turup", timer="soon")
    assert bad.ephemeral and "timer" in bad.response.content
    opened = await ann.slash(channel, "play", game="turup", timer="45")
    assert "45 s a turn" in opened.response.embeds[0].description
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    assert table.record.timer_seconds == 45 and table.record.deadline is not None
    message = next(m for m in channel.history() if m.id == opened.response.id)
    assert f"<t:{int(table.record.deadline)}:R>" in message.embeds[0].description


async def test_rules_button_in_the_lobby(world: dict[str, Any]) -> None:
    """Anyone may press Rules under a lobby, with the computer select or without it: the
    game's first rules page, shown to him only; its Next turns the page; the lobby is
    left as it was."""
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cat = world["members"][:3]
    opened = await ann.slash(channel, "play", game="soi", target=100)
    lobby = opened.response
    await bob.click(lobby, label="Join")
    before = list(lobby.components)
    shown = await cat.click(lobby, label="Rules")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title.startswith("Soi — ") and "Page 1 of" in embed.footer.text
    turned = await cat.click(shown.response, label="Next")
    assert "Page 2 of" in turned.response.embeds[0].footer.text
    assert lobby.components == before and not lobby.flags.ephemeral
    table = table_in(env, channel)
    assert [s.user_id for s in table.seats] == [ann.id, bob.id]
    await ann.slash(channel, "cancel")
    await GuildSettingsRepo(env.bot.db).update(guild.id, computer_seats=False)
    plain = await ann.slash(channel, "play", game="turup")
    again = await bob.click(plain.response, label="Rules")
    assert again.ephemeral and again.response.embeds[0].title.startswith("Turup — ")


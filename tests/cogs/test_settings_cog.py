"""``/settings`` through SimCord: permissions, validation, show/set/reset round trips."""

from __future__ import annotations

import discord
import pytest
from simcord import Env, MemberActor, SetupError
from simcord.backend.errors import OptionError as SimcordOptionError

from bot.app import CardroomBot
from bot.options import OptionError
from cogs.settings.cog import apply_changes
from storage.guild_settings import GuildSettingsRepo
from tests.helpers.games import every_game


def embed_text(embed: discord.Embed) -> str:
    """All the visible text of an embed."""
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(parts)


def members(env: Env) -> tuple[MemberActor, MemberActor]:
    """An admin (Manage Server through a role) and a plain member of a new server."""
    guild = env.create_guild("Cardroom club")
    guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    plain = guild.add_member(env.create_user("bob"))
    return admin, plain


async def settings_command_id(env: Env) -> int:
    """The synced id of the /settings command."""
    bot = env.bot
    assert isinstance(bot, CardroomBot)
    commands = await bot.tree.fetch_commands()
    return next(c.id for c in commands if c.name == "settings")


async def test_settings_hidden_from_members_without_manage_server(simcord_env: Env) -> None:
    """Discord does not offer /settings to a member without Manage Server (default perms)."""
    _admin, plain = members(simcord_env)
    channel = simcord_env.guild.channels["games"]
    with pytest.raises(SetupError, match="not visible"):
        await plain.slash(channel, "settings set", soureh_threshold=150)


async def test_member_allowed_by_override_is_refused_kindly(simcord_env: Env) -> None:
    """A member the server let see /settings, but without Manage Server, is refused kindly."""
    _admin, plain = members(simcord_env)
    guild, channel = simcord_env.guild, simcord_env.guild.channels["games"]
    guild.set_command_permissions(await settings_command_id(simcord_env), {plain: True})
    res = await plain.slash(channel, "settings set", soureh_threshold=150)
    assert res.acknowledged and res.ephemeral
    assert res.response is not None and "Manage Server" in res.response.content
    stored = await GuildSettingsRepo(simcord_env.bot.db).get(guild.id)  # type: ignore[attr-defined]
    assert stored.options_for("soureh") == {}
    reset = await plain.slash(channel, "settings reset")
    assert reset.response is not None and "Manage Server" in reset.response.content


async def test_admin_sets_values_and_sees_them(simcord_env: Env) -> None:
    """An admin changes a game option, the timer and a switch; /settings show lists them."""
    admin, _plain = members(simcord_env)
    channel = simcord_env.guild.channels["games"]
    res = await admin.slash(channel, "settings set", soureh_threshold=150,
                            soureh_declare="reveal", turn_timer="90", count_computer_games=True)
    assert res.acknowledged and res.ephemeral
    assert res.response is not None
    assert "Soureh threshold → 150" in res.response.content
    assert "Turn timer → 1 min 30 s" in res.response.content
    shown = await admin.slash(channel, "settings show")
    assert shown.response is not None and shown.ephemeral
    text = embed_text(shown.response.embeds[0])
    assert "**threshold 150**" in text and "**declare reveal**" in text
    assert "Turn timer: 1 min 30 s" in text and "Games with computers count: on" in text
    stored = await GuildSettingsRepo(simcord_env.bot.db).get(simcord_env.guild.id)  # type: ignore[attr-defined]
    assert stored.options_for("soureh") == {"threshold": 150, "declare": "reveal"}
    assert stored.turn_timer == 90 and stored.count_computer_games is True


async def test_invalid_value_changes_nothing(simcord_env: Env) -> None:
    """An out-of-range value is refused (by Discord, whose range is the field's, and by the
    bot's own check with the rule) and no other given value is saved."""
    admin, _plain = members(simcord_env)
    channel = simcord_env.guild.channels["games"]
    with pytest.raises(SimcordOptionError, match=r"soureh_threshold.*≥ 20"):
        await admin.slash(channel, "settings set", pariah_threshold=300, soureh_threshold=5)
    current = await GuildSettingsRepo(simcord_env.bot.db).get(simcord_env.guild.id)  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match=r"^Soureh threshold must be between 20 and 1000\.$"):
        apply_changes(current, {"pariah_threshold": 300, "soureh_threshold": 5},
                      every_game())
    timer = await admin.slash(channel, "settings set", turn_timer="5")
    assert timer.response is not None and "between 30 and 3600 seconds" in timer.response.content
    stored = await GuildSettingsRepo(simcord_env.bot.db).get(simcord_env.guild.id)  # type: ignore[attr-defined]
    assert stored.game_options == {} and stored.turn_timer == 180


async def test_set_without_values_explains(simcord_env: Env) -> None:
    """/settings set with no option says what to give."""
    admin, _plain = members(simcord_env)
    res = await admin.slash(simcord_env.guild.channels["games"], "settings set")
    assert res.response is not None and "at least one setting" in res.response.content


async def test_turn_timer_off_and_reset(simcord_env: Env) -> None:
    """The timer can be turned off; resetting one game or everything restores defaults."""
    admin, _plain = members(simcord_env)
    channel = simcord_env.guild.channels["games"]
    repo = GuildSettingsRepo(simcord_env.bot.db)  # type: ignore[attr-defined]
    await admin.slash(channel, "settings set", turn_timer="off", turup_rounds=5,
                      soi_target=300, images=False)
    stored = await repo.get(simcord_env.guild.id)
    assert stored.turn_timer is None and stored.images is False
    await admin.slash(channel, "settings reset", what="turup")
    stored = await repo.get(simcord_env.guild.id)
    assert stored.options_for("turup") == {} and stored.options_for("soi") == {"target": 300}
    await admin.slash(channel, "settings reset", what="server")
    stored = await repo.get(simcord_env.guild.id)
    assert stored.turn_timer == 180 and stored.images is True
    assert stored.options_for("soi") == {"target": 300}
    res = await admin.slash(channel, "settings reset")
    assert res.response is not None and "everything" in res.response.content
    assert await repo.get(simcord_env.guild.id) == type(stored)(guild_id=simcord_env.guild.id)

"""Short games under SimCord in each language: replies in the reader's language, the
table in the server's (see tests/i18n/flows.py for how "in that language" is checked)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.i18n import LANGUAGES, _, use_locale
from storage.guild_settings import GuildSettingsRepo
from tests.i18n.flows import Speech, short_game

pytestmark = pytest.mark.slow


async def test_arabic_member_in_an_arabic_server(world: dict[str, Any], locales: Any) -> None:
    """/play, the lobby, a refusal, an illegal move, a panel turn and the game's end in
    Arabic: the member's Discord client and the server both speak Arabic (the enum gap)."""
    locales.user(world["members"][0], "ar")
    locales.guild(world["guild"], "ar")
    private, public = await short_game(world, reader="ar", server="ar")
    assert len(private.checked) >= 3 and len(public.checked) >= 3


async def test_greek_member_in_a_greek_server(world: dict[str, Any], locales: Any) -> None:
    locales.user(world["members"][0], "el")
    locales.guild(world["guild"], "el")
    await short_game(world, reader="el", server="el")


async def test_somali_through_language_and_settings(world: dict[str, Any],
                                                    locales: Any) -> None:
    """Discord has no Somali client: the player chooses it with /language, the server's
    admin with /settings set language; both answer in Somali."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann = world["members"][0]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    chosen = await ann.slash(channel, "language", language="so")
    Speech("so").same(chosen.response.content, lambda: _(
        "Cardroom now speaks {language} to you: your panels, private answers and messages. "
        "Tables in a server speak the server's language.", language=LANGUAGES["so"]))
    saved = await admin.slash(channel, "settings set", language="so")
    assert saved.ephemeral
    Speech("so").same(saved.response.content.splitlines()[0], lambda: _("Saved:"))
    assert (await GuildSettingsRepo(env.bot.db).get(guild.id)).language == "so"
    assert saved.response.embeds[0].fields[-1].value == "**Soomaali**"  # /settings shows it
    await short_game(world, reader="so", server="so")


async def test_english_reader_at_an_arabic_table(world: dict[str, Any], locales: Any) -> None:
    """A server set to Arabic shows its table in Arabic, while an English client's own
    answers stay English; /language back to "follow Discord" is stored."""
    env, guild = world["env"], world["guild"]
    await GuildSettingsRepo(env.bot.db).update(guild.id, language="ar")
    env.bot.languages.choose_for_server(guild.id, "ar")
    await short_game(world, reader="en", server="ar")
    ann, channel = world["members"][0], world["channel"]
    await ann.slash(channel, "language", language="ar")
    assert env.bot.languages.of_reader(ann.id, guild.id, "en-US") == "ar"
    back = await ann.slash(channel, "language", language="discord")
    assert env.bot.languages.of_reader(ann.id, guild.id, "en-US") == "en"
    with use_locale("en"):
        assert "follows your Discord language" in back.response.content

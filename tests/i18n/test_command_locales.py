"""Slash commands in Arabic and Greek, and an Arabic client's interactions understood,
although discord.py 2.7.1's ``Locale`` enum has no ``ar`` (bot.discord.locales)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.enums import try_enum
from simcord import Env

from bot.discord.locales import add_missing_locales, reader_language
from bot.games.coop.look.move_words import SOUREH_WORDS
from bot.games.protocol import Action
from bot.i18n import _, use_locale
from bot.options import OptionError
from bot.tables.languages import Languages
from cogs.settings.cog import SERVER_FIELDS, apply_changes
from cogs.tables.commands import in_notation
from storage.guild_settings import GuildSettings
from tests.helpers.games import every_game
from tests.i18n.conftest import SAMPLES


def _command(env: Env, name: str) -> dict[str, Any]:
    synced = env.backend.commands.get(None, {}).values()
    found = [c for c in synced if c["name"] == name]
    assert found, f"/{name} was not synced"
    return dict(found[0])


def test_discord_py_has_no_arabic_locale() -> None:
    """The gap bridged: an Arabic client's locale is an unknown enum value "ar"."""
    assert "ar" not in {locale.value for locale in discord.Locale}
    assert try_enum(discord.Locale, "ar").value == "ar"


@pytest.mark.slow
async def test_synced_commands_carry_arabic_and_greek(sample_catalogs: Any,
                                                      simcord_env: Env) -> None:
    """/play's description, its options' descriptions and its choices are synced in
    Arabic (added after discord.py's translation) and Greek (through the Translator);
    names stay English."""
    play = _command(simcord_env, "play")
    assert play["description_localizations"]["ar"] == SAMPLES["ar"][
        "Open a card table in this channel"]
    assert play["description_localizations"]["el"] == SAMPLES["el"][
        "Open a card table in this channel"]
    assert not play.get("name_localizations")
    game = next(o for o in play["options"] if o["name"] == "game")
    assert game["description_localizations"] == {"ar": SAMPLES["ar"]["The game to play"],
                                                 "el": SAMPLES["el"]["The game to play"]}
    notify = _command(simcord_env, "notify")
    pings = next(o for o in notify["options"] if o["name"] == "pings")
    off = next(c for c in pings["choices"] if c["value"] == "off")
    assert off["name_localizations"] == {"ar": SAMPLES["ar"]["off"], "el": SAMPLES["el"]["off"]}


def test_payload_without_translations_gets_no_empty_entries(sample_catalogs: Any) -> None:
    """An untranslated text adds nothing (Discord shows the English), never an empty
    string; a translated one is added under Discord's code "ar", down the subcommands."""
    payload: dict[str, Any] = {"name": "x", "description": "Nobody translated this",
        "options": [{"name": "y", "type": 1, "description": "The game to play",
                     "options": [{"name": "z", "type": 3,
                                  "description": "Open a card table in this channel",
                                  "choices": [{"name": "off", "value": "off"}]}]}]}
    add_missing_locales(payload)
    assert "description_localizations" not in payload
    sub = payload["options"][0]
    assert sub["description_localizations"] == {"ar": SAMPLES["ar"]["The game to play"]}
    leaf = sub["options"][0]
    assert leaf["choices"][0]["name_localizations"] == {"ar": SAMPLES["ar"]["off"]}


def test_reader_language_from_a_raw_interaction() -> None:
    """The raw locale string decides: "ar" is Arabic, "el" Greek, "en-US" English; an
    unknown client language falls back to the server's; a /language choice wins."""
    languages = Languages()

    def raw(user: int, locale: str, guild_locale: str = "en-US") -> dict[str, Any]:
        return {"guild_id": "5", "member": {"user": {"id": str(user)}}, "locale": locale,
                "guild_locale": guild_locale}

    assert reader_language(languages, raw(1, "ar")) == "ar"
    assert reader_language(languages, raw(2, "el")) == "el"
    assert reader_language(languages, raw(3, "en-US")) == "en"
    assert reader_language(languages, raw(4, "fr", guild_locale="el")) == "el"
    assert languages.of_server(5) == "el"  # the server's Discord language was seen
    languages.choose_for_user(1, "so")
    assert reader_language(languages, raw(1, "ar")) == "so"
    languages.choose_for_server(5, "ar")
    assert languages.of_server(5) == "ar" and reader_language(languages, raw(4, "fr")) == "ar"
    assert reader_language(languages, {"user": {"id": "9"}, "locale": "el"}) == "el"  # a DM


async def test_arabic_member_is_answered_in_arabic(sample_catalogs: Any, world: dict[str, Any],
                                                   locales: Any) -> None:
    """An Arabic client's command is answered in Arabic; the English member's in English."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    locales.user(ann, "ar")
    no_table = "There is no open table in this channel. Start one with /play."
    answered = await ann.slash(channel, "hand")
    assert answered.ephemeral and answered.response.content == SAMPLES["ar"][no_table]
    answered = await bob.slash(channel, "hand")
    assert answered.response.content == no_table
    locales.user(bob, "el")
    answered = await bob.slash(channel, "hand")
    assert answered.response.content == SAMPLES["el"][no_table]
    assert env is not None


async def test_public_answers_speak_the_server_private_ones_the_reader(
        sample_catalogs: Any, world: dict[str, Any], locales: Any) -> None:
    """In an Arabic server a Greek member's refusal is Greek (private) while the host's
    /cancel is announced in Arabic (public), whatever the host's own language."""
    channel, guild = world["channel"], world["guild"]
    ann, bob = world["members"][:2]
    locales.guild(guild, "ar")
    locales.user(ann, "el")
    locales.user(bob, "el")
    opened = await ann.slash(channel, "play", game="turup", rounds=1)
    start = next(item["custom_id"] for row in opened.response.components
                 for item in row["components"] if str(item.get("custom_id", "")).endswith("start"))
    refused = await bob.click(opened.response, custom_id=start)
    assert refused.response.content == SAMPLES["el"]["Only the host can start the game."]
    cancelled = await ann.slash(channel, "cancel")
    assert not cancelled.ephemeral
    assert cancelled.response.content == "أُلغيت الطاولة رقم 1."


def test_move_accepts_a_legal_move_in_its_words() -> None:
    """/move reads the notation, or a legal move's words in the reader's language."""
    legal = [(Action("draw"), "اسحب ورقة"), (Action("keep", (2,)), "احتفظ بالورقة 2")]
    assert in_notation(SOUREH_WORDS, "draw", legal) == "draw"
    assert in_notation(SOUREH_WORDS, "  اسحب   ورقة ", legal) == "draw"
    assert in_notation(SOUREH_WORDS, "احتفظ بالورقة 2", legal) == "keep 2"
    assert in_notation(SOUREH_WORDS, "fly away", legal) == "fly away"


def test_settings_language_is_validated_and_reset_with_the_switches() -> None:
    """Only a language Cardroom speaks is saved ("Saved" line named in the language
    itself); an unknown one changes nothing."""
    new, lines = apply_changes(GuildSettings(guild_id=1), {"language": "el"}, every_game())
    with use_locale("el"):
        assert new.language == "el" and lines == [_("Language → {language}",
                                                    language="Ελληνικά")]
    with pytest.raises(OptionError):
        apply_changes(GuildSettings(guild_id=1), {"language": "xx"}, every_game())
    assert "language" in SERVER_FIELDS  # "table switches and timer" resets it too

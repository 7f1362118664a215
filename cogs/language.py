"""``/language``: a player chooses the language Cardroom speaks to him (his private
answers, panels and DMs), in every server, or goes back to following his Discord language.
The server's own language is ``/settings set language``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import language_choices
from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.i18n import LANGUAGES, N_, _, use_locale
from bot.render.card_text import legible
from storage.languages import LanguageRepo

log = logging.getLogger(__name__)

FOLLOW = "discord"  # the choice "follow my Discord language"
CHOICES = [
    *language_choices(),
    app_commands.Choice(name=N_("Follow my Discord language"), value=FOLLOW),
]


class LanguageCog(commands.Cog):
    """The player's own language."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name="language",
                          description=N_("The language Cardroom speaks to you"))
    @app_commands.describe(language=N_("Your language, or follow your Discord language"))
    @app_commands.choices(language=CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        """Store the choice and answer in the language now spoken to the player."""
        if language != FOLLOW and language not in LANGUAGES:
            await interaction.response.send_message(_("Choose a language from the list."),
                                                    ephemeral=True)
            return
        user_id = interaction.user.id
        chosen = None if language == FOLLOW else language
        await LanguageRepo(self.bot.app.db).set_user(user_id, chosen)
        languages = self.bot.app.languages
        languages.choose_for_user(user_id, chosen)
        log.info("User %s chose the language %s", user_id, language)
        now = languages.of_reader(user_id, interaction.guild_id,
                                  str(interaction.locale.value))
        with use_locale(now):
            if chosen is None:
                text = _("Cardroom now follows your Discord language: {language}. Tables in "
                         "a server speak the server's language.", language=LANGUAGES[now])
            else:
                text = _("Cardroom now speaks {language} to you: your panels, private answers "
                         "and messages. Tables in a server speak the server's language.",
                         language=LANGUAGES[now])
            text = legible(text)  # in the language now spoken: Arabic right to left
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: AppBot) -> None:
    """Load ``/language``."""
    await bot.add_cog(LanguageCog(bot))

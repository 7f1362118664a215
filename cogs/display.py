"""``/display``: how a player's own messages show him the cards, in every server (issue
34): in words instead of pictures (his panels, My cards, DMs, Last round, reviews: laid out
for a screen reader, one fact a line), and the four-colour deck in his pictures."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.i18n import N_, _
from storage.user_display import UserDisplayRepo

log = logging.getLogger(__name__)


class DisplayCog(commands.Cog):
    """The player's own display choices."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name="display",
                          description=N_("How Cardroom shows you your cards: words or pictures"))
    @app_commands.describe(
        text=N_("Words instead of pictures in your panels, cards and messages "
                "(for a screen reader)"),
        four_colour=N_("Four-colour suits in your pictures (hearts red, diamonds blue, "
                       "clubs green, spades black)"),
    )
    async def display(self, interaction: discord.Interaction[Any], text: bool | None = None,
                      four_colour: bool | None = None) -> None:
        """Store the given choices (none given: show them) and say what they are now."""
        repo = UserDisplayRepo(self.bot.app.db)
        user_id = interaction.user.id
        choice = await repo.get(user_id)
        if text is not None or four_colour is not None:
            choice = dataclasses.replace(
                choice,
                text_mode=choice.text_mode if text is None else text,
                four_colour=choice.four_colour if four_colour is None else four_colour)
            await repo.save(choice)
            self.bot.app.images.chose(choice)
            log.info("User %s display: text %s, four colours %s", user_id, choice.text_mode,
                     choice.four_colour)
        lines = [
            _("Your cards are shown in words, one fact a line, without pictures.")
            if choice.text_mode else
            _("Your cards are shown in pictures (each with a description in words)."),
            _("Your pictures use four colours: hearts red, diamonds blue, clubs green, "
              "spades black.") if choice.four_colour else
            _("Your pictures use two colours: hearts and diamonds red, spades and clubs "
              "black."),
            _("Change it with `/display text:` and `/display four_colour:`."),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: AppBot) -> None:
    """Load ``/display``."""
    await bot.add_cog(DisplayCog(bot))

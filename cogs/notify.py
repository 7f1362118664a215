"""``/notify``: a player turns his own turn pings off or on (stored, for every server)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.i18n import N_, _
from storage.notify import NotifyRepo

log = logging.getLogger(__name__)


class NotifyCog(commands.Cog):
    """The player's own ping choice."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(
        name="notify", description=N_("Turn the message that tells you it is your turn off or on"))
    @app_commands.describe(pings=N_("on: a channel message mentions you at your turn; off: none"))
    @app_commands.choices(pings=[app_commands.Choice(name=N_("on"), value="on"),
                                 app_commands.Choice(name=N_("off"), value="off")])
    async def notify(self, interaction: discord.Interaction[Any], pings: str) -> None:
        """Store the choice and say what it means."""
        on = pings == "on"
        await NotifyRepo(self.bot.app.db).set_pings(
            interaction.user.id, on)
        log.info("User %s turned turn pings %s", interaction.user.id, pings)
        text = _("You will be mentioned when it is your turn (unless the server turned pings "
                 "off).") if on else _("No more turn pings for you — the table message still "
                                       "shows whose turn it is.")
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: AppBot) -> None:
    """Load ``/notify``."""
    await bot.add_cog(NotifyCog(bot))

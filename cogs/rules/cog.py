"""``/rules``: a game's rules as paged embeds (:mod:`cogs.rules.pages`), paged by
:mod:`cogs.rules.buttons`, which also answer the lobby's Rules button."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import game_choices
from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.i18n import N_
from cogs.rules.buttons import DYNAMIC_ITEMS
from cogs.rules.pages import rules_page


class RulesCommands(commands.Cog):
    """The rules of each game (``/rules`` is added by :func:`rules_cog`)."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot


def rules_cog(bot: AppBot) -> RulesCommands:
    """``/rules``, its game choices made from ``bot.games`` (read from the registry once,
    when the bot was built)."""

    class Rules(RulesCommands, name="RulesCommands"):  # i18n: not for people
        @anywhere
        @app_commands.command(name="rules", description=N_("The rules of a game and its variants"))
        @app_commands.describe(game=N_("The game whose rules to show"))
        @app_commands.choices(game=game_choices(bot.games))
        async def rules(
            self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
        ) -> None:
            """A short paged embed of the rules."""
            embed, view = rules_page(self.bot.app.games.get(game.value), 0)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    return Rules(bot)


async def setup(bot: AppBot) -> None:
    """Load the cog and route the rules pages' buttons."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(rules_cog(bot))


async def teardown(bot: AppBot) -> None:
    """Stop routing the rules pages' buttons."""
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)

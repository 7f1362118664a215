"""How to play: ``/rules`` (a game's rules as paged embeds, :mod:`cogs.rules.pages`, paged
by :mod:`cogs.rules.buttons`, which also answer the lobby's Rules button) and ``/help``
(what Cardroom is, how a turn works and where the rules are)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import game_choices
from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.games.registry import CATALOG
from bot.i18n import N_, _
from bot.render.card_text import legible_embed
from cogs.rules.buttons import DYNAMIC_ITEMS
from cogs.rules.pages import rules_page

GAME_CHOICES = game_choices()


class RulesCommands(commands.Cog):
    """The rules of each game, and the guide."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name="rules", description=N_("The rules of a game and its variants"))
    @app_commands.describe(game=N_("The game whose rules to show"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        """A short paged embed of the rules."""
        embed, view = rules_page(game.value, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


    @anywhere
    @app_commands.command(name="help", description=N_("What Cardroom is and how to play"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """A short ephemeral guide: the games, a turn, the commands."""
        await interaction.response.send_message(embed=help_embed(), ephemeral=True)


def help_embed() -> discord.Embed:
    """What Cardroom is, how a turn works and where the rules are."""
    games = ", ".join(_(entry.title) for entry in CATALOG.values())
    embed = discord.Embed(title=_("Cardroom"), colour=0x2E7D32, description=_(
        "Card games at a table in this channel: {games}. Everyone sees the table "
        "message; your own cards are only ever shown to you.", games=games
    ))
    embed.add_field(name=_("Start a table"), value=_(
        "`/play` a game (its options are optional), then others press **Join** and the "
        "host presses **Start**. Empty seats can go to computer players."
    ), inline=False)
    embed.add_field(name=_("Your turn"), value=_(
        "Press **Take turn** on the table message: your panel (only you see it) shows "
        "your cards and every move as a button or a choice — usually two taps a turn. "
        "Or type it: `/move` suggests your moves as you type."
    ), inline=False)
    embed.add_field(name=_("Also"), value=_(
        "`/rules` — the rules of each game and its options · `/hand` — your cards · "
        "`/table` — post the table again · `/resign` — leave (a computer plays on) · "
        "`/language` — the language Cardroom speaks to you"
    ), inline=False)
    return legible_embed(embed)  # Arabic lines right to left


async def setup(bot: AppBot) -> None:
    """Load the cog and route the rules pages' buttons."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(RulesCommands(bot))


async def teardown(bot: AppBot) -> None:
    """Stop routing the rules pages' buttons."""
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)

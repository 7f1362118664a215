"""The ``/rules`` pages' buttons, routed by discord.py: a page button turns the page in the
language it was first shown in, the lobby's Rules button shows the first page to the
clicker only. The pages themselves are drawn by :mod:`cogs.rules.pages`."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.items import Routed
from bot.discord.parts import app_of
from bot.i18n import DEFAULT, _, use_locale
from bot.render.rules_text import NO_RULES, OPEN_TEMPLATE, pages_of
from cogs.rules.pages import PAGE_TEMPLATE, rules_page


class RulesButton(Routed[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    """A paging button of the ``/rules`` embed (``crr:<game>:<page>[:<lang>]``)."""

    what = "A rules page"  # i18n: not for people

    @property
    def lang(self) -> str:
        """The language the page was first shown in (English when the id names none)."""
        return self.match["lang"] or DEFAULT

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        with use_locale(self.lang):
            game = app_of(interaction).games.get(self.match["game"])
            embed, view = rules_page(game, int(self.match["page"]))
        await interaction.response.edit_message(embed=embed, view=view)


class RulesOpenButton(Routed[discord.ui.Button[Any]], template=OPEN_TEMPLATE):
    """The lobby's Rules button (``crr:<game>:open``)."""

    what = "The rules"  # i18n: not for people

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        game = app_of(interaction).games.get(self.match["game"])
        if not pages_of(game):
            await interaction.response.send_message(_(NO_RULES), ephemeral=True)
            return
        embed, view = rules_page(game, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RulesButton, RulesOpenButton)
"""The ``/rules`` pages' buttons (table components have their own routes,
``bot.discord.clicks.routes``), added by :mod:`cogs.rules.cog`."""

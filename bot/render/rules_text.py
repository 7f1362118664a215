"""The ``/rules`` pages: each game's rules (its Look's ``rules``, distilled from RULES.md,
each paragraph one text of the catalogs) as paged embeds, and the buttons that page them
(``DynamicItem``s: the custom_id carries the game, the page and the language)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.registry import games
from bot.i18n import DEFAULT, N_, _, current, supported, use_locale
from bot.render.card_text import legible_embed, num
from bot.render.components import RULES_PREFIX
from bot.render.embeds import COLOURS, title_of
from bot.render.look import BLANK, RulesPage

NO_RULES = N_("That game has no rules page.")


def pages_of(game: str) -> tuple[RulesPage, ...]:
    """The game's rules pages (none for a game the registry does not know)."""
    entry = games().get(game)
    return entry.look.rules if entry is not None else ()


def page_text(game: str, page: int) -> tuple[str, str]:
    """A page's heading and text in the reader's language."""
    heading, paragraphs = pages_of(game)[page]
    return _(heading), "\n".join(_(p) if p else BLANK for p in paragraphs)


def rules_page(game: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """One page of a game's rules with Previous / Next buttons (a game without rules
    pages: a line saying so)."""
    pages = pages_of(game)
    if not pages:
        embed = discord.Embed(description=_(NO_RULES), colour=COLOURS.get(game, 0x555555))
        return embed, discord.ui.View(timeout=None)
    page = max(0, min(page, len(pages) - 1))
    heading, text = page_text(game, page)
    embed = discord.Embed(
        title=f"{title_of(game)} — {heading}", description=text,
        colour=COLOURS.get(game, 0x555555),
    )
    embed.set_footer(text=_("Page {page} of {pages} · play with /play", page=num(page + 1),
                            pages=num(len(pages))))
    legible_embed(embed)
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(game, page - 1 if page else 0, label=_("Previous"),
                              disabled=page == 0))
    last = page == len(pages) - 1
    view.add_item(RulesButton(game, page + 1 if not last else page, label=_("Next"),
                              disabled=last))
    return embed, view


def rules_pages(game: str) -> list[tuple[str, str]]:
    """The pages of a game's rules (heading, text), in the reader's language."""
    return [page_text(game, page) for page in range(len(pages_of(game)))]


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"crr:(?P<game>[a-z]+):(?P<page>[0-9]+)(?::(?P<lang>[a-z]{2,3}))?",
):
    """Paging buttons of the ``/rules`` embed. A page is in the language it was first
    shown in (the custom_id carries it, ``crr:soureh:1:ar``; English adds nothing), so
    paging speaks it whoever clicks and whatever discord.py's dispatch knows of locales."""

    def __init__(
        self, game: str, page: int, *, label: str, disabled: bool = False,
        lang: str | None = None,
    ) -> None:
        self.lang = supported(lang) or current()
        suffix = "" if self.lang == DEFAULT else f":{self.lang}"
        super().__init__(
            discord.ui.Button(
                label=label, custom_id=f"{RULES_PREFIX}:{game}:{page}{suffix}",
                disabled=disabled, style=discord.ButtonStyle.secondary,
            )
        )
        self.game = game
        self.page = page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RulesButton:
        return cls(match["game"], int(match["page"]), label=getattr(item, "label", None) or "",
                   lang=match["lang"] or DEFAULT)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        with use_locale(self.lang):
            embed, view = rules_page(self.game, self.page)
        await interaction.response.edit_message(embed=embed, view=view)


class RulesOpenButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"crr:(?P<game>[a-z]+):open",
):
    """The lobby's Rules button: the game's first rules page, shown to the clicker only."""

    LABEL = N_("Rules")

    def __init__(self, game: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=label or _(self.LABEL),
                              custom_id=f"{RULES_PREFIX}:{game}:open",
                              style=discord.ButtonStyle.secondary)
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RulesOpenButton:
        return cls(match["game"], label=getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not pages_of(self.game):
            await interaction.response.send_message(_(NO_RULES), ephemeral=True)
            return
        embed, view = rules_page(self.game, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RulesButton, RulesOpenButton)
"""The ``/rules`` pages' buttons, routed by discord.py (table components are not among
them: they are routed by their kind, ``bot.render.components``)."""

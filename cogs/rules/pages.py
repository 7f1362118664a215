"""The ``/rules`` pages: a game's rules (:mod:`bot.render.rules_text`) as paged embeds, and
the buttons that page them. A button's custom_id carries the game, the page and the
language (``crr:soureh:1:ar``); :mod:`cogs.rules.buttons` routes it (a ``DynamicItem``
over :data:`PAGE_TEMPLATE`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import DEFAULT, _, current, supported
from bot.render.card_text import legible_embed, num
from bot.render.components import RULES_PREFIX
from bot.render.embeds import NO_GAME_COLOUR, title_of
from bot.render.rules_text import NO_RULES, page_text, pages_of

if TYPE_CHECKING:
    from bot.games.registry import Game

PAGE_TEMPLATE = rf"{RULES_PREFIX}:(?P<game>[a-z]+):(?P<page>[0-9]+)(?::(?P<lang>[a-z]{{2,3}}))?"
"""A page button's custom_id: ``crr:<game>:<page>[:<lang>]`` (English adds no language)."""

def page_button(game: str, page: int, *, label: str, disabled: bool = False,
                lang: str | None = None) -> discord.ui.Button[discord.ui.View]:
    """A paging button of the ``/rules`` embed. A page stays in the language it was first
    shown in (the custom_id carries it; English adds nothing), so paging speaks it
    whoever clicks."""
    spoken = supported(lang) or current()
    suffix = "" if spoken == DEFAULT else f":{spoken}"
    return discord.ui.Button(label=label, custom_id=f"{RULES_PREFIX}:{game}:{page}{suffix}",
                             disabled=disabled, style=discord.ButtonStyle.secondary)


def rules_page(game: Game | None, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """One page of a game's rules with Previous / Next buttons (a game without rules
    pages, or no game: a name the bot does not offer, a line saying so)."""
    pages = pages_of(game)
    if game is None or not pages:
        colour = game.colour if game is not None else NO_GAME_COLOUR
        return discord.Embed(description=_(NO_RULES), colour=colour), discord.ui.View(timeout=None)
    page = max(0, min(page, len(pages) - 1))
    heading, text = page_text(game, page)
    embed = discord.Embed(
        title=f"{title_of(game)} — {heading}", description=text, colour=game.colour,
    )
    embed.set_footer(text=_("Page {page} of {pages} · play with /play", page=num(page + 1),
                            pages=num(len(pages))))
    legible_embed(embed)
    view = discord.ui.View(timeout=None)
    view.add_item(page_button(game.name, page - 1 if page else 0, label=_("Previous"),
                              disabled=page == 0))
    last = page == len(pages) - 1
    view.add_item(page_button(game.name, page + 1 if not last else page, label=_("Next"),
                              disabled=last))
    return embed, view

"""The ``/rules`` pages: each game's rules (its Look's ``rules``, distilled from RULES.md,
each paragraph one text of the catalogs) as paged embeds, and the buttons that page them.
A button's custom_id carries the game, the page and the language (``crr:soureh:1:ar``);
the Discord side routes it (``bot.discord.rules``, a ``DynamicItem`` over
:data:`PAGE_TEMPLATE` and :data:`OPEN_TEMPLATE`)."""

from __future__ import annotations

import discord

from bot.games.registry import games
from bot.i18n import DEFAULT, N_, _, current, supported
from bot.render.card_text import legible_embed, num
from bot.render.components import RULES_PREFIX
from bot.render.embeds import COLOURS, title_of
from bot.render.look import BLANK, RulesPage

NO_RULES = N_("That game has no rules page.")
RULES_LABEL = N_("Rules")

PAGE_TEMPLATE = rf"{RULES_PREFIX}:(?P<game>[a-z]+):(?P<page>[0-9]+)(?::(?P<lang>[a-z]{{2,3}}))?"
"""A page button's custom_id: ``crr:<game>:<page>[:<lang>]`` (English adds no language)."""
OPEN_TEMPLATE = rf"{RULES_PREFIX}:(?P<game>[a-z]+):open"
"""The lobby's Rules button's custom_id: ``crr:<game>:open``."""


def page_button(game: str, page: int, *, label: str, disabled: bool = False,
                lang: str | None = None) -> discord.ui.Button[discord.ui.View]:
    """A paging button of the ``/rules`` embed. A page stays in the language it was first
    shown in (the custom_id carries it; English adds nothing), so paging speaks it
    whoever clicks."""
    spoken = supported(lang) or current()
    suffix = "" if spoken == DEFAULT else f":{spoken}"
    return discord.ui.Button(label=label, custom_id=f"{RULES_PREFIX}:{game}:{page}{suffix}",
                             disabled=disabled, style=discord.ButtonStyle.secondary)


def open_button(game: str) -> discord.ui.Button[discord.ui.View]:
    """The lobby's Rules button: the game's first rules page, shown to the clicker only."""
    return discord.ui.Button(label=_(RULES_LABEL), custom_id=f"{RULES_PREFIX}:{game}:open",
                             style=discord.ButtonStyle.secondary)


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
    view.add_item(page_button(game, page - 1 if page else 0, label=_("Previous"),
                              disabled=page == 0))
    last = page == len(pages) - 1
    view.add_item(page_button(game, page + 1 if not last else page, label=_("Next"),
                              disabled=last))
    return embed, view


def rules_pages(game: str) -> list[tuple[str, str]]:
    """The pages of a game's rules (heading, text), in the reader's language."""
    return [page_text(game, page) for page in range(len(pages_of(game)))]

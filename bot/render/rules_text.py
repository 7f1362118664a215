"""The text of each game's rules (its Look's ``rules``, distilled from RULES.md, each
paragraph one text of the catalogs) in the reader's language, read by the ``/rules`` pages
(:mod:`cogs.rules`) and the console, and the lobby's Rules button (``crr:<game>:open``,
routed by :mod:`cogs.rules.buttons` over :data:`OPEN_TEMPLATE`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, _
from bot.render.components import RULES_PREFIX
from bot.render.look import BLANK, RulesPage

NO_RULES = N_("That game has no rules page.")
RULES_LABEL = N_("Rules")

if TYPE_CHECKING:
    from bot.games.registry import Game

OPEN_TEMPLATE = rf"{RULES_PREFIX}:(?P<game>[a-z]+):open"
"""The lobby's Rules button's custom_id: ``crr:<game>:open``."""


def open_button(game: str) -> discord.ui.Button[discord.ui.View]:
    """The lobby's Rules button: the game's first rules page, shown to the clicker only."""
    return discord.ui.Button(label=_(RULES_LABEL), custom_id=f"{RULES_PREFIX}:{game}:open",
                             style=discord.ButtonStyle.secondary)


def pages_of(game: Game | None) -> tuple[RulesPage, ...]:
    """The game's rules pages (none for no game: a name the bot does not offer)."""
    return game.look.rules if game is not None else ()


def page_text(game: Game, page: int) -> tuple[str, str]:
    """A page's heading and text in the reader's language."""
    heading, paragraphs = pages_of(game)[page]
    return _(heading), "\n".join(_(p) if p else BLANK for p in paragraphs)


def rules_pages(game: Game) -> list[tuple[str, str]]:
    """The pages of a game's rules (heading, text), in the reader's language."""
    return [page_text(game, page) for page in range(len(pages_of(game)))]

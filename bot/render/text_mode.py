"""Text mode outside a table (``/display text``: a player who reads words instead of
pictures): a lesson's step and a puzzle show his cards and every card on show in words,
as a table's panel does (``bot.discord.pictures.in_words``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.games.views import GameView
from bot.render.alt import as_text, hand_alt
from bot.render.alt.words import spoken

if TYPE_CHECKING:
    from bot.games.registry import Game


def your_cards(game: Game, view: GameView, names: Sequence[str], words: bool) -> str:
    """The viewer's own cards: ``game``'s look's text, or, with ``words``, his hand
    picture's words (its alt text as a message's text: every card named)."""
    if words:
        return as_text(hand_alt(game, view, names, markdown=True))
    return game.look.private_text(view)


def said(embed: discord.Embed) -> discord.Embed:
    """``embed`` with every card symbol of its description and fields said in words (the
    names in it left as they are); the same embed, changed in place."""
    if embed.description:
        embed.description = spoken(embed.description)
    for i, field in enumerate(list(embed.fields)):
        embed.set_field_at(i, name=spoken(field.name or ""), value=spoken(field.value or ""),
                           inline=bool(field.inline))
    return embed

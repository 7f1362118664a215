"""What the Hint button shows: the button on a player's own panel and the private answer.

The answer is built from a :class:`~bot.games.ai.hint.Hint`, which the hard player worked
out from the asking seat's information only; nothing here reads the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.ai.hint import Hint
from bot.games.protocol import MOVE_WORDS_GAP
from bot.i18n import _
from bot.notation.seat_words import move_line, with_names
from bot.render.card_text import legible, truncate
from bot.render.components import Kind, TableView
from bot.render.embeds import title_of

if TYPE_CHECKING:
    from bot.seen import Seen

HINT_ROW = 4


def hint_button(view: TableView) -> None:
    """Add Hint to a panel: on the last row, or wherever there is room (none: no button)."""
    for row in (HINT_ROW, None):
        try:
            view.button(Kind.HINT, _("Hint"), row=row, style=discord.ButtonStyle.secondary)
            return
        except ValueError:  # that row (or the whole panel) is full
            continue


def hint_embed(table: Seen, given: Hint, move: str, *, practice_note: bool) -> discord.Embed:
    """The private answer: the hard player's move as the player types it (seats by name or
    number from 1: typed into ``/move`` as shown, it plays the move) and what it does
    (``move``: the engine's description with names, or the bare notation when the position
    moved on), then one line of why; whether asking made the game practice."""
    lines = [hint_line(table, given, move), with_names(given.why, table.shown_names)]
    if practice_note:
        lines += ["", _("Hints make this game practice: it will not be rated.")]
    lines += ["", _("A hint never plays for you: make your move on your panel.")]
    return discord.Embed(
        title=_("{game} table #{table} — hint", game=title_of(table.game), table=table.id),
        description=truncate(legible("\n".join(lines)), 4096),
        colour=table.game.colour,
    )


def hint_line(table: Seen, given: Hint, move: str) -> str:
    """``**`give bob 4`** — put 9♦ on bob's slot 4 …``: the notation to type, then its words."""
    described = "" if move.strip("`") == str(given.action) else move
    line = move_line(table.game.look.move_words, given.action, described, table.names)
    typed, gap, words = line.partition(MOVE_WORDS_GAP)
    return f"**`{typed}`**{gap}{truncate(words, 300)}"

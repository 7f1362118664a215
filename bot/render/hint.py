"""What the Hint button shows: the button on a player's own panel and the private answer.

The answer is built from a :class:`~bot.games.ai.hint.Hint`, which the hard player worked
out from the asking seat's information only; nothing here reads the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.ai.hint import Hint
from bot.i18n import _
from bot.render.card_text import truncate
from bot.render.components import Kind, TableView
from bot.render.embeds import COLOURS, title_of

if TYPE_CHECKING:
    from bot.tables.model import Table

HINT_ROW = 4


def hint_button(view: TableView) -> None:
    """Add Hint to a panel: on the last row, or wherever there is room (none: no button)."""
    for row in (HINT_ROW, None):
        try:
            view.button(Kind.HINT, _("Hint"), row=row, style=discord.ButtonStyle.secondary)
            return
        except ValueError:  # that row (or the whole panel) is full
            continue


def hint_embed(table: Table, given: Hint, move: str, *, practice_note: bool) -> discord.Embed:
    """The private answer: the hard player's move (``move``: its notation in the table's
    words) and one line of why; whether asking made the game practice."""
    lines = [f"**{truncate(move, 300)}**", given.why]
    if practice_note:
        lines += ["", _("Hints make this game practice: it will not be rated.")]
    lines += ["", _("A hint never plays for you: make your move on your panel.")]
    return discord.Embed(
        title=_("{game} table #{table} — hint", game=title_of(table.game), table=table.id),
        description=truncate("\n".join(lines), 4096),
        colour=COLOURS.get(table.game, 0x555555),
    )

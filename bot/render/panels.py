"""The ephemeral control panel: the seat's view and its options at each decision point.

A panel is built from the table and a :class:`~bot.render.components.Step` (a partial
choice that is not a move yet: the Turup card to play, the Soi player and rank to ask for,
the first King card). The game's own steps come from its look in the catalog; every
option maps to an engine notation string; nothing here changes game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import _
from bot.render.card_text import legible, seat_name, truncate
from bot.render.components import Kind, Step, TableView
from bot.render.embeds import title_of
from bot.render.hint import hint_button
from bot.render.table_message import jump_url

if TYPE_CHECKING:
    from bot.seen import Seen


# The newest events a panel repeats above its options (the table message holds the rest).
NOTE_LINES = 2
TALL_ROWS = 4


def automatic_move(table: Seen) -> str | None:
    """The move Take turn makes at once, as the game's look says (``Look.automatic``: a
    coop game's draw, when drawing is the seat's only move)."""
    if not table.running or table.to_act is None:
        return None
    action = table.game.look.automatic(table.public_view(), table.legal())
    return None if action is None else str(action)


def panel(
    table: Seen, seat: int, step: Step | None = None, *, note: str | None = None,
    picture: bool = False,
) -> tuple[discord.Embed, TableView]:
    """The panel for ``seat`` at ``step`` (the root decision when ``step`` is ``None``).

    ``picture``: the panel carries the seat's picture (``seat.png``), which shows his cards;
    they are then not listed again in words (a phone shows the hand once). A panel whose
    turn is over offers what comes next: My cards and the way back to the table."""
    entry = table.game
    view = TableView(table)
    pv = table.player_view(seat)
    lines: list[str] = []
    if note:
        notes = legible(note).split("\n")[-NOTE_LINES:]
    else:
        notes = [f"› {legible(t)}" for t in list(table.private.get(seat, ()))[-NOTE_LINES:]]
    to_act = table.to_act
    mine = table.running and to_act == seat and not table.seats[seat].is_computer_held
    title = (_("{game} table #{id} — your turn", game=title_of(entry), id=table.id)
             if mine else
             _("{game} table #{id} — waiting", game=title_of(entry), id=table.id))
    embed = discord.Embed(title=legible(title), colour=entry.colour)
    if not mine:
        if not table.running:
            lines.append(_("The game is over.") if table.dealt else "")
        else:
            lines.append(_("It is {who}'s turn now.", who=seat_name(table.names, to_act)))
        embed.description = truncate(legible("\n".join(x for x in [*notes, *lines] if x)), 4096)
        return embed, after_turn(table, view).done()
    prompt = entry.look.panel_steps(table, step or Step(), table.legal(), view, pv)
    if table.hints_offered:
        hint_button(view)
    if len({item.row for item in view.children}) >= TALL_ROWS:
        notes = []  # four rows of options: the events are in the picture and the table
    lines.append(f"**{prompt}**")  # what to decide first, then the cards
    if not picture:
        lines.append(entry.look.private_text(pv))
    else:  # what the picture leaves to words
        lines.extend(entry.look.panel_words(pv, table.names))
    embed.description = truncate(legible("\n".join([*notes, *lines])), 4096)
    return embed, view.done()


def after_turn(table: Seen, view: TableView) -> TableView:
    """What comes after a turn, on a panel whose turn is over: the seat's cards, and a link
    back to the table message (a hint is for the seat to act, on his next panel)."""
    if table.dealt:
        view.button(Kind.MY_CARDS, _("My cards"), row=0)
    view.add_item(discord.ui.Button(label=_("Back to the table"), url=jump_url(table), row=0))
    return view

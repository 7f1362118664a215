"""``/move``, ``/hand``, ``/table``, ``/resign``, ``/cancel`` and ``/help``."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.faults import describe, is_transient
from bot.discord.installs import anywhere, server_only
from bot.discord.parts import AppBot
from bot.games.protocol import Action, GameError
from bot.i18n import N_, _, _n, current, use_locale
from bot.notation.action_words import suggestions
from bot.notation.move_words import MoveWords
from bot.notation.seat_words import SeatWordError, by_name, by_number, read_move, words_of
from bot.render.card_text import legible, legible_embed, truncate
from bot.render.embeds import hand_embed
from bot.render.names import labelled
from bot.render.table_message import jump_url
from bot.tables.model import Table, TableError
from bot.tables.service import TableService

if TYPE_CHECKING:
    from bot.games.registry import Game

log = logging.getLogger(__name__)

REPOST_FAILED = N_(
    "Discord didn't take the new table message just now — please try `/table` again in a "
    "moment. The game itself is safe."
)
REPOST_REFUSED = N_(
    "I couldn't post the table here: I need the **Send Messages**, **Embed Links** and "
    "**Attach Files** permissions in this channel. The game itself is safe."
)

NO_TABLE = N_("There is no open table in this channel. Start one with /play.")
MOVE_LIMIT = 200  # longer than any move of any game; Discord allows 6,000 characters
TOO_LONG = N_("That is not a move: moves are short, e.g. `draw`, `keep 2` or `ask 2 QH`.")


def in_notation(words: MoveWords, typed: str, legal: list[tuple[Action, str]],
                names: list[str] | None = None, lang: str | None = None) -> str:
    """``typed`` in the game's notation, as ``/move`` reads it (see
    :func:`bot.notation.seat_words.read_move`): a legal move's words in the reader's language,
    or a notation with seats by name or number from 1 (``words``: the game's)."""
    return read_move(words, typed, names or [], legal, lang)


class TableCommands(commands.Cog):
    """Playing at the channel's table by typing."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @property
    def tables(self) -> TableService:
        return self.bot.app.tables

    def _table(self, interaction: discord.Interaction[Any]) -> Table | None:
        if interaction.channel_id is None:
            return None
        return self.tables.in_channel(interaction.channel_id)

    @app_commands.command(name="move", description=N_("Take your turn by typing it"))
    @server_only
    @app_commands.describe(
        action=N_("Your move, e.g. draw, keep 2, keep 2 declare, discard knock, capture 5D 2C 3S")
    )
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        """Play an action in notation (the same checks as the buttons)."""
        table = self._table(interaction)
        if table is None:
            await interaction.response.send_message(_(NO_TABLE), ephemeral=True)
            return
        if len(action) > MOVE_LIMIT:
            await interaction.response.send_message(_(TOO_LONG), ephemeral=True)
            return
        legal = self.tables.legal_actions(table, interaction.user.id)
        words = table.entry.look.move_words
        try:
            typed = read_move(words, action, table.names, legal, current())
            result = await self.tables.act(table.id, interaction.user.id, typed)
        except (TableError, GameError, SeatWordError) as exc:  # may echo the move: cut it
            await interaction.response.send_message(legible(truncate(str(exc), 500)),
                                                    ephemeral=True)
            return
        played = by_name(words, result.action, table.names)
        lines = [f"› {legible(e)}" for e in result.events[-4:]] or \
            [_("Played `{move}`.", move=played)]
        if not result.over and table.to_act() == result.seat:
            lines.append(_("Your move again — /move or **Take turn**."))
        await interaction.response.send_message(truncate("\n".join(lines), 2000), ephemeral=True)
        self.bot.app.tokens.remember_private(table.id, interaction.user.id, interaction)

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal actions now, in words and notation, filtered by the text (on a
        declarer's reveal turn both draw and reveal, as on the panel)."""
        table = self._table(interaction)
        if table is None:
            return []
        labels = labelled(table.names)  # the words as a label shows names (bidi safe)
        offered = [(a, table.describe(a, labels))
                   for a, _ in self.tables.legal_actions(table, interaction.user.id)]
        if offered:  # and what the game's look offers beside them (a reveal turn's Reveal)
            offered += table.entry.look.offered(table.public_view(),
                                                        [a for a, _ in offered])
        names = table.names  # seats shown by name, sent back by number
        game_words = table.entry.look.move_words
        numbered = {by_name(game_words, a, names): by_number(game_words, a, names)
                    for a, _ in offered}
        found = suggestions(game_words, ((by_name(game_words, a, names), legible(words_of(words)))
                                         for a, words in offered),
                            current, value=numbered.__getitem__)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name="hand", description=N_("Your cards and what you may do now"))
    @server_only
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """Show the caller's cards ephemerally."""
        table = self._table(interaction)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or seat is None or table.state is None:
            await interaction.response.send_message(
                _(NO_TABLE) if table is None else _("You have no cards at this table."),
                ephemeral=True,
            )
            return
        embed = hand_embed(table.seen(), seat)
        legal = self.tables.legal_actions(table, interaction.user.id)
        if legal:
            words = table.entry.look.move_words
            text = "\n".join(f"`{by_name(words, a, table.names)}`" for a, _ in legal[:20])
            if len(legal) > 20:
                text += "\n" + _n("… and {n} more (type /move to see them)",
                                   "… and {n} more (type /move to see them)", len(legal) - 20)
            embed.add_field(name=_("You may"), value=truncate(text, 1024), inline=False)
        elif table.running:
            to_act = table.to_act()
            who = table.shown_names[to_act] if to_act is not None else _("nobody")
            embed.add_field(name=_("Waiting"), value=_("{who} is to act.", who=who),
                            inline=False)
        files = await self.bot.app.images.hand_file(table, seat, embed)
        await interaction.response.send_message(embed=embed, files=files, ephemeral=True)
        self.bot.app.tokens.remember_private(table.id, interaction.user.id, interaction)

    @app_commands.command(name="table",

                          description=N_("Post the table message again at the bottom"))
    @server_only
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        """Re-post the table message; the old one stops being updated."""
        table = self._table(interaction)
        if table is None:
            await interaction.response.send_message(_(NO_TABLE), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.app.publisher.repost(table)
        except discord.HTTPException as exc:
            log.warning("Table %s could not be posted again: %s", table.id, describe(exc))
            text = _(REPOST_FAILED if is_transient(exc) else REPOST_REFUSED)
            await interaction.followup.send(text, ephemeral=True)
            return
        await interaction.followup.send(_("Here is the table: {url}", url=jump_url(table.record)),
                                        ephemeral=True)

    @app_commands.command(name="resign",

                          description=N_("Leave the running game (a computer plays on)"))
    @server_only
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """Resign: a computer (easy) takes the seat and the player is placed last."""
        table = self._table(interaction)
        if table is None:
            await interaction.response.send_message(_(NO_TABLE), ephemeral=True)
            return
        try:
            await self.tables.resign(table.id, interaction.user.id)
        except (TableError, GameError) as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        await interaction.response.send_message(
            _("You resigned: a computer player takes your seat and you are placed last."),
            ephemeral=True,
        )

    @app_commands.command(name="cancel",

                          description=N_("End this channel's table (host or moderator)"))
    @server_only
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Close the table."""
        table = self._table(interaction)
        if table is None:
            await interaction.response.send_message(_(NO_TABLE), ephemeral=True)
            return
        perms = interaction.permissions
        try:
            await self.tables.cancel(
                table.id, interaction.user.id, moderator=bool(perms and perms.manage_messages)
            )
        except (TableError, GameError) as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        with use_locale(table.language):  # a public answer: the server's language
            text = _("Table #{table} is cancelled.", table=table.id)
        await interaction.response.send_message(text)

    @anywhere
    @app_commands.command(name="help", description=N_("What Cardroom is and how to play"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """A short ephemeral guide: the games, a turn, the commands."""
        embed = help_embed(self.bot.app.games)
        await interaction.response.send_message(embed=embed, ephemeral=True)


def help_embed(games: Mapping[str, Game]) -> discord.Embed:
    """What Cardroom is (``games``: the bot's), how a turn works and where the rules are."""
    titles = ", ".join(_(entry.title) for entry in games.values())
    embed = discord.Embed(title=_("Cardroom"), colour=0x2E7D32, description=_(
        "Card games at a table in this channel: {games}. Everyone sees the table "
        "message; your own cards are only ever shown to you.", games=titles
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

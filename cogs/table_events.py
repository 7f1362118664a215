"""Gateway events that concern open tables: clicks on table components, a deleted channel
or thread closes its table, a deleted table message is posted again at once."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.faults import CHANNEL_DELETED
from bot.discord.router import on_component
from storage.tables import TableStatus

log = logging.getLogger(__name__)


class TableEvents(commands.Cog):
    """Keeps tables in step with what happens to their channels and messages."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def _channel_gone(self, channel_id: int) -> None:
        table = self.bot.tables.in_channel(channel_id)
        if table is None:
            return
        log.info("Channel %s was deleted; closing table %s", channel_id, table.id)
        await self.bot.tables.close(table, TableStatus.CANCELLED, CHANNEL_DELETED)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a table button or select (routed by kind: bot.discord.router)."""
        await on_component(interaction)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel closes its table."""
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread closes its table."""
        await self._channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """The table message was deleted: post it again now rather than at the next move."""
        table = self.bot.tables.in_channel(payload.channel_id)
        if table is None or table.record.message_id != payload.message_id:
            return
        log.info("Table %s message was deleted; posting it again", table.id)
        self.bot.tables.changed(table)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(TableEvents(bot))

"""Gateway events that concern open tables: a deleted channel or thread closes its table, a
deleted table message is posted again at once. (Clicks on table components are routed by
discord.py: ``bot.discord.clicks.routes``.)"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.discord.faults import CHANNEL_DELETED
from bot.discord.parts import AppBot
from storage.tables import TableStatus

log = logging.getLogger(__name__)


class TableEvents(commands.Cog):
    """Keeps tables in step with what happens to their channels and messages."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    async def _channel_gone(self, channel_id: int) -> None:
        table = self.bot.app.tables.in_channel(channel_id)
        if table is None:
            return
        log.info("Channel %s was deleted; closing table %s", channel_id, table.id)
        await self.bot.app.tables.close(table, TableStatus.CANCELLED, CHANNEL_DELETED)

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
        table = self.bot.app.tables.in_channel(payload.channel_id)
        if table is None or table.record.message_id != payload.message_id:
            return
        log.info("Table %s message was deleted; posting it again", table.id)
        self.bot.app.tables.changed(table)

"""The Discord side of the table service: edit the table message, DM hands, announce."""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord.interaction_home import InteractionHome
from bot.discord.news import News
from bot.discord.pictures import TableImages
from bot.discord.tokens import Tokens
from bot.i18n import _, use_locale
from bot.metrics import discord_error
from bot.render.embeds import dm_text, hand_embed, table_embed
from bot.render.table_message import jump_url, table_view
from bot.tables.languages import Languages
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.database import Database

log = logging.getLogger(__name__)


class DiscordNotifier:
    """Implements ``bot.tables.service.Notifier`` with a discord.py client."""

    def __init__(self, client: discord.Client, db: Database, images: TableImages,
                 tokens: Tokens, languages: Languages) -> None:
        self.client = client
        self.db = db
        self.images = images
        self.tokens = tokens
        self.languages = languages
        self.news = News(self)
        self.home = InteractionHome(self)  # the tables of DMs and group DMs
        self.service: TableService | None = None

    def attach(self, service: TableService) -> None:
        """The service whose tables this notifier shows (to remember a reposted message)."""
        self.service = service

    def reader_language(self, table: Table, user_id: int) -> str:
        """The language of a private message to ``user_id`` about ``table`` (a DM)."""
        return self.languages.of_reader(user_id, table.record.guild_id)

    def channel(self, table: Table) -> discord.PartialMessageable:
        """The table's channel, without a lookup."""
        return self._channel(table)

    def _channel(self, table: Table) -> discord.PartialMessageable:
        rec = table.record
        return self.client.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)

    async def render(self, table: Table) -> None:
        """Update the table message in place: through a fresh interaction token of it when
        there is one (no global request), else by a channel edit; post it again if it was
        deleted. Everything public speaks the table's language."""
        with use_locale(table.language):
            await self._render(table)

    async def _render(self, table: Table) -> None:
        if table.record.interaction_only:  # a DM or group DM: no channel request there
            async with table.render_lock:
                await self.home.render(table)
                await self.news.after_render(table)
                self.home.watch_ping(table)
                if not table.status.is_open:
                    self.images.forget(table.id)
            return
        async with table.render_lock:
            rec = table.record
            embed, files = await self._table_embed(table)
            view = table_view(table)
            channel = self._channel(table)
            posted = False
            interaction = self.tokens.fresh(table.id, rec.message_id)
            if interaction is not None:
                try:
                    await interaction.edit_original_response(
                        embed=embed, view=view, attachments=files
                    )
                    posted = True
                except discord.HTTPException as exc:
                    discord_error(exc)  # the operator's metrics
                    log.info("Table %s: its interaction token failed (%s); editing in the "
                             "channel", table.id, exc.status)
                    self.tokens.forget(table.id, interaction)
                    for file in files:
                        file.reset()
            if not posted and rec.message_id is not None:
                try:
                    await channel.get_partial_message(rec.message_id).edit(
                        embed=embed, view=view, attachments=files
                    )
                    posted = True
                except discord.NotFound:
                    log.info("Table %s message was deleted; posting it again", table.id)
            if not posted:
                await self._post(table, old_note=False)
            await self.news.after_render(table)
            if not table.status.is_open:
                self.images.forget(table.id)

    async def table_embed(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        """The table embed and its picture files (see ``_table_embed``)."""
        return await self._table_embed(table)

    async def _table_embed(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        """The table embed with its image, or with the public cards as text when the
        server turned images off (or the image failed)."""
        embed = table_embed(table)
        files = await self.images.table_file(table, embed)
        if not files and table.running:
            embed = table_embed(table, text_table=True)
        return embed, files

    async def repost(self, table: Table) -> discord.Message:
        """Post the table message at the bottom; the old one says where the table went."""
        with use_locale(table.language):
            async with table.render_lock:
                return await self._post(table, old_note=True)

    async def _post(self, table: Table, *, old_note: bool) -> discord.Message:
        service = self.service
        channel = self._channel(table)
        embed, files = await self._table_embed(table)
        message = await channel.send(embed=embed, view=table_view(table), files=files)
        old = table.record.message_id
        if service is not None and table.id in service.tables:
            await service.set_message(table.id, message.id)
        else:
            table.record = dataclasses.replace(table.record, message_id=message.id)
        if old_note and old is not None and old != message.id:
            try:
                await channel.get_partial_message(old).edit(
                    content=_("This table moved: {url}", url=jump_url(table)), embed=None,
                    view=None, attachments=[],
                )
            except discord.HTTPException:
                log.info("Could not retire the old message of table %s", table.id)
        return message

    async def send_hand(self, table: Table, seat: int) -> bool:
        """Send the seat's cards privately: an ephemeral follow-up of the person's fresh
        interaction at the table, else a DM through the cached DM channel (no user lookup
        first); ``False`` when Discord refuses the DM."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return True
        with use_locale(self.reader_language(table, user_id)):
            return await self._send_hand(table, seat, user_id)

    async def _send_hand(self, table: Table, seat: int, user_id: int) -> bool:
        try:
            guild = self.client.get_guild(table.record.guild_id)
            text = dm_text(table, seat, guild.name if guild else None)
            embed = hand_embed(table, seat)
            files = await self.images.hand_file(table, seat, embed)
            if files:
                embed.description = None  # the text above already lists the cards
                await self.news.private(table, user_id, content=text, embed=embed,
                                        files=files)
            elif await self.images.reads_text(user_id):  # his cards in words, in the embed
                await self.news.private(table, user_id, content=text.split("\n", 1)[0],
                                        embed=embed)
            else:
                await self.news.private(table, user_id, content=text)
        except discord.Forbidden:
            return False
        return True

    async def announce(self, table: Table, text: str) -> None:
        """A short public line in the table's channel (``text`` already in the table's
        language: see ``speaking``)."""
        if table.record.interaction_only:  # a follow-up while the table's token lives
            interaction = self.tokens.fresh(table.id, table.record.message_id)
            if interaction is not None and self.tokens.follow_up_allowed(interaction):
                try:
                    await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions(
                        users=True, roles=False, everyone=False))
                except discord.HTTPException as exc:
                    discord_error(exc)
                    log.info("Table %s: an announcement was refused (%s)", table.id,
                             exc.status)
            return
        await self._channel(table).send(
            text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False)
        )


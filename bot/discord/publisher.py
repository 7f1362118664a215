"""The Discord side of the table service: edit the table message, DM hands, announce."""

from __future__ import annotations

import dataclasses
import enum
import logging

import discord

from bot.discord.ages import due_for_repost, edits_refused
from bot.discord.faults import describe
from bot.discord.interaction_home import InteractionHome
from bot.discord.news import News
from bot.discord.pictures import Picture, TableImages
from bot.discord.tokens import Tokens
from bot.i18n import _, use_locale
from bot.metrics import discord_error
from bot.render.embeds import dm_text, hand_embed, table_embed
from bot.render.table_message import jump_url, table_view
from bot.seen import Seen
from bot.tables.languages import Languages
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.database import Database

log = logging.getLogger(__name__)


class Retire(enum.Enum):
    """What becomes of the old table message when the table is posted anew."""

    NOTHING = "nothing"  # there is none (or it was deleted)
    NOTE = "note"  # it says where the table went (``/table``, or nearly an hour old)
    DELETE = "delete"  # it takes no more edits (Discord's 30046): deleted


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
        there is one (no global request), else by a channel edit. Post it again if it was
        deleted, and anew when it is nearly an hour old (Discord then takes few edits) or
        Discord refuses its edits all the same (``bot.discord.ages``). Everything public
        speaks the table's language."""
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
            if due_for_repost(table.record.message_id):  # before Discord's hour: anew
                log.info("Table %s: its message is nearly an hour old; posting it anew",
                         table.id)
                await self._post(table, Retire.NOTE)
            else:
                retire = await self._edit(table)
                if retire is not None:
                    await self._post(table, retire)
            await self.news.after_render(table)
            if not table.status.is_open:
                self.images.forget(table.id)

    async def table_embed(self, table: Table, editing: int | None = None,
                          seen: Seen | None = None) -> tuple[discord.Embed, list[Picture]]:
        """The table embed and its picture (see ``_table_embed``)."""
        return await self._table_embed(table, editing, seen)

    async def _edit(self, table: Table) -> Retire | None:
        """Edit the table message in place: ``None`` when it was edited, else what becomes
        of the old message once the table is posted anew (none or deleted: nothing; it
        takes no more edits, being over an hour old: deleted)."""
        rec, seen = table.record, table.seen()  # the table as this render shows it
        embed, files = await self._table_embed(table, editing=rec.message_id, seen=seen)
        view = table_view(seen)
        interaction = self.tokens.fresh(table.id, rec.message_id)
        if interaction is not None:
            try:
                self.images.shown(table, await interaction.edit_original_response(
                    embed=embed, view=view, attachments=files
                ))
                return None
            except discord.HTTPException as exc:
                discord_error(exc)  # the operator's metrics
                if edits_refused(exc):
                    return self._refused(table)
                log.info("Table %s: its interaction token failed (%s); editing in the "
                         "channel", table.id, exc.status)
                self.tokens.forget(table.id, interaction)
                for file in files:
                    if isinstance(file, discord.File):
                        file.reset()
        if rec.message_id is None:
            return Retire.NOTHING
        try:
            self.images.shown(table, await self._channel(table).get_partial_message(
                rec.message_id).edit(embed=embed, view=view, attachments=files))
        except discord.NotFound:
            log.info("Table %s message was deleted; posting it again", table.id)
            return Retire.NOTHING
        except discord.HTTPException as exc:
            if not edits_refused(exc):
                raise
            discord_error(exc)
            return self._refused(table)
        return None

    def _refused(self, table: Table) -> Retire:
        log.info("Table %s: its message takes no more edits (over an hour old); posting "
                 "it anew", table.id)
        return Retire.DELETE

    async def _table_embed(self, table: Table, editing: int | None = None,
                           seen: Seen | None = None) -> tuple[discord.Embed, list[Picture]]:
        """The table embed with its image, or with the public cards as text when the
        server turned images off (or the image failed). ``editing``: the message id of an
        edit, which keeps its attachment when the picture is unchanged; ``seen``: the table
        as the render shows it (``Table.seen``, else taken now)."""
        seen = table.seen() if seen is None else seen
        if seen.running and not await self.images.pictured(table.record.guild_id):
            return table_embed(seen, text_table=True), []  # the picture's embed not made
        embed = table_embed(seen)
        files = await self.images.table_edit(table, embed, editing)
        if not files and seen.running:
            embed = table_embed(seen, text_table=True)
        return embed, files

    async def repost(self, table: Table) -> discord.Message:
        """Post the table message at the bottom; the old one says where the table went."""
        with use_locale(table.language):
            async with table.render_lock:
                return await self._post(table, Retire.NOTE)

    async def _post(self, table: Table, retire: Retire) -> discord.Message:
        """Post the table message anew, store its id, then ``retire`` the old one; the
        live turn ping then links to the new one."""
        service = self.service
        channel = self._channel(table)
        seen = table.seen()
        embed, pictures = await self._table_embed(table, seen=seen)
        files = [f for f in pictures if isinstance(f, discord.File)]  # a new message's own
        message = await channel.send(embed=embed, view=table_view(seen), files=files)
        self.images.shown(table, message)
        old = table.record.message_id
        if service is not None and table.id in service.tables:
            await service.set_message(table.id, message.id)
        else:
            table.record = dataclasses.replace(table.record, message_id=message.id)
        if old is None or old == message.id or retire is Retire.NOTHING:
            return message
        try:
            if retire is Retire.NOTE:
                await channel.get_partial_message(old).edit(
                    content=_("This table moved: {url}", url=jump_url(table.record)), embed=None,
                    view=None, attachments=[],
                )
            else:
                await channel.get_partial_message(old).delete()
        except discord.HTTPException as exc:
            log.info("Could not retire the old message of table %s: %s", table.id,
                     describe(exc))
        await self.news.moved(table)
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
            seen = table.seen()
            text = dm_text(seen, seat, guild.name if guild else None)
            embed = hand_embed(seen, seat)
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


"""Tables that live in interaction answers only (issue 45): where a table lives is the
seam between a server channel and a DM or group DM.

In a DM or a group DM reached through an app installed to a person, the bot has no
channel access: it cannot post, edit an older message or DM anyone from there (403, code
50001). Such a table (``TableRecord.interaction_only``) is the answer to ``/play``, and
every press on its message answers by updating that message, which makes the press's
interaction the one the table is shown through for the next 15 minutes (``Tokens``).

While some interaction of the table is fresh, its computers, timers and announcements act
as in a server. Shortly before the newest one lapses, the table *waits*
(``TableClock.hold``): its message says so, with a **Continue** button, and nothing plays
on. Any press on the message then resumes it (``TableClock.release``): the computers play
their turns at once, a turn whose time ran out meanwhile is played, and the message shows
the table again. Nothing is lost while a table waits: every move is stored when it is
played, and a restarted bot restores such tables waiting.

A server table never goes through here: ``DiscordNotifier`` asks ``render`` only for
interaction-only tables, and the channel requests of ``News`` fall back to nothing for them.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.ages import due_for_repost, edits_refused
from bot.discord.faults import describe
from bot.discord.tokens import Tokens
from bot.i18n import _, use_locale
from bot.render.card_text import legible
from bot.render.table_message import jump_url, table_view
from bot.tables.model import Table

if TYPE_CHECKING:
    from bot.discord.publisher import DiscordNotifier

log = logging.getLogger(__name__)

LAPSE_MARGIN = 60.0  # seconds before a token stops being fresh: time to say the table waits


def waiting_note() -> str:
    """The line a waiting table's message shows above it (in the table's language)."""
    return _("⏸ This table is waiting: Discord lets Cardroom update it only for 15 minutes "
             "after someone presses one of its buttons. Press **Continue** to play on.")


class InteractionHome:
    """Shows the interaction-only tables of one notifier and keeps them going."""

    def __init__(self, notifier: DiscordNotifier) -> None:
        self.notifier = notifier
        self._lapses: dict[int, asyncio.TimerHandle] = {}
        self._pings: dict[int, asyncio.TimerHandle] = {}  # live ping message id -> its end

    @property
    def tokens(self) -> Tokens:
        return self.notifier.tokens

    def pressed(self, table: Table, interaction: discord.Interaction[Any],
                message_id: int | None = None) -> None:
        """``interaction`` answered by updating the table's message (or, with
        ``message_id``, by sending it: ``/play``): the table is shown through it from now
        on, and a waiting table goes on."""
        self.tokens.remember(table.id, interaction, message_id)
        self._arm_lapse(table)
        service = self.notifier.service
        if service is not None and table.waiting:
            log.info("Table %s goes on (a press brought a fresh interaction)", table.id)
            service.timers.release(table)

    def _arm_lapse(self, table: Table) -> None:
        old = self._lapses.pop(table.id, None)
        if old is not None:
            old.cancel()
        since = self.tokens.since(table.id)
        delay = max(0.0, self.tokens.lifetime - LAPSE_MARGIN)
        loop = asyncio.get_running_loop()
        self._lapses[table.id] = loop.call_later(delay, self._lapse_due, table.id, since)

    def _lapse_due(self, table_id: int, since: float | None) -> None:
        self._lapses.pop(table_id, None)
        service = self.notifier.service
        if service is not None:
            service.spawn(self._lapse(table_id, since))

    async def _lapse(self, table_id: int, since: float | None) -> None:
        """The newest interaction of the table is about to lapse: the table waits, and its
        message says so through that interaction while it still works."""
        service = self.notifier.service
        table = service.get(table_id) if service is not None else None
        if service is None or table is None or self.tokens.since(table_id) != since:
            return  # closed, or a newer press came meanwhile
        if table.in_lobby:
            return  # nothing plays in a lobby: any press there shows it again
        service.timers.hold(table)
        log.info("Table %s waits: no press for %.0f minutes", table_id,
                 self.tokens.lifetime / 60)
        await self.notifier.render(table)

    async def render(self, table: Table) -> None:
        """Update the table's message through its fresh interaction (the caller holds the
        render lock and the table's language); without one the table waits, and its
        message already says so."""
        rec = table.record
        interaction = self.tokens.fresh(table.id, rec.message_id)
        if interaction is None or rec.message_id is None:
            return
        if due_for_repost(rec.message_id) and table.status.is_open:
            await self._post_anew(table, interaction)  # before Discord's hour of edits
            return
        seen = table.seen()  # the table as this render shows it
        embed, files = await self.notifier.table_embed(table, editing=rec.message_id, seen=seen)
        with use_locale(table.language):
            content = legible(waiting_note()) if table.waiting else None
        images = self.notifier.images
        try:
            if _answers_with(interaction, rec.message_id):
                images.shown(table, await interaction.edit_original_response(
                    content=content, embed=embed, view=table_view(seen), attachments=files))
            else:  # the table was posted anew as a follow-up of this interaction
                images.shown(table, await interaction.followup.edit_message(
                    rec.message_id, content=content, embed=embed, view=table_view(seen),
                    attachments=files))
        except discord.HTTPException as exc:
            if edits_refused(exc) and table.status.is_open:
                await self._post_anew(table, interaction)
                return
            log.info("Table %s: its interaction was refused (%s); the table waits",
                     table.id, describe(exc))
            self.tokens.forget(table.id, interaction)
            if self.notifier.service is not None and table.status.is_open:
                self.notifier.service.timers.hold(table)
            return
        if not table.status.is_open:
            self.forget(table.id)

    async def _post_anew(self, table: Table, interaction: discord.Interaction[Any]) -> None:
        """Post the table again as a follow-up of ``interaction`` (a message nearly an hour
        old takes few edits); the old message says where the table went. Without a
        follow-up left to this interaction the table is shown at the next press."""
        service, old = self.notifier.service, table.record.message_id
        if service is None or old is None or not self.tokens.follow_up_allowed(interaction):
            return
        seen = table.seen()
        embed, pictures = await self.notifier.table_embed(table, seen=seen)
        files = [f for f in pictures if isinstance(f, discord.File)]  # a new message's own
        try:
            posted = await interaction.followup.send(
                embed=embed, view=table_view(seen), files=files, wait=True)
        except discord.HTTPException as exc:
            log.info("Table %s: posting it anew was refused (%s)", table.id, describe(exc))
            return
        self.notifier.images.shown(table, posted)
        await service.set_message(table.id, posted.id)
        self.tokens.remember(table.id, interaction, posted.id)
        log.info("Table %s: its message is nearly an hour old; posted anew", table.id)
        if not _answers_with(interaction, old):
            return  # the old one was another follow-up: only its own interaction edits it
        with use_locale(table.language):
            moved = _("This table moved: {url}", url=jump_url(table.record))
        try:
            await interaction.edit_original_response(content=moved, embed=None, view=None,
                                                     attachments=[])
        except discord.HTTPException as exc:
            log.info("Table %s: its old message could not say where it went (%s)", table.id,
                     describe(exc))

    def watch_ping(self, table: Table) -> None:
        """The table's live ping goes shortly before the interaction that posted it lapses
        (nothing could delete it later: a table keeps at most one live ping)."""
        sent = self.notifier.news.live_ping(table.id)
        if sent is None or sent.interaction is None or sent.message_id in self._pings:
            return
        delay = max(0.0, sent.token_at + self.tokens.lifetime - LAPSE_MARGIN
                    - self.tokens.clock())
        self._pings[sent.message_id] = asyncio.get_running_loop().call_later(
            delay, self._retire_due, table.id, sent.message_id)

    def _retire_due(self, table_id: int, message_id: int) -> None:
        self._pings.pop(message_id, None)
        service = self.notifier.service
        if service is not None:
            service.spawn(self._retire(table_id, message_id))

    async def _retire(self, table_id: int, message_id: int) -> None:
        table = self.notifier.service.get(table_id) if self.notifier.service else None
        if table is not None:
            async with table.render_lock:
                await self.notifier.news.retire_ping(table, message_id)

    def forget(self, table_id: int) -> None:
        """A closed table: no lapse to wait for."""
        handle = self._lapses.pop(table_id, None)
        if handle is not None:
            handle.cancel()


def _answers_with(interaction: discord.Interaction[Any], message_id: int | None) -> bool:
    """Is ``message_id`` the interaction's own answer (the /play answer, or the message
    the click was on), which ``edit_original_response`` edits?"""
    return interaction.message is None or interaction.message.id == message_id

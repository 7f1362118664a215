"""Discord faults around a table's notifier: nothing Discord answers may lose a table's state
or block it.

``FaultGuard`` wraps the service's ``Notifier``:

* a deleted channel (404, code 10003) closes the table (reason ``"channel deleted"``);
* a rate limit (429) or a server error (5xx) on the table message is retried a little
  later (a later change renders the newest state anyway); discord.py itself waits out
  rate limits on a real connection, so this only covers what still comes through;
* a refused DM (403) answers ``False`` (the service then says so once in the channel);
* a 403 on the table message (a permission taken away) is told once — in the channel, or
  by DM to the host when the bot cannot post there — naming the missing permissions, and
  retried later; the next change renders the table again, so it catches up when the
  permission comes back (moves are stored all along);
* any other failure is logged (status and Discord code only, never a payload) and
  swallowed, so it never reaches an interaction's response.

A deleted table message (404, code 10008) is handled by the notifier itself, which posts
the table again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import N_, _, use_locale
from bot.metrics import discord_error
from bot.tables.display import Notifier
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.tables import TableStatus

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
CANNOT_DM = 50007
CHANNEL_DELETED = N_("channel deleted")  # an end reason: stored in English, shown translated
RETRY_DELAYS = (2.0, 5.0, 15.0, 30.0, 60.0)
# What the table message needs in its channel (the README's invite permissions).
TABLE_PERMISSIONS = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)


def is_transient(exc: BaseException) -> bool:
    """A rate limit or a Discord server error: worth trying again later."""
    return isinstance(exc, discord.HTTPException) and (exc.status == 429 or exc.status >= 500)


def channel_gone(exc: BaseException) -> bool:
    """The table's channel (or thread) no longer exists."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


def missing_permissions(client: Any, table: Table) -> list[str]:
    """The table-message permissions the bot lacks in the table's channel, by name (empty
    when the channel or the bot's member is not in the cache)."""
    rec = table.record
    guild = client.get_guild(rec.guild_id) if client is not None else None
    if guild is None or guild.me is None:
        return []
    channel = guild.get_channel_or_thread(rec.channel_id)
    if channel is None:
        return []
    perms = channel.permissions_for(guild.me)
    return [label for attr, label in TABLE_PERMISSIONS if not getattr(perms, attr)]


def blocked_text(table: Table, missing: list[str]) -> str:
    """What the host (or the channel) is told when the table message cannot be updated."""
    if not missing:
        return _("I can't update the message of table #{table} in <#{channel}>: I need its "
                 "permissions back there. Every move is still saved; the table catches up as "
                 "soon as the permission is back.",
                 table=table.id, channel=table.record.channel_id)
    return _("I can't update the message of table #{table} in <#{channel}>: I need {needed} "
             "there. Every move is still saved; the table catches up as soon as the "
             "permission is back.", table=table.id, channel=table.record.channel_id,
             needed=", ".join(f"**{_(name)}**" for name in missing))


def describe(exc: BaseException) -> str:
    """A log-safe description of a failure: type, HTTP status and Discord code only."""
    if isinstance(exc, discord.HTTPException):
        return f"{type(exc).__name__} {exc.status} (code {exc.code})"
    return type(exc).__name__


class FaultGuard:
    """A ``Notifier`` that turns Discord errors into retries, closes or log lines."""

    def __init__(self, inner: Notifier, service: TableService, client: discord.Client,
                 reader_language: Callable[[Table, int], str]) -> None:
        self.inner = inner
        self.service = service
        self.client = client  # to tell a table's host by DM what its message lacks
        self.reader_language = reader_language
        self.retries: dict[int, int] = {}
        self.blocked: set[int] = set()  # tables whose message refused us (told once)

    async def render(self, table: Table) -> None:
        """Show the table; retry later on 429/5xx, close it when its channel is gone."""
        if table.record.end_reason == CHANNEL_DELETED:
            return
        try:
            await self.inner.render(table)
        except Exception as exc:
            self._failed(table, exc, "render")
            if isinstance(exc, discord.Forbidden) and table.id not in self.blocked:
                self.blocked.add(table.id)
                self.service.spawn(self._tell_blocked(table))
        else:
            self.retries.pop(table.id, None)
            self.blocked.discard(table.id)

    async def _tell_blocked(self, table: Table) -> None:
        """Say once which permissions the table message lacks: in the channel, or by DM to
        the host when the bot cannot post there either."""
        client = self.client
        missing = missing_permissions(client, table)
        log.warning("Table %s: its message refused an update; missing %s", table.id,
                    ", ".join(missing) or "unknown permissions")
        with use_locale(table.language):
            text = blocked_text(table, missing)
        try:
            await self.inner.announce(table, text)
            return
        except discord.HTTPException:
            pass
        host = table.record.host_id
        if host is None:
            return
        try:
            user = client.get_user(host) or await client.fetch_user(host)
            with use_locale(self.reader_language(table, host)):
                text = blocked_text(table, missing)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("Table %s: the host could not be told either: %s", table.id, describe(exc))

    async def send_hand(self, table: Table, seat: int) -> bool:
        """DM a seat; ``False`` on a refusal, a retry later on 429/5xx."""
        try:
            return await self.inner.send_hand(table, seat)
        except discord.Forbidden:
            return False
        except Exception as exc:
            log.warning("DM to seat %s of table %s failed: %s", seat, table.id, describe(exc))
            if is_transient(exc):
                table.pending_dms.add(seat)
                self._retry(table)
            return True

    async def announce(self, table: Table, text: str) -> None:
        """A public line; a gone channel closes the table, other failures are logged."""
        if table.record.end_reason == CHANNEL_DELETED:
            return
        try:
            await self.inner.announce(table, text)
        except Exception as exc:
            self._failed(table, exc, "announce", retry=False)

    def _failed(self, table: Table, exc: BaseException, what: str, *, retry: bool = True) -> None:
        log.warning("Table %s: %s failed: %s", table.id, what, describe(exc))
        discord_error(exc)  # the operator's metrics
        if channel_gone(exc):
            self._close(table)
        elif retry and (is_transient(exc) or isinstance(exc, discord.Forbidden)):
            self._retry(table)

    def _close(self, table: Table) -> None:
        if not table.status.is_open:
            return
        log.info("Table %s: its channel was deleted, closing it", table.id)
        self.service.spawn(self.service.close(table, TableStatus.CANCELLED, CHANNEL_DELETED))

    def _retry(self, table: Table) -> None:
        attempt = self.retries.get(table.id, 0)
        if attempt >= len(RETRY_DELAYS) or not table.status.is_open:
            self.retries.pop(table.id, None)
            return
        self.retries[table.id] = attempt + 1
        loop = asyncio.get_running_loop()
        loop.call_later(RETRY_DELAYS[attempt], self._again, table)

    def _again(self, table: Table) -> None:
        if table.status.is_open and self.service.get(table.id) is table:
            self.service.changed(table)

"""Discord faults around a table's notifier: nothing Discord answers may lose a table's state
or block it.

``FaultGuard`` wraps the service's ``Notifier``:

* a deleted channel (404, code 10003) closes the table (reason ``"channel deleted"``);
* a rate limit (429) or a server error (5xx) on the table message is retried a little
  later (a later change renders the newest state anyway); discord.py itself waits out
  rate limits on a real connection, so this only covers what still comes through;
* a refused DM (403) answers ``False`` (the service then says so once in the channel);
* any other failure is logged (status and Discord code only, never a payload) and
  swallowed, so it never reaches an interaction's response.

A deleted table message (404, code 10008) is handled by the notifier itself, which posts
the table again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.tables.model import Table
from storage.tables import TableStatus

if TYPE_CHECKING:
    from bot.tables.display import Notifier
    from bot.tables.service import TableService

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
CANNOT_DM = 50007
CHANNEL_DELETED = "channel deleted"
RETRY_DELAYS = (2.0, 5.0, 15.0, 30.0, 60.0)


def is_transient(exc: BaseException) -> bool:
    """A rate limit or a Discord server error: worth trying again later."""
    return isinstance(exc, discord.HTTPException) and (exc.status == 429 or exc.status >= 500)


def channel_gone(exc: BaseException) -> bool:
    """The table's channel (or thread) no longer exists."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


def describe(exc: BaseException) -> str:
    """A log-safe description of a failure: type, HTTP status and Discord code only."""
    if isinstance(exc, discord.HTTPException):
        return f"{type(exc).__name__} {exc.status} (code {exc.code})"
    return type(exc).__name__


class FaultGuard:
    """A ``Notifier`` that turns Discord errors into retries, closes or log lines."""

    def __init__(self, inner: Notifier, service: TableService) -> None:
        self.inner = inner
        self.service = service
        self.retries: dict[int, int] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def render(self, table: Table) -> None:
        """Show the table; retry later on 429/5xx, close it when its channel is gone."""
        if table.record.end_reason == CHANNEL_DELETED:
            return
        try:
            await self.inner.render(table)
        except Exception as exc:
            self._failed(table, exc, "render")
        else:
            self.retries.pop(table.id, None)

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
        if channel_gone(exc):
            self._close(table)
        elif retry and is_transient(exc):
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

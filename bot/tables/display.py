"""Showing tables: ``Display`` (given the ``Notifier`` the Discord side implements), which
renders a changed table at most once per ``render_interval`` seconds, then DMs the seats
whose hidden cards changed, and posts public lines."""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import _, use_locale
from bot.tables.model import Table
from bot.tables.ports import DisplayHost, Notifier

log = logging.getLogger(__name__)

QUIET_WAIT = 10.0
"""Seconds a quiet move (a turn's opening draw) waits for the move that follows before the
table shows it alone (people place a drawn card within a few seconds)."""


class Display:
    """Coalesced rendering, DMs of hidden cards and public lines, through the host's
    notifier (none in some tests: then nothing is shown)."""

    def __init__(self, host: DisplayHost) -> None:
        self.host = host

    def changed(self, table: Table, *, quiet: bool = False) -> None:
        """Render the table soon (one render covers every change until then). A ``quiet``
        change (``Engine.quiet``: a turn's opening draw) waits for the next change to be
        shown with it, or ``QUIET_WAIT`` seconds when none comes: a Soureh turn is then one
        picture of the table, not two."""
        if quiet and not table.dirty:
            if table.quiet_task is None or table.quiet_task.done():
                table.quiet_task = self.host.spawn(self._quiet(table))
            return
        if table.quiet_task is not None and not table.quiet_task.done():
            table.quiet_task.cancel()  # this render shows the quiet move too
        table.dirty = True
        if table.flush_task is None or table.flush_task.done():
            table.flush_task = self.host.spawn(self._flush(table))

    async def _quiet(self, table: Table) -> None:
        await asyncio.sleep(QUIET_WAIT)
        table.quiet_task = None  # done: not to be cancelled by the change it makes
        self.changed(table)

    async def _flush(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while table.dirty:
            interval = self.host.render_interval
            if interval > 0:
                since = loop.time() - table.last_render
                wait = min(interval, interval - since)
                if wait > 0:
                    await asyncio.sleep(wait)
            table.dirty = False
            table.last_render = loop.time()
            notifier = self.host.notifier
            if notifier is None:
                table.pending_dms.clear()
                continue
            try:
                await notifier.render(table)
            except Exception:
                log.exception("Rendering table %s failed", table.id)
            dms, table.pending_dms = table.pending_dms, set()
            if table.state is None or not table.status.is_open:
                continue
            for seat in sorted(dms):
                await self._dm(notifier, table, seat)

    async def _dm(self, notifier: Notifier, table: Table, seat: int) -> None:
        record = table.seats[seat]
        if record.user_id is None or record.resigned:
            return
        try:
            ok = await notifier.send_hand(table, seat)
        except Exception:
            log.exception("DM to seat %s of table %s failed", seat, table.id)
            return
        table.dm_hidden[seat] = table.hidden_cards(seat)
        if not ok and seat not in table.dm_refused:
            table.dm_refused.add(seat)
            with use_locale(table.language):
                text = _("I cannot send direct messages to <@{user}> — use the **My cards** "
                         "button on the table to see your cards.", user=record.user_id)
            await self.announce(table, text)

    async def announce(self, table: Table, text: str) -> None:
        """A public line in the table's channel; a failure is logged, never raised."""
        notifier = self.host.notifier
        if notifier is None:
            return
        try:
            await notifier.announce(table, text)
        except Exception:
            log.exception("Announcing in table %s's channel failed", table.id)


__all__ = ("QUIET_WAIT", "Display", "Notifier")

"""The core of the table service: the registry of open tables, coalesced rendering and DMs,
and the hooks (``Notifier``) through which the Discord side shows a table."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

from bot.games import ENGINES
from bot.games.protocol import Action, InvalidVariant
from bot.results import FinishListener
from bot.tables.model import Table, TableError
from storage.tables import TableRepo

log = logging.getLogger(__name__)


class Notifier(Protocol):
    """The Discord side of a table: what the service asks it to show."""

    async def render(self, table: Table) -> None:
        """Show the table's newest state on its table message."""

    async def send_hand(self, table: Table, seat: int) -> bool:
        """DM that seat its cards; ``False`` when the DM was refused."""

    async def announce(self, table: Table, text: str) -> None:
        """Post a short public line in the table's channel (never a hidden card)."""


def build_variant(game: str, options: dict[str, Any]) -> Any:
    """The game's ``Variant`` from option values; ``InvalidVariant`` with a kind message."""
    engine = ENGINES[game]
    try:
        return engine.Variant(**options)
    except InvalidVariant:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidVariant(f"Those options do not fit {engine.title}: {exc}") from None


def variant_dict(variant: Any) -> dict[str, Any]:
    """A variant as a JSON-able dict."""
    if dataclasses.is_dataclass(variant) and not isinstance(variant, type):
        return dataclasses.asdict(variant)
    return dict(vars(variant))


class ServiceBase:
    """The table registry, rendering and DM coalescing shared by the service's parts."""

    def __init__(
        self,
        repo: TableRepo,
        *,
        notifier: Notifier | None = None,
        ai_delay: float = 1.5,
        render_interval: float = 1.5,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.repo = repo
        self.notifier = notifier
        self.ai_delay = ai_delay
        self.render_interval = render_interval
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(31))
        self.tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._listeners: list[FinishListener] = []
        self._tasks: set[asyncio.Task[Any]] = set()

    # ---------------------------------------------------------------- access

    def add_finish_listener(self, listener: FinishListener) -> None:
        """Call ``listener(GameResult)`` whenever a game ends or a running table is closed."""
        self._listeners.append(listener)

    def get(self, table_id: int) -> Table | None:
        """The open table with that id (closed tables are dropped from memory)."""
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table, if any."""
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def require(self, table_id: int) -> Table:
        """The open table, or ``TableError``."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("This table is closed.")
        return table

    def legal_actions(self, table: Table, user_id: int) -> list[tuple[Action, str]]:
        """The actions that user may take now, each with its description (empty if none)."""
        seat = table.seat_of(user_id)
        if not table.running or seat is None or table.to_act() != seat:
            return []
        if table.seats[seat].is_computer_held:
            return []
        return [(a, table.describe(a)) for a in table.engine.legal_actions(table.state)]

    def _deadline(self, table: Table) -> float | None:
        seconds = table.record.timer_seconds
        seat = table.to_act()
        if not seconds or seat is None or table.seats[seat].is_computer_held:
            return None
        return self.clock() + seconds

    # ----------------------------------------------------- notify (coalesced)

    def changed(self, table: Table) -> None:
        """The table changed: render it soon (coalesced) and let computers move."""
        table.dirty = True
        if table.flush_task is None or table.flush_task.done():
            table.flush_task = self.spawn(self._flush(table))
        self._schedule_ai(table)

    async def _flush(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while table.dirty:
            if self.render_interval > 0:
                since = loop.time() - table.last_render
                wait = min(self.render_interval, self.render_interval - since)
                if wait > 0:
                    await asyncio.sleep(wait)
            table.dirty = False
            table.last_render = loop.time()
            if self.notifier is None:
                table.pending_dms.clear()
                continue
            try:
                await self.notifier.render(table)
            except Exception:
                log.exception("Rendering table %s failed", table.id)
            dms, table.pending_dms = table.pending_dms, set()
            if table.state is None or not table.status.is_open:
                continue
            for seat in sorted(dms):
                await self._dm(table, seat)

    async def _dm(self, table: Table, seat: int) -> None:
        assert self.notifier is not None
        record = table.seats[seat]
        if record.user_id is None or record.resigned:
            return
        try:
            ok = await self.notifier.send_hand(table, seat)
        except Exception:
            log.exception("DM to seat %s of table %s failed", seat, table.id)
            return
        table.dm_hidden[seat] = table.hidden_cards(seat)
        if not ok and seat not in table.dm_refused:
            table.dm_refused.add(seat)
            await self._safe_announce(
                table,
                f"I cannot send direct messages to <@{record.user_id}> — use the **My cards** "
                "button on the table to see your cards.",
            )

    async def _safe_announce(self, table: Table, text: str) -> None:
        if self.notifier is None:
            return
        try:
            await self.notifier.announce(table, text)
        except Exception:
            log.exception("Announcing in table %s's channel failed", table.id)

    # -------------------------------------------------------- computer moves

    def _schedule_ai(self, table: Table) -> None:
        seat = table.to_act()
        if not table.running or seat is None or not table.seats[seat].is_computer_held:
            return
        if table.ai_task is None or table.ai_task.done():
            table.ai_task = self.spawn(self._ai_loop(table))

    async def _ai_loop(self, table: Table) -> None:
        """Play the computer seats of ``table`` (the service implements it)."""
        raise NotImplementedError

    # ------------------------------------------------------------- plumbing

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as a background task the service owns (cancelled by ``aclose``)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _remember(self, table: Table) -> None:
        self.tables[table.id] = table
        self._by_channel[table.record.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]

    async def aclose(self) -> None:
        """Stop background work (renders, computer moves) before shutting down."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

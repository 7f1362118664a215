"""Computer players at a table: when a computer-held seat is to act, a task thinks in a
worker thread (after a pause people can follow) and plays its move through the service,
the same path as a person's move."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.games.ai import choose as ai_choose
from bot.games.protocol import Action
from bot.tables.model import Table
from bot.tables.retry import WRITE_ERRORS, backoff

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)

Chooser = Callable[[Any, Any, int, str, random.Random], Action]
"""``choose(engine, state, seat, level, rng)``: the move a computer player makes."""


class ComputerPlayers:
    """Plays the computer-held seats of the service's tables."""

    def __init__(self, service: TableService, choose: Chooser = ai_choose) -> None:
        self.service = service
        self.choose = choose

    def schedule(self, table: Table) -> None:
        """Start playing if a computer-held seat is to act and nothing plays yet."""
        seat = table.to_act()
        if not table.running or seat is None or not table.seats[seat].is_computer_held:
            return
        if table.ai_task is None or table.ai_task.done():
            table.ai_task = self.service.spawn(self._play(table))

    def think(self, table: Table, state: Any, seat: int, level: str, salt: int = 0) -> Any:
        """The computer's move for ``seat`` in ``state`` (run in a worker thread); a
        failing player plays the first legal move instead."""
        rng = random.Random(table.record.seed * 1_000_003 + len(table.log) + salt)
        try:
            return self.choose(table.engine, state, seat, level, rng)
        except Exception:
            log.exception("Computer player failed at table %s; playing a legal move", table.id)
            return table.engine.legal_actions(state)[0]

    async def _play(self, table: Table) -> None:
        """Play the table's computer-held turns one by one. A move that could not be stored
        is thought again and retried with back-off: the loop never dies on a failed write,
        so a table waiting on a computer is never left waiting for good."""
        service = self.service
        failures = 0
        while True:
            pause = backoff(failures, service.retry_delay) if failures else service.ai_delay
            await asyncio.sleep(pause)  # a pause people can follow (0 in tests)
            async with table.lock:
                seat = table.to_act()
                if not table.running or seat is None:
                    return
                level = table.seats[seat].computer_level
                if level is None:
                    return
                state, version = table.state, table.version
            chosen = await asyncio.to_thread(self.think, table, state, seat, level)
            async with table.lock:
                if table.version != version or not table.running:
                    continue
                # the same path as a person's move: the notation is what the log replays
                action = table.engine.parse_action(table.state, str(chosen))
                quiet = table.engine.quiet(table.state, action)
                try:
                    result = await service.apply_move(table, seat, action)
                except WRITE_ERRORS as exc:
                    failures += 1
                    log.warning("Table %s: a computer player's move could not be stored "
                                "(%s, try %d); trying again", table.id, type(exc).__name__,
                                failures)
                    continue
            failures = 0
            service.changed(table, quiet=quiet)
            if result.over:
                await service.finish(table, "finished")
                return

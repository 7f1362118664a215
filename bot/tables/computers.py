"""Computer players at a table: when a computer-held seat is to act, a task thinks in a
worker thread (after a pause people can follow) and plays its move through the host's
``apply_move``, the same path as a person's move.

``ComputerSeats.play`` is the one way a move is played for a seat without its person: a
computer seat's moves here, a timed-out turn's in ``TableClock.timeout``."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Any

from bot.games.ai import choose as ai_choose
from bot.games.protocol import Action
from bot.tables.model import Table
from bot.tables.ports import ComputersHost, Played
from bot.tables.retry import WRITE_ERRORS, backoff
from storage.tables import SeatRecord

log = logging.getLogger(__name__)

Chooser = Callable[[Any, Any, int, str, random.Random], Action]
"""``choose(engine, state, seat, level, rng)``: the move a computer player makes."""


class ComputerSeats:
    """Plays the computer-held seats of the host's tables (and, for ``TableClock``, the
    move of a seat whose time ran out)."""

    def __init__(self, host: ComputersHost, choose: Chooser = ai_choose) -> None:
        self.host = host
        self.choose = choose

    def schedule(self, table: Table) -> None:
        """Start playing if a computer-held seat is to act and nothing plays yet."""
        seat = table.to_act()
        if not table.running or seat is None or not table.seats[seat].is_computer_held:
            return
        if table.ai_task is None or table.ai_task.done():
            table.ai_task = self.host.spawn(self._play(table))

    def think(self, table: Table, state: Any, seat: int, level: str, salt: int = 0) -> Any:
        """The computer's move for ``seat`` in ``state`` (run in a worker thread); a
        failing player plays the first legal move instead."""
        rng = random.Random(table.record.seed * 1_000_003 + len(table.log) + salt)
        try:
            return self.choose(table.engine, state, seat, level, rng)
        except Exception:
            log.exception("Computer player failed at table %s; playing a legal move", table.id)
            return table.engine.legal_actions(state)[0]

    async def play(
        self, table: Table, seat: int, level: str, state: Any, version: int, *,
        salt: int = 0, seat_update: SeatRecord | None = None,
    ) -> Played | None:
        """Play a computer's move for ``seat``: think it at ``level`` for ``state`` (the
        table at ``version``) in a worker thread, then, the table still at that version and
        running, apply and store it (with ``seat_update`` in the same transaction) under
        the table's lock. ``None`` when the table moved on meanwhile; a failed write
        raises (nothing was played). The caller shows the change."""
        chosen = await asyncio.to_thread(self.think, table, state, seat, level, salt)
        async with table.lock:
            if table.version != version or not table.running:
                return None
            # the same path as a person's move: the notation is what the log replays
            action = table.engine.parse_action(table.state, str(chosen))
            quiet = table.engine.quiet(table.state, action)
            result = await self.host.apply_move(table, seat, action, seat_update)
        return Played(result, quiet)

    async def _play(self, table: Table) -> None:
        """Play the table's computer-held turns one by one. A move that could not be stored
        is thought again and retried with back-off: the loop never dies on a failed write,
        so a table waiting on a computer is never left waiting for good."""
        host = self.host
        failures = 0
        while True:
            pause = backoff(failures, host.retry_delay) if failures else host.ai_delay
            await asyncio.sleep(pause)  # a pause people can follow (0 in tests)
            async with table.lock:
                seat = table.to_act()
                if not table.running or seat is None or table.waiting:
                    return  # a waiting table plays on when it resumes
                level = table.seats[seat].computer_level
                if level is None:
                    return
                state, version = table.state, table.version
            try:
                played = await self.play(table, seat, level, state, version)
            except WRITE_ERRORS as exc:
                failures += 1
                log.warning("Table %s: a computer player's move could not be stored "
                            "(%s, try %d); trying again", table.id, type(exc).__name__,
                            failures)
                continue
            if played is None:
                continue
            failures = 0
            host.changed(table, quiet=played.quiet)
            if played.result.over:
                await host.finish(table, "finished")
                return

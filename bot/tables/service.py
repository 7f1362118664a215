"""TableService: one open table per channel, a lock per table, load -> apply -> persist -> notify.

Every accepted change is committed to SQLite (``TableRepo``) before the method returns, so
the caller answers the player only after the action is safe. Rendering the table message
and DMing hidden cards go through a :class:`Notifier` (the Discord side), coalesced to about
one table edit per ``render_interval`` seconds.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import sqlite3
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.ai import choose
from bot.games.protocol import Action, Event, GameError, NotYourTurn, seen_by
from bot.results import GameResult, SeatResult, placements
from bot.tables import snapshots
from bot.tables.base import Notifier, build_variant
from bot.tables.lobby import LobbyMixin
from bot.tables.model import (
    ActResult,
    NotSaved,
    StaleAction,
    Table,
    TableError,
    TableExists,
    new_cards,
)
from storage.errors import StorageError
from storage.snapshots import SnapshotRecord
from storage.tables import SeatRecord, StoredTable, TableRecord, TableStatus

log = logging.getLogger(__name__)

ROUND_END_KINDS = frozenset({"round_end", "game_end", "game_over"})
REPLAY_EVENTS = 40  # transitions whose events are kept when a log is replayed


class TableService(LobbyMixin):
    """Runs every table. Discord code calls these methods and catches ``TableError`` and
    ``GameError`` (both carry a message fit for the player)."""

    # ------------------------------------------------------------------ play

    async def act(
        self, table_id: int, user_id: int, text: str, version: int | None = None,
        *, reply_first: bool = False,
    ) -> ActResult:
        """Play ``text`` (engine notation) for the user's seat. ``version`` (from a button)
        must match the table's, else ``StaleAction``; ``/move`` passes ``None``. A commit
        that fails raises ``NotSaved``: nothing was played.

        ``reply_first`` (a click): return as soon as the action is committed and the table
        holds its new state and version, still holding the table's lock; the rest of the
        bookkeeping (recent events, rounds, DMs, timers, the table message, the end of the
        game) runs in a task at the event loop's next turn, then the lock is released. The
        caller's reply, sent without awaiting anything else first, goes out before that
        work, and nobody else sees the table until it is done."""
        table = self.require(table_id)
        await table.lock.acquire()
        handed_off = False
        try:
            if not table.running:
                raise TableError("The game is not running.")
            if version is not None and version != table.version:
                raise StaleAction()
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if table.seats[seat].is_computer_held:
                raise TableError("A computer player holds your seat now.")
            to_act = table.to_act()
            if to_act != seat:
                who = table.names[to_act] if to_act is not None else "nobody"
                raise NotYourTurn(f"It is not your turn: {who} is to act.")
            action = table.engine.parse_action(table.state, text)
            try:
                result, rest = await self._commit(table, seat, action, None, person=True)
            except (sqlite3.Error, StorageError) as exc:
                log.exception("Table %s: a move could not be stored, so it was not played",
                              table.id)
                raise NotSaved() from exc
            if reply_first:
                # a task, not loop.call_soon: under SimCord a plain callback made every later
                # interaction slower (the bare baselines of bench.click by ~100 µs)
                self._spawn(self._after_reply(table, result, rest))
                handed_off = True
                return result
            rest()
        finally:
            if not handed_off:
                table.lock.release()
        self._person_moved(table)
        self.changed(table)
        if result.over:
            await self._finish(table, "finished")
        return result

    async def _after_reply(
        self, table: Table, result: ActResult, rest: Callable[[], None]
    ) -> None:
        """The bookkeeping of a move ``act(reply_first=True)`` committed (its own task, run
        at the loop's next turn, without awaiting); releases the lock."""
        try:
            rest()
        except Exception:
            log.exception("Table %s: bookkeeping after a move failed", table.id)
        finally:
            table.lock.release()
        try:
            self._person_moved(table)
            self.changed(table)
        except Exception:
            log.exception("Table %s: updating after a move failed", table.id)
        if result.over:
            self._spawn(self._finish(table, "finished"))

    def _person_moved(self, table: Table) -> None:
        """Hook: a person's move was just played at ``table`` (before ``changed``)."""

    async def _apply(
        self, table: Table, seat: int, action: Action, seat_update: SeatRecord | None = None
    ) -> ActResult:
        """Apply, persist (one transaction, with ``seat_update`` if given: a timeout count)
        and update memory. Caller holds the lock."""
        result, rest = await self._commit(table, seat, action, seat_update)
        rest()
        return result

    async def _commit(
        self, table: Table, seat: int, action: Action, seat_update: SeatRecord | None,
        *, person: bool = False,
    ) -> tuple[ActResult, Callable[[], None]]:
        """Apply and persist; the table then holds the new state, version and log. Returns
        the result and the rest of the bookkeeping to run next (no awaiting in between).
        ``person``: a person played it (``act``), not a computer or a timeout."""
        engine = table.engine
        round_before = table.round_no
        transition = engine.apply(table.state, action)
        snapshot = self._snapshot_due(table)
        version = table.version + 1
        over = engine.to_act(transition.state) is None
        old_state, table.state = table.state, transition.state
        deadline = None if over else self._deadline(table)
        text = sys.intern(str(action))  # few distinct texts: the log shares them
        try:
            await self.repo.append_action(
                table.id, seq=len(table.log), seat=seat, text=text, version=version,
                deadline=deadline, finished=over, seat_update=seat_update, snapshot=snapshot,
            )
        except BaseException:
            table.state = old_state
            raise
        table.log.append(text)
        if seat_update is not None:
            table.seats[seat_update.seat] = seat_update
        status = TableStatus.FINISHED if over else table.status
        table.record = dataclasses.replace(
            table.record, version=version, deadline=deadline, status=status,
            end_reason="finished" if over else None,
        )
        names = table.names
        events = tuple(e.render(names) for e in seen_by(transition.events, seat))

        def rest() -> None:
            self._bookkeep(table, seat, action, transition.events, old_state, round_before)

        return ActResult(seat, action, version, events, over), rest

    @staticmethod
    def _bookkeep(
        table: Table, seat: int, action: Action, events: Sequence[Event], old_state: Any,
        round_before: int,
    ) -> None:
        """Recent events, rounds and which seats need a DM of their new cards (compared
        with ``old_state``, the state before the action)."""
        table.record_events(events)
        table.track_round()
        new_round = table.round_no != round_before
        for s in (r.seat for r in table.humans_left()):
            old = table.hidden_cards(s, old_state)
            now = table.hidden_cards(s)
            if s == seat:
                drawn = table.drawn_card(seat, old_state)
                known = [str(a) for a in action.args] + ([drawn] if drawn else [])
                dirty = new_round or new_cards(old, now, known)
            else:
                dirty = new_round or now != old
            if dirty and now:
                table.pending_dms.add(s)

    @staticmethod
    def _snapshot_due(table: Table) -> SnapshotRecord | None:
        """Every ``SNAPSHOT_EVERY`` actions, the table as it stands before the action being
        applied (stored in that action's transaction); a failure never blocks play."""
        if not snapshots.due(len(table.log)):
            return None
        try:
            return snapshots.take(table)
        except Exception:
            log.exception("Could not snapshot table %s; its log alone will restore it", table.id)
            return None

    async def resign(self, table_id: int, user_id: int) -> Table:
        """The user leaves a running game: a computer (easy) takes the seat, placed last."""
        table = self.require(table_id)
        async with table.lock:
            if table.status is TableStatus.LOBBY:
                raise TableError("The game has not started: use Leave in the lobby.")
            seat = table.seat_of(user_id)
            if seat is None or table.seats[seat].resigned:
                raise TableError("You are not playing at this table.")
            new = dataclasses.replace(table.seats[seat], computer_level="easy", resigned=True)
            version = table.version + 1
            await self.repo.update_seat(table.id, new, version)
            table.seats[seat] = new
            table.pending_dms.discard(seat)
            table.record = dataclasses.replace(table.record, version=version)
            table.recent.append(f"{new.name} resigned; a computer player takes the seat.")
            nobody_left = not table.humans_left()
        if nobody_left:
            await self.close(table, TableStatus.CANCELLED, "cancelled")
        else:
            self.changed(table)
        return table

    async def hand_to_computer(self, table_id: int, seat: int, level: str = "easy") -> Table:
        """A computer player holds a person's seat (after timeouts) until he presses
        Take my seat back; the seat is not resigned."""
        table = self.require(table_id)
        async with table.lock:
            current = table.seats[seat]
            if current.user_id is None or current.is_computer_held:
                raise TableError("That seat is already played by a computer.")
            new = dataclasses.replace(current, computer_level=level)
            version = table.version + 1
            await self.repo.update_seat(table.id, new, version)
            table.seats[seat] = new
            table.record = dataclasses.replace(table.record, version=version)
            table.recent.append(
                f"A computer player holds {new.name}'s seat — press Take my seat back to return."
            )
        self.changed(table)
        return table

    async def take_back(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The user takes back a seat a computer held for him (not after resigning)."""
        table = self.require(table_id)
        async with table.lock:
            if version is not None and version != table.version:
                raise StaleAction()
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            current = table.seats[seat]
            if current.resigned:
                raise TableError("You resigned from this game.")
            if not current.is_computer_held:
                raise TableError("Your seat is already yours.")
            new = dataclasses.replace(current, computer_level=None, timeouts=0)
            version = table.version + 1
            await self.repo.update_seat(table.id, new, version)
            table.seats[seat] = new
            table.record = dataclasses.replace(table.record, version=version)
            table.recent.append(f"{new.name} is back at the table.")
            table.dm_hidden[seat] = table.hidden_cards(seat)
        self.changed(table)
        return table

    async def cancel(self, table_id: int, user_id: int, *, moderator: bool = False) -> Table:
        """The host (or a moderator) closes the table."""
        table = self.require(table_id)
        if user_id != table.record.host_id and not moderator:
            raise TableError("Only the host or someone with Manage Messages can cancel the table.")
        await self.close(table, TableStatus.CANCELLED, "cancelled")
        return table

    async def close(self, table: Table, status: TableStatus, reason: str) -> None:
        """Close an open table for good; a running game's result goes to the listeners."""
        async with table.lock:
            if not table.status.is_open:
                return
            was_running = table.status is TableStatus.RUNNING
            version = table.version + 1
            await self.repo.close(table.id, status=status, reason=reason, version=version)
            table.record = dataclasses.replace(
                table.record, status=status, version=version, end_reason=reason, deadline=None
            )
            if table.ai_task is not None and table.ai_task is not asyncio.current_task():
                table.ai_task.cancel()
        log.info("Table %s closed: %s", table.id, reason)
        self.changed(table)
        if was_running and table.state is not None:
            await self._finish(table, reason)
        self._forget(table)

    # ------------------------------------------------------------- finishing

    def result(self, table: Table, reason: str) -> GameResult:
        """The table's outcome now, with places (resigned seats last)."""
        engine, state = table.engine, table.state
        totals = list(engine.totals(state))
        winners = list(engine.winners(state))
        resigned = [s.seat for s in table.seats if s.resigned]
        places = placements(table.game, totals, winners, resigned)
        seats = tuple(
            SeatResult(
                seat=s.seat, user_id=s.user_id, name=s.name, total=totals[s.seat],
                place=places[s.seat], winner=s.seat in winners, resigned=s.resigned,
            )
            for s in table.seats
        )
        rec = table.record
        return GameResult(
            table_id=rec.id, guild_id=rec.guild_id, channel_id=rec.channel_id, game=rec.game,
            variant=dict(rec.variant), seed=rec.seed, seats=seats,
            rounds=tuple(table.rounds), reason=reason, started_at=rec.started_at or "",
            ended_at=time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
        )

    async def _finish(self, table: Table, reason: str) -> None:
        result = self.result(table, reason)
        for listener in self._listeners:
            try:
                await listener(result)
            except Exception:
                log.exception("A finish listener failed for table %s", table.id)
        if reason == "finished":
            self._forget(table)

    # ----------------------------------------------------------- restoring

    async def restore(self) -> list[int]:
        """Rebuild every open table from its log; a log that no longer replays marks the
        table broken (with an apology in its channel). Returns the restored table ids."""
        restored = []
        fresh: list[tuple[int, SnapshotRecord]] = []
        for stored in await self.repo.load_open(after_snapshots=True):
            try:
                table, replayed = await self._rebuild(stored)
            except Exception:
                log.exception("Table %s no longer replays; marking it broken", stored.table.id)
                await self._mark_broken(stored.table)
                continue
            self._remember(table)
            restored.append(table.id)
            if replayed >= snapshots.SNAPSHOT_EVERY or (
                stored.snapshot is not None and replayed == len(table.log) and table.log
            ):  # no usable snapshot: cache the state so the next start-up is quick
                try:
                    fresh.append((table.id, snapshots.take(table)))
                except Exception:
                    log.exception("Could not snapshot table %s", table.id)
            if table.running:
                self._schedule_ai(table)
        if fresh:
            try:
                await self.repo.store_snapshots(fresh)
            except Exception:
                log.exception("Could not store %d restored tables' snapshots", len(fresh))
        log.info("Restored %d open tables (%d snapshots refreshed)", len(restored), len(fresh))
        return restored

    async def _rebuild(self, stored: StoredTable) -> tuple[Table, int]:
        """The table rebuilt from its newest usable snapshot and the actions after it (or
        from its whole log, read again if ``stored`` lacks the start), with the number of
        actions replayed."""
        if stored.snapshot is not None and stored.table.status is not TableStatus.LOBBY:
            try:
                return self._replay(stored, stored.snapshot)
            except Exception as exc:  # a cache: fall back to the log, the truth
                log.warning(
                    "Table %s: snapshot not used (%s: %s); replaying the whole log",
                    stored.table.id, type(exc).__name__,
                    exc if isinstance(exc, snapshots.SnapshotError) else "during the replay",
                )
        if stored.skipped:
            full = await self.repo.load(stored.table.id)
            if full is None:
                raise TableError("The table vanished from the database during the restore.")
            stored = full
        return self._replay(stored, None)

    def _replay(self, stored: StoredTable, snap: SnapshotRecord | None) -> tuple[Table, int]:
        rec = stored.table
        table = Table(record=rec, seats=list(stored.seats))
        if rec.status is TableStatus.LOBBY:
            return table, 0
        engine = table.engine
        start = 0
        if snap is None:
            variant = build_variant(rec.game, rec.variant)
            table.state = engine.new_game(len(table.seats), rec.seed, variant)
            table.start_rounds()
        else:
            restored = snapshots.load(snap, table, stored.logged)
            if stored.skipped not in (0, restored.actions):
                raise snapshots.SnapshotError("the log read does not start after the snapshot")
            start = restored.actions - stored.skipped
            if [entry.text for entry in stored.actions[:start]] != restored.log[stored.skipped:]:
                raise snapshots.SnapshotError("the snapshot's log differs from the stored log")
            snapshots.apply(restored, table)
        tail: deque[tuple[Event, ...]] = deque(maxlen=REPLAY_EVENTS)
        for entry in stored.actions[start:]:
            if engine.to_act(table.state) != entry.seat:
                raise GameError(f"Logged seat {entry.seat} is not the seat to act.")
            action = engine.parse_action(table.state, entry.text)
            transition = engine.apply(table.state, action)
            table.state = transition.state
            table.log.append(sys.intern(entry.text))
            tail.append(transition.events)
            if any(e.kind in ROUND_END_KINDS for e in transition.events):
                table.track_round()
        table.track_round()
        for events in tail:  # only the newest events can still be on show
            table.record_events(events)
        for seat in table.humans_left():
            table.dm_hidden[seat.seat] = table.hidden_cards(seat.seat)
        if engine.to_act(table.state) is None:
            raise GameError("The log ends in a finished game but the table is open.")
        return table, len(stored.actions) - start

    async def _mark_broken(self, rec: TableRecord) -> None:
        try:
            await self.repo.close(rec.id, status=TableStatus.BROKEN, reason="broken",
                                  version=rec.version + 1)
        except Exception:
            log.exception("Could not mark table %s broken", rec.id)
        if self.notifier is not None:
            table = Table(record=dataclasses.replace(rec, status=TableStatus.BROKEN), seats=[])
            self._spawn(self._safe_announce(
                table,
                "Sorry — the game at this table could not be restored after a restart and has "
                "been closed. Start a new one with /play.",
            ))

    # -------------------------------------------------------- computer moves

    async def _ai_loop(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.ai_delay)  # a pause people can follow (0 in tests)
            async with table.lock:
                seat = table.to_act()
                if not table.running or seat is None:
                    return
                record = table.seats[seat]
                if record.computer_level is None:
                    return
                state, version = table.state, table.version
            rng = random.Random(table.record.seed * 1_000_003 + len(table.log))
            try:
                chosen = await asyncio.to_thread(
                    choose, table.engine, state, seat, record.computer_level, rng
                )
            except Exception:
                log.exception("Computer player failed at table %s; playing a legal move", table.id)
                chosen = table.engine.legal_actions(state)[0]
            async with table.lock:
                if table.version != version or not table.running:
                    continue
                # the same path as a person's move: the notation is what the log replays
                action = table.engine.parse_action(table.state, str(chosen))
                result = await self._apply(table, seat, action)
            self.changed(table)
            if result.over:
                await self._finish(table, "finished")
                return



__all__: Sequence[str] = (
    "ActResult", "Notifier", "StaleAction", "Table", "TableError", "TableExists", "TableService",
    "build_variant",
)

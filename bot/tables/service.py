"""TableService: one open table per channel, a lock per table, load -> apply -> persist ->
notify.

One class given its parts: the repository (``TableRepo``), the ``Notifier`` (the Discord
side), the clock, the seed source, the tables' ``Voice`` and parts with one job each, built
here and reached as attributes: ``lobby`` (before the deal), ``display`` (coalesced
renders and DMs), ``computers`` (computer players), ``timers`` (turn, lobby and inactivity
clocks) and ``restorer`` (rebuilding tables after a start). No part knows this class: each
is given the repository, the other parts it calls and a host typed by its narrow protocol
in ``bot.tables.ports`` (this service is every part's host).

Every accepted change is committed before the method returns, so the caller answers the
player only after the action is safe. Discord code calls these methods and catches
``TableError`` and ``GameError`` (both carry a message fit for the player).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import sqlite3
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.protocol import Action, Event, seen_by
from bot.games.you import second_person
from bot.i18n import N_, _
from bot.metrics import moved
from bot.results import FinishListener, GameResult, SeatResult, placements
from bot.tables import snapshots
from bot.tables.computers import Chooser, ComputerSeats
from bot.tables.display import Display
from bot.tables.languages import Languages
from bot.tables.lobby import Lobby
from bot.tables.model import ActResult, NotSaved, StaleAction, Table, TableError, Voice, as_typed
from bot.tables.ports import Notifier
from bot.tables.restore import Restorer
from bot.tables.retry import RETRY_FIRST, WRITE_ERRORS, backoff
from bot.tables.timers import INACTIVE_SECONDS, LOBBY_SECONDS, TableClock
from storage.errors import OwnershipLost, StorageError
from storage.outage import is_outage
from storage.shards import ShardScope
from storage.snapshots import SnapshotRecord
from storage.tables import SeatRecord, TableRepo, TableStatus

if TYPE_CHECKING:  # the registrations sit above the tables: the app passes them in
    from bot.games.registry import Game

log = logging.getLogger(__name__)

RESULT_TRIES = 40
"""How often a game's result is tried again (back-off up to a minute: about half an hour)."""


class TableService:
    """Runs every table."""

    def __init__(
        self,
        repo: TableRepo,
        *,
        games: Mapping[str, Game],
        notifier: Notifier | None = None,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        choose: Chooser | None = None,
        ai_delay: float = 1.5, render_interval: float = 1.5,
        lobby_seconds: float = LOBBY_SECONDS, inactive_seconds: float = INACTIVE_SECONDS,
        retry_delay: float = RETRY_FIRST,
        shown: Callable[[str], str] = as_typed, languages: Languages | None = None,
    ) -> None:
        self.repo = repo
        self.games = games  # every game by name, built once by the app (bot.app)
        self.voice = Voice(shown, languages)
        self.notifier = notifier
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(31))
        self.ai_delay = ai_delay
        self.render_interval = render_interval
        self.retry_delay = retry_delay  # the first pause before a failed write is retried
        self.tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._listeners: list[FinishListener] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closing = False
        self.display = Display(self)
        self.computers = ComputerSeats(self, choose) if choose else ComputerSeats(self)
        self.timers = TableClock(self, repo, self.computers, self.display,
                                 lobby_seconds=lobby_seconds, inactive_seconds=inactive_seconds)
        self.lobby = Lobby(self, repo)
        self.restorer = Restorer(self, repo, self.display)
        repo.fence.on_lost(self.drop)

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
            raise TableError(_("This table is closed."))
        return table

    def legal_actions(self, table: Table, user_id: int) -> list[tuple[Action, str]]:
        """The actions that user may take now, each with its description (empty if none)."""
        seat = table.seat_of(user_id)
        if not table.running or seat is None or table.to_act() != seat:
            return []
        if table.seats[seat].is_computer_held:
            return []
        names = table.names  # as typed: the words are matched against what people type
        return [(a, table.describe(a, names)) for a in table.engine.legal_actions(table.state)]

    def deadline(self, table: Table, state: Any = None) -> float | None:
        """When the seat to act runs out of time (service clock), if the table is timed
        (in ``state`` if given, else in the table's state)."""
        return table.turn_deadline(self.clock(), state)

    def remember(self, table: Table) -> None:
        """Hold an open table in memory."""
        self.tables[table.id] = table
        self._by_channel[table.record.channel_id] = table.id

    def forget(self, table: Table) -> None:
        """Drop a closed table from memory and cancel its timers."""
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]
        self.timers.disarm(table.id)

    def drop(self, lost: ShardScope) -> None:
        """This process no longer owns ``lost`` (its writes were fenced off, or its lock
        connection is gone): stop running those shards' tables at once, from memory, their
        timers and computer players (a move in flight was refused: nothing is lost)."""
        dropped = [t for t in self.tables.values() if lost.owns(t.record.guild_id)]
        for table in dropped:
            self.forget(table)
            for task in (table.ai_task, table.flush_task, table.quiet_task):
                if task is not None and not task.done():
                    task.cancel()
        if dropped:
            log.error("Stopped running %d tables of shards %s: another process owns them",
                      len(dropped), sorted(lost.shards))

    def changed(self, table: Table, *, quiet: bool = False) -> None:
        """The table changed: render it soon (coalesced; a ``quiet`` move waits for the
        next, see ``Display.changed``), let computers move, re-arm its timers."""
        self.display.changed(table, quiet=quiet)
        self.computers.schedule(table)
        self.timers.arm(table)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as a background task the service owns (cancelled by ``aclose``).
        Once closing, nothing new starts: a render or computer move asked for while the
        bot shuts down would meet a closed database (the restart picks it up)."""
        if self._closing:
            coro.close()
            coro = asyncio.sleep(0)
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def aclose(self) -> None:
        """Stop the timers and background work (renders, computer moves) before shutting
        down, including work a cancelled task started on its way out."""
        self._closing = True
        self.timers.aclose()
        while self._tasks:
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # ----------------------------------------------------------------- lobby

    async def open(self, **kwargs: Any) -> Table:
        """Open a lobby with the host seated (see ``Lobby.open``) and start its clock."""
        table = await self.lobby.open(**kwargs)
        self.remember(table)
        self.timers.opened(table)
        return table

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel message that shows the table (after posting it)."""
        await self.lobby.set_message(table_id, message_id)

    async def join(self, table_id: int, version: int | None, user_id: int, name: str) -> Table:
        """Seat the user in the lobby."""
        return await self.lobby.join(table_id, version, user_id, name)

    async def leave(self, table_id: int, version: int | None, user_id: int) -> Table:
        """Take the user out of the lobby (the host cancels instead)."""
        return await self.lobby.leave(table_id, version, user_id)

    async def add_computer(
        self, table_id: int, version: int | None, user_id: int, level: str
    ) -> Table:
        """The host adds a computer player at ``level``."""
        return await self.lobby.add_computer(table_id, version, user_id, level)

    async def remove_computer(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host removes the last computer seat from the lobby."""
        return await self.lobby.remove_computer(table_id, version, user_id)

    async def start(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host deals the game."""
        return await self.lobby.start(table_id, version, user_id)

    # ------------------------------------------------------------------ play

    async def act(
        self, table_id: int, user_id: int, text: str, version: int | None = None
    ) -> ActResult:
        """Play ``text`` (engine notation) for the user's seat. ``version`` (from a button)
        must match the table's, else ``StaleAction``; ``/move`` passes ``None``. A commit
        that fails raises ``NotSaved``: nothing was played.

        The move is checked, applied, stored and booked (events, rounds, DMs due) in one
        locked step; rendering and DMs follow in their own coalesced task."""
        table = self.require(table_id)
        async with table.lock:
            if not table.running:
                raise TableError(_("The game is not running."))
            if version is not None and version != table.version:
                raise StaleAction()
            seat = table.seat_to_act(user_id)
            action = table.engine.parse_action(table.state, text)
            quiet = table.engine.quiet(table.state, action)
            current = table.seats[seat]  # a person's move resets the seat's timeouts
            update = dataclasses.replace(current, timeouts=0) if current.timeouts else None
            try:
                result, rest = await self._commit(table, seat, action, update, by_computer=False)
            except (sqlite3.Error, StorageError) as exc:
                if not is_outage(exc) and not isinstance(exc, OwnershipLost):
                    # an outage is logged once by storage, a lost shard by the fence
                    log.error("Table %s: a move could not be stored (%s), so it was not"
                              " played", table.id, type(exc).__name__)
                raise NotSaved() from exc
            rest()
        self.timers.person_moved(table)
        self.changed(table, quiet=quiet)
        if result.over:
            await self.finish(table, "finished")
        return result

    async def apply_move(
        self, table: Table, seat: int, action: Action, seat_update: SeatRecord | None = None
    ) -> ActResult:
        """Apply, persist (one transaction, with ``seat_update`` if given: a timeout count)
        and update memory: a move a computer player chose (a computer seat's, a timeout's,
        a held seat's), logged as such. Caller holds the lock."""
        result, rest = await self._commit(table, seat, action, seat_update, by_computer=True)
        rest()
        return result

    async def _commit(
        self, table: Table, seat: int, action: Action, seat_update: SeatRecord | None,
        *, by_computer: bool,
    ) -> tuple[ActResult, Callable[[], None]]:
        """Apply and persist; the table then holds the new state, version and log. Returns
        the result and the rest of the bookkeeping to run next (no awaiting in between)."""
        engine = table.engine
        round_before = table.round_no
        transition = engine.apply(table.state, action)
        snapshot = self._snapshot_due(table)
        version = table.version + 1
        over = engine.to_act(transition.state) is None
        old_state, table.state = table.state, transition.state
        deadline = None if over else self.deadline(table)
        text = sys.intern(str(action))  # few distinct texts: the log shares them
        try:
            await self.repo.append_action(
                table.id, seq=len(table.log), seat=seat, text=text, version=version,
                deadline=deadline, by_computer=by_computer, finished=over,
                seat_update=seat_update, snapshot=snapshot,
            )
        except BaseException:
            table.state = old_state
            raise
        table.log.append(text)
        moved(table.game, by_computer)  # the operator's metrics
        if seat_update is not None:
            table.seats[seat_update.seat] = seat_update
        status = TableStatus.FINISHED if over else table.status
        table.record = dataclasses.replace(
            table.record, version=version, deadline=deadline, status=status,
            end_reason="finished" if over else None,
        )
        names = table.shown_names
        # told to the seat that acted: "You drew 3♥." (not its own name, issue 46)
        events = tuple(second_person(e, seat, names, engine.said_to_you) or e.render(names)
                       for e in seen_by(transition.events, seat))

        def rest() -> None:
            self._bookkeep(table, seat, action, transition.events, old_state, round_before)

        return ActResult(seat, action, version, events, over), rest

    @staticmethod
    def _bookkeep(
        table: Table, seat: int, action: Action, events: Sequence[Event], old_state: Any,
        round_before: int,
    ) -> None:
        """Recent events, rounds and which seats need a DM of their new cards: only at a
        deal, a new round's or an empty hand's refill (issue 17: DMs at deals and ends; a
        hand that changes in between shows in the panel and My cards)."""
        table.record_events(events)
        table.track_round()
        new_round = table.round_no != round_before
        for s in (r.seat for r in table.humans_left()):
            now = table.hidden_cards(s)
            if now and (new_round or not table.hidden_cards(s, old_state)):
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
                raise TableError(_("The game has not started: use Leave in the lobby."))
            seat = table.seat_of(user_id)
            if seat is None or table.seats[seat].resigned:
                raise TableError(_("You are not playing at this table."))
            new = dataclasses.replace(table.seats[seat], computer_level="easy", resigned=True)
            version = table.version + 1
            await self.repo.update_seat(table.id, new, version)
            table.seats[seat] = new
            table.pending_dms.discard(seat)
            table.record = dataclasses.replace(table.record, version=version)
            table.say(N_("{name} resigned; a computer player takes the seat."),
                      name=table.shown(new.name))
            nobody_left = not table.humans_left()
        if nobody_left:
            await self.close(table, TableStatus.CANCELLED, "cancelled")
        else:
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
                raise TableError(_("You are not seated at this table."))
            current = table.seats[seat]
            if current.resigned:
                raise TableError(_("You resigned from this game."))
            if not current.is_computer_held:
                raise TableError(_("Your seat is already yours."))
            new = dataclasses.replace(current, computer_level=None, timeouts=0)
            version = table.version + 1
            await self.repo.update_seat(table.id, new, version)
            table.seats[seat] = new
            table.record = dataclasses.replace(table.record, version=version)
            table.say(N_("{name} is back at the table."), name=table.shown(new.name))
            table.dm_hidden[seat] = table.hidden_cards(seat)
        self.timers.person_moved(table)  # taking a seat back counts as a person's action
        self.changed(table)
        return table

    async def cancel(self, table_id: int, user_id: int, *, moderator: bool = False) -> Table:
        """The host (or a moderator) closes the table."""
        table = self.require(table_id)
        if user_id != table.record.host_id and not moderator:
            raise TableError(
                _("Only the host or someone with Manage Messages can cancel the table."))
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
            await self.finish(table, reason)
        self.forget(table)

    # ------------------------------------------------------------- finishing

    def result(self, table: Table, reason: str) -> GameResult:
        """The table's outcome now, with places (resigned seats last)."""
        engine, state = table.engine, table.state
        totals = list(engine.totals(state))
        winners = list(engine.winners(state))
        resigned = [s.seat for s in table.seats if s.resigned]
        places = placements(totals, winners, resigned, lowest_wins=engine.lowest_wins)
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
            hinted=tuple(sorted(seat for seat, used in table.hints.items() if used)),
        )

    async def finish(self, table: Table, reason: str) -> None:
        """Give the game's result to every finish listener (the stats); one whose write
        fails is tried again in the background with back-off, so the result survives a
        failed write."""
        result = self.result(table, reason)
        for listener in self._listeners:
            try:
                await listener(result)
            except WRITE_ERRORS as exc:
                log.warning("Table %s: its result could not be stored (%s); trying again",
                            table.id, type(exc).__name__)
                self.spawn(self._record_later(listener, result))
            except Exception:
                log.exception("A finish listener failed for table %s", table.id)
        if reason == "finished":
            self.forget(table)

    async def _record_later(self, listener: FinishListener, result: GameResult) -> None:
        """Try a failed finish listener again, with back-off, until it is stored."""
        for attempt in range(1, RESULT_TRIES + 1):
            await asyncio.sleep(backoff(attempt, self.retry_delay))
            try:
                await listener(result)
            except WRITE_ERRORS as exc:
                log.warning("Table %s: its result could not be stored (%s, try %d)",
                            result.table_id, type(exc).__name__, attempt)
                continue
            except Exception:
                log.exception("A finish listener failed for table %s", result.table_id)
                return
            log.info("Table %s: its result was stored on try %d", result.table_id, attempt)
            return
        log.error("Table %s: its result could not be stored after %d tries",
                  result.table_id, RESULT_TRIES)

    # ----------------------------------------------------------- restoring

    async def restore(self) -> list[int]:
        """Rebuild every open table from its log (see ``Restorer``), set its timers from
        the stored times and refresh its message. Returns the restored table ids."""
        restored = await self.restorer.restore_all()
        await self.timers.restored(restored)
        # only now, every table back, do computers and timers start: nothing a restored
        # table does (a computer ending its game) can run while the rest restore
        for table_id in restored:
            table = self.tables.get(table_id)
            if table is not None:
                self.changed(table)
        return restored


__all__: Sequence[str] = ("ActResult", "Notifier", "StaleAction", "Table", "TableError",
                          "TableService")

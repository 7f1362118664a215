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
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bot.games import ENGINES
from bot.games.ai import LEVELS, choose
from bot.games.protocol import Action, GameError, InvalidVariant, NotYourTurn
from bot.results import FinishListener, GameResult, SeatResult, placements
from bot.tables.model import (
    ActResult,
    StaleAction,
    Table,
    TableError,
    TableExists,
    new_cards,
)
from storage.tables import (
    OpenTableExists,
    SeatRecord,
    StoredTable,
    TableRecord,
    TableRepo,
    TableStatus,
)

log = logging.getLogger(__name__)

COMPUTER_NAMES = ("Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Knuth", "Dijkstra",
                  "Shannon", "Church", "Gödel", "Noether")


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


class TableService:
    """Runs every table. Discord code calls these methods and catches ``TableError`` and
    ``GameError`` (both carry a message fit for the player)."""

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

    # ----------------------------------------------------------------- lobby

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
        timer_seconds: int | None,
    ) -> Table:
        """Open a lobby with the host seated. ``TableExists``/``InvalidVariant`` on refusal."""
        existing = self.in_channel(channel_id)
        if existing is not None:
            raise TableExists(existing.id, existing.record.message_id)
        variant = build_variant(game, options)
        try:
            record = await self.repo.create(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                game=game,
                variant=variant_dict(variant),
                seed=self.seed_source(),
                timer_seconds=timer_seconds,
                seats=[SeatRecord(0, host_id, host_name)],
            )
        except OpenTableExists:
            stored = await self.repo.open_in_channel(channel_id)
            raise TableExists(
                stored.id if stored else 0, stored.message_id if stored else None
            ) from None
        table = Table(record=record, seats=[SeatRecord(0, host_id, host_name)])
        self._remember(table)
        log.info("Table %s opened (%s) in channel %s", table.id, game, channel_id)
        return table

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel message that shows the table (after posting it)."""
        table = self.require(table_id)
        await self.repo.set_message(table_id, message_id)
        table.record = dataclasses.replace(table.record, message_id=message_id)

    def _check_lobby(self, table: Table, version: int | None) -> None:
        if table.status is not TableStatus.LOBBY:
            raise StaleAction("This lobby has already started or closed.")
        if version is not None and version != table.version:
            raise StaleAction()

    async def _store_seats(self, table: Table, seats: list[SeatRecord]) -> None:
        version = table.version + 1
        await self.repo.set_seats(table.id, seats, version)
        table.seats = seats
        table.record = dataclasses.replace(table.record, version=version)

    async def join(self, table_id: int, version: int | None, user_id: int, name: str) -> Table:
        """Seat the user in the lobby."""
        table = self.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if table.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= table.engine.max_players:
                raise TableError(f"The table is full ({table.engine.max_players} seats).")
            seats = [*table.seats, SeatRecord(len(table.seats), user_id, name)]
            await self._store_seats(table, seats)
        return table

    async def leave(self, table_id: int, version: int | None, user_id: int) -> Table:
        """Take the user out of the lobby (the host cancels instead)."""
        table = self.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if user_id == table.record.host_id:
                raise TableError("You are the host: use Cancel to close the table.")
            await self._store_seats(table, _renumber(s for s in table.seats if s.seat != seat))
        return table

    async def add_computer(
        self, table_id: int, version: int | None, user_id: int, level: str
    ) -> Table:
        """The host adds a computer player at ``level``."""
        if level not in LEVELS:
            raise TableError(f"Choose a level: {', '.join(LEVELS)}.")
        table = self.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError("Only the host can add computer players.")
            if len(table.seats) >= table.engine.max_players:
                raise TableError(f"The table is full ({table.engine.max_players} seats).")
            used = {s.name for s in table.seats}
            name = next(n for n in (*COMPUTER_NAMES, *(f"Bot {i}" for i in range(99)))
                        if f"{n} ({level})" not in used)
            seat = SeatRecord(len(table.seats), None, f"{name} ({level})", computer_level=level)
            await self._store_seats(table, [*table.seats, seat])
        return table

    async def remove_computer(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host removes the last computer seat from the lobby."""
        table = self.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError("Only the host can remove computer players.")
            computers = [s for s in table.seats if s.user_id is None]
            if not computers:
                raise TableError("There is no computer player to remove.")
            last = computers[-1].seat
            await self._store_seats(table, _renumber(s for s in table.seats if s.seat != last))
        return table

    async def start(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host deals the game."""
        table = self.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError("Only the host can start the game.")
            engine = table.engine
            if len(table.seats) < engine.min_players:
                raise TableError(
                    f"{engine.title} needs at least {engine.min_players} players "
                    f"({len(table.seats)} seated)."
                )
            variant = build_variant(table.game, table.record.variant)
            state = engine.new_game(len(table.seats), table.record.seed, variant)
            table.state = state
            version = table.version + 1
            deadline = self._deadline(table)
            await self.repo.start(
                table.id, seats=table.seats, seed=table.record.seed, version=version,
                deadline=deadline,
            )
            table.record = dataclasses.replace(
                table.record, status=TableStatus.RUNNING, version=version, deadline=deadline
            )
            table.start_rounds()
            for seat in table.humans_left():
                table.dm_hidden[seat.seat] = table.hidden_cards(seat.seat)
                table.pending_dms.add(seat.seat)
        log.info("Table %s started with %d seats", table.id, len(table.seats))
        self.changed(table)
        return table

    # ------------------------------------------------------------------ play

    async def act(
        self, table_id: int, user_id: int, text: str, version: int | None = None
    ) -> ActResult:
        """Play ``text`` (engine notation) for the user's seat. ``version`` (from a button)
        must match the table's, else ``StaleAction``; ``/move`` passes ``None``."""
        table = self.require(table_id)
        async with table.lock:
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
            result = await self._apply(table, seat, action)
        self.changed(table)
        if result.over:
            await self._finish(table, "finished")
        return result

    async def _apply(self, table: Table, seat: int, action: Action) -> ActResult:
        """Apply, persist (one transaction) and update memory. Caller holds the lock."""
        engine = table.engine
        before = {s.seat: table.hidden_cards(s.seat) for s in table.humans_left()}
        drawn = table.drawn_card(seat) if seat in before else None
        round_before = table.round_no
        transition = engine.apply(table.state, action)
        version = table.version + 1
        over = engine.to_act(transition.state) is None
        old_state, table.state = table.state, transition.state
        deadline = None if over else self._deadline(table)
        try:
            await self.repo.append_action(
                table.id, seq=len(table.log), seat=seat, text=str(action), version=version,
                deadline=deadline, finished=over,
            )
        except BaseException:
            table.state = old_state
            raise
        table.log.append(str(action))
        status = TableStatus.FINISHED if over else table.status
        table.record = dataclasses.replace(
            table.record, version=version, deadline=deadline, status=status,
            end_reason="finished" if over else None,
        )
        table.record_events(transition.events)
        table.track_round()
        new_round = table.round_no != round_before
        for s, old in before.items():
            now = table.hidden_cards(s)
            if s == seat:
                known = [str(a) for a in action.args] + ([drawn] if drawn else [])
                dirty = new_round or new_cards(old, now, known)
            else:
                dirty = new_round or now != old
            if dirty and now:
                table.pending_dms.add(s)
        names = table.names
        events = tuple(e.render(names) for e in transition.events if e.visible_to(seat))
        return ActResult(seat, action, version, events, over)

    def _deadline(self, table: Table) -> float | None:
        seconds = table.record.timer_seconds
        seat = table.to_act()
        if not seconds or seat is None or table.seats[seat].is_computer_held:
            return None
        return self.clock() + seconds

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
        for stored in await self.repo.load_open():
            try:
                table = self._rebuild(stored)
            except Exception:
                log.exception("Table %s no longer replays; marking it broken", stored.table.id)
                await self._mark_broken(stored.table)
                continue
            self._remember(table)
            restored.append(table.id)
            if table.running:
                self._schedule_ai(table)
        log.info("Restored %d open tables", len(restored))
        return restored

    def _rebuild(self, stored: StoredTable) -> Table:
        rec = stored.table
        table = Table(record=rec, seats=list(stored.seats))
        if rec.status is TableStatus.LOBBY:
            return table
        engine = table.engine
        variant = build_variant(rec.game, rec.variant)
        table.state = engine.new_game(len(table.seats), rec.seed, variant)
        table.start_rounds()
        for entry in stored.actions:
            if engine.to_act(table.state) != entry.seat:
                raise GameError(f"Logged seat {entry.seat} is not the seat to act.")
            action = engine.parse_action(table.state, entry.text)
            transition = engine.apply(table.state, action)
            table.state = transition.state
            table.log.append(entry.text)
            table.record_events(transition.events)
            table.track_round()
        for seat in table.humans_left():
            table.dm_hidden[seat.seat] = table.hidden_cards(seat.seat)
        if engine.to_act(table.state) is None:
            raise GameError("The log ends in a finished game but the table is open.")
        return table

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

    # ----------------------------------------------------- notify (coalesced)

    def changed(self, table: Table) -> None:
        """The table changed: render it soon (coalesced) and let computers move."""
        table.dirty = True
        if table.flush_task is None or table.flush_task.done():
            table.flush_task = self._spawn(self._flush(table))
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
            table.ai_task = self._spawn(self._ai_loop(table))

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
            chosen = await asyncio.to_thread(
                choose, table.engine, state, seat, record.computer_level, rng
            )
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

    # ------------------------------------------------------------- plumbing

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
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


def _renumber(seats: Any) -> list[SeatRecord]:
    return [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]


__all__: Sequence[str] = (
    "ActResult", "Notifier", "StaleAction", "Table", "TableError", "TableExists", "TableService",
    "build_variant",
)

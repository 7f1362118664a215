"""The table clock: turn timers, lobby expiry and inactivity, on the event loop's clock.

``TableClock`` is a part of ``TableService`` (its ``ClockHost``): every change re-arms the
table's timers with ``loop.call_later`` (virtual under SimCord, never blocking):

* **turn** — at the stored deadline (``tables.deadline``, epoch seconds) the seat to act
  makes the easiest computer player's move (the whole turn, if the turn has several
  steps), played by the ``SeatPlayer`` the way a computer seat's move is; the seat's
  consecutive-timeout count goes up in the same transaction and any move of that person
  resets it. After ``TIMEOUTS_TO_COMPUTER`` timeouts in a row a
  computer player (``TAKEOVER_LEVEL``) holds the seat until **Take my seat back**.
* **lobby** — a lobby not started within ``lobby_seconds`` closes itself.
* **inactive** — a running table with no human action for ``inactive_seconds`` is closed
  with the standings at that moment (finish listeners get reason ``"inactive"``).

Deadlines come from the database on start-up, so a deadline that passed while the bot
was down fires at once after ``restore``.
"""

from __future__ import annotations

import asyncio
import calendar
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any

from bot.i18n import N_, _, _n, number, use_locale
from bot.tables.model import ActResult, Table, TableError
from bot.tables.ports import Announcer, ClockHost, SeatPlayer
from bot.tables.retry import WRITE_ERRORS, backoff
from storage.tables import SeatRecord, TableRepo, TableStatus

log = logging.getLogger(__name__)

LOBBY_SECONDS = 15 * 60
INACTIVE_SECONDS = 24 * 3600
TIMEOUTS_TO_COMPUTER = 3
TIMEOUT_LEVEL = "easy"
TAKEOVER_LEVEL = "normal"
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("hard"))  # the levels as people read them
LOBBY_REASON = N_("not started within 15 minutes")  # stored in English, shown translated
INACTIVE_REASON = "inactive"


def sqlite_epoch(text: str | None) -> float | None:
    """Epoch seconds of a SQLite ``datetime('now')`` text (UTC), or ``None``."""
    if not text:
        return None
    try:
        return float(calendar.timegm(time.strptime(text[:19], "%Y-%m-%d %H:%M:%S")))
    except ValueError:
        return None


class TableClock:
    """The timers of the host's tables: turns, lobbies and inactivity. A timed-out turn
    is played by ``player``; a takeover is announced by ``announcer``."""

    def __init__(
        self,
        host: ClockHost,
        repo: TableRepo,
        player: SeatPlayer,
        announcer: Announcer,
        *,
        lobby_seconds: float = LOBBY_SECONDS,
        inactive_seconds: float = INACTIVE_SECONDS,
    ) -> None:
        self.host = host
        self.repo = repo
        self.player = player
        self.announcer = announcer
        self.lobby_seconds = lobby_seconds
        self.inactive_seconds = inactive_seconds
        self._handles: dict[tuple[int, str], asyncio.TimerHandle] = {}
        self._armed: dict[tuple[int, str], tuple[float, int]] = {}
        self.lobby_opened: dict[int, float] = {}
        self.last_human: dict[int, float] = {}
        self._failures: dict[tuple[int, str], int] = {}  # failed writes in a row, per timer

    def now(self) -> float:
        """The host's clock (epoch seconds)."""
        return self.host.clock()

    # ---------------------------------------------------------------- events

    def opened(self, table: Table) -> None:
        """A lobby was opened: its 15 minutes start."""
        self.lobby_opened[table.id] = self.now()
        self.arm(table)

    def person_moved(self, table: Table) -> None:
        """A person acted at the table: the inactivity clock starts again."""
        self.last_human[table.id] = self.now()
        self.arm(table)

    async def restored(self, table_ids: list[int]) -> None:
        """Tables were restored: set their clocks from the stored times."""
        last = await self._last_actions(table_ids)
        for table_id in table_ids:
            table = self.host.get(table_id)
            if table is None:
                continue
            rec = table.record
            if rec.status is TableStatus.LOBBY:
                self.lobby_opened[table_id] = sqlite_epoch(rec.created_at) or self.now()
            else:
                when = last.get(table_id) or sqlite_epoch(rec.started_at)
                self.last_human[table_id] = when if when is not None else self.now()

    async def _last_actions(self, table_ids: list[int]) -> dict[int, float]:
        if not table_ids:
            return {}
        found: dict[int, float] = {}
        for table_id, at in (await self.repo.last_action_times()).items():
            when = sqlite_epoch(at)
            if when is not None:
                found[table_id] = when
        return found

    # ---------------------------------------------------------------- arming

    def arm(self, table: Table) -> None:
        """(Re-)arm the table's timers for its current state; cancel what no longer applies."""
        if not table.status.is_open or self.host.get(table.id) is not table:
            self.disarm(table.id)
            return
        if table.status is TableStatus.LOBBY:
            opened = self.lobby_opened.setdefault(table.id, self.now())
            self._set(table, "lobby", opened + self.lobby_seconds, self._expire_lobby)
            return
        self._cancel((table.id, "lobby"))
        if not table.running:
            return
        human = self.last_human.setdefault(table.id, self.now())
        self._set(table, "inactive", human + self.inactive_seconds, self._close_inactive)
        seat = table.to_act()
        timed = (
            not table.waiting
            and table.record.timer_seconds
            and seat is not None
            and table.seats[seat].user_id is not None
            and not table.seats[seat].is_computer_held
        )
        if not timed:
            self._cancel((table.id, "turn"))
        elif table.record.deadline is None:
            self.host.spawn(self._store_deadline(table, table.version))
        else:
            self._set(table, "turn", table.record.deadline, self.timeout)

    def hold(self, table: Table) -> None:
        """Nothing can show the table any more (an interaction-only table whose newest
        interaction is about to lapse): it waits, its computers and turn timer hold."""
        table.waiting = True
        self._cancel((table.id, "turn"))

    def release(self, table: Table) -> None:
        """A fresh interaction can show the table again: show it, and let its computers and
        timers catch up at once (a turn whose time ran out meanwhile is played now)."""
        if table.waiting:
            table.waiting = False
            self.host.changed(table)

    def disarm(self, table_id: int) -> None:
        """Cancel every timer of a table (closed or forgotten)."""
        for kind in ("lobby", "inactive", "turn"):
            self._cancel((table_id, kind))
        self.lobby_opened.pop(table_id, None)
        self.last_human.pop(table_id, None)

    def deadline_of(self, table_id: int, kind: str) -> float | None:
        """When (service clock) the armed ``kind`` timer of a table fires, or ``None``."""
        armed = self._armed.get((table_id, kind))
        return armed[0] if armed is not None and (table_id, kind) in self._handles else None

    def _set(self, table: Table, kind: str, at: float,
             fire: Callable[[Table, int, float], Any]) -> None:
        key = (table.id, kind)
        version = table.version if kind == "turn" else 0
        if key in self._handles and self._armed.get(key) == (at, version):
            return
        self._cancel(key)
        delay = max(0.0, at - self.now())
        loop = asyncio.get_running_loop()
        handle = loop.call_later(delay, self._fire, key, fire, table, version, at)
        self._handles[key] = handle
        self._armed[key] = (at, version)

    def _cancel(self, key: tuple[int, str]) -> None:
        handle = self._handles.pop(key, None)
        self._armed.pop(key, None)
        if handle is not None:
            handle.cancel()

    def _fire(self, key: tuple[int, str], fire: Callable[[Table, int, float], Any],
              table: Table, version: int, at: float) -> None:
        self._handles.pop(key, None)
        self._armed.pop(key, None)
        self.host.spawn(self._guarded(fire, table, version, at, key))

    async def _guarded(self, fire: Callable[[Table, int, float], Any], table: Table,
                       version: int, at: float, key: tuple[int, str]) -> None:
        """Fire a timer; a write that failed fires it again after a back-off (never given
        up: the table would wait for good)."""
        try:
            await fire(table, version, at)
        except TableError:
            pass  # the table closed meanwhile
        except WRITE_ERRORS as exc:
            failures = self._failures.get(key, 0) + 1
            self._failures[key] = failures
            log.warning("The %s timer of table %s could not store its change (%s, try %d); "
                        "trying again", key[1], key[0], type(exc).__name__, failures)
            self.host.spawn(self._again(fire, table, version, at, key, failures))
            return
        except Exception:
            log.exception("The %s timer of table %s failed", key[1], key[0])
        self._failures.pop(key, None)

    async def _again(self, fire: Callable[[Table, int, float], Any], table: Table,
                     version: int, at: float, key: tuple[int, str], failures: int) -> None:
        await asyncio.sleep(backoff(failures, self.host.retry_delay))
        if not table.status.is_open or self.host.get(table.id) is not table:
            self._failures.pop(key, None)
            return
        if key[1] == "turn" and table.version != version:
            self._failures.pop(key, None)
            self.host.changed(table)  # the table moved on meanwhile: arm afresh
            return
        await self._guarded(fire, table, version, at, key)

    async def _store_deadline(self, table: Table, version: int) -> None:
        """Store the turn's deadline, then arm it; a failed write tries again (back-off)."""
        key = (table.id, "deadline")
        try:
            await self._write_deadline(table, version)
        except WRITE_ERRORS as exc:
            failures = self._failures.get(key, 0) + 1
            self._failures[key] = failures
            log.warning("Table %s: its turn deadline could not be stored (%s, try %d); "
                        "trying again", table.id, type(exc).__name__, failures)
            await asyncio.sleep(backoff(failures, self.host.retry_delay))
            if table.version == version and self.host.get(table.id) is table:
                self.arm(table)  # the deadline is still unset: this stores it again
            return
        self._failures.pop(key, None)

    async def _write_deadline(self, table: Table, version: int) -> None:
        async with table.lock:
            if table.version != version or not table.running or table.record.deadline:
                return
            deadline = table.turn_deadline(self.now())
            if deadline is None:
                return
            await self.repo.set_deadline(table.id, deadline)
            table.record = dataclasses.replace(table.record, deadline=deadline)
        self.host.changed(table)

    # ---------------------------------------------------------------- firing

    async def _expire_lobby(self, table: Table, _version: int, _at: float) -> None:
        if table.status is TableStatus.LOBBY and self.host.get(table.id) is table:
            log.info("Table %s: lobby not started in time", table.id)
            await self.host.close(table, TableStatus.CANCELLED, LOBBY_REASON)

    async def _close_inactive(self, table: Table, _version: int, at: float) -> None:
        last = self.last_human.get(table.id)
        if not table.running or last is None or last + self.inactive_seconds != at:
            return
        log.info("Table %s: no human action for %.0f s, closing", table.id, self.inactive_seconds)
        table.say(N_("Nobody played for a long time: the table is closed."))
        await self.host.close(table, TableStatus.CANCELLED, INACTIVE_REASON)

    async def timeout(self, table: Table, version: int, _at: float = 0.0) -> None:
        """The seat to act ran out of time: play its turn with the easiest computer."""
        takeover = False
        count = 0
        result: ActResult | None = None
        seat: int | None = None
        update: SeatRecord | None = None
        while True:
            async with table.lock:
                if table.version != version or not table.running:
                    break
                seat_now = table.to_act()
                if seat_now is None or (seat is not None and seat_now != seat):
                    break
                record = table.seats[seat_now]
                if record.user_id is None or record.is_computer_held:
                    break
                seat, state = seat_now, table.state
                if result is None:  # the turn's first move counts the timeout
                    count = record.timeouts + 1
                    update = dataclasses.replace(
                        record, timeouts=count,
                        computer_level=TAKEOVER_LEVEL if count >= TIMEOUTS_TO_COMPUTER
                        else record.computer_level,
                    )
            first = result is None
            try:
                played = await self.player.play(table, seat, TIMEOUT_LEVEL, state, version,
                                                salt=17, seat_update=update if first else None)
            except WRITE_ERRORS:
                if first:
                    raise  # nothing stored: the timer fires again after a back-off
                # part of the turn was stored (with a fresh deadline): arm that one
                log.warning("Table %s: the rest of a timed-out turn could not be stored; "
                            "its timer runs again", table.id)
                break
            if played is None:
                break
            result = played.result
            version = result.version
            if first:  # no await since the move was stored: still within its step
                takeover = count >= TIMEOUTS_TO_COMPUTER
                with use_locale(table.language):
                    table.recent.append(self._timeout_line(table.shown(record.name), count,
                                                           takeover))
            if result.over or takeover:
                break
        if result is None or seat is None:
            return
        self.host.changed(table)
        if takeover:
            user_id = table.seats[seat].user_id
            with use_locale(table.language):
                text = _n(
                    "<@{user}> missed {n} turn in a row, so a computer player ({level}) holds "
                    "your seat now. Press **Take my seat back** on the table message to play "
                    "again.",
                    "<@{user}> missed {n} turns in a row, so a computer player ({level}) holds "
                    "your seat now. Press **Take my seat back** on the table message to play "
                    "again.",
                    TIMEOUTS_TO_COMPUTER, user=user_id, level=_(TAKEOVER_LEVEL))
            await self.announcer.announce(table, text)
        if result.over:
            await self.host.finish(table, "finished")

    @staticmethod
    def _timeout_line(name: str, count: int, takeover: bool) -> str:
        if takeover:
            return _n("⏰ {name} ran out of time {n} time in a row: a computer player "
                      "({level}) holds the seat — Take my seat back returns it.",
                      "⏰ {name} ran out of time {n} times in a row: a computer player "
                      "({level}) holds the seat — Take my seat back returns it.",
                      count, name=name, level=_(TAKEOVER_LEVEL))
        return _("⏰ {name} ran out of time; the computer made their move ({count}/{most}).",
                 name=name, count=number(count), most=number(TIMEOUTS_TO_COMPUTER))

    # ------------------------------------------------------------- plumbing

    def aclose(self) -> None:
        """Cancel every timer."""
        for key in list(self._handles):
            self._cancel(key)

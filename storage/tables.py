"""Game tables in SQLite: the table row, its seats and its action log (see 003_tables.sql).

A table is stored as seed + variant + seats + action texts; the game state is rebuilt by
replaying the log. Every write that belongs to one accepted action happens in one
transaction (``Database.write``, under the database's one write lock), committed before the
method returns and so before the caller answers the player.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from storage.database import Database
from storage.snapshots import (
    SnapshotRecord,
    drop_snapshot,
    read_open_snapshots,
    read_snapshot,
    write_snapshot,
    write_snapshots,
)


class TableStatus(StrEnum):
    """Where a table is in its life."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    BROKEN = "broken"

    @property
    def is_open(self) -> bool:
        """Lobby and running tables are open; the others are closed for good."""
        return self in (TableStatus.LOBBY, TableStatus.RUNNING)


OPEN_STATUSES: tuple[str, ...] = (TableStatus.LOBBY, TableStatus.RUNNING)


class OpenTableExists(Exception):
    """The channel already has an open table."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat. ``user_id`` ``None``: a computer seat; ``computer_level`` on a human's seat
    means a computer holds it (after a resignation or timeouts)."""

    seat: int
    user_id: int | None
    name: str
    computer_level: str | None = None
    resigned: bool = False
    timeouts: int = 0

    @property
    def is_computer_held(self) -> bool:
        """True when a computer player makes this seat's moves."""
        return self.computer_level is not None

    @property
    def is_human(self) -> bool:
        """True when the seat belongs to a person (even if a computer holds it now)."""
        return self.user_id is not None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action in a table's log."""

    seq: int
    seat: int
    text: str
    at: str


@dataclass(frozen=True, slots=True)
class TableRecord:
    """The stored table row."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game: str
    variant: dict[str, Any]
    seed: int
    status: TableStatus
    version: int
    timer_seconds: int | None
    deadline: float | None
    end_reason: str | None
    created_at: str
    started_at: str | None
    ended_at: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table with its seats and log, as needed to restore it, and its newest snapshot
    (a cache: ``None`` when there is none).

    ``actions`` is the whole log, except from ``load_open(after_snapshots=True)``: there it
    holds only the actions after the snapshot and ``skipped`` counts the ones left out."""

    table: TableRecord
    seats: tuple[SeatRecord, ...]
    actions: tuple[ActionRecord, ...]
    snapshot: SnapshotRecord | None = None
    skipped: int = 0

    @property
    def logged(self) -> int:
        """The number of actions in the stored log."""
        return self.skipped + len(self.actions)


def _table(row: sqlite3.Row) -> TableRecord:
    return TableRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        game=row["game"],
        variant=json.loads(row["variant"] or "{}"),
        seed=row["seed"],
        status=TableStatus(row["status"]),
        version=row["version"],
        timer_seconds=row["timer_seconds"],
        deadline=row["deadline"],
        end_reason=row["end_reason"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def _seat(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        computer_level=row["computer_level"],
        resigned=bool(row["resigned"]),
        timeouts=row["timeouts"],
    )


class TableRepo:
    """Reads and writes ``tables``, ``table_seats`` and ``table_actions``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ reads

    async def get(self, table_id: int) -> TableRecord | None:
        """The table row, or ``None``."""
        async with self.db.conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return _table(row) if row else None

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's open (lobby or running) table, or ``None``."""
        async with self.db.conn.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *OPEN_STATUSES),
        ) as cur:
            row = await cur.fetchone()
        return _table(row) if row else None

    async def open_tables(self) -> list[TableRecord]:
        """Every open table, oldest first."""
        async with self.db.conn.execute(
            "SELECT * FROM tables WHERE status IN (?, ?) ORDER BY id", OPEN_STATUSES
        ) as cur:
            return [_table(row) async for row in cur]

    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats in seat order."""
        async with self.db.conn.execute(
            "SELECT * FROM table_seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ) as cur:
            return [_seat(row) async for row in cur]

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The table's action log in order."""
        async with self.db.conn.execute(
            "SELECT seq, seat, text, at FROM table_actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        ) as cur:
            return [ActionRecord(r["seq"], r["seat"], r["text"], r["at"]) async for r in cur]

    async def load(self, table_id: int) -> StoredTable | None:
        """The table with its seats and log, or ``None``."""
        table = await self.get(table_id)
        if table is None:
            return None
        seats = await self.seats(table_id)
        actions = tuple(await self.actions(table_id))
        snapshot = await read_snapshot(self.db.conn, table_id)
        return StoredTable(table, tuple(seats), actions, snapshot)

    async def load_open(self, *, after_snapshots: bool = False) -> list[StoredTable]:
        """Every open table with seats, log and snapshot (for restoring on start-up): one
        query per kind of row for all tables, each fetched whole (few thread hops).

        ``after_snapshots``: read only the actions after each table's snapshot (the
        snapshot's first action onwards is what a restore replays); ``skipped`` says how
        many were left out. Reading every action of long games costs more than replaying a
        few."""
        if after_snapshots:
            return await self._load_open_tails()
        tables = await self.open_tables()
        if not tables:
            return []
        by_id = await self._open_seats(tables)
        logs: dict[int, list[ActionRecord]] = {t.id: [] for t in tables}
        async with self.db.conn.execute(
            "SELECT a.table_id, a.seq, a.seat, a.text, a.at FROM table_actions a"
            " JOIN tables t ON t.id = a.table_id WHERE t.status IN (?, ?)"
            " ORDER BY a.table_id, a.seq",
            OPEN_STATUSES,
        ) as cur:
            rows = await cur.fetchall()
        for table_id, seq, seat, text, at in rows:
            logs[table_id].append(ActionRecord(seq, seat, text, at))
        snaps = await read_open_snapshots(self.db.conn, OPEN_STATUSES)
        return [
            StoredTable(t, tuple(by_id[t.id]), tuple(logs[t.id]), snaps.get(t.id))
            for t in tables
        ]

    async def _open_seats(self, tables: list[TableRecord]) -> dict[int, list[SeatRecord]]:
        """The seats of every open table, by table id, in one query."""
        by_id: dict[int, list[SeatRecord]] = {t.id: [] for t in tables}
        async with self.db.conn.execute(
            "SELECT s.* FROM table_seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status IN (?, ?) ORDER BY s.table_id, s.seat",
            OPEN_STATUSES,
        ) as cur:
            for row in await cur.fetchall():
                by_id[row["table_id"]].append(_seat(row))
        return by_id

    async def _load_open_tails(self) -> list[StoredTable]:
        tables = await self.open_tables()
        if not tables:
            return []
        by_id = await self._open_seats(tables)
        logs: dict[int, list[ActionRecord]] = {t.id: [] for t in tables}
        snaps = await read_open_snapshots(self.db.conn, OPEN_STATUSES)
        counts: dict[int, int] = {}
        async with self.db.conn.execute(
            "SELECT a.table_id, COUNT(*) FROM table_actions a JOIN tables t ON t.id = a.table_id"
            " WHERE t.status IN (?, ?) GROUP BY a.table_id",
            OPEN_STATUSES,
        ) as cur:
            for table_id, count in await cur.fetchall():
                counts[table_id] = count
        async with self.db.conn.execute(
            "SELECT a.table_id, a.seq, a.seat, a.text, a.at FROM tables t"
            " LEFT JOIN table_snapshots s ON s.table_id = t.id"
            " JOIN table_actions a ON a.table_id = t.id AND a.seq >= COALESCE(s.actions, 0)"
            " WHERE t.status IN (?, ?) ORDER BY a.table_id, a.seq",
            OPEN_STATUSES,
        ) as cur:
            rows = await cur.fetchall()
        for table_id, seq, seat, text, at in rows:
            logs[table_id].append(ActionRecord(seq, seat, text, at))
        return [
            StoredTable(
                t, tuple(by_id[t.id]), tuple(logs[t.id]), snaps.get(t.id),
                skipped=counts.get(t.id, 0) - len(logs[t.id]),
            )
            for t in tables
        ]

    # ----------------------------------------------------------------- writes
    #
    # Each write is one ``Database.write`` transaction: plain sqlite3 statements, committed
    # synchronously on the event loop before the method returns (no thread round trip).

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        variant: dict[str, Any],
        seed: int,
        timer_seconds: int | None,
        seats: Sequence[SeatRecord],
    ) -> TableRecord:
        """Open a lobby; raise ``OpenTableExists`` if the channel already has an open table."""

        def work(conn: sqlite3.Connection) -> TableRecord:
            cur = conn.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, game, variant, seed,"
                " status, timer_seconds) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?)",
                (guild_id, channel_id, host_id, game, json.dumps(variant, sort_keys=True), seed,
                 timer_seconds),
            )
            table_id = cur.lastrowid
            assert table_id is not None
            _write_seats(conn, table_id, seats)
            # read back on the writing connection: a read on ``db.conn`` may still be inside
            # a read transaction another coroutine began before this commit
            row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
            return _table(row)

        try:
            return await self.db.write(work)
        except sqlite3.IntegrityError as exc:
            raise OpenTableExists(str(exc)) from None

    async def set_seats(self, table_id: int, seats: Sequence[SeatRecord], version: int) -> None:
        """Replace the lobby's seats and bump the version, in one transaction."""

        def work(conn: sqlite3.Connection) -> None:
            _write_seats(conn, table_id, seats)
            conn.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))

        await self.db.write(work)

    async def update_seat(self, table_id: int, seat: SeatRecord, version: int) -> None:
        """Store one seat's new state (computer takeover, resignation) and the version."""

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE table_seats SET user_id = ?, name = ?, computer_level = ?, resigned = ?,"
                " timeouts = ? WHERE table_id = ? AND seat = ?",
                (seat.user_id, seat.name, seat.computer_level, int(seat.resigned),
                 seat.timeouts, table_id, seat.seat),
            )
            conn.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))

        await self.db.write(work)

    async def start(
        self,
        table_id: int,
        *,
        seats: Sequence[SeatRecord],
        seed: int,
        version: int,
        deadline: float | None,
    ) -> None:
        """Mark the table running with its final seats (and the seed actually dealt)."""

        def work(conn: sqlite3.Connection) -> None:
            _write_seats(conn, table_id, seats)
            conn.execute(
                "UPDATE tables SET status = 'running', seed = ?, version = ?, deadline = ?,"
                " started_at = datetime('now') WHERE id = ?",
                (seed, version, deadline, table_id),
            )

        await self.db.write(work)

    async def append_action(
        self,
        table_id: int,
        *,
        seq: int,
        seat: int,
        text: str,
        version: int,
        deadline: float | None,
        finished: bool = False,
        seat_update: SeatRecord | None = None,
        snapshot: SnapshotRecord | None = None,
    ) -> None:
        """Log one accepted action with the new version and deadline, in one transaction,
        committed when this returns.

        ``finished`` also closes the table (the game is over); ``seat_update`` stores a
        seat change that belongs to the same step (a timeout count, for instance);
        ``snapshot`` replaces the table's snapshot (it covers at most the first ``seq + 1``
        actions).
        """
        if snapshot is not None and snapshot.actions > seq + 1:
            raise ValueError("A snapshot cannot cover actions that are not logged.")

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, ?, ?, ?)",
                (table_id, seq, seat, text),
            )
            if snapshot is not None and not finished:
                write_snapshot(conn, table_id, snapshot)
            if seat_update is not None:
                conn.execute(
                    "UPDATE table_seats SET computer_level = ?, resigned = ?, timeouts = ?"
                    " WHERE table_id = ? AND seat = ?",
                    (seat_update.computer_level, int(seat_update.resigned),
                     seat_update.timeouts, table_id, seat_update.seat),
                )
            if finished:
                drop_snapshot(conn, table_id)
                conn.execute(
                    "UPDATE tables SET version = ?, deadline = NULL, status = 'finished',"
                    " end_reason = 'finished', ended_at = datetime('now') WHERE id = ?",
                    (version, table_id),
                )
            else:
                conn.execute(
                    "UPDATE tables SET version = ?, deadline = ? WHERE id = ?",
                    (version, deadline, table_id),
                )

        await self.db.write(work)

    async def store_snapshots(self, snaps: Sequence[tuple[int, SnapshotRecord]]) -> None:
        """Store several tables' snapshots, (table id, snapshot) pairs, in one transaction
        (a restore caching the states it had to replay in full)."""
        if snaps:
            await self.db.write(lambda conn: write_snapshots(conn, snaps))

    async def snapshot(self, table_id: int) -> SnapshotRecord | None:
        """The table's newest snapshot, or ``None``."""
        return await read_snapshot(self.db.conn, table_id)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows the table."""
        await self.db.write(lambda conn: conn.execute(
            "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
        ).close())

    async def set_deadline(self, table_id: int, deadline: float | None) -> None:
        """Store the current turn's deadline (epoch seconds) or clear it."""
        await self.db.write(lambda conn: conn.execute(
            "UPDATE tables SET deadline = ? WHERE id = ?", (deadline, table_id)
        ).close())

    async def close(
        self, table_id: int, *, status: TableStatus, reason: str, version: int
    ) -> None:
        """Close the table for good (finished, cancelled or broken)."""
        if status.is_open:
            raise ValueError("close() needs a closed status")

        def work(conn: sqlite3.Connection) -> None:
            drop_snapshot(conn, table_id)
            conn.execute(
                "UPDATE tables SET status = ?, end_reason = ?, version = ?, deadline = NULL,"
                " ended_at = datetime('now') WHERE id = ?",
                (str(status), reason, version, table_id),
            )

        await self.db.write(work)


def _write_seats(conn: sqlite3.Connection, table_id: int, seats: Sequence[SeatRecord]) -> None:
    conn.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
    conn.executemany(
        "INSERT INTO table_seats (table_id, seat, user_id, name, computer_level, resigned,"
        " timeouts) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.user_id, s.name, s.computer_level, int(s.resigned), s.timeouts)
         for s in seats],
    )

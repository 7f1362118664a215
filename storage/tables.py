"""Game tables: the table row, its seats and its action log (see 003_tables.sql).

A table is stored as seed + variant + seats + action texts; the game state is rebuilt by
replaying the log. Every write that belongs to one accepted action happens in one
transaction (``db.transaction()``), committed before the method returns and so before the
caller answers the player.

A repository may be scoped to some shards (``ShardScope``): then it finds and restores only
the open tables of guilds on those shards (a process of a sharded bot runs only those).
Every write is fenced (``storage.fencing``): it commits only while this process owns its shard.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from storage.database import Database, Row, Transaction
from storage.errors import IntegrityViolation
from storage.fencing import Fence
from storage.shards import ShardScope
from storage.snapshots import (
    SnapshotRecord,
    drop_snapshot,
    read_open_snapshots,
    read_snapshot,
    write_snapshot,
    write_snapshots,
)
from storage.table_records import ActionRecord as ActionRecord
from storage.table_records import SeatRecord as SeatRecord


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


CHANNEL = "channel"  # a server channel: the bot posts and edits there
INTERACTIONS = "interactions"  # a DM or group DM: only through people's interactions


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
    home: str = "channel"  # CHANNEL or INTERACTIONS: where the table lives (migration 014)

    @property
    def interaction_only(self) -> bool:
        """Does the table live in interaction answers only (a DM or group DM)?"""
        return self.home == INTERACTIONS


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


def _table(row: Row) -> TableRecord:
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
        home=row["home"],
    )


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        computer_level=row["computer_level"],
        resigned=bool(row["resigned"]),
        timeouts=row["timeouts"],
    )


def _action(row: Row) -> ActionRecord:
    return ActionRecord(row["seq"], row["seat"], row["text"], row["at"],
                        bool(row["by_computer"]))


class TableRepo:
    """Reads and writes ``tables``, ``table_seats`` and ``table_actions``.

    ``scope``: only the open tables of guilds on these shards are found and restored
    (``None``: every guild); ``fence``: checked in every write (default: own everything)."""

    def __init__(self, db: Database, scope: ShardScope | None = None,
                 fence: Fence | None = None) -> None:
        self.db = db
        self.scope = scope
        self.fence = fence if fence is not None else Fence()
        self._restoring: ShardScope | None = None

    def _open_where(self, alias: str = "") -> tuple[str, list[Any]]:
        """The condition for "open and in scope" on ``tables`` (as ``alias``)."""
        prefix = f"{alias}." if alias else ""
        sql = f"{prefix}status IN (?, ?)"
        params: list[Any] = list(OPEN_STATUSES)
        scope = self._restoring or self.scope
        if scope is not None:
            cond, more = scope.where(f"{prefix}guild_id")
            sql += f" AND {cond}"
            params += more
        return sql, params

    @asynccontextmanager
    async def restoring(self, shards: ShardScope) -> AsyncIterator[None]:
        """Inside: ``load_open``/``open_tables`` see only ``shards`` (a takeover restores
        the shards it just acquired, not the ones it already runs)."""
        self._restoring = shards
        try:
            yield
        finally:
            self._restoring = None

    # ------------------------------------------------------------------ reads

    async def get(self, table_id: int) -> TableRecord | None:
        """The table row, or ``None``."""
        row = await self.db.fetchone("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's open (lobby or running) table, or ``None``."""
        row = await self.db.fetchone(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *OPEN_STATUSES),
        )
        return _table(row) if row else None

    async def open_tables(self) -> list[TableRecord]:
        """Every open table in scope, oldest first."""
        where, params = self._open_where()
        rows = await self.db.fetchall(f"SELECT * FROM tables WHERE {where} ORDER BY id", params)
        return [_table(row) for row in rows]

    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats in seat order."""
        rows = await self.db.fetchall(
            "SELECT * FROM table_seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [_seat(row) for row in rows]

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The table's action log in order."""
        rows = await self.db.fetchall(
            "SELECT seq, seat, text, at, by_computer FROM table_actions WHERE table_id = ?"
            " ORDER BY seq",
            (table_id,),
        )
        return [_action(r) for r in rows]

    async def last_action_times(self) -> dict[int, str]:
        """When each running table in scope last logged an action (UTC text), by table id."""
        where, params = self._open_where("t")
        rows = await self.db.fetchall(
            "SELECT a.table_id, MAX(a.at) FROM table_actions a JOIN tables t ON t.id = a.table_id"
            f" WHERE t.status = 'running' AND {where} GROUP BY a.table_id",
            params,
        )
        return {int(row[0]): row[1] for row in rows}

    async def load(self, table_id: int) -> StoredTable | None:
        """The table with its seats and log, or ``None``."""
        table = await self.get(table_id)
        if table is None:
            return None
        seats = await self.seats(table_id)
        actions = tuple(await self.actions(table_id))
        snapshot = await read_snapshot(self.db, table_id)
        return StoredTable(table, tuple(seats), actions, snapshot)

    async def load_open(self, *, after_snapshots: bool = False) -> list[StoredTable]:
        """Every open table in scope with seats, log and snapshot (for restoring on
        start-up): one query per kind of row for all tables.

        ``after_snapshots``: read only the actions after each table's snapshot (the
        snapshot's first action onwards is what a restore replays); ``skipped`` says how
        many were left out. Reading every action of long games costs more than replaying a
        few."""
        tables = await self.open_tables()
        if not tables:
            return []
        where, params = self._open_where("t")
        by_id = await self._open_seats(tables, where, params)
        snaps = await read_open_snapshots(self.db, where, params)
        logs: dict[int, list[ActionRecord]] = {t.id: [] for t in tables}
        counts: dict[int, int] = {}
        if after_snapshots:
            rows = await self.db.fetchall(
                "SELECT a.table_id, COUNT(*) FROM table_actions a"
                f" JOIN tables t ON t.id = a.table_id WHERE {where} GROUP BY a.table_id",
                params,
            )
            counts = {int(r[0]): int(r[1]) for r in rows}
            rows = await self.db.fetchall(
                "SELECT a.table_id, a.seq, a.seat, a.text, a.at, a.by_computer FROM tables t"
                " LEFT JOIN table_snapshots s ON s.table_id = t.id"
                " JOIN table_actions a ON a.table_id = t.id AND a.seq >= COALESCE(s.actions, 0)"
                f" WHERE {where} ORDER BY a.table_id, a.seq",
                params,
            )
        else:
            rows = await self.db.fetchall(
                "SELECT a.table_id, a.seq, a.seat, a.text, a.at, a.by_computer FROM table_actions a"
                f" JOIN tables t ON t.id = a.table_id WHERE {where} ORDER BY a.table_id, a.seq",
                params,
            )
        for row in rows:
            if row["table_id"] in logs:
                logs[row["table_id"]].append(_action(row))
        return [
            StoredTable(
                t, tuple(by_id[t.id]), tuple(logs[t.id]), snaps.get(t.id),
                skipped=counts.get(t.id, 0) - len(logs[t.id]) if after_snapshots else 0,
            )
            for t in tables
        ]

    async def _open_seats(
        self, tables: list[TableRecord], where: str, params: list[Any]
    ) -> dict[int, list[SeatRecord]]:
        """The seats of every open table in scope, by table id, in one query."""
        by_id: dict[int, list[SeatRecord]] = {t.id: [] for t in tables}
        rows = await self.db.fetchall(
            f"SELECT s.* FROM table_seats s JOIN tables t ON t.id = s.table_id WHERE {where}"
            " ORDER BY s.table_id, s.seat",
            params,
        )
        for row in rows:
            if row["table_id"] in by_id:
                by_id[row["table_id"]].append(_seat(row))
        return by_id

    # ----------------------------------------------------------------- writes
    #
    # Each write is one ``fence.transaction(db, ...)``, committed before the
    # method returns.

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
        home: str = CHANNEL,
    ) -> TableRecord:
        """Open a lobby; raise ``OpenTableExists`` if the channel already has an open table."""
        try:
            async with self.fence.transaction(self.db, guild_id=guild_id) as tx:
                row = await tx.fetchone(
                    "INSERT INTO tables (guild_id, channel_id, host_id, game, variant, seed,"
                    " status, timer_seconds, home) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?)"
                    " RETURNING *",
                    (guild_id, channel_id, host_id, game, json.dumps(variant, sort_keys=True),
                     seed, timer_seconds, home),
                )
                assert row is not None
                await _write_seats(tx, row["id"], seats)
        except IntegrityViolation as exc:
            raise OpenTableExists(str(exc)) from None
        return _table(row)

    async def set_seats(self, table_id: int, seats: Sequence[SeatRecord], version: int) -> None:
        """Replace the lobby's seats and bump the version, in one transaction."""
        async with self.fence.transaction(self.db, table_id) as tx:
            await _write_seats(tx, table_id, seats)
            await tx.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))

    async def update_seat(self, table_id: int, seat: SeatRecord, version: int) -> None:
        """Store one seat's new state (computer takeover, resignation) and the version."""
        async with self.fence.transaction(self.db, table_id) as tx:
            await tx.execute(
                "UPDATE table_seats SET user_id = ?, name = ?, computer_level = ?, resigned = ?,"
                " timeouts = ? WHERE table_id = ? AND seat = ?",
                (seat.user_id, seat.name, seat.computer_level, int(seat.resigned),
                 seat.timeouts, table_id, seat.seat),
            )
            await tx.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))

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
        async with self.fence.transaction(self.db, table_id) as tx:
            await _write_seats(tx, table_id, seats)
            await tx.execute(
                "UPDATE tables SET status = 'running', seed = ?, version = ?, deadline = ?,"
                " started_at = datetime('now') WHERE id = ?",
                (seed, version, deadline, table_id),
            )

    async def append_action(
        self,
        table_id: int,
        *,
        seq: int,
        seat: int,
        text: str,
        version: int,
        deadline: float | None,
        by_computer: bool = False,
        finished: bool = False,
        seat_update: SeatRecord | None = None,
        snapshot: SnapshotRecord | None = None,
    ) -> None:
        """Log one accepted action with the new version and deadline, in one transaction,
        committed when this returns. ``by_computer``: a computer player chose it.

        ``finished`` also closes the table (the game is over); ``seat_update`` stores a
        seat change that belongs to the same step (a timeout count, for instance);
        ``snapshot`` replaces the table's snapshot (it covers at most the first ``seq + 1``
        actions).
        """
        if snapshot is not None and snapshot.actions > seq + 1:
            raise ValueError("A snapshot cannot cover actions that are not logged.")
        async with self.fence.transaction(self.db, table_id) as tx:
            await tx.execute(
                "INSERT INTO table_actions (table_id, seq, seat, text, by_computer)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, seat, text, int(by_computer)),
            )
            if snapshot is not None and not finished:
                await write_snapshot(tx, table_id, snapshot)
            if seat_update is not None:
                await tx.execute(
                    "UPDATE table_seats SET computer_level = ?, resigned = ?, timeouts = ?"
                    " WHERE table_id = ? AND seat = ?",
                    (seat_update.computer_level, int(seat_update.resigned),
                     seat_update.timeouts, table_id, seat_update.seat),
                )
            if finished:
                await drop_snapshot(tx, table_id)
                await tx.execute(
                    "UPDATE tables SET version = ?, deadline = NULL, status = 'finished',"
                    " end_reason = 'finished', ended_at = datetime('now') WHERE id = ?",
                    (version, table_id),
                )
            else:
                await tx.execute(
                    "UPDATE tables SET version = ?, deadline = ? WHERE id = ?",
                    (version, deadline, table_id),
                )

    async def replace_actions(self, table_id: int, actions: Sequence[ActionRecord]) -> None:
        """Replace a table's whole log (a log translated from an older notation, written
        back once at restore), its snapshot dropped, in one transaction."""
        async with self.fence.transaction(self.db, table_id) as tx:
            await drop_snapshot(tx, table_id)
            await tx.execute("DELETE FROM table_actions WHERE table_id = ?", (table_id,))
            await tx.executemany(
                "INSERT INTO table_actions (table_id, seq, seat, text, at, by_computer)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, a.seq, a.seat, a.text, a.at, int(a.by_computer)) for a in actions],
            )

    async def store_snapshots(self, snaps: Sequence[tuple[int, SnapshotRecord]]) -> None:
        """Store several tables' snapshots, (table id, snapshot) pairs, in one transaction
        (a restore caching the states it had to replay in full)."""
        if snaps:
            async with self.fence.transaction(self.db, *(table_id for table_id, _ in snaps)) as tx:
                await write_snapshots(tx, snaps)

    async def snapshot(self, table_id: int) -> SnapshotRecord | None:
        """The table's newest snapshot, or ``None``."""
        return await read_snapshot(self.db, table_id)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows the table."""
        async with self.fence.transaction(self.db, table_id) as tx:
            await tx.execute("UPDATE tables SET message_id = ? WHERE id = ?",
                             (message_id, table_id))

    async def set_deadline(self, table_id: int, deadline: float | None) -> None:
        """Store the current turn's deadline (epoch seconds) or clear it."""
        async with self.fence.transaction(self.db, table_id) as tx:
            await tx.execute("UPDATE tables SET deadline = ? WHERE id = ?", (deadline, table_id))

    async def close(self, table_id: int, *, status: TableStatus, reason: str, version: int) -> None:
        """Close the table for good (finished, cancelled or broken)."""
        if status.is_open:
            raise ValueError("close() needs a closed status")
        async with self.fence.transaction(self.db, table_id) as tx:
            await drop_snapshot(tx, table_id)
            await tx.execute(
                "UPDATE tables SET status = ?, end_reason = ?, version = ?, deadline = NULL,"
                " ended_at = datetime('now') WHERE id = ?",
                (str(status), reason, version, table_id),
            )


async def _write_seats(tx: Transaction, table_id: int, seats: Sequence[SeatRecord]) -> None:
    await tx.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
    await tx.executemany(
        "INSERT INTO table_seats (table_id, seat, user_id, name, computer_level, resigned,"
        " timeouts) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.user_id, s.name, s.computer_level, int(s.resigned), s.timeouts)
         for s in seats],
    )

"""Snapshots of table states (see 005_snapshots.sql): a cache that shortens restores.

A snapshot holds an opaque blob (the table service decides what goes in it) with the number
of logged actions it covers and a format tag. Each table keeps only its newest snapshot;
closing a table drops it. The action log stays the truth: a snapshot may always be ignored.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

import aiosqlite


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    """A table's state after its first ``actions`` logged actions, serialised as ``data``;
    ``tag`` names the format (a snapshot whose tag the code does not expect is ignored)."""

    actions: int
    tag: str
    data: bytes

    def __repr__(self) -> str:  # the blob holds hidden cards: never show it
        return f"<SnapshotRecord actions={self.actions} tag={self.tag!r} {len(self.data)} bytes>"


OPEN_SNAPSHOTS_SQL = (
    "SELECT s.table_id, s.actions, s.tag, s.data FROM table_snapshots s"
    " JOIN tables t ON t.id = s.table_id WHERE t.status IN (?, ?)"
)


def write_snapshot(conn: sqlite3.Connection, table_id: int, snap: SnapshotRecord) -> None:
    """Store ``snap`` as the table's newest snapshot (inside the caller's transaction, in
    ``Database.write``)."""
    conn.execute(
        "INSERT OR REPLACE INTO table_snapshots (table_id, actions, tag, data)"
        " VALUES (?, ?, ?, ?)",
        (table_id, snap.actions, snap.tag, snap.data),
    )


def write_snapshots(
    conn: sqlite3.Connection, snaps: Iterable[tuple[int, SnapshotRecord]]
) -> None:
    """Store several tables' snapshots (inside the caller's transaction)."""
    conn.executemany(
        "INSERT OR REPLACE INTO table_snapshots (table_id, actions, tag, data)"
        " VALUES (?, ?, ?, ?)",
        [(table_id, s.actions, s.tag, s.data) for table_id, s in snaps],
    )


def drop_snapshot(conn: sqlite3.Connection, table_id: int) -> None:
    """Forget the table's snapshot (it is closed; inside the caller's transaction)."""
    conn.execute("DELETE FROM table_snapshots WHERE table_id = ?", (table_id,))


async def read_snapshot(conn: aiosqlite.Connection, table_id: int) -> SnapshotRecord | None:
    """The table's newest snapshot, or ``None``."""
    async with conn.execute(
        "SELECT actions, tag, data FROM table_snapshots WHERE table_id = ?", (table_id,)
    ) as cur:
        row = await cur.fetchone()
    return SnapshotRecord(row[0], row[1], bytes(row[2])) if row else None


async def read_open_snapshots(
    conn: aiosqlite.Connection, statuses: tuple[str, ...]
) -> dict[int, SnapshotRecord]:
    """The newest snapshot of every table whose status is in ``statuses`` (two of them),
    by table id, in one query."""
    async with conn.execute(OPEN_SNAPSHOTS_SQL, statuses) as cur:
        rows = await cur.fetchall()
    return {r[0]: SnapshotRecord(r[1], r[2], bytes(r[3])) for r in rows}

"""Snapshots of table states (see 005_snapshots.sql): a cache that shortens restores.

A snapshot holds an opaque blob (the table service decides what goes in it) with the number
of logged actions it covers and a format tag. Each table keeps only its newest snapshot;
closing a table drops it. The action log stays the truth: a snapshot may always be ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from storage.database import Database, Transaction


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    """A table's state after its first ``actions`` logged actions, serialised as ``data``;
    ``tag`` names the format (a snapshot whose tag the code does not expect is ignored)."""

    actions: int
    tag: str
    data: bytes

    def __repr__(self) -> str:  # the blob holds hidden cards: never show it
        return f"<SnapshotRecord actions={self.actions} tag={self.tag!r} {len(self.data)} bytes>"


UPSERT_SQL = (
    "INSERT INTO table_snapshots (table_id, actions, tag, data, at)"
    " VALUES (?, ?, ?, ?, datetime('now')) ON CONFLICT (table_id) DO UPDATE SET"
    " actions = excluded.actions, tag = excluded.tag, data = excluded.data, at = excluded.at"
)


async def write_snapshot(tx: Transaction, table_id: int, snap: SnapshotRecord) -> None:
    """Store ``snap`` as the table's newest snapshot (inside the caller's transaction)."""
    await tx.execute(UPSERT_SQL, (table_id, snap.actions, snap.tag, snap.data))


async def write_snapshots(tx: Transaction, snaps: Iterable[tuple[int, SnapshotRecord]]) -> None:
    """Store several tables' snapshots (inside the caller's transaction)."""
    await tx.executemany(UPSERT_SQL, [(table_id, s.actions, s.tag, s.data)
                                      for table_id, s in snaps])


async def drop_snapshot(tx: Transaction, table_id: int) -> None:
    """Forget the table's snapshot (it is closed; inside the caller's transaction)."""
    await tx.execute("DELETE FROM table_snapshots WHERE table_id = ?", (table_id,))


async def read_snapshot(db: Database, table_id: int) -> SnapshotRecord | None:
    """The table's newest snapshot, or ``None``."""
    row = await db.fetchone(
        "SELECT actions, tag, data FROM table_snapshots WHERE table_id = ?", (table_id,))
    return SnapshotRecord(row[0], row[1], bytes(row[2])) if row else None


async def read_open_snapshots(
    db: Database, where: str, params: list[Any]
) -> dict[int, SnapshotRecord]:
    """The newest snapshot of every table ``t`` matching ``where`` (with ``params``), by
    table id, in one query."""
    rows = await db.fetchall(
        "SELECT s.table_id, s.actions, s.tag, s.data FROM table_snapshots s"
        f" JOIN tables t ON t.id = s.table_id WHERE {where}",
        params,
    )
    return {r[0]: SnapshotRecord(r[1], r[2], bytes(r[3])) for r in rows}

"""Fencing: a table's write commits only while this process owns the table's shard.

Every write transaction of ``TableRepo`` calls ``fence.check(tx, ...)`` first, inside the
transaction (see ``storage.ownership`` for the design and why an owner epoch):

- ``Fence``: one process owns the whole database (SQLite, a tool, a test): the check is
  in the write path but always passes.
- ``EpochFence``: PostgreSQL. ``shard_owners`` (migration 010) holds one row per shard
  with its owner epoch; a process that takes a shard's advisory lock bumps the epoch
  (``bump``) and remembers the value. The check reads the epochs of the shards written
  ``FOR SHARE`` and compares them with the ones remembered: a different epoch (or a shard
  not ours) raises ``OwnershipLost`` and nothing is stored. The row lock orders the write
  against a takeover: a bump waits for writes in flight, a write after the bump sees it.

When a check fails, ``lose(shards)`` (called by the repository once the transaction is
rolled back) forgets those shards and tells the listeners (the table service drops their
tables, the bot stops).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from storage.database import Database, Transaction
from storage.errors import OwnershipLost
from storage.shards import ShardScope, shard_of

log = logging.getLogger(__name__)

LostListener = Callable[[ShardScope], None]
"""Called (synchronously, outside any transaction) with the shards this process lost."""

BUMP_SQL = (
    "INSERT INTO shard_owners (shard, epoch, owner, taken_at) VALUES ($1, 1, $2,"
    " to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))"
    " ON CONFLICT (shard) DO UPDATE SET epoch = shard_owners.epoch + 1,"
    " owner = EXCLUDED.owner, taken_at = EXCLUDED.taken_at RETURNING epoch"
)
"""PostgreSQL (asyncpg placeholders): take a shard's next owner epoch."""


class Fence:
    """Every shard is this process's (one process owns the database): ``check`` passes."""

    count: int = 1

    def __init__(self) -> None:
        self._listeners: list[LostListener] = []

    def on_lost(self, listener: LostListener) -> None:
        """Call ``listener(lost)`` whenever shards are found lost."""
        self._listeners.append(listener)

    async def check(self, tx: Transaction, *, table_ids: Sequence[int] = (),
                    guild_id: int | None = None) -> None:
        """Raise ``OwnershipLost`` unless this process owns the shards of ``table_ids``
        and of ``guild_id``, holding that ownership until ``tx`` ends. Here: always owned."""

    def transaction(self, db: Database, *table_ids: int, guild_id: int | None = None
                    ) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction of ``db`` fenced on the shards of ``table_ids`` and
        ``guild_id`` (see ``fenced``)."""
        return fenced(db, self, *table_ids, guild_id=guild_id)

    def lose(self, shards: Iterable[int]) -> None:
        """These shards are no longer ours: tell the listeners."""
        lost = frozenset(shards)
        if not lost:
            return
        scope = ShardScope(self.count, set(lost))
        for listener in list(self._listeners):
            try:
                listener(scope)
            except Exception:
                log.exception("A lost-shards listener failed")


class EpochFence(Fence):
    """Owner epochs per shard, checked in each write transaction (PostgreSQL)."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        self.epochs: dict[int, int] = {}

    def grant(self, shard: int, epoch: int) -> None:
        """This process took ``shard`` with ``epoch`` (after bumping it)."""
        self.epochs[shard] = epoch

    def owns(self, shard: int) -> bool:
        """Does this process believe it owns ``shard``?"""
        return shard in self.epochs

    async def check(self, tx: Transaction, *, table_ids: Sequence[int] = (),
                    guild_id: int | None = None) -> None:
        found: dict[int, int | None] = {}
        if guild_id is not None:
            shard = shard_of(guild_id, self.count)
            row = await tx.fetchone(
                "SELECT epoch FROM shard_owners WHERE shard = ? FOR SHARE", (shard,))
            found[shard] = row["epoch"] if row is not None else None
        if table_ids:
            marks = ", ".join("?" for _ in table_ids)
            rows = await tx.fetchall(
                "SELECT (t.guild_id >> 22) % ? AS shard, (SELECT o.epoch FROM shard_owners o"
                " WHERE o.shard = (t.guild_id >> 22) % ? FOR SHARE) AS epoch"
                f" FROM tables t WHERE t.id IN ({marks})",
                (self.count, self.count, *table_ids),
            )
            found.update((int(r["shard"]), r["epoch"]) for r in rows)
        lost = frozenset(s for s, epoch in found.items()
                         if epoch is None or self.epochs.get(s) != epoch)
        if lost:
            raise OwnershipLost(lost)

    def lose(self, shards: Iterable[int]) -> None:
        lost = frozenset(s for s in shards if self.epochs.pop(s, None) is not None)
        if lost:
            log.error("Shards %s are no longer ours (another process took them over or our"
                      " lock connection is gone): their tables stop here", sorted(lost))
        super().lose(lost)


@asynccontextmanager
async def fenced(db: Database, fence: Fence, *table_ids: int,
                 guild_id: int | None = None) -> AsyncIterator[Transaction]:
    """A write transaction that goes on only while this process owns the shards of
    ``table_ids`` (and ``guild_id``), checked first thing inside it. A lost shard raises
    ``OwnershipLost`` once the transaction is rolled back, after the fence told its
    listeners (outside the transaction, so they may cancel the task that wrote)."""
    try:
        async with db.transaction() as tx:
            await fence.check(tx, table_ids=table_ids, guild_id=guild_id)
            yield tx
    except OwnershipLost as exc:
        fence.lose(exc.shards)
        raise

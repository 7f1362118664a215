"""Which process runs which shards: exclusive ownership, handed over when an owner dies,
and fenced writes.

On PostgreSQL a process holds each of its shards with a session advisory lock
(``pg_try_advisory_lock(LOCK_SPACE, shard)``) on a connection of its own, outside the pool.
The server releases the locks when that connection ends, whether the process exited, was
killed or lost the network, so a dead owner never keeps its shards. A shard another live
process holds is not taken: a watcher retries every ``retry_seconds`` and, once it gets
shards, calls ``on_acquired(shards)`` (the bot restores their tables). If the watcher finds
its own lock connection gone, every lock went with it: it calls ``on_lost(shards)`` (the bot
stops: another process may already run those tables) and connects again.

**Fencing, not polling.** The watcher looks at its lock every few seconds; between two
looks the lock connection may die and another process take the shard over and restore its
tables. A write the old owner makes then would be acknowledged and never seen by the new
one (and its log position would clash with the new owner's next move). So ownership is
checked in the write itself (``storage.fencing``): each write transaction of a table first
reads its shard's **owner epoch** (``shard_owners``, migration 010) ``FOR SHARE`` and
compares it with the epoch this process got when it took the shard; taking a shard over
bumps the epoch (right after its advisory lock is got, before the tables are restored). A
write that finds another epoch is refused (``OwnershipLost``: "not saved"), and the process
drops those tables at once. The row lock orders a write against a takeover: the bump waits
for a write in flight to commit (the new owner then restores it), and a write that starts
after the bump sees the new epoch.

Why an epoch and not the lock on the writing connection: writes go through a pool of
connections, while the advisory lock lives on one connection of its own. Holding the lock
on the writing connection would mean either one connection for all writes (no pool, and a
lost write connection then also loses the shards) or taking the shard's advisory lock in
every write transaction (``pg_advisory_xact_lock``), which cannot tell "another process
owns it" from "our own lock connection holds it" and would block behind it. Asking
``pg_locks`` whether our lock connection still holds the lock is not a fence either: that
connection can die between the check and the commit. An epoch row costs one indexed
``SELECT ... FOR SHARE`` in the write's transaction (measured in ``bench/persistence.py``)
and is exact: a commit happens only under the epoch this process took.

SQLite has no such locks and one process owns the file: ``LocalOwner`` owns every shard and
its fence (``storage.fencing.Fence``) passes every check.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable, Iterable

import asyncpg

from storage.fencing import BUMP_SQL, EpochFence, Fence

log = logging.getLogger(__name__)

LOCK_SPACE = 0x6372_646D
"""The first key of every shard lock (the second is the shard id)."""
RETRY_SECONDS = 5.0
BUMP_LOCK_TIMEOUT_MS = 10_000
"""How long taking a shard's epoch waits for the old owner's writes in flight."""

ShardCallback = Callable[[frozenset[int]], Awaitable[None]]


class LocalOwner:
    """One process owns everything (SQLite): every wanted shard at once, no watcher."""

    def __init__(self, shards: Iterable[int]) -> None:
        self.wanted = frozenset(shards)
        self.owned: frozenset[int] = frozenset()
        self.fence = Fence()

    async def start(self) -> frozenset[int]:
        """Own every wanted shard."""
        self.owned = self.wanted
        return self.owned

    async def close(self) -> None:
        """Nothing to release."""
        self.owned = frozenset()


class ShardOwner:
    """Holds ``shards`` exclusively through PostgreSQL advisory locks (see the module)."""

    def __init__(
        self,
        url: str,
        shards: Iterable[int],
        *,
        shard_count: int = 1,
        on_acquired: ShardCallback | None = None,
        on_lost: ShardCallback | None = None,
        retry_seconds: float = RETRY_SECONDS,
    ) -> None:
        self.url = url
        self.fence = EpochFence(shard_count)
        self.wanted = frozenset(shards)
        self.owned: frozenset[int] = frozenset()
        self.on_acquired = on_acquired
        self.on_lost = on_lost
        self.retry_seconds = retry_seconds
        self._conn: asyncpg.Connection | None = None
        self._watcher: asyncio.Task[None] | None = None

    @property
    def backend_pid(self) -> int | None:
        """The server process id of the lock connection (``None`` when not connected)."""
        conn = self._conn
        return conn.get_server_pid() if conn is not None else None

    async def start(self) -> frozenset[int]:
        """Connect, take every free wanted shard, start the watcher; the shards owned now
        (``on_acquired`` is called only for shards taken later)."""
        await self._connect()
        self.owned = await self._try(self.wanted)
        missing = self.wanted - self.owned
        if missing:
            log.warning("Shards %s are held by another live process; waiting for them",
                        sorted(missing))
        self._watcher = asyncio.get_running_loop().create_task(self._watch())
        return self.owned

    async def close(self) -> None:
        """Stop watching and release every lock (by closing the lock connection)."""
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._watcher
            self._watcher = None
        await self._disconnect()
        self.owned = frozenset()

    async def _connect(self) -> None:
        self._conn = await asyncpg.connect(
            self.url, timeout=10,
            server_settings={"application_name": "cardroom-shard-locks",
                             "lock_timeout": str(BUMP_LOCK_TIMEOUT_MS)})

    async def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), 5)

    async def _try(self, shards: Iterable[int]) -> frozenset[int]:
        """Try each shard's lock once (never waits for another owner); for each lock got,
        take the shard's next owner epoch (the fence). The shards got."""
        conn = self._conn
        assert conn is not None
        got = set()
        for shard in sorted(shards):
            if not await conn.fetchval(
                "SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, shard
            ):
                continue
            try:
                epoch = await conn.fetchval(BUMP_SQL, shard, owner_name())
            except (asyncpg.PostgresError, OSError) as exc:
                # an old owner's write held the epoch too long: let the lock go, try later
                log.warning("Cannot take the owner epoch of shard %s (%s); trying again later",
                            shard, type(exc).__name__)
                await conn.fetchval("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, shard)
                continue
            self.fence.grant(shard, int(epoch))
            got.add(shard)
        return frozenset(got)

    async def _alive(self) -> bool:
        conn = self._conn
        if conn is None or conn.is_closed():
            return False
        try:
            await asyncio.wait_for(conn.fetchval("SELECT 1"), 5)
        except Exception:
            return False
        return True

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.retry_seconds)
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Checking shard ownership failed; trying again later")

    async def check(self) -> None:
        """One round of the watcher: notice a lost lock connection, take free shards."""
        if not await self._alive():
            lost, self.owned = self.owned, frozenset()
            await self._disconnect()
            if lost:
                log.error("Lost the lock connection: shards %s are no longer ours",
                          sorted(lost))
                self.fence.lose(lost)
                if self.on_lost is not None:
                    await self.on_lost(lost)
            try:
                await self._connect()
            except Exception as exc:
                log.warning("Cannot reconnect for shard locks (%s); trying again later", exc)
                return
        missing = self.wanted - self.owned
        if not missing:
            return
        got = await self._try(missing)
        if got:
            self.owned |= got
            log.info("Took over shards %s", sorted(got))
            if self.on_acquired is not None:
                await self.on_acquired(got)


def owner_name() -> str:
    """Who takes a shard, as kept in ``shard_owners`` for operators: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def shard_owner(
    db_dialect: str,
    url: str,
    shards: Iterable[int],
    *,
    shard_count: int = 1,
    on_acquired: ShardCallback | None = None,
    on_lost: ShardCallback | None = None,
    retry_seconds: float = RETRY_SECONDS,
) -> LocalOwner | ShardOwner:
    """The owner for a database of ``db_dialect``: advisory locks and owner epochs on
    PostgreSQL, the whole file for SQLite."""
    if db_dialect == "postgres":
        return ShardOwner(url, shards, shard_count=shard_count, on_acquired=on_acquired,
                          on_lost=on_lost, retry_seconds=retry_seconds)
    return LocalOwner(shards)

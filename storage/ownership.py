"""Which process runs which shards: exclusive ownership, handed over when an owner dies.

On PostgreSQL a process holds each of its shards with a session advisory lock
(``pg_try_advisory_lock(LOCK_SPACE, shard)``) on a connection of its own, outside the pool.
The server releases the locks when that connection ends, whether the process exited, was
killed or lost the network, so a dead owner never keeps its shards. A shard another live
process holds is not taken: a watcher retries every ``retry_seconds`` and, once it gets
shards, calls ``on_acquired(shards)`` (the bot restores their tables). If the watcher finds
its own lock connection gone, every lock went with it: it calls ``on_lost(shards)`` (the bot
stops: another process may already run those tables) and connects again.

SQLite has no such locks and one process owns the file: ``LocalOwner`` owns every shard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable

import asyncpg

log = logging.getLogger(__name__)

LOCK_SPACE = 0x6372_646D
"""The first key of every shard lock (the second is the shard id)."""
RETRY_SECONDS = 5.0

ShardCallback = Callable[[frozenset[int]], Awaitable[None]]


class LocalOwner:
    """One process owns everything (SQLite): every wanted shard at once, no watcher."""

    def __init__(self, shards: Iterable[int]) -> None:
        self.wanted = frozenset(shards)
        self.owned: frozenset[int] = frozenset()

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
        on_acquired: ShardCallback | None = None,
        on_lost: ShardCallback | None = None,
        retry_seconds: float = RETRY_SECONDS,
    ) -> None:
        self.url = url
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
        self._conn = await asyncpg.connect(self.url, timeout=10)

    async def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), 5)

    async def _try(self, shards: Iterable[int]) -> frozenset[int]:
        """Try each shard's lock once (never waits); the shards got."""
        conn = self._conn
        assert conn is not None
        got = set()
        for shard in sorted(shards):
            if await conn.fetchval(
                "SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, shard
            ):
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


def shard_owner(
    db_dialect: str,
    url: str,
    shards: Iterable[int],
    *,
    on_acquired: ShardCallback | None = None,
    on_lost: ShardCallback | None = None,
    retry_seconds: float = RETRY_SECONDS,
) -> LocalOwner | ShardOwner:
    """The owner for a database of ``db_dialect``: advisory locks on PostgreSQL, the whole
    file for SQLite."""
    if db_dialect == "postgres":
        return ShardOwner(url, shards, on_acquired=on_acquired, on_lost=on_lost,
                          retry_seconds=retry_seconds)
    return LocalOwner(shards)

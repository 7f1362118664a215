"""Shards: which guilds' tables a process runs.

Discord splits a bot's guilds over shards by ``shard_id = (guild_id >> 22) % shard_count``.
A process of a sharded bot runs some shards; ``ShardScope`` is that set, handed to the
table repository so it finds and restores only those guilds' open tables. ``None`` for a
scope means every guild (one process, the default).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord gives ``guild_id`` among ``shard_count`` shards."""
    return (guild_id >> 22) % shard_count


MAX_SHARD_COUNT = 100_000
"""The most shards a bot may name (Discord's limit is 2,500 servers a shard: this is room
for 250 million servers); a bound so that no setting builds millions of ids."""


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"``, ``"0,2,5"``, ``"0-1,4"`` as sorted shard ids; every id must be below
    ``shard_count`` (checked before a range is built). Raises ``ValueError`` with a short
    reason."""
    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        first, dash, last = (s.strip() for s in part.partition("-"))
        if not _number(first) or (dash and not _number(last)):
            raise ValueError(f"{part[:40]!r} is not a shard id or a range like 0-3")
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ValueError(f"{part!r} is an empty range")
        if high >= shard_count:
            raise ValueError(f"shard {high} does not exist with SHARD_COUNT={shard_count}"
                             f" (shards are 0 to {shard_count - 1})")
        ids.update(range(low, high + 1))
    if not ids:
        raise ValueError("no shard ids given")
    return tuple(sorted(ids))


def _number(text: str) -> bool:
    """Digits only, and few enough to be read as a number (``int`` refuses thousands)."""
    return text.isdigit() and text.isascii() and len(text) <= 12


@dataclass(slots=True)
class ShardScope:
    """The shards (of ``count``) whose guilds a repository sees. Mutable: a process that
    takes over another's shards adds them (``add``)."""

    count: int
    shards: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("shard count must be at least 1")
        self.shards = set(self.shards)

    def add(self, shards: Iterable[int]) -> None:
        """Own these shards too."""
        self.shards.update(shards)

    def owns(self, guild_id: int) -> bool:
        """Is ``guild_id`` on one of these shards?"""
        return shard_of(guild_id, self.count) in self.shards

    def where(self, column: str = "guild_id") -> tuple[str, list[int]]:
        """An SQL condition (``?`` placeholders) and its parameters selecting these shards'
        rows by ``column`` (portable: SQLite and PostgreSQL both have ``>>`` and ``%``)."""
        if not self.shards:
            return "1 = 0", []
        marks = ", ".join("?" for _ in self.shards)
        return f"(({column} >> 22) % ?) IN ({marks})", [self.count, *sorted(self.shards)]

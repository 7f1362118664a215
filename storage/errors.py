"""Storage errors: what a caller can tell a player, whichever backend failed.

Every backend turns its driver's exceptions into these, so nothing above ``storage``
imports ``sqlite3`` or ``asyncpg`` to catch them.
"""

from __future__ import annotations


class StorageError(Exception):
    """A storage operation failed; nothing of it was stored ("not saved, try again")."""


class StorageBusy(StorageError):
    """Another process holds the write lock and did not let go within the bounded wait
    ("busy, try again")."""


class StorageUnavailable(StorageError):
    """The connection to the database was lost (the pool reconnects on the next call)."""


class IntegrityViolation(StorageError):
    """A constraint refused the write (a unique key, a foreign key, a check)."""


class DatabaseUnusable(StorageError):
    """The database cannot be used at all (found at start-up): ``str(error)`` is one line
    saying which database, what is wrong and what to do."""


class MigrationError(DatabaseUnusable):
    """The migrations on disk or in the database are inconsistent (e.g. a newer schema)."""


class OwnershipLost(StorageError):
    """The write was refused: this process no longer owns the table's shard (another
    process took it over, see ``storage.ownership``). Nothing was stored; the process must
    stop running the tables of ``shards``."""

    def __init__(self, shards: frozenset[int]) -> None:
        super().__init__(f"Shards {sorted(shards)} are no longer owned by this process")
        self.shards = shards

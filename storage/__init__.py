"""Persistence: SQLite (embedded, the default) or PostgreSQL, behind one interface.

``await storage.open_database(url)`` opens either; the repositories (``TableRepo``,
``StatsRepo``, ``GuildSettingsRepo``) take the database they are given.
"""

from storage.connect import open_database
from storage.database import Database
from storage.errors import (
    DatabaseUnusable,
    IntegrityViolation,
    MigrationError,
    OwnershipLost,
    StorageBusy,
    StorageError,
    StorageUnavailable,
)

__all__ = [
    "Database",
    "DatabaseUnusable",
    "IntegrityViolation",
    "MigrationError",
    "OwnershipLost",
    "StorageBusy",
    "StorageError",
    "StorageUnavailable",
    "open_database",
]

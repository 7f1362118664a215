"""Which slash commands were last synced to Discord (table ``command_sync``): a digest of
the command tree's JSON per scope, so that a start syncs only when the commands changed."""

from __future__ import annotations

from datetime import UTC, datetime

from storage.database import Database


class CommandSyncRepo:
    """Reads and writes the last synced digest per scope (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def digest(self, scope: str) -> str | None:
        """The digest last synced to ``scope``, or ``None`` when never synced."""
        row = await self.db.fetchone("SELECT digest FROM command_sync WHERE scope = ?",
                                     (scope,))
        return str(row[0]) if row is not None else None

    async def record(self, scope: str, digest: str) -> None:
        """``digest`` was just synced to ``scope``."""
        await self.db.execute(
            "INSERT INTO command_sync (scope, digest, synced_at) VALUES (?, ?, ?)"
            " ON CONFLICT (scope) DO UPDATE SET digest = excluded.digest,"
            " synced_at = excluded.synced_at",
            (scope, digest, datetime.now(UTC).isoformat(timespec="seconds")),
        )

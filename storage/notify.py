"""A player's own choice about turn pings (``/notify``): stored per user, across servers."""

from __future__ import annotations

from storage.database import Database


class NotifyRepo:
    """Reads and writes ``notify_off`` (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def pings_on(self, user_id: int) -> bool:
        """False when the user turned his turn pings off."""
        row = await self.db.fetchone("SELECT 1 FROM notify_off WHERE user_id = ?", (user_id,))
        return row is None

    async def set_pings(self, user_id: int, on: bool) -> None:
        """Turn the user's turn pings on or off."""
        if on:
            await self.db.execute("DELETE FROM notify_off WHERE user_id = ?", (user_id,))
        else:
            await self.db.execute(
                "INSERT INTO notify_off (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING",
                (user_id,),
            )

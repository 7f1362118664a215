"""A player's own choice about turn pings (``/notify``): stored per user, across servers."""

from __future__ import annotations

from storage.database import Database


class NotifyRepo:
    """Reads and writes ``notify_off``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def pings_on(self, user_id: int) -> bool:
        """False when the user turned his turn pings off."""
        async with self.db.conn.execute(
            "SELECT 1 FROM notify_off WHERE user_id = ?", (user_id,)
        ) as cur:
            return await cur.fetchone() is None

    async def set_pings(self, user_id: int, on: bool) -> None:
        """Turn the user's turn pings on or off."""
        async with self.db.transaction() as conn:
            if on:
                await conn.execute("DELETE FROM notify_off WHERE user_id = ?", (user_id,))
            else:
                await conn.execute(
                    "INSERT INTO notify_off (user_id) VALUES (?) ON CONFLICT(user_id) DO NOTHING",
                    (user_id,),
                )

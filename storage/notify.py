"""Turn pings: a player's own choice (``/notify``, stored per user, across servers) and
each table's live ping (so a restart never leaves two)."""

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


class PingRepo:
    """The live turn ping of each table (``table_pings``): one message id per table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def live(self, table_id: int) -> int | None:
        """The message id of the table's live ping, if it has one."""
        row = await self.db.fetchone(
            "SELECT message_id FROM table_pings WHERE table_id = ?", (table_id,))
        return int(row[0]) if row is not None else None

    async def set_live(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's live ping (``None``: it has none)."""
        if message_id is None:
            await self.db.execute("DELETE FROM table_pings WHERE table_id = ?", (table_id,))
        else:
            await self.db.execute(
                "INSERT INTO table_pings (table_id, message_id) VALUES (?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET message_id = excluded.message_id",
                (table_id, message_id),
            )

"""When each running table last saw an action (the table clock's inactivity timer reads it
on start-up)."""

from __future__ import annotations

from storage.database import Database


class ActivityRepo:
    """Read-only queries about tables' recent actions."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def last_actions(self) -> dict[int, str]:
        """Every running table's newest action time (SQLite ``datetime('now')`` text)."""
        found: dict[int, str] = {}
        async with self.db.conn.execute(
            "SELECT a.table_id, MAX(a.at) FROM table_actions a JOIN tables t ON t.id = a.table_id"
            " WHERE t.status = 'running' GROUP BY a.table_id"
        ) as cur:
            async for row in cur:
                if row[1]:
                    found[int(row[0])] = str(row[1])
        return found

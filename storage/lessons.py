"""Which lessons each player finished (``/learn``), across servers (migration 013)."""

from __future__ import annotations

from storage.database import Database


class LessonProgressRepo:
    """Reads and records finished lessons (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def finished(self, user_id: int) -> dict[str, set[int]]:
        """The lessons the user finished, by game."""
        rows = await self.db.fetchall(
            "SELECT game, lesson FROM lesson_progress WHERE user_id = ?", (user_id,))
        found: dict[str, set[int]] = {}
        for row in rows:
            found.setdefault(str(row[0]), set()).add(int(row[1]))
        return found

    async def finish(self, user_id: int, game: str, lesson: int) -> None:
        """Record a finished lesson (finishing it again changes nothing)."""
        await self.db.execute(
            "INSERT INTO lesson_progress (user_id, game, lesson) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id, game, lesson) DO NOTHING",
            (user_id, game, lesson),
        )

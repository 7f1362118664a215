"""Puzzles found in finished games (``/puzzle``, migration 013): the finished tables still
to be searched, the puzzles found, and one picked for a player."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from storage.database import Database


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished table's game, as a puzzle search needs it."""

    table_id: int
    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    actions: tuple[str, ...]
    humans: tuple[int, ...]  # the seats people held


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    id: int
    game: str
    data: str


class PuzzleRepo:
    """Reads finished games and stores puzzles (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def unsearched(self, game: str, limit: int = 1) -> list[FinishedGame]:
        """The newest finished tables of ``game`` not searched yet."""
        rows = await self.db.fetchall(
            "SELECT t.id, t.game, t.seed, t.variant FROM tables t"
            " LEFT JOIN puzzle_sources s ON s.table_id = t.id"
            " WHERE t.game = ? AND t.status = 'finished' AND s.table_id IS NULL"
            " ORDER BY t.id DESC LIMIT ?", (game, limit))
        found = []
        for row in rows:
            table_id = int(row[0])
            seats = await self.db.fetchall(
                "SELECT seat, user_id FROM table_seats WHERE table_id = ? ORDER BY seat",
                (table_id,))
            actions = await self.db.fetchall(
                "SELECT text FROM table_actions WHERE table_id = ? ORDER BY seq", (table_id,))
            try:
                variant = json.loads(row[3] or "{}")
            except ValueError:
                variant = {}
            found.append(FinishedGame(
                table_id, str(row[1]), len(seats), int(row[2]),
                variant if isinstance(variant, dict) else {},
                tuple(str(a[0]) for a in actions),
                tuple(int(s[0]) for s in seats if s[1] is not None)))
        return found

    async def searched(self, table_id: int, game: str, found: list[tuple[int, int, str]]) -> None:
        """Mark a table searched and store the puzzles found in it: ``(log position, seat,
        data)`` each."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO puzzle_sources (table_id) VALUES (?) ON CONFLICT (table_id)"
                " DO NOTHING", (table_id,))
            for position, seat, data in found:
                await tx.execute(
                    "INSERT INTO puzzles (game, source, position, seat, data)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (source, position, seat) DO NOTHING",
                    (game, table_id, position, seat, data))

    async def count(self, game: str) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) FROM puzzles WHERE game = ?", (game,))
        return int(row[0]) if row is not None else 0

    async def pick(self, game: str, nth: int) -> StoredPuzzle | None:
        """The ``nth`` puzzle of ``game`` (modulo how many there are), or ``None``."""
        total = await self.count(game)
        if not total:
            return None
        row = await self.db.fetchone(
            "SELECT id, game, data FROM puzzles WHERE game = ? ORDER BY id LIMIT 1 OFFSET ?",
            (game, nth % total))
        return StoredPuzzle(int(row[0]), str(row[1]), str(row[2])) if row is not None else None

    async def get(self, puzzle_id: int) -> StoredPuzzle | None:
        row = await self.db.fetchone("SELECT id, game, data FROM puzzles WHERE id = ?",
                                     (puzzle_id,))
        return StoredPuzzle(int(row[0]), str(row[1]), str(row[2])) if row is not None else None

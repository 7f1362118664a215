"""A player's own display choices (``/display``, table ``user_display``, across servers):
text instead of pictures in his private messages, and the four-colour deck."""

from __future__ import annotations

from dataclasses import dataclass

from storage.database import Database


@dataclass(frozen=True, slots=True)
class UserDisplay:
    """How one player wants his private messages shown (the defaults without a row)."""

    user_id: int
    text_mode: bool = False
    four_colour: bool = False


class UserDisplayRepo:
    """Reads and writes the players' display choices (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserDisplay:
        """The player's choices, or the defaults."""
        row = await self.db.fetchone(
            "SELECT text_mode, four_colour FROM user_display WHERE user_id = ?", (user_id,))
        if row is None:
            return UserDisplay(user_id)
        return UserDisplay(user_id, bool(row[0]), bool(row[1]))

    async def save(self, choice: UserDisplay) -> None:
        """Store the choices; the defaults remove the row."""
        if not choice.text_mode and not choice.four_colour:
            await self.db.execute("DELETE FROM user_display WHERE user_id = ?",
                                  (choice.user_id,))
            return
        await self.db.execute(
            "INSERT INTO user_display (user_id, text_mode, four_colour) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET text_mode = excluded.text_mode,"
            " four_colour = excluded.four_colour",
            (choice.user_id, int(choice.text_mode), int(choice.four_colour)),
        )

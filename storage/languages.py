"""Language choices: a player's own (``/language``, table ``user_language``, across
servers) and every server's (``/settings set language``, in ``guild_settings``' JSON)."""

from __future__ import annotations

import json

from bot.i18n import supported
from storage.database import Database


class LanguageRepo:
    """Reads and writes the language choices (SQLite and PostgreSQL alike)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of_user(self, user_id: int) -> str | None:
        """The user's own choice, or ``None`` when he follows his Discord language."""
        row = await self.db.fetchone(
            "SELECT language FROM user_language WHERE user_id = ?", (user_id,))
        return supported(row[0]) if row is not None else None

    async def set_user(self, user_id: int, language: str | None) -> None:
        """Store the user's choice; ``None`` (or a language Cardroom does not speak) goes
        back to following his Discord language."""
        code = supported(language)
        if code is None:
            await self.db.execute("DELETE FROM user_language WHERE user_id = ?", (user_id,))
            return
        await self.db.execute(
            "INSERT INTO user_language (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, code),
        )

    async def users(self) -> list[tuple[int, str]]:
        """Every user's choice (loaded at start-up)."""
        rows = await self.db.fetchall("SELECT user_id, language FROM user_language", ())
        return [(int(r[0]), code) for r in rows if (code := supported(r[1])) is not None]

    async def servers(self) -> list[tuple[int, str]]:
        """Every server's chosen language (loaded at start-up)."""
        rows = await self.db.fetchall("SELECT guild_id, data FROM guild_settings", ())
        found = []
        for row in rows:
            try:
                code = supported(json.loads(row[1] or "{}").get("language"))
            except (ValueError, AttributeError):
                continue
            if code is not None:
                found.append((int(row[0]), code))
        return found

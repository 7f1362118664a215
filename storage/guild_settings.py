"""Per-server settings: game defaults, the turn timer, computer seats, images."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.i18n import supported
from storage.database import Database

DEFAULT_TURN_TIMER = 180  # seconds; None means no timer
#: The ``hints`` setting: the Hint button in every game, only in games that are not rated
#: (the default), or never (``bot.tables.hints``).
HINT_POLICIES = ("always", "practice", "off")


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings. ``game_options[game]`` holds option defaults for ``/play``
    (the keys of that game's ``Variant``), e.g. ``{"soureh": {"threshold": 150}}``."""

    guild_id: int
    game_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    turn_timer: int | None = DEFAULT_TURN_TIMER
    computer_seats: bool = True
    count_computer_games: bool = False
    images: bool = True
    four_colour: bool = False
    pings: bool = True  # a channel message mentions the person whose turn it is
    language: str | None = None  # public messages' language; None: the server's Discord one
    hints: str = "practice"  # the Hint button: always, practice (games not rated) or off

    def options_for(self, game: str) -> dict[str, Any]:
        """The server's option defaults for ``game`` (empty when none were set)."""
        return dict(self.game_options.get(game, {}))

    def to_json(self) -> str:
        """The stored form (without the guild id)."""
        data = asdict(self)
        data.pop("guild_id")
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, guild_id: int, text: str) -> GuildSettings:
        """Rebuild from the stored form; unknown keys are ignored, missing ones defaulted."""
        raw = json.loads(text or "{}")
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__ and k != "guild_id"}
        if "language" in known:  # only a language Cardroom speaks (bot.i18n.LANGUAGES)
            known["language"] = supported(known["language"])
        return cls(guild_id=guild_id, **known)


class GuildSettingsRepo:
    """Reads and writes ``guild_settings``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, guild_id: int) -> GuildSettings:
        """The server's settings, or the defaults if it never set any."""
        row = await self.db.fetchone(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id=guild_id)
        return GuildSettings.from_json(guild_id, row[0])

    async def save(self, settings: GuildSettings) -> None:
        """Store the settings (insert or replace), in a transaction of its own."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, data, updated_at)"
                " VALUES (?, ?, datetime('now'))"
                " ON CONFLICT(guild_id) DO UPDATE SET data = excluded.data,"
                " updated_at = excluded.updated_at",
                (settings.guild_id, settings.to_json()),
            )

    async def update(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some fields and store the result."""
        new = replace(await self.get(guild_id), **changes)
        await self.save(new)
        return new

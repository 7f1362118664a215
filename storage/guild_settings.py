"""Per-server settings: game defaults, the turn timer, computer seats, images."""

from __future__ import annotations

import json
import time
import weakref
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.i18n import supported
from storage.database import Database

DEFAULT_TURN_TIMER = 180  # seconds; None means no timer
#: The ``hints`` setting: the Hint button in every game, only in games that are not rated
#: (the default), or never (``bot.discord.hints``).
HINT_POLICIES = ("always", "practice", "off")
#: Seconds a server's settings, once read, are answered from memory. Every picture, pause
#: and hint asks for them (a thousand reads a minute at 25 live tables, each a round trip
#: to SQLite's thread or to PostgreSQL); this process's own changes (``save``) show at
#: once, a change another process made (a shard that handled the server before) within
#: this time.
FRESH_FOR = 30.0


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


# the settings read or written lately, by database: (when, settings) by server
_recent: weakref.WeakKeyDictionary[Database, dict[int, tuple[float, GuildSettings]]] = \
    weakref.WeakKeyDictionary()


class GuildSettingsRepo:
    """Reads and writes ``guild_settings`` (reads answered from memory for
    :data:`FRESH_FOR` seconds)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._recent = _recent.setdefault(db, {})

    async def get(self, guild_id: int) -> GuildSettings:
        """The server's settings, or the defaults if it never set any."""
        seen = self._recent.get(guild_id)
        if seen is not None and time.monotonic() - seen[0] < FRESH_FOR:
            return seen[1]
        return await self._read(guild_id)

    async def _read(self, guild_id: int) -> GuildSettings:
        """The stored settings (remembered for :meth:`get`)."""
        now = time.monotonic()
        row = await self.db.fetchone(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
        settings = (GuildSettings(guild_id=guild_id) if row is None
                    else GuildSettings.from_json(guild_id, row[0]))
        self._recent[guild_id] = (now, settings)
        return settings

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
        self._recent[settings.guild_id] = (time.monotonic(), settings)

    async def update(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some fields of the stored settings (read afresh: another process may
        have changed them) and store the result."""
        new = replace(await self._read(guild_id), **changes)
        await self.save(new)
        return new

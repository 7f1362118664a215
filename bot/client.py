"""CardroomBot: opens storage, loads every cog, syncs the slash commands."""

from __future__ import annotations

import logging
import pkgutil

import discord
from discord.ext import commands

import cogs
from bot.settings import Settings
from storage.database import Database

log = logging.getLogger(__name__)


def cog_extensions() -> list[str]:
    """Every extension module in the ``cogs`` package."""
    return sorted(f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.ispkg)


class CardroomBot(commands.AutoShardedBot):
    """The bot. ``settings`` are built once in ``__main__`` (or by a test) and passed in."""

    def __init__(self, settings: Settings, *, sync_commands: bool = True) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.settings = settings
        self.sync_commands = sync_commands
        self._db: Database | None = None

    @property
    def db(self) -> Database:
        """The open database (available from ``setup_hook`` on)."""
        if self._db is None:
            raise RuntimeError("The database is not open yet.")
        return self._db

    async def setup_hook(self) -> None:
        """Open storage, load the cogs, sync the command tree."""
        self._db = await Database.open(self.settings.database_path)
        for ext in cog_extensions():
            await self.load_extension(ext)
        if self.sync_commands:
            await self.sync_tree()

    async def sync_tree(self) -> None:
        """Sync slash commands globally, or to ``DEV_GUILD_ID`` for instant updates."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d slash commands", len(synced))

    async def close(self) -> None:
        """Close Discord, then the database."""
        await super().close()
        if self._db is not None:
            await self._db.close()
            self._db = None

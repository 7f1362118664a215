"""CardroomBot: opens storage, builds the table service, restores open tables, loads every
cog, syncs the slash commands."""

from __future__ import annotations

import logging
import pkgutil

import discord
from discord.ext import commands

import cogs
from bot.render.components import DYNAMIC_ITEMS
from bot.settings import Settings
from bot.tables.faults import FaultGuard
from bot.tables.pictures import prepare_in_background
from bot.tables.publisher import DiscordNotifier
from bot.tables.service import TableService
from storage.database import Database
from storage.stats import StatsRepo
from storage.tables import TableRepo

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
        self._tables: TableService | None = None

    @property
    def db(self) -> Database:
        """The open database (available from ``setup_hook`` on)."""
        if self._db is None:
            raise RuntimeError("The database is not open yet.")
        return self._db

    @property
    def tables(self) -> TableService:
        """The table service (available from ``setup_hook`` on)."""
        if self._tables is None:
            raise RuntimeError("The table service is not built yet.")
        return self._tables

    async def setup_hook(self) -> None:
        """Open storage, build the table service, register the persistent components,
        restore open tables, load the cogs, sync the command tree."""
        if self._db is not None:  # set up again on the same object (a test's restart)
            await self._db.close()
        self._db = await Database.open(self.settings.database_path)
        publisher = DiscordNotifier(self)
        self._tables = TableService(TableRepo(self._db))
        self._tables.notifier = FaultGuard(publisher, self._tables)
        publisher.attach(self._tables)
        prepare_in_background()  # card sprites drawn in a thread; setup does not wait
        self._add_result_recorders(self._tables, self._db)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self._tables.restore()
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

    @staticmethod
    def _add_result_recorders(tables: TableService, db: Database) -> None:
        """Finished games go to the stats repository."""
        tables.add_finish_listener(StatsRepo(db).record)

    async def close(self) -> None:
        """Stop the tables' background work, close Discord, then the database."""
        if self._tables is not None:
            await self._tables.aclose()
        await super().close()
        if self._db is not None:
            await self._db.close()
            self._db = None

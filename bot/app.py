"""CardroomBot: opens storage, builds the app's parts once (``bot.discord.parts.App``),
restores open tables, registers the routed components, loads every cog, syncs the slash
commands."""

from __future__ import annotations

import asyncio
import logging
import pkgutil
from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

import cogs
from bot import metrics, rating
from bot.discord.clicks.routes import TABLE_ITEMS
from bot.discord.faults import FaultGuard
from bot.discord.locales import CatalogTranslator, speak_in_readers_language
from bot.discord.metrics import watch
from bot.discord.parts import App, AppBot
from bot.discord.pictures import TableImages, prepare_in_background
from bot.discord.publisher import DiscordNotifier
from bot.discord.tokens import Tokens
from bot.discord.tree import CardroomTree, digest_of
from bot.games import registry
from bot.render.names import shown
from bot.settings import Settings
from bot.tables.languages import Languages
from bot.tables.service import TableService
from storage.command_sync import CommandSyncRepo
from storage.connect import open_database
from storage.database import Database
from storage.languages import LanguageRepo
from storage.ownership import RETRY_SECONDS, LocalOwner, ShardOwner, shard_owner
from storage.shards import ShardScope
from storage.stats import StatsRepo
from storage.tables import TableRepo

log = logging.getLogger(__name__)

class SettingUnusable(Exception):
    """A setting Discord will not work with (found at start-up): ``str(error)`` is one line
    saying which setting, what is wrong and what to do."""


def cog_extensions() -> list[str]:
    """Every extension of the ``cogs`` package: a module of its own, or a feature folder's
    ``cog`` module (``cogs/stats/``: the cog, its components and its pages)."""
    return sorted(f"cogs.{m.name}.cog" if m.ispkg else f"cogs.{m.name}"
                  for m in pkgutil.iter_modules(cogs.__path__))


class CardroomBot(AppBot):
    """The bot. ``settings`` are built once in ``__main__`` (or by a test) and passed in;
    ``games``, every game by name, are read from the registry here once (a plug-in
    registers before) unless given, and passed down: ``bot.games``, ``App.games``, the
    table service."""

    shard_retry_seconds: float = RETRY_SECONDS
    # How often a process waiting for shards (PostgreSQL) tries to take them over.

    def __init__(self, settings: Settings, *, sync_commands: bool = True,
                 games: Mapping[str, registry.Game] | None = None) -> None:
        intents = discord.Intents.default()
        shards = settings.shards
        sharding: dict[str, Any] = {}
        if shards is not None:  # SHARD_COUNT set: this process runs these shards only
            sharding = {"shard_count": settings.shard_count, "shard_ids": list(shards)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            tree_cls=CardroomTree,
            **sharding,
        )
        self.settings = settings
        self._games = dict(registry.games() if games is None else games)
        self.sync_commands = sync_commands
        self._db: Database | None = None
        self._tokens = Tokens()  # kept when set up again (a test's restart), like the images
        self._images: TableImages | None = None
        self._owner: LocalOwner | ShardOwner | None = None
        self._scope: ShardScope | None = None
        self._closing: asyncio.Task[None] | None = None
        self.lost_shards: frozenset[int] = frozenset()  # why the bot stopped itself, if so
        self._metrics: Any = None  # the metrics endpoint's aiohttp runner (METRICS_PORT)
        self.languages = Languages()  # who reads which language (bot.tables.languages)
        speak_in_readers_language(self._connection, self.languages)

    @property
    def db(self) -> Database:
        """The open database (available from ``setup_hook`` on)."""
        if self._db is None:
            raise RuntimeError("The database is not open yet.")  # i18n: not for people
        return self._db

    @property
    def owner(self) -> LocalOwner | ShardOwner | None:
        """What holds this process's shards (``None`` before ``setup_hook`` and after
        ``close``); closing it lets the shards go, as a process's end does."""
        return self._owner

    @property
    def scope(self) -> ShardScope | None:
        """The shards the table repository is scoped to (``None``: every shard)."""
        return self._scope

    @property
    def metrics_server(self) -> Any:
        """The metrics endpoint's aiohttp runner (``None`` without METRICS_PORT)."""
        return self._metrics

    @property
    def tables(self) -> TableService:
        """The table service (available from ``setup_hook`` on)."""
        return self.app.tables

    async def setup_hook(self) -> None:
        """Open storage, take the shards (a standby waits here), open the metrics endpoint,
        build the table service, register the persistent components, restore open tables,
        load the cogs, sync the command tree."""
        if self._owner is not None:  # set up again on the same object (a test's restart)
            await self._owner.close()
        if self._db is not None:
            await self._db.close()
        self._db = await open_database(self.settings.database_url)
        await self.own_shards(self._db)
        await self._open_metrics()
        await self.tree.set_translator(CatalogTranslator())
        languages = LanguageRepo(self._db)
        self.languages.load(await languages.servers(), await languages.users())
        self._app = self._build(self._db)
        prepare_in_background(self.games.values())  # sprites drawn in a thread; not waited for
        self._add_result_recorders(self._app.tables, self._db)
        self.add_dynamic_items(*TABLE_ITEMS)
        await self._app.tables.restore()
        for ext in cog_extensions():
            await self.load_extension(ext)
        if self.sync_commands and 0 in (self.settings.shards or (0,)):
            await self.sync_tree()  # by one process: the one that runs shard 0

    def _build(self, db: Database) -> App:
        """The app's parts, each built once and given what it works with."""
        if self._images is None:
            self._images = TableImages(db)
        self._images.db = db
        publisher = DiscordNotifier(self, db, self._images, self._tokens, self.languages)
        assert self._owner is not None
        tables = TableService(TableRepo(db, scope=self._scope, fence=self._owner.fence),
                              games=self.games,
                              shown=shown,  # names are data: escaped, isolated, no bidi
                              languages=self.languages)  # a table speaks its server's
        tables.notifier = FaultGuard(publisher, tables, self, publisher.reader_language)
        publisher.attach(tables)
        app = App(settings=self.settings, db=db, tables=tables,
                  languages=self.languages, images=self._images, tokens=self._tokens,
                  publisher=publisher, games=self.games)
        if self._app is not None:  # set up again (a test's restart): the same budget
            app.hint_budget, app.review_budget = self._app.hint_budget, self._app.review_budget
        return app

    async def own_shards(self, db: Database) -> None:
        """Take this process's shards before connecting to Discord (PostgreSQL: exclusively,
        see ``storage.ownership``): while another live process holds some of them, wait
        (its gateway sessions are not opened) and take them over when it is gone. The table
        repository is scoped to the shards owned."""
        count = self.settings.shard_count or 1
        wanted = frozenset(self.settings.shards or (0,))
        everything = asyncio.Event()

        async def took_over(_shards: frozenset[int]) -> None:
            if self._owner is not None and self._owner.owned == wanted:
                everything.set()

        self._owner = shard_owner(db.dialect, self.settings.database_url, wanted,
                                  shard_count=count, on_acquired=took_over,
                                  on_lost=self._lost_shards,
                                  retry_seconds=self.shard_retry_seconds)
        self._owner.fence.on_lost(lambda lost: self._stop_for(frozenset(lost.shards)))
        owned = await self._owner.start()
        if owned != wanted:
            log.warning("Waiting for shards %s: another live process runs them",
                        sorted(wanted - owned))
            await everything.wait()
            log.info("Took over shards %s", sorted(wanted - owned))
        self._scope = None if wanted == frozenset(range(count)) else ShardScope(count, set(wanted))

    async def _open_metrics(self) -> None:
        """Serve ``/metrics`` on ``METRICS_PORT`` once the shards are ours (a standby waiting
        for them serves nothing: a scrape finds nothing there). A port another process
        holds is named: ``SettingUnusable``, one line."""
        port = self.settings.metrics_port
        if port is None or self._metrics is not None:
            return
        watch(self)
        try:
            self._metrics = await metrics.start_server(port)
        except OSError as error:
            why = error.strerror or str(error)
            raise SettingUnusable(
                f"METRICS_PORT={port}: cannot serve the metrics on port {port} ({why}):"
                " another process listens on it. Choose a free port or leave METRICS_PORT"
                " empty."  # i18n: not for people (the operator's start-up error)
            ) from None

    async def _lost_shards(self, shards: frozenset[int]) -> None:
        """Our shard locks are gone (the lock connection died): another process may run
        those tables now, so this one stops; its supervisor starts it again."""
        self._stop_for(shards)

    def _stop_for(self, shards: frozenset[int]) -> None:
        """Shards are lost (the lock connection died, or a write found another owner's
        epoch): stop, once, and remember why (``lost_shards``: ``python -m bot`` exits
        with status 3 so that a supervisor restarts it)."""
        if self.lost_shards:
            return
        self.lost_shards = shards
        log.critical("Lost shards %s; stopping so that no table runs twice", sorted(shards))
        self._closing = asyncio.get_running_loop().create_task(self.close())  # not in the
        # watcher's own task: close() cancels the watcher

    @property
    def _tree(self) -> CardroomTree:
        """The command tree as built (``tree_cls``), with its own sync."""
        assert isinstance(self.tree, CardroomTree)
        return self.tree

    async def command_digest(self, guild: discord.abc.Snowflake | None) -> str:
        """A hash of the command tree's JSON as a sync would send it (translations
        included), for ``guild`` or globally; in name order, so the order the cogs load
        in (a feature moved to another folder) is no change."""
        return digest_of(await self._tree.translated_payload(guild))

    async def sync_tree(self, *, force: bool = False) -> int | None:
        """Sync slash commands globally, or to ``DEV_GUILD_ID`` for instant updates: only
        when they changed since the last sync recorded in the database (Discord limits
        command creation per day), or always with ``force`` (``python -m bot sync``).
        The number of commands synced, ``None`` when unchanged (not synced)."""
        guild = None
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
        where = f"guild:{guild.id}" if guild is not None else "global"
        scope = f"{self.application_id}:{where}"
        payload = await self._tree.translated_payload(guild)  # translated once: digest, sync
        digest = digest_of(payload)
        synced_before = CommandSyncRepo(self.db)
        if not force and await synced_before.digest(scope) == digest:
            log.info("Slash commands unchanged since their last sync: not synced again")
            return None
        count = await self._sync(guild, payload)
        await synced_before.record(scope, digest)
        return count

    async def prepare_commands(self) -> None:
        """The command tree alone, translated, and the database that records syncs
        (``python -m bot sync``): no table restored, no shard taken, no gateway."""
        self._db = await open_database(self.settings.database_url)
        await self.tree.set_translator(CatalogTranslator())
        for ext in cog_extensions():
            await self.load_extension(ext)

    async def _sync(self, guild: discord.Object | None,
                    payload: list[dict[str, Any]] | None = None) -> int:
        if guild is not None:
            guild_id = guild.id
            try:
                synced = await self._tree.sync(guild=guild, payload=payload)
            except (discord.Forbidden, discord.NotFound) as exc:
                raise SettingUnusable(
                    f"DEV_GUILD_ID={guild_id}: Discord refused the commands for that "
                    f"server ({exc.status}, code {exc.code}): the bot is not in it. Invite "
                    "the bot there, or leave DEV_GUILD_ID empty to sync the commands "
                    "everywhere."  # i18n: not for people (the operator's start-up error)
                ) from None
        else:
            synced = await self._tree.sync(payload=payload)
        log.info("Synced %d slash commands", len(synced))
        return len(synced)

    @staticmethod
    def _add_result_recorders(tables: TableService, db: Database) -> None:
        """Finished games go to the stats repository, rated by ``bot.rating``."""
        tables.add_finish_listener(StatsRepo(db, rater=rating).record)

    async def close(self) -> None:
        """Stop the tables' background work, close Discord, then the database (closed even
        when an earlier step fails, e.g. a stop before discord.py was set up)."""
        try:
            if self._app is not None:
                await self._app.tables.aclose()
            try:
                await super().close()
            except AttributeError as error:
                # discord.py's sharded close ends by waking its event queue, which connect()
                # makes: a bot stopped before connecting (shards lost during the login) has
                # none, and everything else was already closed by then
                if "__queue" not in str(error):
                    raise
        finally:
            if self._metrics is not None:
                await self._metrics.cleanup()
                self._metrics = None
            if self._owner is not None:
                await self._owner.close()
                self._owner = None
            if self._db is not None:
                await self._db.close()
                self._db = None

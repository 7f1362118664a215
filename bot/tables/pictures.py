"""Card images on the Discord side: the table, a seat's hand and the round end as attachments.

Rendering runs off the event loop, in one image thread, through one
``ImageCache`` per client: one image per table version and options, shared by every message
that shows it (the table edit, an announcement, a refresh), and drawn once even when several
messages ask for it at the same moment. The server's ``images``/``four_colour`` settings
decide whether and how. A failure never blocks a message: it is logged (the exception type
only, never a card) and the text goes out alone.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord

from bot.catalog import game
from bot.i18n import DEFAULT, current
from bot.render.images import (
    ImageCache,
    cached_hand,
    cached_round_end,
    cached_seat,
    cached_table,
    prepare,
)
from bot.tables.model import Table
from storage.guild_settings import GuildSettings, GuildSettingsRepo
from storage.tables import TableStatus

log = logging.getLogger(__name__)

TABLE_PNG = "table.png"
HAND_PNG = "hand.png"
ROUND_IMAGE = "round.png"  # round.webp when the PNG would be over 40 KB (Canvas.compact)
SEAT_PNG = "seat.png"
CACHE_ENTRIES = 200
RENDER_THREADS = 1  # one image thread: the cached fonts are not shared between threads

_EXECUTOR = ThreadPoolExecutor(max_workers=RENDER_THREADS, thread_name_prefix="card-images")

_BY_CLIENT: weakref.WeakKeyDictionary[Any, TableImages] = weakref.WeakKeyDictionary()
_prepared: asyncio.Task[None] | None = None


def file_name(name: str, data: bytes) -> str:
    """``name`` ("round.png") with the extension of the picture's real format: ".webp"
    for a WebP (Discord shows an attachment inline by its name's extension)."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return name.rsplit(".", 1)[0] + ".webp"
    return name


def images_of(client: Any) -> TableImages:
    """The client's ``TableImages`` (one cache per client, made on first use)."""
    images = _BY_CLIENT.get(client)
    if images is None:
        images = _BY_CLIENT[client] = TableImages(client)
    return images


def prepare_in_background() -> asyncio.Task[None]:
    """Draw the card sprites in a thread, once per process, without waiting for it."""
    global _prepared
    if _prepared is None:
        _prepared = asyncio.get_running_loop().create_task(_prepare())
    return _prepared


async def _prepare() -> None:
    try:
        await asyncio.get_running_loop().run_in_executor(_EXECUTOR, prepare)
    except Exception as exc:  # a failure only makes the first renders slower
        log.warning("Preparing card sprites failed: %s", type(exc).__name__)


class TableImages:
    """Builds the image attachments for one client's tables."""

    def __init__(self, client: Any, max_entries: int = CACHE_ENTRIES) -> None:
        self.client = client
        self.max_entries = max_entries
        self.cache = ImageCache(max_entries=max_entries)  # English pictures
        self.caches: dict[str, ImageCache] = {DEFAULT: self.cache}  # by language
        self._pending: dict[tuple[Any, ...], asyncio.Future[bytes]] = {}

    async def render(self, key: tuple[Any, ...], job: Callable[[], bytes]) -> bytes:
        """``job()`` in an image thread, in the current language; callers asking with the
        same ``key`` (and language) while it runs share its result instead of drawing the
        same picture again."""
        key = (*key, current())
        running = self._pending.get(key)
        if running is not None:
            return await asyncio.shield(running)
        loop = asyncio.get_running_loop()
        in_language = contextvars.copy_context()  # the executor does not copy it itself
        future: asyncio.Future[bytes] = loop.run_in_executor(_EXECUTOR, in_language.run, job)
        self._pending[key] = future
        try:
            return await asyncio.shield(future)
        finally:
            if self._pending.get(key) is future:
                del self._pending[key]

    def _cache(self) -> ImageCache:
        """The pictures of the current language (their words differ)."""
        lang = current()
        cache = self.caches.get(lang)
        if cache is None:
            cache = self.caches[lang] = ImageCache(max_entries=self.max_entries)
        return cache

    async def settings(self, guild_id: int) -> GuildSettings | None:
        """The server's settings, or ``None`` when they cannot be read (no images then)."""
        try:
            return await GuildSettingsRepo(self.client.db).get(guild_id)
        except Exception as exc:
            log.warning("Reading settings of guild %s failed: %s", guild_id, type(exc).__name__)
            return None

    async def _file(
        self, table: Table, embed: discord.Embed, name: str, what: str,
        render: Callable[[GuildSettings], Callable[[], bytes]], seat: int | None = None,
    ) -> list[discord.File]:
        settings = await self.settings(table.record.guild_id)
        if settings is None or not settings.images:
            return []
        try:
            job = render(settings)
            key = (table.id, table.version, what, seat, settings.four_colour)
            data = await self.render(key, job)
        except Exception as exc:
            log.warning("The %s image of table %s failed: %s", what, table.id,
                        type(exc).__name__)
            return []
        name = file_name(name, data)
        embed.set_image(url=f"attachment://{name}")
        return [discord.File(io.BytesIO(data), name)]

    async def table_file(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        """``table.png`` for a running table's message (set on ``embed``); a finished game
        shows its last round instead (``round.png``, every face-down card revealed)."""
        if table.status is TableStatus.FINISHED:
            return await self.round_end_file(table, embed)
        if not table.running:
            return []

        def render(settings: GuildSettings) -> Callable[[], bytes]:
            view, names, version = table.public_view(), table.names, table.version
            cache = self._cache()
            return lambda: cached_table(cache, table.id, version, view, names,
                                        four_colour=settings.four_colour)

        return await self._file(table, embed, TABLE_PNG, "table", render)

    async def hand_file(self, table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
        """``hand.png`` of the seat's own cards, for an ephemeral reply or a DM only."""
        if table.state is None:
            return []

        def render(settings: GuildSettings) -> Callable[[], bytes]:
            view, version = table.player_view(seat), table.version
            cache = self._cache()
            return lambda: cached_hand(cache, table.id, version, view,
                                       four_colour=settings.four_colour)

        return await self._file(table, embed, HAND_PNG, "hand", render, seat)

    async def seat_file(self, table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
        """``seat.png``: the table as ``seat`` sees it (his own hidden cards, the pile, the
        drawn card), for his private panel only (an ephemeral reply)."""
        if table.state is None or not table.running:
            return []

        def render(settings: GuildSettings) -> Callable[[], bytes]:
            view, names, version = table.player_view(seat), table.names, table.version
            cache = self._cache()
            return lambda: cached_seat(cache, table.id, version, view, names,
                                       four_colour=settings.four_colour)

        return await self._file(table, embed, SEAT_PNG, "seat", render, seat)

    async def round_end_file(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        """``round.png``: the last scored round with every face-down card shown;
        ``round.webp`` (the same pixels, lossless) when the PNG would be over 40 KB: Discord
        shows either inline."""
        if table.state is None or table.status not in (TableStatus.RUNNING,
                                                       TableStatus.FINISHED):
            return []
        view, names, version = table.public_view(), table.names, table.version
        if not view.get("last_round") or not game(table.game).look.round_picture:
            return []  # no round, or a picture that would show only what the text says

        def render(settings: GuildSettings) -> Callable[[], bytes]:
            cache = self._cache()
            return lambda: cached_round_end(cache, table.id, version, view, names,
                                            four_colour=settings.four_colour, compact=True)

        return await self._file(table, embed, ROUND_IMAGE, "round-end", render)

    def forget(self, table_id: int) -> None:
        """Drop a closed table's images."""
        for cache in self.caches.values():
            cache.forget(table_id)

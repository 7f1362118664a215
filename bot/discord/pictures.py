"""Card images on the Discord side: the table, a seat's hand and the round end as attachments.

Each picture is an attachment the message shows by itself (never an embed's image, which
cannot carry alt text), with its description in words (``bot.render.alt``).

Rendering runs off the event loop, in one image thread, through one ``ImageCache`` per bot
(``App.images``). A picture is keyed by a digest of what it is drawn from (the view, the
names, the deck's colours, the language), not by the table's version: a move that leaves a
picture as it was draws nothing, and the table message's edit keeps the attachment it
already shows (``kept``: nothing drawn, nothing uploaded). One picture is shared by every
message that shows it, and drawn once even when several messages ask for it at the same
moment. The server's ``images``/``four_colour`` settings
decide whether and how. A failure never blocks a message: it is logged (the exception type
only, never a card) and the text goes out alone.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import io
import logging
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.i18n import DEFAULT, _, current
from bot.metrics import timed_picture
from bot.render.alt import as_text, hand_alt, round_end_alt, seat_alt, table_alt
from bot.render.alt.words import spoken
from bot.render.card_text import legible, truncate
from bot.render.images import (
    ImageCache,
    cached_hand,
    cached_round_end,
    cached_seat,
    cached_table,
    prepare,
)
from bot.render.images.palette import choose_from
from bot.tables.model import Table
from storage.database import Database
from storage.guild_settings import GuildSettings, GuildSettingsRepo
from storage.tables import TableStatus
from storage.user_display import UserDisplay, UserDisplayRepo

if TYPE_CHECKING:
    from bot.games.registry import Game

log = logging.getLogger(__name__)

TABLE_PNG = "table.png"
HAND_PNG = "hand.png"
ROUND_IMAGE = "round.png"  # round.webp when the PNG would be over 40 KB (Canvas.compact)
SEAT_PNG = "seat.png"
CACHE_ENTRIES = 200
DISPLAY_KEPT = 60.0  # seconds a player's /display choices are trusted before reading again
DISPLAYS_KEPT = 10_000  # players whose choices are kept in memory
RENDER_THREADS = 1  # one image thread: the cached fonts are not shared between threads

_EXECUTOR = ThreadPoolExecutor(max_workers=RENDER_THREADS, thread_name_prefix="card-images")
_prepared: asyncio.Task[None] | None = None  # the sprites are drawn once per process



def digest(*shows: Any) -> str:
    """A short, stable name of what a picture is drawn from (views are plain data: dicts,
    lists, strings and numbers, in the order their game builds them)."""
    return hashlib.blake2b(repr(shows).encode(), digest_size=12).hexdigest()


Picture = discord.File | discord.Attachment
"""An attachment of a message: a new file, or one the edited message already has."""

Render = Callable[[GuildSettings, bool], tuple[str, Callable[[], tuple[bytes, str]]]]
"""What a picture is drawn from, as a digest, and the job that draws it and says it in
words (its alt text, plain), given the server's settings and the deck's colours. The job
runs in the image thread, from the view the digest was made of: the words cost the event
loop nothing, and never read the table as it is by the time the job runs."""

T = TypeVar("T")


def file_name(name: str, data: bytes) -> str:
    """``name`` ("round.png") with the extension of the picture's real format: ".webp"
    for a WebP (Discord shows an attachment inline by its name's extension)."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return name.rsplit(".", 1)[0] + ".webp"
    return name


def prepare_in_background(games: Iterable[Game]) -> asyncio.Task[None]:
    """Choose the shared palettes from ``games`` (the bot's) now, and draw their card
    sprites in a thread, once per process, without waiting for it."""
    global _prepared
    given = tuple(games)
    choose_from(given)  # before any picture: the palettes are chosen from these games
    if _prepared is None:
        _prepared = asyncio.get_running_loop().create_task(_prepare(given))
    return _prepared


async def _prepare(games: tuple[Game, ...]) -> None:
    try:
        await asyncio.get_running_loop().run_in_executor(_EXECUTOR, prepare, games)
    except Exception as exc:  # a failure only makes the first renders slower
        log.warning("Preparing card sprites failed: %s", type(exc).__name__)


class TableImages:
    """Builds the image attachments for one client's tables."""

    def __init__(self, db: Database, max_entries: int = CACHE_ENTRIES) -> None:
        self.db = db
        self.max_entries = max_entries
        self.cache = ImageCache(max_entries=max_entries)  # English pictures
        self.caches: dict[str, ImageCache] = {DEFAULT: self.cache}  # by language
        self._pending: dict[tuple[Any, ...], asyncio.Future[Any]] = {}
        # the players' /display choices as last read, and when (monotonic seconds)
        self.displays: dict[int, tuple[UserDisplay, float]] = {}
        # by table: the digest of the table picture last handed out for its message, and
        # the message with the attachment that shows it (``shown``) once it was sent
        self._sending: dict[int, str] = {}
        self._shown: dict[int, tuple[int, str, discord.Attachment]] = {}

    async def render(self, key: tuple[Any, ...], job: Callable[[], T]) -> T:
        """``job()`` in an image thread, in the current language; callers asking with the
        same ``key`` (and language) while it runs share its result instead of drawing the
        same picture again."""
        key = (*key, current())
        running = self._pending.get(key)
        if running is not None:
            return await asyncio.shield(running)
        loop = asyncio.get_running_loop()
        in_language = contextvars.copy_context()  # the executor does not copy it itself
        future: asyncio.Future[T] = loop.run_in_executor(_EXECUTOR, in_language.run,
                                                           timed_picture(job))
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
            return await GuildSettingsRepo(self.db).get(guild_id)
        except Exception as exc:
            log.warning("Reading settings of guild %s failed: %s", guild_id, type(exc).__name__)
            return None

    async def pictured(self, guild_id: int) -> bool:
        """Does the server show pictures (its settings read, and ``images`` on)?"""
        settings = await self.settings(guild_id)
        return settings is not None and settings.images

    async def display(self, user_id: int | None) -> UserDisplay | None:
        """The reader's own display choices (``/display``), kept ``DISPLAY_KEPT`` seconds
        (another process may have stored a change since); ``None`` for a public message
        or when they cannot be read (pictures then)."""
        if user_id is None:
            return None
        now = time.monotonic()
        known = self.displays.get(user_id)
        if known is not None and now - known[1] < DISPLAY_KEPT:
            return known[0]
        try:
            choice = await UserDisplayRepo(self.db).get(user_id)
        except Exception as exc:
            log.warning("Reading the display of user %s failed: %s", user_id,
                        type(exc).__name__)
            return known[0] if known is not None else None
        self.chose(choice, now)
        return choice

    def chose(self, choice: UserDisplay, at: float | None = None) -> None:
        """The player's display choices, as just read or changed (``/display``)."""
        self.displays.pop(choice.user_id, None)
        self.displays[choice.user_id] = (choice, time.monotonic() if at is None else at)
        while len(self.displays) > DISPLAYS_KEPT:
            self.displays.pop(next(iter(self.displays)))

    async def reads_text(self, user_id: int | None) -> bool:
        """True when the player reads text instead of pictures."""
        choice = await self.display(user_id)
        return bool(choice and choice.text_mode)

    async def _file(
        self, table: Table, embed: discord.Embed, name: str, what: str,
        render: Render, seat: int | None = None,
        *, alt: Callable[[bool], str], reader: int | None = None,
        mine: Callable[[], str | None] | None = None,
        keep: Callable[[str], discord.Attachment | None] | None = None,
        drawn: bool = True,
    ) -> list[Picture]:
        """The picture as an attachment whose ``description`` (Discord's alt text, in the
        reader's language) says what it shows, from the view it is drawn from (made with the
        picture by ``render``'s job: plain text, names unescaped); ``alt(True)``: the same
        words for a message, for a reader in text mode. A private
        picture's ``reader`` who reads text instead gets none: its words go in ``embed``
        (in place of ``mine()``, the look's own text of his cards, when the embed has it).
        ``keep(digest)``: the attachment the edited message already has for a picture of
        that digest, sent again in place of a new file (nothing drawn or uploaded).
        ``drawn=False``: the message carries no such picture (only a reader in text mode
        gets its words)."""
        choice = await self.display(reader)
        if choice is not None and choice.text_mode:
            try:
                in_words(embed, as_text(alt(True)), mine() if mine is not None else None)
            except Exception as exc:
                log.warning("The %s words of table %s failed: %s", what, table.id,
                            type(exc).__name__)
            return []
        if not drawn:
            return []
        settings = await self.settings(table.record.guild_id)
        if settings is None or not settings.images:
            return []
        four = settings.four_colour or bool(choice and choice.four_colour)
        try:
            shows, job = render(settings, four)
            kept = keep(shows) if keep is not None else None
            if kept is not None:
                return [kept]
            data, description = await self.render((table.id, shows, what, seat), job)
            if keep is not None:
                self._sending[table.id] = shows
        except Exception as exc:
            log.warning("The %s image of table %s failed: %s", what, table.id,
                        type(exc).__name__)
            return []
        # Shown by the message itself, not as the embed's image: an embed's image has no
        # alt text, an attachment has its description (``embed`` is left as it is).
        return [discord.File(io.BytesIO(data), file_name(name, data), description=description)]

    async def table_file(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        """``table.png`` for a running table's message (set on ``embed``); none for a
        finished game's (the game-end message posted under it shows the last round, every
        face-down card revealed: the same picture is not uploaded twice)."""
        return [f for f in await self._table_picture(table, embed, None)
                if isinstance(f, discord.File)]

    async def table_edit(self, table: Table, embed: discord.Embed,
                         message_id: int | None) -> list[Picture]:
        """The attachments of an edit of the table's message ``message_id``: the attachment
        it already has when its picture is unchanged (see ``shown``), else a new file."""
        return await self._table_picture(table, embed, message_id)

    async def _table_picture(self, table: Table, embed: discord.Embed,
                             message_id: int | None) -> list[Picture]:
        self._sending.pop(table.id, None)
        if not table.running:
            return []

        def render(settings: GuildSettings,
                   four: bool) -> tuple[str, Callable[[], tuple[bytes, str]]]:
            pictures = table.entry.look.pictures
            view, names = table.public_view(), table.names
            shows = digest("table", view, names, four, current())
            cache, entry = self._cache(), table.entry
            return shows, lambda: (cached_table(cache, pictures, table.id, shows, view, names,
                                                four_colour=four),
                                   table_alt(entry, view, names))

        def keep(shows: str) -> discord.Attachment | None:
            held = self._shown.get(table.id)
            if held is None or message_id is None or held[:2] != (message_id, shows):
                return None
            self._sending[table.id] = shows
            return held[2]

        return await self._file(table, embed, TABLE_PNG, "table", render, keep=keep,
                                alt=lambda md: table_alt(table.entry, table.public_view(),
                                                         table.names, markdown=md))

    def shown(self, table: Table, message: discord.Message | None) -> None:
        """``message`` (the table's, as just posted or edited) shows the table picture last
        handed out for it: a later edit with the same picture keeps its attachment."""
        shows = self._sending.pop(table.id, None)
        found = [a for a in (message.attachments if message is not None else ())
                 if a.filename == TABLE_PNG]
        if shows is None or message is None or len(found) != 1:
            self._shown.pop(table.id, None)
            return
        self._shown[table.id] = (message.id, shows, found[0])

    async def hand_file(self, table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
        """``hand.png`` of the seat's own cards, for an ephemeral reply or a DM only."""
        if table.state is None:
            return []

        def render(settings: GuildSettings,
                   four: bool) -> tuple[str, Callable[[], tuple[bytes, str]]]:
            pictures = table.entry.look.pictures
            view, names = table.player_view(seat), table.names
            shows = digest("hand", view, four, current())
            cache, entry = self._cache(), table.entry
            return shows, lambda: (cached_hand(cache, pictures, table.id, shows, view,
                                               four_colour=four),
                                   hand_alt(entry, view, names))

        return await self._only_files(table, embed, HAND_PNG, "hand", render, seat,
                                      alt=lambda md: hand_alt(table.entry, table.player_view(seat),
                                                              table.names, markdown=md),
                                      reader=table.seats[seat].user_id,
                                      mine=lambda: self._mine(table, seat))

    async def seat_file(self, table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
        """``seat.png``: the table as ``seat`` sees it (his own hidden cards, the pile, the
        drawn card), for his private panel only (an ephemeral reply); none where the
        game's panel carries no picture (``Pictures.panel``: its words name his cards)."""
        if table.state is None or not table.running:
            return []
        drawn = table.entry.look.pictures.panel

        def render(settings: GuildSettings,
                   four: bool) -> tuple[str, Callable[[], tuple[bytes, str]]]:
            pictures = table.entry.look.pictures
            view, names = table.player_view(seat), table.names
            shows = digest("seat", view, names, four, current())
            cache, entry = self._cache(), table.entry
            return shows, lambda: (cached_seat(cache, pictures, table.id, shows, view, names,
                                               four_colour=four),
                                   seat_alt(entry, view, names))

        return await self._only_files(table, embed, SEAT_PNG, "seat", render, seat,
                                      alt=lambda md: seat_alt(table.entry, table.player_view(seat),
                                                              table.names, markdown=md),
                                      reader=table.seats[seat].user_id,
                                      mine=lambda: self._mine(table, seat), drawn=drawn)

    async def seat_pictured(self, table: Table, seat: int) -> bool:
        """Will ``seat_file`` give the seat a picture (the game's panel has one, the server
        draws pictures, the player reads pictures)? Asked before the panel is built, so
        that it is built once, with or without his cards in words."""
        if table.state is None or not table.running or not table.entry.look.pictures.panel:
            return False
        if not await self.pictured(table.record.guild_id):
            return False
        return not await self.reads_text(table.seats[seat].user_id)

    async def round_end_file(self, table: Table, embed: discord.Embed,
                             reader: int | None = None) -> list[discord.File]:
        """``round.png``: the last scored round with every face-down card shown;
        ``round.webp`` (the same pixels, lossless) when the PNG would be over 40 KB: Discord
        shows either inline. ``reader``: the one person a private answer goes to."""
        if table.state is None or table.status not in (TableStatus.RUNNING,
                                                       TableStatus.FINISHED):
            return []
        view, names = table.public_view(), table.names
        if not view.get("last_round") or not table.entry.look.round_picture:
            return []  # no round, or a picture that would show only what the text says

        def render(settings: GuildSettings,
                   four: bool) -> tuple[str, Callable[[], tuple[bytes, str]]]:
            pictures = table.entry.look.pictures
            shows = digest("round-end", view, names, four, current())
            cache, entry = self._cache(), table.entry
            return shows, lambda: (cached_round_end(cache, pictures, table.id, shows, view,
                                                    names, four_colour=four, compact=True),
                                   round_end_alt(entry, view, names))

        return await self._only_files(table, embed, ROUND_IMAGE, "round-end", render,
                                      alt=lambda md: round_end_alt(table.entry, view, names,
                                                                   markdown=md),
                                      reader=reader)

    async def _only_files(self, *args: Any, **kwargs: Any) -> list[discord.File]:
        """``_file`` for a new message: never an attachment kept from another."""
        return [f for f in await self._file(*args, **kwargs) if isinstance(f, discord.File)]

    @staticmethod
    def _mine(table: Table, seat: int) -> str | None:
        """The look's own text of the seat's cards (what the words replace in an embed)."""
        try:
            return legible(table.entry.look.private_text(table.player_view(seat)))
        except Exception:
            return None

    def forget(self, table_id: int) -> None:
        """Drop a closed table's images."""
        self._sending.pop(table_id, None)
        self._shown.pop(table_id, None)
        for cache in self.caches.values():
            cache.forget(table_id)


def in_words(embed: discord.Embed, words: str, mine: str | None) -> None:
    """``embed`` for a player who reads text: a picture's ``words`` (one fact a line) in
    place of ``mine`` (the look's text of his cards) when it has it, else as a field; the
    cards the rest of its text shows as symbols said in words too."""
    text = embed.description or ""
    replaced = bool(mine) and mine is not None and mine in text
    if replaced and mine is not None:
        text = text.replace(mine, words, 1)
    if text:
        embed.description = truncate(spoken(text), 4096)
    if not replaced and words:
        embed.add_field(name=_("In words"), value=truncate(words, 1024), inline=False)

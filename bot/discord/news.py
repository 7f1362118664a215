"""What a table tells people besides its own message: a turn ping when the turn passes to
a person, a message at each round's end, the standings at the game's end and each
player's result by DM.

``News.after_render`` runs after each (coalesced) render of a table, under its render lock.
A message is sent as a public follow-up of the table message's fresh interaction when
there is one (no global request; deleted through the same token), else in the channel.
A table keeps at most one live ping: the previous one is deleted when the turn moves,
through the token that posted it while that token is young enough (its age counted from
the token's making, not from the ping's, which may be much younger), else through the
bot's own token (a channel request). The live ping's message id is stored
(``table_pings``), so a restarted bot deletes the ping the old process posted before it
pings again; a restarted bot holds no token, so that ping goes by a channel request.
When the table message is posted anew (``/table``, or before it is an hour old) the live
ping is edited to link to the new one (``moved``), notifying nobody twice.
A failure is logged (type, status and code only) and never stops the table.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import discord

from bot.discord.faults import UNKNOWN_MESSAGE, describe
from bot.discord.pictures import TableImages
from bot.discord.tokens import Tokens
from bot.i18n import _, use_locale
from bot.render.announce import (
    NOBODY,
    game_end_embed,
    only,
    ping_text,
    rating_note,
    result_dm_text,
    round_end_embed,
)
from bot.render.embeds import hand_embed
from bot.render.table_message import end_view, jump_url, ping_view
from bot.seen import Seen
from bot.tables.model import Table
from storage.database import Database
from storage.guild_settings import GuildSettings
from storage.notify import NotifyRepo, PingRepo

log = logging.getLogger(__name__)

ENDED_KEPT = 1000  # closed tables remembered, so a late render never announces twice


@dataclass
class Sent:
    """A message this table posted: its id and the interaction that posted it (``None``
    for a channel message), with the time that interaction's token was made: the token
    works 15 minutes from then, however young the message."""

    message_id: int
    interaction: discord.Interaction[Any] | None
    token_at: float


@dataclass
class Heard:
    """What a table has told so far."""

    rounds: int
    to_act: int | None = None
    ping: Sent | None = None
    stored: int | None = None  # the live ping's message id as storage knows it


class Shows(Protocol):
    """What the news works through: ``bot.discord.publisher.DiscordNotifier``."""

    client: discord.Client
    db: Database
    images: TableImages
    tokens: Tokens

    def channel(self, table: Table) -> discord.PartialMessageable: ...

    def reader_language(self, table: Table, user_id: int) -> str: ...


class News:
    """Turn pings, round ends and game ends of one notifier's tables."""

    def __init__(self, notifier: Shows) -> None:
        self.notifier = notifier
        self.heard: dict[int, Heard] = {}
        self.ended: OrderedDict[int, None] = OrderedDict()  # closed tables, newest last
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id

    async def after_render(self, table: Table) -> None:
        """Tell what changed since the last render."""
        if table.state is None or table.id in self.ended:
            return
        heard = self.heard.get(table.id)
        if heard is None:  # first sight (a new game, or a table restored after a restart)
            heard = self.heard[table.id] = await self._first_sight(table)
        if not table.status.is_open:
            del self.heard[table.id]
            self.ended[table.id] = None
            while len(self.ended) > ENDED_KEPT:
                self.ended.popitem(last=False)
            await self._unping(table, heard)
            await self._store_ping(table, heard)
            if table.finished:
                await self._game_end(table)
            return
        if len(table.rounds) > heard.rounds:
            heard.rounds = len(table.rounds)
            await self._round_end(table)
        seat = table.to_act()
        if seat == heard.to_act:
            return  # the same person keeps the turn (a Soi player who keeps asking)
        heard.to_act = seat
        await self._unping(table, heard)
        if seat is not None and await self._pingable(table, seat):
            await self._ping(table, seat, heard)
        await self._store_ping(table, heard)

    # ------------------------------------------------------------------ pings

    def live_ping(self, table_id: int) -> Sent | None:
        """The table's live turn ping, if it has one."""
        heard = self.heard.get(table_id)
        return heard.ping if heard is not None else None

    async def retire_ping(self, table: Table, message_id: int) -> None:
        """Delete the table's live ping if it is still ``message_id`` (its token is about
        to lapse: later nothing could delete it)."""
        heard = self.heard.get(table.id)
        if heard is not None and heard.ping is not None and heard.ping.message_id == message_id:
            await self._unping(table, heard)
            await self._store_ping(table, heard)

    async def _first_sight(self, table: Table) -> Heard:
        """What a table has told when this process first renders it: the live ping an
        earlier process posted (to be deleted when the turn is told again), if any."""
        heard = Heard(rounds=len(table.rounds))
        try:
            heard.stored = await PingRepo(self._db()).live(table.id)
        except Exception as exc:
            log.warning("Table %s: reading its live ping failed: %s", table.id, describe(exc))
        if heard.stored is not None:
            heard.ping = Sent(heard.stored, None, float("-inf"))
        return heard

    async def _store_ping(self, table: Table, heard: Heard) -> None:
        live = heard.ping.message_id if heard.ping is not None else None
        if live == heard.stored:
            return
        try:
            await PingRepo(self._db()).set_live(table.id, live)
            heard.stored = live
        except Exception as exc:
            log.warning("Table %s: storing its live ping failed: %s", table.id, describe(exc))

    def _db(self) -> Database:
        return self.notifier.db

    async def _pingable(self, table: Table, seat: int) -> bool:
        record = table.seats[seat]
        if record.user_id is None or record.resigned or record.is_computer_held:
            return False
        settings = await self.notifier.images.settings(table.record.guild_id)
        if settings is None or not settings.pings:
            return False
        try:
            return await NotifyRepo(self._db()).pings_on(record.user_id)
        except Exception as exc:
            log.warning("Reading the ping choice of a player failed: %s", describe(exc))
            return False

    async def _ping(self, table: Table, seat: int, heard: Heard) -> None:
        user_id = table.seats[seat].user_id
        assert user_id is not None
        seen = table.seen()
        text = ping_text(seen, seat, jump_url(seen))
        heard.ping = await self._send(table, "turn ping", content=text,  # i18n: not for people
                                      view=ping_view(seen), allowed_mentions=only(user_id))

    async def _unping(self, table: Table, heard: Heard) -> None:
        sent, heard.ping = heard.ping, None
        if sent is None:
            return
        tokens = self.notifier.tokens
        try:
            if (interaction := _live_token(sent, tokens)) is not None:
                try:
                    await interaction.followup.delete_message(sent.message_id)
                    return
                except discord.HTTPException as exc:
                    if exc.code == UNKNOWN_MESSAGE:
                        return  # deleted already (by a moderator)
                    # the token no longer works (Discord: 50027 invalid webhook token, or
                    # 10015 unknown webhook): the bot's own
                    log.info("Table %s: its ping's token was refused (%s); deleting it in "
                             "the channel", table.id, describe(exc))
            if table.record.interaction_only:
                return  # no channel request there: an old ping stays (its token lapsed)
            await self.notifier.channel(table).get_partial_message(sent.message_id).delete()
        except discord.NotFound:
            pass
        except Exception as exc:
            log.warning("Table %s: deleting its turn ping failed: %s", table.id, describe(exc))

    async def moved(self, table: Table) -> None:
        """The table message was posted anew: the live turn ping links to the new one
        (edited, so nobody is notified twice)."""
        heard = self.heard.get(table.id)
        if heard is None or heard.ping is None or heard.to_act is None:
            return
        sent = heard.ping
        user_id = table.seats[heard.to_act].user_id
        if user_id is None:
            return
        content = ping_text(table.seen(), heard.to_act, jump_url(table.record))
        mentions = only(user_id)
        tokens = self.notifier.tokens
        try:
            if (interaction := _live_token(sent, tokens)) is not None:
                try:
                    await interaction.followup.edit_message(
                        sent.message_id, content=content, allowed_mentions=mentions)
                    return
                except discord.HTTPException as exc:
                    if exc.code == UNKNOWN_MESSAGE:
                        return  # deleted already (by a moderator)
                    log.info("Table %s: its ping's token was refused (%s); editing it in "
                             "the channel", table.id, describe(exc))
            if table.record.interaction_only:
                return  # no channel request there: the old ping keeps its old link
            await self.notifier.channel(table).get_partial_message(sent.message_id).edit(
                content=content, allowed_mentions=mentions)
        except discord.HTTPException as exc:
            log.info("Table %s: its ping could not link to the new message: %s", table.id,
                     describe(exc))

    # ---------------------------------------------------------- announcements

    async def _round_end(self, table: Table) -> None:
        embed = round_end_embed(table.seen())
        if embed is None:
            return
        files = await self.notifier.images.round_end_file(table, embed)
        await self._send(table, "round end", embed=embed, files=files,  # i18n: not for people
                         allowed_mentions=NOBODY)

    async def _game_end(self, table: Table) -> None:
        settings = await self.notifier.images.settings(table.record.guild_id)
        counts = settings.count_computer_games if settings is not None else \
            GuildSettings(table.record.guild_id).count_computer_games
        seen = table.seen()  # the game as it ended
        embed = game_end_embed(seen, rating_note(seen, counts))
        files = await self.notifier.images.round_end_file(table, embed)
        await self._send(table, "game end", embed=embed,  # i18n: not for people
                         files=files, view=end_view(seen),
                         allowed_mentions=NOBODY)
        for record in table.seats:
            if record.user_id is not None:
                with use_locale(self.notifier.reader_language(table, record.user_id)):
                    await self._result_dm(table, seen, record.seat, record.user_id, counts)

    async def _result_dm(self, table: Table, seen: Seen, seat: int, user_id: int,
                         counts: bool) -> None:
        guild = self.notifier.client.get_guild(table.record.guild_id)
        text = result_dm_text(seen, seat, jump_url(seen), rating_note(seen, counts),
                              guild.name if guild else None)
        embed = hand_embed(seen, seat, title=_("Your final cards"))
        # no picture: the text lists his final cards, and the game-end message's picture
        # shows every seat's (issue 42: a picture is not uploaded twice)
        try:
            if await self.notifier.images.reads_text(user_id):  # his cards in words
                await self.notifier.images.hand_file(table, seat, embed)  # words, no file
                await self.private(table, user_id, content=text, embed=embed)
            else:
                await self.private(table, user_id, content=text)
        except discord.Forbidden:
            log.info("Table %s: seat %s does not take DMs", table.id, seat)
        except Exception as exc:
            log.warning("Table %s: the result DM to seat %s failed: %s", table.id, seat,
                        describe(exc))

    async def private(self, table: Table, user_id: int, **message: Any) -> None:
        """A message only ``user_id`` sees: an ephemeral follow-up of their newest
        interaction at the table while its token is fresh (no global request), else a DM
        (``discord.Forbidden`` when they take no DMs)."""
        tokens = self.notifier.tokens
        interaction = tokens.fresh_private(table.id, user_id)
        if interaction is not None and tokens.follow_up_allowed(
                interaction, capped=table.record.interaction_only):
            forget = partial(tokens.forget_private, table.id, user_id, interaction)
            sent, _reply = await _follow_up(
                table, interaction, forget,
                tried="a private follow-up", instead="sending a DM",  # i18n: not for people
                ephemeral=True, **message)
            if sent:
                return
        if table.record.interaction_only:
            return  # no DM from a group DM: the cards are a press of My cards away
        await self.dm(user_id, **message)

    async def dm(self, user_id: int, **message: Any) -> None:
        """Send a DM through the user's cached DM channel (opened once, never a user
        lookup before each DM)."""
        channel_id = self.dm_channels.get(user_id)
        client = self.notifier.client
        if channel_id is None:
            channel = await client.create_dm(discord.Object(user_id))
            channel_id = self.dm_channels[user_id] = channel.id
        await client.get_partial_messageable(
            channel_id, type=discord.ChannelType.private).send(**message)

    # ------------------------------------------------------------------ sending

    async def _send(self, table: Table, what: str, **message: Any) -> Sent | None:
        """A public message: a follow-up of the table's fresh interaction, else a channel
        message; ``None`` when it could not be sent."""
        tokens = self.notifier.tokens
        interaction = tokens.fresh(table.id, table.record.message_id)
        born = tokens.since(table.id)  # read with ``fresh``: the follow-up may take a while
        if interaction is not None and tokens.follow_up_allowed(
                interaction, capped=table.record.interaction_only):
            forget = partial(tokens.forget, table.id, interaction)
            sent, reply = await _follow_up(
                table, interaction, forget,
                tried=f"a {what} through its token",  # i18n: not for people
                instead="posting in the channel",  # i18n: not for people
                wait=True, **message)
            if sent:
                return Sent(reply.id, interaction, tokens.clock() if born is None else born)
        if table.record.interaction_only:
            return None  # no channel there: the table message shows it
        try:
            posted = await self.notifier.channel(table).send(**message)
        except Exception as exc:
            log.warning("Table %s: the %s failed: %s", table.id, what, describe(exc))
            return None
        return Sent(posted.id, None, tokens.clock())


def _live_token(sent: Sent, tokens: Tokens) -> discord.Interaction[Any] | None:
    """The interaction that posted the ping ``sent``, while its token can still change it."""
    if sent.interaction is None or tokens.clock() - sent.token_at >= tokens.lifetime:
        return None
    return sent.interaction


async def _follow_up(table: Table, interaction: discord.Interaction[Any],
                     forget: Callable[[], None], *, tried: str, instead: str,
                     **message: Any) -> tuple[bool, Any]:
    """Send ``message`` as a follow-up of ``interaction``: ``(True, what Discord returned)``,
    or ``(False, None)`` when Discord refused it. A refusal is logged (``tried`` failed,
    ``instead`` is done), the token is dropped (``forget``: it would fail again) and the
    message's files are rewound, so the caller's fallback can send the same message."""
    try:
        return True, await interaction.followup.send(**message)
    except discord.HTTPException as exc:
        log.info("Table %s: %s failed (%s); %s", table.id, tried, describe(exc), instead)
        forget()
        for file in message.get("files") or ():
            file.reset()
        return False, None

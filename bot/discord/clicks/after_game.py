"""Clicks after a game is over, on a table the service no longer holds: Rematch and New
game (under the game-end message), Last round, Replay and Review my game (on the final
table message). Their own handler: :func:`finished` is the check (is there such a game?),
:func:`handle` the act (``bot.discord.clicks.routes`` calls both).

The finished table is read back from storage and its log replayed (only public events are
kept for the replay); a few replays stay cached per client.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.answers import say
from bot.discord.kept import Finished
from bot.discord.parts import App
from bot.discord.reviews import on_review
from bot.games.protocol import GameError, replaying
from bot.i18n import _, number, use_locale
from bot.options import OptionError, effective_options
from bot.render.card_text import legible, truncate
from bot.render.components import ComponentId, Kind
from bot.render.embeds import last_round_embed, lobby_embed, title_of
from bot.render.names import shown_all
from bot.render.table_message import jump_url, lobby_view, replay_view
from bot.tables.lobby import build_variant
from bot.tables.model import Table, TableError, TableExists, Voice
from storage.guild_settings import GuildSettingsRepo
from storage.tables import StoredTable, TableRepo, TableStatus

if TYPE_CHECKING:
    from bot.games.registry import Game

log = logging.getLogger(__name__)

KINDS = frozenset({Kind.REMATCH, Kind.NEW_GAME, Kind.REPLAY, Kind.LAST_ROUND, Kind.REVIEW})
LINES_PER_PAGE = 15
CACHED_GAMES = 16


async def finished(app: App, table_id: int) -> Finished | None:
    """The finished table ``table_id`` (``None`` if there is none)."""
    cache = app.kept.finished
    if table_id in cache:
        cache.move_to_end(table_id)
        return cache[table_id]
    stored = await TableRepo(app.db).load(table_id)
    if stored is None or stored.table.status is not TableStatus.FINISHED:
        return None
    rebuilt = replay(stored, app.tables.voice, app.games[stored.table.game])
    cache[table_id] = rebuilt
    while len(cache) > CACHED_GAMES:
        cache.popitem(last=False)
    return rebuilt


def replay(stored: StoredTable, voice: Voice, game: Game) -> Finished:
    """Play the stored log of a game of ``game`` again (its channel text written in
    ``voice``, as the live table's was); keep the public events' texts."""
    rec = stored.table
    table = Table(record=rec, seats=list(stored.seats), entry=game, voice=voice)
    engine = table.engine
    table.state = engine.new_game(len(table.seats), rec.seed, build_variant(engine, rec.variant))
    table.start_rounds()
    names = shown_all(table.names)  # names are data on the replay's pages too
    lines = [_("{game} dealt to {names}.", game=title_of(game), names=", ".join(names))]
    for step in replaying(engine, table.state, [entry.text for entry in stored.actions]):
        table.state = step.transition.state
        table.record_events(step.transition.events)
        table.track_round()
        lines.extend(e.render(names) for e in step.transition.events if e.seats is None)
    return Finished(table, tuple(lines))


async def handle(interaction: discord.Interaction[Any], app: App, done: Finished,
                 cid: ComponentId) -> None:
    """Answer an after-game click (``cid.kind`` one of :data:`KINDS`) on the finished
    game ``done``, made in the table's own place (``routes`` checked it)."""
    kind = Kind(cid.kind)
    if kind is Kind.REPLAY:
        await _replay(interaction, done, cid)
    elif kind is Kind.LAST_ROUND:
        await _last_round(interaction, app, done.table)
    elif kind is Kind.REVIEW:
        await on_review(interaction, app, done.table, cid.arg)
    else:
        await _open(interaction, app, done.table, rematch=kind is Kind.REMATCH)


async def _last_round(interaction: discord.Interaction[Any], app: App, table: Table) -> None:
    embed = last_round_embed(table.seen())
    if embed is None:
        await say(interaction, _("No round was scored at this table."))
        return
    files = await app.images.round_end_file(table, embed, reader=interaction.user.id)
    await say(interaction, embed=embed, files=files)


def replay_page(done: Finished, page: int) -> tuple[discord.Embed, int]:
    """One page of the game's public moves, and how many pages there are."""
    lines = done.lines
    pages = max(1, -(-len(lines) // LINES_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = lines[page * LINES_PER_PAGE:(page + 1) * LINES_PER_PAGE]
    table = done.table
    embed = discord.Embed(
        title=_("Replay — {game} table #{table}", game=title_of(table.entry), table=table.id),
        description=truncate(legible("\n".join(f"• {line}" for line in shown)), 4096),
        colour=table.entry.colour,
    )
    embed.set_footer(text=_("Page {page} of {pages} · public moves only",
                            page=number(page + 1), pages=number(pages)))
    return embed, pages


async def _replay(interaction: discord.Interaction[Any], done: Finished,
                  cid: ComponentId) -> None:
    try:
        page = int(cid.arg or 0)
    except ValueError:
        page = 0
    embed, pages = replay_page(done, page)
    page = min(max(page, 0), pages - 1)
    view = replay_view(done.table.id, cid.version, page, pages)
    message = interaction.message
    if message is not None and message.flags.ephemeral:  # paging an open replay
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await say(interaction, embed=embed, view=view)


async def _open(interaction: discord.Interaction[Any], app: App, old: Table,
                *, rematch: bool) -> None:
    """A lobby in the channel: the same seats and options (Rematch) or the game with the
    server's defaults (New game); whoever clicks hosts it."""
    user = interaction.user
    people = [s.user_id for s in old.seats if s.user_id is not None]
    if rematch and user.id not in people:
        await say(interaction, _("Only the players of table #{table} can ask for a rematch "
                                  "— press **New game** to open a table.", table=old.id))
        return
    rec, service = old.record, app.tables
    settings = await GuildSettingsRepo(app.db).get(rec.guild_id)
    try:
        if rematch:
            options, seconds = dict(rec.variant), rec.timer_seconds
        else:
            options = effective_options(old.entry, settings.options_for(rec.game), {})
            seconds = settings.turn_timer
        table = await service.open(
            guild_id=rec.guild_id, channel_id=rec.channel_id, host_id=user.id,
            host_name=user.display_name, game=rec.game, options=options,
            timer_seconds=seconds, home=rec.home,
        )
    except TableExists as exc:
        existing = service.get(exc.table_id)
        await say(interaction, _("This channel already has an open table: {url}",
                                  url=jump_url(existing.record)) if existing is not None else
                   _("This channel already has an open table."))
        return
    except (GameError, TableError, OptionError) as exc:
        await say(interaction, _("That table cannot be opened: {problem}", problem=exc))
        return
    others = [u for u in people if u != user.id]
    if rematch:
        table.seat_order = tuple(s.user_id for s in old.seats)
        if settings.computer_seats:
            for seat in old.seats:
                if seat.user_id is None and seat.computer_level:
                    await service.add_computer(table.id, None, user.id, seat.computer_level)
    with use_locale(table.language):  # the new lobby is public: the server's language
        calls = " ".join(f"<@{u}>" for u in others)
        if not rematch:
            text = _("A new {game} table — press **Join** to sit down.",
                     game=title_of(table.entry))
        elif others:
            text = _("Rematch of table #{table}: {calls} — press **Join** to play again; the "
                     "host starts.", table=old.id, calls=calls)
        else:
            text = _("Rematch of table #{table}.", table=old.id)
        seen = table.seen()
        embed = lobby_embed(seen)
        view = lobby_view(seen, computers=settings.computer_seats)
    await interaction.response.send_message(
        text, embed=embed, view=view,
        allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(u) for u in others], roles=False, everyone=False),
    )
    message = await interaction.original_response()
    await service.set_message(table.id, message.id)
    if table.record.interaction_only:  # the new lobby is this answer: shown through it
        app.publisher.home.pressed(table, interaction, message.id)

"""The one Discord router of table components: every table button and select ends here,
is checked, goes through ``TableService`` and is answered exactly once (ephemeral for
anything personal).

``on_component`` is the entry point: the ``on_interaction`` listener of
``cogs.table_events`` passes it every interaction; it takes those whose custom_id is a
table's (``cr:``/``cs:``, see ``bot.render.components``), and :data:`HANDLERS` maps each
:class:`~bot.render.components.Kind` to its handler. A kind this code does not know (a
message older than a change of kinds) is answered "out of date".

A click is read in full (its custom_id and arguments, :mod:`bot.discord.click_args`)
before its handler runs, and only what does not read is answered "out of date": an
exception inside a handler is a failure, logged once with its traceback, and the player
is told the action failed and nothing changed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import after_game, hints
from bot.discord.click_args import BadArgument, check_id, check_step, game_move
from bot.discord.panel_replies import SEAT_PNG, kept_picture, pictured_panel, seat_image
from bot.discord.pictures import images_of
from bot.discord.tokens import answer_privately, tokens_of
from bot.games.protocol import GameError
from bot.games.registry import game
from bot.i18n import N_, _, use_locale
from bot.metrics import discord_error
from bot.render.card_text import legible
from bot.render.components import (
    BUTTON_PREFIX,
    OTHER_IDS,
    SELECT_PREFIX,
    STEP_KINDS,
    ComponentId,
    Kind,
    Step,
    notation_of,
    parse_custom_id,
)
from bot.render.embeds import hand_embed, last_round_embed, lobby_embed
from bot.render.panels import automatic_move, panel
from bot.render.table_message import jump_url, lobby_view
from bot.tables.model import StaleAction, Table, TableError
from storage.errors import StorageBusy, StorageError
from storage.guild_settings import GuildSettingsRepo

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)

STALE = N_("This button is out of date — here is the current table: {url}")
UNKNOWN = N_("This button is out of date — the bot has changed since: {url}")
FAILED = N_("That failed, so nothing changed — please try again.")
MALFORMED = N_("This button is out of date — press a button on the current table message.")
ELSEWHERE = N_("This button belongs to a table in another channel.")
BUSY = N_("The database is busy just now — please try again in a moment.")
NOT_SAVED = N_("That could not be saved just now, so nothing changed — please try again.")
DISCORD_REFUSED = N_("Discord did not take the answer just now — please try again.")
PLAYED = N_("Your move was played, but the panel could not be updated — press Take turn.")


@dataclass(frozen=True, slots=True)
class Click:
    """One click on a table component, decoded."""

    interaction: discord.Interaction[Any]
    service: TableService
    table: Table
    cid: ComponentId
    kind: str  # a Kind, or one of the table's game's own kinds (its Look's steps, notations)
    values: list[str]  # a select's chosen values; empty for a button
    move: str = ""  # the notation a game's own choice stands for (read before the handler)

    @property
    def choice(self) -> str:
        """What was chosen: a select's first value, else the button's argument."""
        return self.values[0] if self.values else self.cid.arg


Handler = Callable[[Click], Awaitable[None]]


def service_of(interaction: discord.Interaction[Any]) -> TableService:
    """The bot's ``TableService``."""
    service: TableService = interaction.client.tables
    return service


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer ephemerally: the response if not yet given, else a follow-up."""
    text = legible(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def computers_allowed(interaction: discord.Interaction[Any], table: Table) -> bool:
    """Does the table's server allow computer seats?"""
    try:
        db = interaction.client.db
        return bool((await GuildSettingsRepo(db).get(table.record.guild_id)).computer_seats)
    except Exception:
        log.exception("Reading guild settings failed")
        return False


def failure_text(exc: BaseException) -> str:
    """The short answer a person gets when a command or a click failed with ``exc``."""
    if isinstance(exc, StorageBusy):
        return _(BUSY)
    if isinstance(exc, StorageError):
        return _(NOT_SAVED)
    if isinstance(exc, discord.HTTPException):
        return _(DISCORD_REFUSED)
    return _(FAILED)


def log_failure(what: str, exc: BaseException) -> None:
    """One log line for a failed command or click, without its payload: storage and
    Discord errors by type and status; a bug with its traceback (our own code's frames)."""
    discord_error(exc)  # the operator's metrics
    if isinstance(exc, StorageError):
        log.warning("%s failed: %s", what, type(exc).__name__)
    elif isinstance(exc, discord.HTTPException):
        log.warning("%s failed: Discord %s (code %s)", what, exc.status, exc.code)
    else:
        log.error("%s failed: %s", what, type(exc).__name__, exc_info=exc)


async def answer_once(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ``text`` ephemerally unless the interaction was answered already: the
    response if none was given, a follow-up if it was only deferred. Never raises."""
    response = interaction.response
    deferred = (discord.InteractionResponseType.deferred_channel_message,
                discord.InteractionResponseType.deferred_message_update)
    try:
        if not response.is_done():
            await response.send_message(text, ephemeral=True)
        elif response.type in deferred:
            await interaction.followup.send(text, ephemeral=True)
    except Exception as exc:  # the answer itself failed (expired, Discord down)
        log.warning("Could not answer a failed interaction: %s", type(exc).__name__)


def _on_a_panel(interaction: discord.Interaction[Any]) -> bool:
    """Was the click made on an ephemeral message (a control panel)?"""
    message = interaction.message
    return message is None or bool(message.flags.ephemeral)


async def on_component(interaction: discord.Interaction[Any]) -> bool:
    """Handle a click on a table button or a choice in a table select; ``False`` (and
    nothing done) for any other interaction. A malformed table custom_id is answered "out
    of date"; any failure is answered once (``failure_text``) and logged once."""
    if interaction.type is not discord.InteractionType.component:
        return False
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    parsed = parse_custom_id(custom_id)
    if parsed is None:
        if not custom_id.startswith((f"{BUTTON_PREFIX}:", f"{SELECT_PREFIX}:")) or \
                custom_id.startswith(OTHER_IDS):
            return False  # not a table's (the rules pages, the stats pages, another bot's)
        log.info("A malformed table component id was clicked (%d characters)", len(custom_id))
        await answer_once(interaction, _(MALFORMED))
        return True
    prefix, cid = parsed
    raw = data.get("values")
    values = [] if prefix == BUTTON_PREFIX else [str(v) for v in raw or ()]
    try:
        check_id(cid)
        if prefix == SELECT_PREFIX and not values:
            raise BadArgument("a select with no value")  # i18n: not for people
    except BadArgument as exc:
        log.info("A table component id that does not read was clicked (%s)", exc)
        await answer_once(interaction, _(MALFORMED))
        return True
    try:
        await route(interaction, cid, values)
    except Exception as exc:
        log_failure(f"Table component {prefix}:{cid.kind}", exc)  # i18n: not for people
        await answer_once(interaction, failure_text(exc))
    return True


async def route(interaction: discord.Interaction[Any], cid: ComponentId,
                values: list[str]) -> None:
    """Find the table, check the click was made where the table is, find the kind's
    handler, read the click's arguments ("out of date" when they do not read), run the
    handler, and answer a refusal kindly. Anything else the handler raises goes up to
    ``on_component``: logged with its traceback, answered as a failure."""
    service = service_of(interaction)
    table = service.get(cid.table_id)
    if (table is None or table.finished) and await after_game.handle(interaction, service, cid):
        return  # Rematch, New game, Replay, a finished game's Last round
    if table is None:
        await reply(interaction, _("This table is closed."))
        return
    if not after_game.same_place(interaction, table):
        log.info("Table %s: a click from another server or channel was refused", table.id)
        await reply(interaction, _(ELSEWHERE))
        return
    kind = kind_of(cid)
    handler = handler_for(table, kind)
    if handler is None:
        await reply(interaction, _(UNKNOWN, url=jump_url(table)))
        return
    if handler in PANEL_HANDLERS and not _on_a_panel(interaction):
        # a panel's step forged onto a public message would edit that message into a panel
        log.info("Table %s: a panel step from a public message was refused", table.id)
        await reply(interaction, _(MALFORMED))
        return
    click = Click(interaction, service, table, cid, kind, values)
    try:
        click = read_arguments(click, handler)
    except BadArgument as exc:
        log.info("Table %s: a %s click with an argument that does not read (%s)", table.id,
                 kind, exc)
        await answer_once(interaction, _(STALE, url=jump_url(table)))
        return
    try:
        await handler(click)
        _remember_private(interaction, table)
    except (TableError, GameError) as exc:
        if isinstance(exc, StaleAction):
            await reply(interaction, _(STALE, url=jump_url(table)))
        else:
            await reply(interaction, str(exc) or _("That cannot be done now."))


def read_arguments(click: Click, handler: Handler) -> Click:
    """``click`` with its arguments read for ``handler``; ``BadArgument`` when they do not
    read. A click on an older version is left to its handler (which says "out of date")."""
    if click.cid.version != click.table.version:
        return click
    if handler is _navigate:
        check_step(click.table, click.kind, click.choice)
    elif handler is _game_choice:
        move = game_move(click.table, click.kind, click.cid.arg, click.values)
        return replace(click, move=move)
    return click


def _remember_private(interaction: discord.Interaction[Any], table: Table) -> None:
    """Keep a seated person's answered click at the table: its token reaches them privately
    at the next deal (``Tokens.remember_private``)."""
    user_id = interaction.user.id
    if interaction.response.is_done() and table.seat_of(user_id) is not None:
        tokens_of(interaction.client).remember_private(table.id, user_id, interaction)


def kind_of(cid: ComponentId) -> str:
    """The click's kind: a shared :class:`Kind`, else the code as sent (one of the game's
    own kinds, or one this code does not know)."""
    try:
        return Kind(cid.kind)
    except ValueError:
        return cid.kind


def handler_for(table: Table, kind: str) -> Handler | None:
    """The handler of ``kind`` at ``table``: the dispatch table, a panel step (shared or
    the table's game's), or a move the table's game makes of a choice (e.g. Turup's
    captures); ``None`` for a kind nobody here knows."""
    look = game(table.game).look
    if isinstance(kind, Kind) and kind in HANDLERS:
        return HANDLERS[kind]
    if kind in STEP_KINDS or kind in look.steps:
        return _navigate
    if kind in look.notations:
        return _game_choice
    return None


# ----------------------------------------------------------------- the lobby


async def _show_lobby(interaction: discord.Interaction[Any], table: Table) -> None:
    """Edit the (public) lobby message in the server's language."""
    computers = await computers_allowed(interaction, table)
    with use_locale(table.language):
        embed, view = lobby_embed(table), lobby_view(table, computers=computers)
    await interaction.response.edit_message(embed=embed, view=view)


async def _join(click: Click) -> None:
    user = click.interaction.user
    await click.service.join(click.table.id, click.cid.version, user.id, user.display_name)
    await _show_lobby(click.interaction, click.table)


async def _leave(click: Click) -> None:
    await click.service.leave(click.table.id, click.cid.version, click.interaction.user.id)
    await _show_lobby(click.interaction, click.table)


async def _remove_computer(click: Click) -> None:
    await click.service.remove_computer(click.table.id, click.cid.version,
                                        click.interaction.user.id)
    await _show_lobby(click.interaction, click.table)


async def _add_computer(click: Click) -> None:
    if not await computers_allowed(click.interaction, click.table):
        raise TableError(_("This server does not allow computer players."))
    await click.service.add_computer(click.table.id, click.cid.version,
                                     click.interaction.user.id, click.choice)
    await _show_lobby(click.interaction, click.table)


async def _start(click: Click) -> None:
    await click.service.start(click.table.id, click.cid.version, click.interaction.user.id)
    await click.interaction.response.defer()
    tokens_of(click.interaction.client).remember(click.table.id, click.interaction)


async def _cancel(click: Click) -> None:
    perms = click.interaction.permissions
    await click.service.cancel(click.table.id, click.interaction.user.id,
                               moderator=bool(perms and perms.manage_messages))
    await reply(click.interaction, _("The table is cancelled."))


# ---------------------------------------------------------- the table message


async def _hand(interaction: discord.Interaction[Any], table: Table, seat: int,
                embed: discord.Embed) -> list[discord.File]:
    """The seat's ``hand.png`` on ``embed`` (ephemeral replies only), or none."""
    return await images_of(interaction.client).hand_file(table, seat, embed)


async def _my_cards(click: Click) -> None:
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing at this table."))
    if table.state is None:
        raise TableError(_("The cards are not dealt yet."))
    embed = hand_embed(table, seat)
    files = await _hand(click.interaction, table, seat, embed)
    await click.interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def _last_round(click: Click) -> None:
    """The last scored round with its picture, for anyone who asks (all of it is public)."""
    embed = last_round_embed(click.table)
    if embed is None:
        raise TableError(_("No round has been scored at this table yet."))
    files = await images_of(click.interaction.client).round_end_file(
        click.table, embed, reader=click.interaction.user.id)
    await click.interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def _take_turn(click: Click) -> None:
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing at this table."))
    if not table.running:
        raise TableError(_("The game is not running."))
    if table.seats[seat].is_computer_held:
        raise TableError(_("A computer player holds your seat: press Take my seat back first."))
    to_act = table.to_act()
    if to_act != seat:
        who = table.shown_names[to_act] if to_act is not None else _("nobody")
        raise TableError(_("It is not your turn — {who} is to act. Press My cards to see yours.",
                           who=who))
    note = None
    move = automatic_move(table)
    if move is not None:  # drawing is the only move: draw now, show the placements
        result = await click.service.act(table.id, click.interaction.user.id, move,
                                         version=table.version)
        note = "\n".join(f"› {e}" for e in result.events[-3:]) or None
    await hints.refresh(click.interaction.client, table)
    embed, view, files = await pictured_panel(click.interaction, table, seat, note)
    message = click.interaction.message
    if message is not None and message.id != table.record.message_id:
        # Take turn on a turn ping: the panel is the answer itself (the table message's
        # token stays the one that updates it)
        await click.interaction.response.send_message(embed=embed, view=view, files=files,
                                                      ephemeral=True)
        return
    await answer_privately(click.interaction, table.id, embed=embed, view=view, files=files)


async def _take_back(click: Click) -> None:
    user_id = click.interaction.user.id
    await click.service.take_back(click.table.id, None, user_id)
    seat = click.table.seat_of(user_id)
    assert seat is not None
    await hints.refresh(click.interaction.client, click.table)
    embed, view, files = await pictured_panel(click.interaction, click.table, seat,
                                               _("Your seat is yours again."))
    await click.interaction.response.send_message(embed=embed, view=view, files=files,
                                                  ephemeral=True)


# ------------------------------------------------------------ the control panel


async def _navigate(click: Click) -> None:
    """Show the panel at the step the component leads to (no move is made)."""
    table = click.table
    if click.cid.version != table.version:
        raise StaleAction()
    seat = table.seat_of(click.interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing at this table."))
    message = click.interaction.message
    pictured = any(a.filename == SEAT_PNG for a in (message.attachments if message else []))
    embed, view = panel(table, seat, Step(click.kind, click.choice), picture=pictured)
    kept: list[Any] = kept_picture(click.interaction, embed)
    if not kept:  # no picture to keep (text mode, images off): the panel's words again
        kept = await seat_image(click.interaction, table, seat, embed)
    await click.interaction.response.edit_message(embed=embed, view=view, attachments=kept)


async def _game_choice(click: Click) -> None:
    """A choice the table's game turns into a move (e.g. one of Turup's captures)."""
    table = click.table
    if click.cid.version != table.version:
        raise StaleAction()
    await _play(click, click.move)


async def _after_game(click: Click) -> None:
    """Rematch, New game and Replay: only once the game is over (``after_game``)."""
    if not await after_game.handle(click.interaction, click.service, click.cid):
        raise TableError(_("The game is not over yet."))


async def _act(click: Click) -> None:
    """Play the notation a button carries or a select's chosen value."""
    await _play(click, click.values[0] if click.values else notation_of(click.cid.arg))


async def _play(click: Click, text: str) -> None:
    """Play the move, then show the new panel in the reply: with the seat's new picture
    while his turn goes on, without one once it has passed (the table message shows the
    move; Take turn draws the picture again next time)."""
    table = click.table
    result = await click.service.act(table.id, click.interaction.user.id, text,
                                     version=click.cid.version)
    try:
        note = "\n".join(f"› {e}" for e in result.events[-3:]) or None
        embed, view, files = await pictured_panel(click.interaction, table, result.seat, note)
    except Exception:
        log.exception("Showing the panel after a move at table %s failed", table.id)
        await reply(click.interaction, _(PLAYED))
        return
    await click.interaction.response.edit_message(embed=embed, view=view, attachments=files)


HANDLERS: dict[Kind, Handler] = {
    Kind.JOIN: _join,
    Kind.LEAVE: _leave,
    Kind.START: _start,
    Kind.CANCEL: _cancel,
    Kind.ADD_COMPUTER: _add_computer,
    Kind.REMOVE_COMPUTER: _remove_computer,
    Kind.TAKE_TURN: _take_turn,
    Kind.MY_CARDS: _my_cards,
    Kind.LAST_ROUND: _last_round,
    Kind.TAKE_BACK: _take_back,
    Kind.ACT: _act,
    Kind.REMATCH: _after_game,
    Kind.NEW_GAME: _after_game,
    Kind.REPLAY: _after_game,
    Kind.REVIEW: _after_game,
    Kind.HINT: hints.on_hint,
}
"""Every kind the lobby, the table message and the panel share; a game's step kinds go to
``_navigate`` and its own choices to ``_game_choice``."""

PANEL_HANDLERS: frozenset[Handler] = frozenset({_navigate, _game_choice, _act})
"""The handlers of a control panel's components: they answer by editing the message
clicked, so they are taken only from an ephemeral message."""

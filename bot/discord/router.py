"""The handlers of table components: :data:`HANDLERS` maps each
:class:`~bot.render.components.Kind` to its handler, a game's panel steps go to
``_navigate`` and its own choices to ``_game_choice`` (:func:`handler_for`).

Clicks reach them through :mod:`bot.discord.routes` (discord.py's ``DynamicItem``s over the
custom_id), which checks place, seat and version and reads the click's arguments first
(:func:`read_arguments`); a handler refuses with ``TableError``/``GameError`` (answered
kindly there) and anything else it raises is a failure, answered by
:mod:`bot.discord.answers`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord

from bot.discord import after_game, hints
from bot.discord.answers import answer_once, log_failure
from bot.discord.click import Click, Handler
from bot.discord.click_args import check_step, game_move
from bot.discord.panel_replies import SEAT_PNG, kept_picture, pictured_panel, seat_image
from bot.discord.tokens import answer_privately
from bot.i18n import N_, _, use_locale
from bot.render.card_text import legible
from bot.render.components import STEP_KINDS, Kind, Step, notation_of
from bot.render.embeds import hand_embed, last_round_embed, lobby_embed
from bot.render.panels import automatic_move, panel
from bot.render.table_message import lobby_view
from bot.tables.model import Table, TableError
from storage.database import Database
from storage.guild_settings import GuildSettingsRepo

log = logging.getLogger(__name__)

STALE = N_("This button is out of date — here is the current table: {url}")
UNKNOWN = N_("This button is out of date — the bot has changed since: {url}")
MALFORMED = N_("This button is out of date — press a button on the current table message.")
ELSEWHERE = N_("This button belongs to a table in another channel.")
PLAYED = N_("Your move was played, but the panel could not be updated — press Take turn.")


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer ephemerally: the response if not yet given, else a follow-up."""
    text = legible(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def computers_allowed(db: Database, table: Table) -> bool:
    """Does the table's server allow computer seats?"""
    try:
        return bool((await GuildSettingsRepo(db).get(table.record.guild_id)).computer_seats)
    except Exception:
        log.exception("Reading guild settings failed")
        return False


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


def remember_private(click: Click) -> None:
    """Keep a seated person's answered click at the table: its token reaches them privately
    at the next deal (``Tokens.remember_private``)."""
    interaction, table = click.interaction, click.table
    user_id = interaction.user.id
    if interaction.response.is_done() and table.seat_of(user_id) is not None:
        click.app.tokens.remember_private(table.id, user_id, interaction)


def kind_of(code: str) -> str:
    """A click's kind: a shared :class:`Kind`, else the code as sent (one of the game's
    own kinds, or one this code does not know)."""
    try:
        return Kind(code)
    except ValueError:
        return code


def handler_for(table: Table, kind: str) -> Handler | None:
    """The handler of ``kind`` at ``table``: the dispatch table, a panel step (shared or
    the table's game's), or a move the table's game makes of a choice (e.g. Turup's
    captures); ``None`` for a kind nobody here knows."""
    look = table.entry.look
    if isinstance(kind, Kind) and kind in HANDLERS:
        return HANDLERS[kind]
    if kind in STEP_KINDS or kind in look.steps:
        return _navigate
    if kind in look.notations:
        return _game_choice
    return None


# ----------------------------------------------------------------- the lobby


async def _show_lobby(click: Click) -> None:
    """Edit the (public) lobby message in the server's language."""
    interaction, table = click.interaction, click.table
    computers = await computers_allowed(click.app.db, table)
    with use_locale(table.language):
        embed, view = lobby_embed(table), lobby_view(table, computers=computers)
    await interaction.response.edit_message(embed=embed, view=view)


async def _join(click: Click) -> None:
    user = click.interaction.user
    await click.service.join(click.table.id, click.cid.version, user.id, user.display_name)
    await _show_lobby(click)


async def _leave(click: Click) -> None:
    await click.service.leave(click.table.id, click.cid.version, click.interaction.user.id)
    await _show_lobby(click)


async def _remove_computer(click: Click) -> None:
    await click.service.remove_computer(click.table.id, click.cid.version,
                                        click.interaction.user.id)
    await _show_lobby(click)


async def _add_computer(click: Click) -> None:
    if not await computers_allowed(click.app.db, click.table):
        raise TableError(_("This server does not allow computer players."))
    await click.service.add_computer(click.table.id, click.cid.version,
                                     click.interaction.user.id, click.choice)
    await _show_lobby(click)


async def _start(click: Click) -> None:
    await click.service.start(click.table.id, click.cid.version, click.interaction.user.id)
    await click.interaction.response.defer()
    click.app.tokens.remember(click.table.id, click.interaction)


async def _cancel(click: Click) -> None:
    perms = click.interaction.permissions
    await click.service.cancel(click.table.id, click.interaction.user.id,
                               moderator=bool(perms and perms.manage_messages))
    await reply(click.interaction, _("The table is cancelled."))


# ---------------------------------------------------------- the table message


async def _my_cards(click: Click) -> None:
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    assert seat is not None  # a seat's click (routes.SEATED)
    if table.state is None:
        raise TableError(_("The cards are not dealt yet."))
    embed = hand_embed(table, seat)
    files = await click.app.images.hand_file(table, seat, embed)
    await _privately(click, embed=embed, files=files)


async def _last_round(click: Click) -> None:
    """The last scored round with its picture, for anyone who asks (all of it is public)."""
    embed = last_round_embed(click.table)
    if embed is None:
        raise TableError(_("No round has been scored at this table yet."))
    files = await click.app.images.round_end_file(
        click.table, embed, reader=click.interaction.user.id)
    await _privately(click, embed=embed, files=files)


async def _take_turn(click: Click) -> None:
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    assert seat is not None  # a seat's click (routes.SEATED)
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
    await hints.refresh(click.app.db, table)
    embed, view, files = await pictured_panel(click.app.images, table, seat, note)
    message = click.interaction.message
    if message is not None and message.id != table.record.message_id:
        # Take turn on a turn ping: the panel is the answer itself (the table message's
        # token stays the one that updates it)
        await click.interaction.response.send_message(embed=embed, view=view, files=files,
                                                      ephemeral=True)
        return
    await answer_privately(click.interaction, click.app.tokens, table.id, embed=embed,
                           view=view, files=files)


async def _take_back(click: Click) -> None:
    user_id = click.interaction.user.id
    await click.service.take_back(click.table.id, None, user_id)
    seat = click.table.seat_of(user_id)
    assert seat is not None
    await hints.refresh(click.app.db, click.table)
    embed, view, files = await pictured_panel(click.app.images, click.table, seat,
                                               _("Your seat is yours again."))
    await _privately(click, embed=embed, view=view, files=files)


async def _continue(click: Click) -> None:
    """A waiting table of a DM or group DM goes on: the press updates its message (see
    ``bot.discord.interaction_home``)."""
    await click.interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE: the table message
    if click.table.record.interaction_only:
        click.app.publisher.home.pressed(click.table, click.interaction)


def on_table_message(click: Click) -> bool:
    """Was the click made on the table's own message?"""
    message = click.interaction.message
    return message is not None and message.id == click.table.record.message_id


async def _privately(click: Click, **message: Any) -> None:
    """Answer a click with a message only its presser sees. On the message of a table
    that lives in interactions (a DM, a group DM) the press is answered by deferring an
    update of the table message, so that its interaction can show the table from now on,
    and the answer is an ephemeral follow-up; elsewhere it is the ephemeral answer."""
    if click.table.record.interaction_only and on_table_message(click):
        await answer_privately(click.interaction, click.app.tokens, click.table.id, **message)
        return
    await click.interaction.response.send_message(ephemeral=True, **message)


# ------------------------------------------------------------ the control panel


async def _navigate(click: Click) -> None:
    """Show the panel at the step the component leads to (no move is made)."""
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    assert seat is not None  # a seat's click at the current version (routes.SEATED, CURRENT)
    message = click.interaction.message
    pictured = any(a.filename == SEAT_PNG for a in (message.attachments if message else []))
    embed, view = panel(table, seat, Step(click.kind, click.choice), picture=pictured)
    kept: list[Any] = kept_picture(click.interaction, embed)
    if not kept:  # no picture to keep (text mode, images off): the panel's words again
        kept = await seat_image(click.app.images, table, seat, embed)
    await click.interaction.response.edit_message(embed=embed, view=view, attachments=kept)


async def _game_choice(click: Click) -> None:
    """A choice the table's game turns into a move (e.g. one of Turup's captures)."""
    await _play(click, click.move)


async def _after_game(click: Click) -> None:
    """Rematch, New game and Replay: only once the game is over (``after_game``)."""
    if not await after_game.handle(click.interaction, click.app, click.cid):
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
        embed, view, files = await pictured_panel(click.app.images, table, result.seat,
                                                  note)
    except Exception:
        log.exception("Showing the panel after a move at table %s failed", table.id)
        await reply(click.interaction, _(PLAYED))
        return
    try:
        await click.interaction.response.edit_message(embed=embed, view=view,
                                                      attachments=files)
    except discord.HTTPException as exc:  # the move is saved and the table shows it
        log_failure(f"Table {table.id}: the panel after a move",  # i18n: not for people
                    exc)
        await answer_once(click.interaction, _(PLAYED))


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
    Kind.CONTINUE: _continue,
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

SEATED: frozenset[Handler] = frozenset({_my_cards, _take_turn, _navigate})
"""The handlers only a seated player's click reaches ("You are not playing at this table")."""

CURRENT: frozenset[Handler] = frozenset({_navigate, _game_choice})
"""The handlers only a click at the table's current version reaches (else "out of date")."""

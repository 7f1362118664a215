"""The handlers of table clicks, each declared with its policy (:class:`Route`, data): a
shared :class:`~bot.render.components.Kind` in :data:`ROUTES`, a game's panel steps to
``_navigate`` and its own choices to ``_game_choice`` (:func:`route_for`).

Clicks reach them through :mod:`bot.discord.clicks.routes` (discord.py's ``DynamicItem``s
over the custom_id), which reads the click once and checks its route's policy first; the
seat and the turn of a move are the table service's to refuse (``Table.seat_to_act``, asked
by ``TableService.act`` and Take turn). A handler refuses with ``TableError``/``GameError``
(answered kindly there) and anything else it raises is a failure, answered by
:mod:`bot.discord.answers`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord import hints
from bot.discord.answers import answer_once, log_failure, say
from bot.discord.clicks.click import Click, Route, read_choice, read_step
from bot.discord.pictures import SEAT_PNG, TableImages
from bot.discord.tokens import answer_privately
from bot.i18n import N_, _, use_locale
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


async def computers_allowed(db: Database, table: Table) -> bool:
    """Does the table's server allow computer seats?"""
    try:
        return bool((await GuildSettingsRepo(db).get(table.record.guild_id)).computer_seats)
    except Exception:
        log.exception("Reading guild settings failed")
        return False


# ----------------------------------------------------------------- the lobby


async def _show_lobby(click: Click) -> None:
    """Edit the (public) lobby message in the server's language."""
    interaction, table = click.interaction, click.table
    computers = await computers_allowed(click.app.db, table)
    seen = table.seen()
    with use_locale(table.language):
        embed, view = lobby_embed(seen), lobby_view(seen, computers=computers)
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
    await say(click.interaction, _("The table is cancelled."))


# ---------------------------------------------------------- the table message


async def _my_cards(click: Click) -> None:
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    assert seat is not None  # a seated player's click (its Route)
    if table.state is None:
        raise TableError(_("The cards are not dealt yet."))
    await _acknowledge(click)  # answered: then the hand and its picture
    embed = hand_embed(table.seen(), seat)
    files = await click.app.images.hand_file(table, seat, embed)
    await say(click.interaction, embed=embed, files=files)


async def _last_round(click: Click) -> None:
    """The last scored round with its picture, for anyone who asks (all of it is public)."""
    embed = last_round_embed(click.table.seen())
    if embed is None:
        raise TableError(_("No round has been scored at this table yet."))
    files = await click.app.images.round_end_file(
        click.table, embed, reader=click.interaction.user.id)
    await _privately(click, embed=embed, files=files)


async def _take_turn(click: Click) -> None:
    table = click.table
    if not table.running:
        raise TableError(_("The game is not running."))
    seat = table.seat_to_act(click.interaction.user.id)
    # answered first (a turn ping's token is not the table message's: not remembered)
    await _acknowledge(click, remember=True)
    note = None
    move = automatic_move(table.seen())
    if move is not None:  # drawing is the only move: draw now, show the placements
        result = await click.service.act(table.id, click.interaction.user.id, move,
                                         version=table.version)
        note = "\n".join(f"› {e}" for e in result.events[-3:]) or None
    await hints.refresh(click.app.db, table)
    embed, view, files = await pictured_panel(click.app.images, table, seat, note)
    await say(click.interaction, embed=embed, view=view, files=files)


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


async def _acknowledge(click: Click, *, remember: bool = False) -> None:
    """Answer the click at once, before its work (Discord has its answer well within its 3
    seconds however long the work takes): a deferred update of the message pressed, which
    stays as it is; the work's result then goes as an ephemeral follow-up (``say``). On
    the table's own message the press's token becomes the table's (``Tokens.remember``)
    when ``remember`` (Take turn), and always at a table that lives in interactions (a DM,
    a group DM), whose message is shown through it from now on."""
    await click.interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE
    if on_table_message(click) and (remember or click.table.record.interaction_only):
        click.app.tokens.remember(click.table.id, click.interaction)
        click.app.tokens.follow_up_allowed(click.interaction)  # its first: always allowed


async def _privately(click: Click, **message: Any) -> None:
    """Answer a click with a message only its presser sees. On the message of a table
    that lives in interactions (a DM, a group DM) the press is answered by deferring an
    update of the table message, so that its interaction can show the table from now on,
    and the answer is an ephemeral follow-up; elsewhere it is the ephemeral answer."""
    if click.table.record.interaction_only and on_table_message(click):
        await answer_privately(click.interaction, click.app.tokens, click.table.id, **message)
        return
    await say(click.interaction, **message)


# ------------------------------------------------------------ the control panel


async def _navigate(click: Click) -> None:
    """Show the panel at the step the component leads to (no move is made)."""
    table = click.table
    seat = table.seat_of(click.interaction.user.id)
    assert seat is not None  # a seated player's click at the current version (its Route)
    message = click.interaction.message
    # the panel's own seat.png, kept by id (nothing drawn or uploaded again): a step makes
    # no move, so the table version, hence the picture, is the one the panel shows
    kept: list[Any] = [a for a in (message.attachments if message else [])
                       if a.filename == SEAT_PNG]
    await click.interaction.response.defer()  # answered first: DEFERRED_UPDATE_MESSAGE
    seen = click.seen or table.seen()  # as its step was read
    embed, view = panel(seen, seat, Step(click.kind, click.choice), picture=bool(kept))
    if not kept:  # no picture to keep (text mode, images off): the panel's words again
        kept = await click.app.images.seat_file(table, seat, embed)
    await click.interaction.edit_original_response(embed=embed, view=view, attachments=kept)


async def _game_choice(click: Click) -> None:
    """A choice the table's game turns into a move (e.g. one of Turup's captures)."""
    await _play(click, click.move)


async def _not_over(click: Click) -> None:
    """Rematch, New game, Replay and Review on a table still open: only once the game is
    over (``bot.discord.clicks.after_game`` answers them then)."""
    raise TableError(_("The game is not over yet."))


async def _act(click: Click) -> None:
    """Play the notation a button carries or a select's chosen value."""
    await _play(click, click.values[0] if click.values else notation_of(click.cid.arg))


async def _play(click: Click, text: str) -> None:
    """Play the move and answer at once (the move is saved: Discord has its answer well
    within its 3 seconds), then show the new panel in place of the one clicked: with the
    seat's new picture while his turn goes on, without one once it has passed (the table
    message shows the move; Take turn draws the picture again next time)."""
    table, interaction = click.table, click.interaction
    result = await click.service.act(table.id, interaction.user.id, text,
                                     version=click.cid.version)
    try:
        await interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE: the panel clicked
    except discord.HTTPException as exc:  # the move is saved and the table shows it
        log_failure(f"Table {table.id}: the answer to a move", exc)  # i18n: not for people
        await answer_once(interaction, _(PLAYED))
        return
    try:
        note = "\n".join(f"› {e}" for e in result.events[-3:]) or None
        embed, view, files = await pictured_panel(click.app.images, table, result.seat,
                                                  note)
    except Exception:
        log.exception("Showing the panel after a move at table %s failed",  # i18n: not for people
                      table.id)
        await answer_once(interaction, _(PLAYED))
        return
    try:
        await interaction.edit_original_response(embed=embed, view=view, attachments=files)
    except discord.HTTPException as exc:  # the move is saved and the table shows it
        log_failure(f"Table {table.id}: the panel after a move",  # i18n: not for people
                    exc)
        await answer_once(interaction, _(PLAYED))


async def pictured_panel(images: TableImages, table: Table, seat: int,
                         note: str | None = None
                         ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The seat's panel, built once: with his picture while his turn goes on (the picture
    shows his cards, so the panel does not list them again), without one once his turn is
    over. Whether he gets a picture (his game's panel has one, the server draws them, he
    does not read text) is decided before the panel is built; a reader in text mode gets
    the picture's words in his cards' place."""
    turn = table.running and table.to_act() == seat
    pictured = turn and await images.seat_pictured(table, seat)
    seen = table.seen()  # the table as the panel shows it
    embed, view = panel(seen, seat, note=note, picture=pictured)  # built once: it is costly
    files: list[discord.File] = []
    if turn:
        files = await images.seat_file(table, seat, embed)
        if pictured and not files:  # the picture failed: his cards in words after all
            embed, view = panel(seen, seat, note=note)
    return embed, view, files


ROUTES: dict[Kind, Route] = {
    Kind.JOIN: Route(_join),
    Kind.LEAVE: Route(_leave),
    Kind.START: Route(_start),
    Kind.CANCEL: Route(_cancel),
    Kind.ADD_COMPUTER: Route(_add_computer),
    Kind.REMOVE_COMPUTER: Route(_remove_computer),
    Kind.TAKE_TURN: Route(_take_turn, seated=True),
    Kind.MY_CARDS: Route(_my_cards, seated=True),
    Kind.LAST_ROUND: Route(_last_round),
    Kind.TAKE_BACK: Route(_take_back),
    Kind.CONTINUE: Route(_continue),
    Kind.ACT: Route(_act, panel=True),
    Kind.REMATCH: Route(_not_over),
    Kind.NEW_GAME: Route(_not_over),
    Kind.REPLAY: Route(_not_over),
    Kind.REVIEW: Route(_not_over),
    Kind.HINT: Route(hints.on_hint),
}
"""Every kind the lobby, the table message and the panel share, with its policy; a game's
step kinds go to :data:`STEP` and its own choices to :data:`CHOICE`. (A finished game's
Rematch, New game, Replay, Review and Last round have their own handler:
``bot.discord.clicks.after_game``.)"""

STEP = Route(_navigate, panel=True, current=True, seated=True, read=read_step)
"""A panel step (shared or the game's): it edits the panel, so only from one, at the
current version, by a seated player, its argument read by the game's look."""

CHOICE = Route(_game_choice, panel=True, current=True, read=read_choice)
"""A game's own choice (e.g. Turup's captures): the move it stands for read first."""


def route_for(table: Table, kind: str) -> Route | None:
    """The route of ``kind`` at ``table``: the shared table, a panel step (shared or the
    table's game's), or a move the table's game makes of a choice; ``None`` for a kind
    nobody here knows."""
    if isinstance(kind, Kind) and kind in ROUTES:
        return ROUTES[kind]
    look = table.entry.look
    if kind in STEP_KINDS or kind in look.steps:
        return STEP
    if kind in look.notations:
        return CHOICE
    return None

"""The buttons of a lobby and of a table message, and the link to a table message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord

from bot.i18n import N_, _
from bot.render.components import (
    BUTTON_PREFIX,
    ComponentId,
    Kind,
    TableView,
    option,
)
from bot.render.rules_text import open_button

if TYPE_CHECKING:
    from bot.seen import Seen

# The computer players' levels in words (the option's value stays the level's key).
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def lobby_view(table: Seen, *, computers: bool = True) -> TableView:
    """Join / Leave / Start / Cancel, and the host's computer-player select."""
    view = TableView(table)
    if not table.in_lobby:
        return view.done()
    view.button(Kind.JOIN, _("Join"), style=discord.ButtonStyle.success, row=0)
    view.button(Kind.LEAVE, _("Leave"), row=0)
    view.button(Kind.START, _("Start (host)"), style=discord.ButtonStyle.primary, row=0)
    view.button(Kind.CANCEL, _("Cancel (host)"), style=discord.ButtonStyle.danger, row=0)
    if computers:
        if any(s.user_id is None for s in table.seats):
            view.button(Kind.REMOVE_COMPUTER, _("Remove computer (host)"), row=0)
        options = [option(_("Add computer: {level}", level=_(LEVELS.get(lvl, lvl))), lvl)
                   for lvl in table.game.levels]
        view.select(Kind.ADD_COMPUTER, options, placeholder=_("Add a computer player (host)"),
                    row=1)
    view.add_item(open_button(table.game.name))
    return view.done()


def table_view(table: Seen) -> TableView:
    """Take turn / My cards / Round results (the last scored round's, once there is one:
    never read as "end the game"), and Take my seat back while a computer holds a
    person's seat; once the game is over, Round results and Replay."""
    if table.in_lobby:
        return lobby_view(table)
    view = TableView(table)
    if table.finished:  # the game is over: its last round and its moves stay in reach
        view.button(Kind.LAST_ROUND, _("Round results"), row=0)
        view.button(Kind.REPLAY, _("Replay"), arg="0", row=0)
        return view.done()
    if not table.running:
        return view.done()
    if table.waiting:  # a DM's or group DM's table: Continue shows it again and plays on
        view.button(Kind.CONTINUE, _("Continue"), style=discord.ButtonStyle.success, row=0)
    view.button(Kind.TAKE_TURN, _("Take turn"),
                style=discord.ButtonStyle.secondary if table.waiting else
                discord.ButtonStyle.primary, row=0)
    view.button(Kind.MY_CARDS, _("My cards"), row=0)
    if table.rounds:  # a round has been scored
        view.button(Kind.LAST_ROUND, _("Round results"), row=0)
    if any(s.user_id is not None and s.is_computer_held and not s.resigned for s in table.seats):
        view.button(Kind.TAKE_BACK, _("Take my seat back"), row=0)
    return view.done()


def ping_view(table: Seen) -> TableView:
    """Take turn under a turn ping: from the notification, the panel is one tap away (a
    draw-only turn is drawn at once, so the turn is two taps)."""
    view = TableView(table)
    view.button(Kind.TAKE_TURN, _("Take turn"), style=discord.ButtonStyle.primary, row=0)
    return view.done()


def end_view(table: Seen) -> TableView:
    """Rematch (the same seats and options) and New game, under the game-end message."""
    view = TableView(table)
    view.button(Kind.REMATCH, _("Rematch"), style=discord.ButtonStyle.success, row=0)
    view.button(Kind.NEW_GAME, _("New game"), row=0)
    view.button(Kind.REVIEW, _("Review my game"), arg="0", row=0)
    return view.done()


def pager_view(kind: Kind, table_id: int, version: int, page: int,
               pages: int) -> discord.ui.View:
    """Previous / Next buttons of a private paged answer (a replay, a review): the clicks
    come back as ``kind`` with the page to show."""
    view = discord.ui.View(timeout=None)
    if pages > 1:
        for label, to in ((_("◀ Previous"), page - 1), (_("Next ▶"), page + 1)):
            cid = ComponentId(table_id, version, kind, str(to))
            view.add_item(discord.ui.Button(label=label, custom_id=cid.text(BUTTON_PREFIX),
                                            disabled=not 0 <= to < pages))
    view.stop()
    return view


def replay_view(table_id: int, version: int, page: int, pages: int) -> discord.ui.View:
    """Previous / Next pages of a replay (ephemeral)."""
    return pager_view(Kind.REPLAY, table_id, version, page, pages)


class Place(Protocol):
    """Where a table's message is: a :class:`~bot.seen.Seen`, or the stored record the
    Discord side holds (``Table.record``)."""

    @property
    def guild_id(self) -> int: ...
    @property
    def channel_id(self) -> int: ...
    @property
    def message_id(self) -> int | None: ...
    @property
    def interaction_only(self) -> bool: ...


def jump_url(table: Place) -> str:
    """The link to the table message (or to its channel before it has one)."""
    place = "@me" if table.interaction_only else table.guild_id  # a DM's or group DM's link
    if table.message_id is None:
        return f"https://discord.com/channels/{place}/{table.channel_id}"
    return f"https://discord.com/channels/{place}/{table.channel_id}/{table.message_id}"

"""Table clicks routed by discord.py (issues 33 and 44): three ``DynamicItem``s over the
custom_id formats of :mod:`bot.render.components` (which never change, so that messages
sent long ago keep working; the state stays in the custom_id). As in discord.py's
``examples/views/dynamic_counter.py``, ``interaction_check`` checks and ``callback`` acts.

- :class:`TableButton`, ``cr:<table>:<version>:<kind>[:<arg>]``, and :class:`TableSelect`,
  ``cs:…``: :meth:`~TableComponent.check` reads the click once (:class:`~bot.discord.
  clicks.click.Click`) and answers what must not go on: an id that does not read, a
  closed table, another server or channel, a kind this bot does not know, and what the
  kind's :class:`~bot.discord.clicks.click.Route` says (a panel's step on a public
  message, a step at an old version, an argument that does not read, a click by someone
  not seated). :meth:`~TableComponent.clicked` runs the route's handler
  (:mod:`bot.discord.clicks.handlers`), a refusal of it answered kindly. A finished game's
  kinds go to their own handler (:mod:`bot.discord.clicks.after_game`).
- :class:`MalformedTableId`: a ``cr:``/``cs:`` id that is not a table's (and not another
  feature's ``cr:<word>:`` namespace, e.g. the stats pages) is answered "out of date".

Whatever else fails is logged once and answered once by :class:`bot.discord.items.Routed`.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord.answers import say
from bot.discord.clicks import after_game
from bot.discord.clicks.click import BadArgument, Click, Route, check_id, kind_of
from bot.discord.clicks.handlers import ELSEWHERE, MALFORMED, ROUTES, STALE, UNKNOWN, route_for
from bot.discord.items import NEVER, Routed, values_of
from bot.discord.kept import Finished
from bot.discord.parts import App, app_of
from bot.games.protocol import GameError
from bot.i18n import _
from bot.render.components import (
    BUTTON_PREFIX,
    SELECT_PREFIX,
    TABLE_TEMPLATE,
    ComponentId,
    Kind,
    component_id,
)
from bot.render.table_message import jump_url
from bot.tables.model import StaleAction, Table, TableError

log = logging.getLogger(__name__)

_PLAIN_ID = re.sub(r"\?P<\w+>", "", TABLE_TEMPLATE)
UPDATES = frozenset({discord.InteractionResponseType.deferred_message_update,
                     discord.InteractionResponseType.message_update})


def _on_a_panel(interaction: discord.Interaction[Any]) -> bool:
    """Was the click made on an ephemeral message (a control panel)?"""
    message = interaction.message
    return message is None or bool(message.flags.ephemeral)


def same_place(interaction: discord.Interaction[Any], table: Table) -> bool:
    """Was the click made in the table's own server and channel?"""
    rec = table.record
    if rec.interaction_only:  # a DM or group DM: its guild_id is the channel's own id
        return interaction.guild_id is None and interaction.channel_id == rec.channel_id
    return interaction.guild_id == rec.guild_id and interaction.channel_id == rec.channel_id


def on_table_message(click: Click) -> bool:
    """Was the click made on the table's own message?"""
    message = click.interaction.message
    return message is not None and message.id == click.table.record.message_id


class TableComponent(Routed[Any], template=NEVER):
    """A table's button or select: its custom_id read, the click checked, then handled."""

    prefix = BUTTON_PREFIX
    what = "Table component"  # i18n: not for people
    click: Click | None = None  # set by check(): the click, read in full
    route: Route | None = None  # set by check(): the kind's route
    done: Finished | None = None  # set by check(): the finished game an after-game click is on

    async def check(self, interaction: discord.Interaction[Any]) -> bool:
        cid = component_id(self.match)
        values = values_of(interaction) if self.prefix == SELECT_PREFIX else []
        try:
            check_id(cid)
            if self.prefix == SELECT_PREFIX and not values:
                raise BadArgument("a select with no value")  # i18n: not for people
        except BadArgument as exc:
            log.info("A table component id that does not read was clicked (%s)", exc)
            await say(interaction, _(MALFORMED))
            return False
        app = app_of(interaction)
        table = app.tables.get(cid.table_id)
        if cid.kind in after_game.KINDS and (table is None or table.finished):
            self.done = await after_game.finished(app, cid.table_id)
            if self.done is not None:  # Rematch, New game, Replay, a finished game's Last round
                return await self._in_place(interaction, self.done.table)
        if table is None:
            await say(interaction, _("This table is closed."))
            return False
        return await self._check_at(interaction, app, table, cid, values)

    @staticmethod
    async def _in_place(interaction: discord.Interaction[Any], table: Table) -> bool:
        """Is the click made in the table's own place? (Else it is answered.)"""
        if same_place(interaction, table):
            return True
        log.info("Table %s: a click from another server or channel was refused", table.id)
        await say(interaction, _(ELSEWHERE))
        return False

    async def _check_at(self, interaction: discord.Interaction[Any], app: App, table: Table,
                        cid: ComponentId, values: list[str]) -> bool:
        """Place and kind of a click at an open table, then its route's policy; its
        arguments read."""
        if not await self._in_place(interaction, table):
            return False
        kind = kind_of(cid.kind)
        how = route_for(table, kind)
        if how is None:
            await say(interaction, _(UNKNOWN, url=jump_url(table.record)))
            return False
        if how.panel and not _on_a_panel(interaction):
            # a panel's step forged onto a public message would edit it into a panel
            log.info("Table %s: a panel step from a public message was refused", table.id)
            await say(interaction, _(MALFORMED))
            return False
        current = cid.version == table.version
        if how.current and not current:
            await say(interaction, _(STALE, url=jump_url(table.record)))
            return False
        click = Click(interaction, app, table, cid, kind, values)
        try:  # at an older version the handler says "out of date" itself
            click = how.read(click) if how.read is not None and current else click
        except BadArgument as exc:
            log.info("Table %s: a %s click with an argument that does not read (%s)",
                     table.id, kind, exc)
            await say(interaction, _(STALE, url=jump_url(table.record)))
            return False
        if how.seated and table.seat_of(interaction.user.id) is None:
            await say(interaction, _("You are not playing at this table."))
            return False
        self.click, self.route = click, how
        return True

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        if self.done is not None:
            await after_game.handle(interaction, app_of(interaction), self.done,
                                    component_id(self.match))
            return
        click, how = self.click, self.route
        assert click is not None and how is not None  # check() said yes
        await route(click, how)


async def route(click: Click, how: Route) -> None:
    """Run the click's handler; a refusal (``TableError``, ``GameError``) is answered
    kindly, "out of date" for a move at an older version.

    On the message of a table that lives in interactions (a DM, a group DM: see
    ``bot.discord.interaction_home``) a press while the table waits is a Continue, and a
    press answered by updating the message shows the table from then on."""
    table = click.table
    home = table.record.interaction_only and on_table_message(click)
    handler = how.handler
    if home and table.waiting and table.status.is_open:
        handler = ROUTES[Kind.CONTINUE].handler
    try:
        await handler(click)
        _remember_private(click)
        if home and click.interaction.response.type in UPDATES:
            click.app.publisher.home.pressed(table, click.interaction)
    except (TableError, GameError) as exc:
        if isinstance(exc, StaleAction):
            await say(click.interaction, _(STALE, url=jump_url(click.table.record)))
        else:
            await say(click.interaction, str(exc) or _("That cannot be done now."))


def _remember_private(click: Click) -> None:
    """Keep a seated person's answered click at the table: its token reaches them privately
    at the next deal (``Tokens.remember_private``)."""
    interaction, table = click.interaction, click.table
    user_id = interaction.user.id
    if interaction.response.is_done() and table.seat_of(user_id) is not None:
        click.app.tokens.remember_private(table.id, user_id, interaction)


class TableButton(TableComponent, template=f"{BUTTON_PREFIX}:{TABLE_TEMPLATE}"):
    """A table's button (lobby, table message, control panel, after the game)."""

    prefix = BUTTON_PREFIX


class TableSelect(TableComponent, template=f"{SELECT_PREFIX}:{TABLE_TEMPLATE}"):
    """A table's select (a control panel's choices, the lobby's computer levels)."""

    prefix = SELECT_PREFIX


class MalformedTableId(Routed[Any],
                       template=rf"c[rs]:(?!{_PLAIN_ID}\Z)(?![a-z]+:)(?s:.*)"):
    """A ``cr:``/``cs:`` custom_id that is no table's: "out of date" (a table id starts
    with its number; ``cr:<word>:`` ids are other features', routed by their own items)."""

    what = "Malformed table component"  # i18n: not for people

    async def check(self, interaction: discord.Interaction[Any]) -> bool:
        log.info("A malformed table component id was clicked (%d characters)",
                 len(self.match.string))
        await say(interaction, _(MALFORMED))
        return False


TABLE_ITEMS: tuple[type[Routed[Any]], ...] = (TableButton, TableSelect, MalformedTableId)
"""Registered by ``CardroomBot.setup_hook`` (``add_dynamic_items``)."""

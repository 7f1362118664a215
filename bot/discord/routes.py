"""Table clicks routed by discord.py (issue 33): three ``DynamicItem``s over the custom_id
formats of :mod:`bot.render.components` (which never change, so that messages sent long
ago keep working; the state stays in the custom_id).

- :class:`TableButton`, ``cr:<table>:<version>:<kind>[:<arg>]``, and :class:`TableSelect`,
  ``cs:…``: their :meth:`~TableComponent.check` answers what must not go on (an id that
  does not read, a closed table, another server or channel, a kind this bot does not
  know, a panel's step on a public message, a step at an old version, a click by someone
  not seated, an argument that does not read) and :meth:`~TableComponent.clicked` runs the
  kind's handler (:mod:`bot.discord.router`), a refusal of it answered kindly.
- :class:`MalformedTableId`: a ``cr:``/``cs:`` id that is not a table's (and not another
  feature's ``cr:<word>:`` namespace, e.g. the stats pages) is answered "out of date".

Whatever else fails is logged once and answered once by :class:`bot.discord.items.Routed`.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord import after_game
from bot.discord.click import Click, Handler
from bot.discord.click_args import BadArgument, check_id
from bot.discord.items import NEVER, Routed, values_of
from bot.discord.parts import App, app_of
from bot.discord.router import (
    CURRENT,
    ELSEWHERE,
    HANDLERS,
    MALFORMED,
    PANEL_HANDLERS,
    SEATED,
    STALE,
    UNKNOWN,
    handler_for,
    kind_of,
    on_table_message,
    read_arguments,
    remember_private,
    reply,
)
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


class TableComponent(Routed[Any], template=NEVER):
    """A table's button or select: its custom_id read, the click checked, then handled."""

    prefix = BUTTON_PREFIX
    what = "Table component"  # i18n: not for people
    click: Click | None = None  # set by check(): the click, read in full
    handler: Handler | None = None  # set by check(): the kind's handler

    async def check(self, interaction: discord.Interaction[Any]) -> bool:
        cid = component_id(self.match)
        values = values_of(interaction) if self.prefix == SELECT_PREFIX else []
        try:
            check_id(cid)
            if self.prefix == SELECT_PREFIX and not values:
                raise BadArgument("a select with no value")  # i18n: not for people
        except BadArgument as exc:
            log.info("A table component id that does not read was clicked (%s)", exc)
            await reply(interaction, _(MALFORMED))
            return False
        app = app_of(interaction)
        table = app.tables.get(cid.table_id)
        if (table is None or table.finished) and \
                await after_game.handle(interaction, app, cid):
            return False  # answered: Rematch, New game, Replay, a finished game's Last round
        if table is None:
            await reply(interaction, _("This table is closed."))
            return False
        return await self._check_at(interaction, app, table, cid, values)

    async def _check_at(self, interaction: discord.Interaction[Any], app: App, table: Table,
                        cid: ComponentId, values: list[str]) -> bool:
        """Place, kind, seat and version of a click at an open table; its arguments read."""
        if not after_game.same_place(interaction, table):
            log.info("Table %s: a click from another server or channel was refused", table.id)
            await reply(interaction, _(ELSEWHERE))
            return False
        kind = kind_of(cid.kind)
        handler = handler_for(table, kind)
        if handler is None:
            await reply(interaction, _(UNKNOWN, url=jump_url(table)))
            return False
        if handler in PANEL_HANDLERS and not _on_a_panel(interaction):
            # a panel's step forged onto a public message would edit it into a panel
            log.info("Table %s: a panel step from a public message was refused", table.id)
            await reply(interaction, _(MALFORMED))
            return False
        if handler in CURRENT and cid.version != table.version:
            await reply(interaction, _(STALE, url=jump_url(table)))
            return False
        try:
            click = read_arguments(Click(interaction, app, table, cid, kind, values), handler)
        except BadArgument as exc:
            log.info("Table %s: a %s click with an argument that does not read (%s)",
                     table.id, kind, exc)
            await reply(interaction, _(STALE, url=jump_url(table)))
            return False
        if handler in SEATED and table.seat_of(interaction.user.id) is None:
            await reply(interaction, _("You are not playing at this table."))
            return False
        self.click, self.handler = click, handler
        return True

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        click, handler = self.click, self.handler
        assert click is not None and handler is not None  # check() said yes
        await route(click, handler)


async def route(click: Click, handler: Handler) -> None:
    """Run the click's handler; a refusal (``TableError``, ``GameError``) is answered
    kindly, "out of date" for a move at an older version.

    On the message of a table that lives in interactions (a DM, a group DM: see
    ``bot.discord.interaction_home``) a press while the table waits is a Continue, and a
    press answered by updating the message shows the table from then on."""
    table = click.table
    home = table.record.interaction_only and on_table_message(click)
    if home and table.waiting and table.status.is_open:
        handler = HANDLERS[Kind.CONTINUE]
    try:
        await handler(click)
        remember_private(click)
        if home and click.interaction.response.type in UPDATES:
            click.app.publisher.home.pressed(table, click.interaction)
    except (TableError, GameError) as exc:
        if isinstance(exc, StaleAction):
            await reply(click.interaction, _(STALE, url=jump_url(click.table)))
        else:
            await reply(click.interaction, str(exc) or _("That cannot be done now."))


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
        await reply(interaction, _(MALFORMED))
        return False


TABLE_ITEMS: tuple[type[Routed[Any]], ...] = (TableButton, TableSelect, MalformedTableId)
"""Registered by ``CardroomBot.setup_hook`` (``add_dynamic_items``)."""

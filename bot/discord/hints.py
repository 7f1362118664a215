"""The Hint button on a player's own panel (issue 22).

A hint is the hard player's move for the position, worked out from the asking seat's
information only (:func:`bot.games.ai.hint.hint`) off the event loop, and answered
privately after a deferral. It never changes the game: the table's state, log and version
stay as they were; only the count of hints the seat used grows, and is kept in the table's
snapshot (so it survives a restart) and in the result, which makes the game unrated. The
count is stored (committed) before the hint is shown: a hint whose use cannot be stored is
not shown, the player is told it could not be saved, and the count stays as it was.

The server's ``hints`` setting decides when the button is offered:

- ``always``: in every game (a hint then makes a rated game practice);
- ``practice`` (the default): only in games that would not be rated anyway (a computer
  seat the server does not count, or one person);
- ``off``: never; a click on an old or forged Hint button is refused.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.discord.clicks.click import Click
from bot.games.ai.hint import Hint, hint
from bot.i18n import _
from bot.render.announce import RATED, rating_note
from bot.render.hint import hint_embed
from bot.tables import snapshots
from bot.tables.model import NotSaved, StaleAction, Table, TableError
from bot.tables.service import TableService
from storage.database import Database
from storage.guild_settings import HINT_POLICIES, GuildSettings, GuildSettingsRepo

log = logging.getLogger(__name__)


def would_be_rated(table: Table, settings: GuildSettings) -> bool:
    """Would the game count for ratings as it stands? The rule the game-end message states
    (:func:`bot.render.announce.rating_note`): no computer seat unless the server counts
    them, two people or more, no hint asked."""
    return rating_note(table.seen(), settings.count_computer_games) == RATED


def offered(table: Table, settings: GuildSettings) -> bool:
    """Does the server's ``hints`` setting give this table the Hint button?"""
    policy = settings.hints if settings.hints in HINT_POLICIES else "practice"
    if policy == "off":
        return False
    return policy == "always" or not would_be_rated(table, settings)


async def settings_of(db: Database, table: Table) -> GuildSettings | None:
    """The table's server settings, or ``None`` when they cannot be read."""
    try:
        return await GuildSettingsRepo(db).get(table.record.guild_id)
    except Exception as exc:
        log.warning("Reading the settings of guild %s failed: %s", table.record.guild_id,
                    type(exc).__name__)
        return None


async def refresh(db: Database, table: Table) -> None:
    """Read the server's setting into ``table.hints_offered`` (the panel shows Hint then);
    settings that cannot be read offer no hint."""
    settings = await settings_of(db, table)
    table.hints_offered = settings is not None and offered(table, settings)


async def on_hint(click: Click) -> None:
    """A press of Hint: check, defer privately, think off the loop, record, answer."""
    interaction, table = click.interaction, click.table
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing at this table."))
    settings = await settings_of(click.app.db, table)
    if settings is None or not offered(table, settings):
        table.hints_offered = False
        log.info("Table %s: a Hint click refused (hints are off)", table.id)
        raise TableError(_("Hints are turned off for this game on this server."))
    if not table.running or table.seats[seat].is_computer_held:
        raise TableError(_("A hint is for your own turn while the game runs."))
    if click.cid.version != table.version:
        raise StaleAction()
    if table.to_act() != seat:
        raise TableError(_("It is not your turn: a hint is for your own move."))
    await interaction.response.defer(ephemeral=True, thinking=True)
    state, version = table.state, table.version
    given = await asyncio.to_thread(hint, table.engine, state, seat,
                                    budget=click.app.hint_budget)
    rated_before = would_be_rated(table, settings)  # before this hint is counted
    if not await record_use(click.service, table, seat):
        raise NotSaved(_("That could not be saved just now, so nothing changed — please try "
                         "again."))
    move = _move_words(table, state, version, given)
    embed = hint_embed(table.seen(), given, move, practice_note=rated_before)
    await interaction.followup.send(embed=embed, ephemeral=True)


def _move_words(table: Table, state: Any, version: int, given: Hint) -> str:
    """The move in the table's words while the position is current, else its notation."""
    notation = f"`{given.action}`"  # i18n: not for people (card notation)
    if table.version != version or table.state is not state:
        return notation
    try:
        return table.describe(given.action)  # "trail 3H — put 3♥ on the pile"
    except Exception:  # a description is a courtesy: the notation says it all
        return notation


async def record_use(service: TableService, table: Table, seat: int) -> bool:
    """Count a hint for ``seat`` and store it in the table's snapshot (a restart keeps it);
    ``False``, with the count as it was, when the snapshot cannot be stored (the hint must
    then not be shown: a restart would forget it and the game could end rated)."""
    async with table.lock:
        used = table.hints.get(seat, 0)
        table.hints[seat] = used + 1
        if not table.running:  # over already: its result read the count, no snapshot left
            return True
        try:
            await service.repo.store_snapshots([(table.id, snapshots.take(table))])
        except Exception as exc:
            if used:
                table.hints[seat] = used
            else:
                del table.hints[seat]
            log.warning("Table %s: the hint count could not be stored, so the hint is not "
                        "shown (%s)", table.id, type(exc).__name__)
            return False
    return True

"""The one place where an error becomes an answer (issue 33).

Every slash command (``bot.discord.tree.CardroomTree.on_error``) and every routed component
(:class:`bot.discord.items.Routed`) ends here when something fails: the error is logged
once (a bug with its traceback, a storage or Discord error in one line without the
payload) and the person is answered once, short and ephemeral: "That failed, so nothing
changed", or what is more precise for storage and Discord errors. Only an id that does
not read is answered "out of date", and that is said by the route, never guessed from an
exception.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.i18n import N_, _
from bot.metrics import discord_error
from storage.errors import StorageBusy, StorageError

log = logging.getLogger(__name__)

FAILED = N_("That failed, so nothing changed — please try again.")
BUSY = N_("The database is busy just now — please try again in a moment.")
NOT_SAVED = N_("That could not be saved just now, so nothing changed — please try again.")
DISCORD_REFUSED = N_("Discord did not take the answer just now — please try again.")
ALREADY_ACKNOWLEDGED = 40060  # Discord: "Interaction has already been acknowledged"
CHECK_FAILED = N_("That command cannot be used here (or you lack the permission for it).")

_T = TypeVar("_T")


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
    response if none was given, a follow-up if it was only deferred, or when Discord says
    it was acknowledged already (40060). Never raises."""
    response = interaction.response
    deferred = (discord.InteractionResponseType.deferred_channel_message,
                discord.InteractionResponseType.deferred_message_update)
    try:
        if not response.is_done():
            try:
                await response.send_message(text, ephemeral=True)
            except discord.HTTPException as exc:
                if exc.code != ALREADY_ACKNOWLEDGED:
                    raise
                # acknowledged already (another process, or an answer whose reply was
                # lost): a follow-up of it still reaches the person
                await interaction.followup.send(text, ephemeral=True)
        elif response.type in deferred:
            await interaction.followup.send(text, ephemeral=True)
    except Exception as exc:  # the answer itself failed (expired, Discord down)
        log.warning("Could not answer a failed interaction: %s", type(exc).__name__)


async def answering(interaction: discord.Interaction[Any], what: str,
                    work: Awaitable[_T], failed: _T) -> _T:
    """``await work``; when it raises, log it once (:func:`log_failure`), answer the person
    once (:func:`failure_text`) and give ``failed`` instead."""
    try:
        return await work
    except Exception as exc:
        log_failure(what, exc)
        await answer_once(interaction, failure_text(exc))
        return failed

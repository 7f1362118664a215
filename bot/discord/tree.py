"""The command tree: every slash command's one error path (:meth:`CardroomTree.on_error`,
answered through :mod:`bot.discord.answers`) and its sync, which adds the localisations
discord.py's ``Locale`` enum cannot ask for (``ar``:
:func:`bot.discord.locales.add_missing_locales`)."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import CHECK_FAILED, answer_once, failure_text, log_failure
from bot.discord.locales import CatalogTranslator, add_missing_locales
from bot.i18n import _

log = logging.getLogger(__name__)


class CardroomTree(app_commands.CommandTree[Any]):
    """The command tree: synced with every language's descriptions (``ar`` included); its
    errors answered in one place (:mod:`bot.discord.answers`)."""

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError, /) -> None:
        """The one error path of every slash command: a storage error, a Discord error or
        a bug is answered once, short and ephemeral, and logged in one line without the
        command's options."""
        name = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(error, app_commands.CheckFailure):
            log.info("/%s refused: %s", name, type(error).__name__)
            await answer_once(interaction, _(CHECK_FAILED))
            return
        original = error.original if isinstance(error, app_commands.CommandInvokeError) \
            else error
        log_failure(f"/{name}", original)
        await answer_once(interaction, failure_text(original))

    async def translated_payload(self, guild: discord.abc.Snowflake | None = None
                                 ) -> list[dict[str, Any]]:
        """The commands (of ``guild``, or the global ones) as discord.py's sync sends them,
        translated by discord.py (before :func:`add_missing_locales`); new dicts each call."""
        commands = self._get_all_commands(guild=guild)
        translator = self.translator
        if translator is None:
            return [command.to_dict(self) for command in commands]
        return [await command.get_translated_payload(self, translator) for command in commands]

    async def sync(self, *, guild: discord.abc.Snowflake | None = None,
                   payload: list[dict[str, Any]] | None = None
                   ) -> list[app_commands.AppCommand]:
        """discord.py's ``CommandTree.sync``, with :func:`add_missing_locales` applied to
        each command's payload after discord.py's own translation. ``payload``: the
        :meth:`translated_payload` already made for this ``guild`` (it is changed), so
        that a sync that first compared digests translates the tree once."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=guild)
        translator = self.translator
        if payload is None:
            payload = await self.translated_payload(guild)
        strings = translator.strings if isinstance(translator, CatalogTranslator) else None
        payload = [add_missing_locales(p, strings) for p in payload]
        app_id = self.client.application_id
        try:
            if guild is None:
                data = await self._http.bulk_upsert_global_commands(app_id, payload=payload)
            else:
                data = await self._http.bulk_upsert_guild_commands(app_id, guild.id,
                                                                   payload=payload)
        except discord.HTTPException as exc:
            if exc.status == 400 and exc.code == 50035:
                raise app_commands.CommandSyncFailure(exc, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=self._state) for d in data]


def digest_of(payload: list[dict[str, Any]]) -> str:
    """A hash of the commands' JSON (:meth:`CardroomTree.translated_payload`), in name
    order, so the order the cogs load in (a feature moved to another folder) is no change.
    ``payload`` itself is left as it is."""
    ordered = sorted(payload, key=lambda command: (command.get("type", 1),
                                                   command.get("name", "")))
    text = json.dumps(ordered, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()

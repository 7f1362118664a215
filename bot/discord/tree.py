"""The command tree: every slash command's one error path (:meth:`CardroomTree.on_error`,
answered through :mod:`bot.discord.answers`) and its sync, which adds the localisations
discord.py's ``Locale`` enum cannot ask for (``ar``:
:func:`bot.discord.locales.add_missing_locales`)."""

from __future__ import annotations

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

    async def sync(self, *, guild: discord.abc.Snowflake | None = None
                   ) -> list[app_commands.AppCommand]:
        """discord.py's ``CommandTree.sync``, with :func:`add_missing_locales` applied to
        each command's payload after discord.py's own translation."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=guild)
        translator = self.translator
        if translator is None:
            payload = [command.to_dict(self) for command in commands]
        else:
            payload = [await command.get_translated_payload(self, translator)
                       for command in commands]
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

"""The tables feature's extension (``bot.app.cog_extensions`` loads a feature folder's
``cog``): ``/play`` and the lobby, the table commands (``/move``, ``/hand``, ``/table``,
``/resign``, ``/cancel``, ``/help``) and the table events, three cogs of one feature.
``/play``'s game choices are made from ``bot.games`` when this extension is loaded
(``play_cog``), so a plug-in registered before the bot is built is offered."""

from __future__ import annotations

from bot.discord.parts import AppBot
from cogs.tables.commands import TableCommands
from cogs.tables.events import TableEvents
from cogs.tables.play import play_cog


async def setup(bot: AppBot) -> None:
    """Load ``/play`` and the lobby, the table commands and the table events."""
    await bot.add_cog(play_cog(bot))
    await bot.add_cog(TableCommands(bot))
    await bot.add_cog(TableEvents(bot))

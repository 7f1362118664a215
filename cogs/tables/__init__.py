"""The tables feature: ``/play`` and the lobby (:mod:`cogs.tables.play`); the commands about
a running table, ``/move``, ``/hand``, ``/table``, ``/resign``, ``/cancel``, and ``/help``
(:mod:`cogs.tables.commands`); the gateway events about a table's channel and message
(:mod:`cogs.tables.events`). :mod:`cogs.tables.cog` loads the three. A table's clicks are
routed by discord.py (``bot.discord.clicks``); its pictures and messages are the shared
Discord side's (``bot.discord``)."""

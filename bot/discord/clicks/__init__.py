"""Table clicks, in one package (issue 44): discord.py routes a table component's click to
:mod:`~bot.discord.clicks.routes` by its custom_id; the click is read once
(:mod:`~bot.discord.clicks.click`: the :class:`~bot.discord.clicks.click.Click` and its
kind's :class:`~bot.discord.clicks.click.Route`, the policy as data), checked, and handled
(:mod:`~bot.discord.clicks.handlers`; a finished game's kinds by
:mod:`~bot.discord.clicks.after_game`). docs/architecture.md walks one click through it."""

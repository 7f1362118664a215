"""The rules feature: ``/rules`` (:mod:`cogs.rules.cog`), the paged rules
embeds (:mod:`cogs.rules.pages`) and their buttons (:mod:`cogs.rules.buttons`). The rules'
text is each game's look (``look/rules.py``), read through :mod:`bot.render.rules_text`."""

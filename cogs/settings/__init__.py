"""The server settings feature: ``/settings`` (:mod:`cogs.settings.cog`) and its page
(:mod:`cogs.settings.pages`: the server's defaults as an embed)."""

"""The stats feature: ``/leaderboard``, ``/stats`` and ``/history`` (:mod:`cogs.stats.cog`,
with their paging buttons) and their pages (:mod:`cogs.stats.pages`: embeds within
Discord's limits)."""

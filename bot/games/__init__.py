"""The games: pure engines (no Discord, no database, no global random), one package per
game family, and :mod:`bot.games.registry`, where each family registers its games.

``bot.games.registry.ENGINES["soureh"]`` gives a game's engine and imports only the pure
packages; ``bot.games.registry.game("soureh")`` gives its whole record.
"""

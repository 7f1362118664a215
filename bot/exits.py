"""The exit statuses of ``python -m bot`` and its subcommands."""

EXIT_OK = 0
"""A clean stop (SIGTERM, SIGINT, or a subcommand done)."""
EXIT_FAILURE = 1
"""Anything else: Discord unreachable, a bug; a restart may help."""
EXIT_CONFIG = 2
"""A configuration error (token, settings, database): a restart will not help."""
EXIT_LOST_SHARDS = 3
"""The bot stopped itself: it lost its shards (PostgreSQL: its lock connection died or
another process took them over). Non-zero, so ``Restart=on-failure`` starts it again."""

"""How old a message is, read from its id, and what Discord then refuses.

Discord lets a message older than an hour take only a few edits (429, code 30046,
"Maximum number of edits to messages older than 1 hour reached"); on a real connection
discord.py sleeps out that 429's ``retry_after`` before it raises, so meeting it stalls
what waits on the edit. A table message is edited on every move and a game often runs
past an hour: the publisher posts it anew before it is ``REPOST_AGE`` old (the old one
then says where the table went), and a 30046 that comes through all the same reposts at
once. A snowflake holds its creation time, so a message's age needs no lookup and
survives a restart (the table message's id is stored).
"""

from __future__ import annotations

import discord

EDITS_OF_OLD_MESSAGE = 30046
"""Discord's code for an edit refused because the message is older than an hour."""

OLD_MESSAGE = 3600.0
"""Seconds: from this age on a message takes few edits."""

REPOST_AGE = 50 * 60.0
"""Seconds: a table message this old is posted anew instead of edited. The margin under
``OLD_MESSAGE`` covers a render that waits (the coalescing interval, a quiet draw, a
rate limit slept out) between the check and the edit."""


def message_age(message_id: int) -> float:
    """Seconds since the message ``message_id`` was posted (from its snowflake)."""
    born = discord.utils.snowflake_time(message_id)
    return (discord.utils.utcnow() - born).total_seconds()


def due_for_repost(message_id: int | None) -> bool:
    """Is the table message ``message_id`` old enough to be posted anew rather than edited?"""
    return message_id is not None and message_age(message_id) >= REPOST_AGE


def edits_refused(exc: BaseException) -> bool:
    """Did Discord refuse an edit because the message is older than an hour (30046)?"""
    return isinstance(exc, discord.HTTPException) and exc.code == EDITS_OF_OLD_MESSAGE

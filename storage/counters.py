"""What storage counts for the operator's metrics (``bot.metrics`` reads it at each scrape):
errors raised to callers and operations tried again. Plain integers in this process; storage
imports nothing of the bot to keep them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class StorageCounters:
    errors: int = 0
    """Storage errors raised to a caller (``StorageError`` made from a driver's error)."""
    retries: int = 0
    """Operations tried again: a read or a BEGIN on a lost PostgreSQL connection, and the
    tables' background writes (a computer's or a timer's move, a result) after a failure."""


COUNTERS = StorageCounters()

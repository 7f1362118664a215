"""Storage outages logged once: a warning when writes start failing, an info line when they
succeed again, not a line (or a traceback) per failed move.

Each backend gives every write transaction's outcome to its ``WriteHealth``: a failure that
means the database cannot take writes now (the connection lost, the server gone, the lock
held by another process, a disk error) starts an outage; the next commit ends it. Refusals
that are not outages (a constraint, a lost shard) are left to whoever made the write.
"""

from __future__ import annotations

import logging
import time

from storage.errors import IntegrityViolation, OwnershipLost, StorageError

log = logging.getLogger(__name__)


def is_outage(exc: BaseException) -> bool:
    """Does ``exc`` mean the database cannot take writes now (rather than this write being
    refused)?"""
    return isinstance(exc, StorageError) and not isinstance(
        exc, IntegrityViolation | OwnershipLost)


def kind(exc: BaseException) -> str:
    """The error's type, and its driver's error type under it (never its text: a driver's
    message may quote a statement's values)."""
    cause = exc.__cause__
    return f"{type(exc).__name__} from {type(cause).__name__}" if cause else type(exc).__name__


class WriteHealth:
    """Whether a database's writes are failing; logs each outage's start and end once."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.since: float | None = None  # monotonic time of the outage's first failure
        self.failures = 0

    @property
    def down(self) -> bool:
        """Are writes failing now (no commit since the last outage began)?"""
        return self.since is not None

    def failed(self, exc: BaseException) -> None:
        """A write transaction failed with ``exc``: an outage starts (logged once) or goes
        on (counted)."""
        if not is_outage(exc):
            return
        self.failures += 1
        if self.since is None:
            self.since = time.monotonic()
            log.warning("Storage outage: writes to %s fail (%s); nothing is saved until they"
                        " succeed again", self.label, kind(exc))
        else:
            log.debug("Storage outage goes on: %s (%d failed writes)", kind(exc), self.failures)

    def succeeded(self) -> None:
        """A write transaction committed: an outage, if any, is over (logged once)."""
        if self.since is None:
            return
        seconds = time.monotonic() - self.since
        log.info("Storage is back: writes to %s succeed again after %.1f s (%d failed writes)",
                 self.label, seconds, self.failures)
        self.since = None
        self.failures = 0

"""CPU time of this process's threads, grouped by what they do.

A stack sample tells where a thread is, not how much CPU it burns (a thread inside C code
that released the GIL looks the same whether it works or waits). The CPU clock of each
thread (``time.pthread_getcpuclockid``) is exact: the capacity bench reads it at both ends
of its window for the card-image threads, SQLite's worker threads and the event loop's
thread, where the bot, SimCord and the bench's driver all run (the samples split that one).
"""

from __future__ import annotations

import threading
import time

GROUPS = ("pictures", "sqlite", "loop", "other")


def group(thread: threading.Thread) -> str:
    """The group of a thread, by its name."""
    if thread.name.startswith("card-images"):
        return "pictures"  # bot.discord.pictures' render threads
    if "_connection_worker_thread" in thread.name:
        return "sqlite"  # aiosqlite's one thread per connection
    if thread is threading.main_thread():
        return "loop"
    return "other"


def cpu_by_thread() -> dict[int, tuple[str, float]]:
    """Thread id -> (group, CPU seconds so far), for every live thread."""
    out: dict[int, tuple[str, float]] = {}
    for thread in threading.enumerate():
        if thread.ident is None:
            continue
        try:
            clock = time.pthread_getcpuclockid(thread.ident)
            out[thread.ident] = (group(thread), time.clock_gettime(clock))
        except (OSError, AttributeError):  # a thread that just ended; or not POSIX
            continue
    return out


def cpu_by_group(before: dict[int, tuple[str, float]],
                 after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds each group spent between two readings (threads born since count from
    zero; threads ended since are lost, which the bench's long-lived threads never do)."""
    spent = dict.fromkeys(GROUPS, 0.0)
    for ident, (name, cpu) in after.items():
        spent[name] += cpu - before.get(ident, (name, 0.0))[1]
    return spent

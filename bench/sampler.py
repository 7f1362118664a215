"""Where the CPU goes, by owner, from stack samples: SimCord, the bot, the bench driver.

A daemon thread looks at every other thread's Python stack every ``interval`` seconds
(``sys._current_frames``) and charges the sample to the innermost frame that has an owner:

- ``simcord``: a file of the simcord package (its fake Discord backend, gateway, settle loop);
- ``driver``: a file of this ``bench`` package (the bench's people);
- ``bot``: any other file outside the standard library (``bot``, ``cogs``, ``storage``,
  discord.py, Pillow, aiosqlite): what a production bot would run as well;
- a thread whose innermost frame is a standard-library wait (``select``, a lock, a queue)
  is ``idle``; other standard-library frames are skipped (``json.dumps`` called by SimCord
  is SimCord's), and a stack of them only is ``loop`` (asyncio's own scheduling).

Shares are of the non-idle samples. A sample is a wall-clock look, not a CPU measure: a
thread inside C code that released the GIL (PNG encoding, SQLite) counts as running, and
only one of the threads holding Python frames runs at a time; the shares are estimates,
good to a few percent over thousands of samples.
"""

from __future__ import annotations

import linecache
import os
import sys
import sysconfig
import threading
import time
from collections import Counter
from types import FrameType

import simcord

SIMCORD_DIR = os.path.dirname(simcord.__file__)
BENCH_DIR = os.path.dirname(__file__)
ROOT = os.path.dirname(BENCH_DIR)
STDLIB_DIR = sysconfig.get_paths()["stdlib"]  # the base interpreter's, not a venv's
WAITS = frozenset({"select", "poll", "wait", "get", "sleep", "_wait_for_tstate_lock", "acquire",
                   "control", "_worker", "run_forever"})


def stdlib(path: str) -> bool:
    """Is this a standard-library file (site-packages excluded)?"""
    return path.startswith(STDLIB_DIR) and "site-packages" not in path


def idle(frame: FrameType) -> bool:
    """Does this innermost frame wait (for I/O, a lock, a queue)?"""
    code = frame.f_code
    if code.co_name in WAITS and stdlib(code.co_filename):
        return True
    if code.co_name == "_connection_worker_thread":
        line = linecache.getline(code.co_filename, frame.f_lineno)
        return "tx.get()" in line
    return False


OWNERS = ("bot", "simcord", "driver", "loop")


def owned(frame: FrameType | None) -> tuple[str, FrameType | None]:
    """(the owner of a stack, the frame that decided it), from the innermost frame out."""
    if frame is not None and idle(frame):
        return "idle", frame
    while frame is not None:
        path = frame.f_code.co_filename
        if path.startswith(SIMCORD_DIR):
            return "simcord", frame
        if path.startswith(BENCH_DIR):
            return "driver", frame
        if not stdlib(path) and not path.startswith("<"):
            return "bot", frame
        frame = frame.f_back
    return "loop", None


def owner(frame: FrameType | None) -> str:
    """The owner of a stack, from its innermost frame outwards."""
    return owned(frame)[0]


def place(frame: FrameType) -> str:
    """``package/module.py:function`` of a frame (the path from site-packages or the
    project's root)."""
    path = frame.f_code.co_filename
    for marker in ("site-packages/", f"{ROOT}/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{frame.f_code.co_name}"


class Sampler:
    """Stack samples of every thread but its own, counted by owner."""

    def __init__(self, interval: float = 0.005) -> None:
        self.interval = interval
        self.counts: Counter[str] = Counter()
        self.places: Counter[tuple[str, str]] = Counter()  # (owner, place) of busy samples
        self.own_cpu = 0.0  # the sampler thread's own CPU seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-sampler", daemon=True)

    def _run(self) -> None:
        me = threading.get_ident()
        start = time.thread_time()
        while not self._stop.wait(self.interval):
            for ident, frame in sys._current_frames().items():
                if ident != me:
                    name, deciding = owned(frame)
                    self.counts[name] += 1
                    if deciding is not None and name != "idle":
                        self.places[(name, place(deciding))] += 1
        self.own_cpu = time.thread_time() - start

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def shares(self) -> dict[str, float]:
        """Each owner's share of the non-idle samples (0 when none were taken)."""
        busy = sum(n for k, n in self.counts.items() if k != "idle")
        return {k: (self.counts[k] / busy if busy else 0.0) for k in OWNERS}

    def top(self, count: int = 6) -> list[tuple[str, str, float]]:
        """The busiest places: (owner, place, share of the busy samples)."""
        busy = sum(n for k, n in self.counts.items() if k != "idle")
        return [(name, where, n / busy) for (name, where), n in self.places.most_common(count)]

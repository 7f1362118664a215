"""Every callback the event loop runs, timed and given to its owner: the bot's own
synchronous stretches, apart from SimCord's and the bench driver's (issue 42).

The capacity bench's loop lag (a task sleeping 10 ms, how late it wakes) and click latency
count whatever ran on the loop meanwhile; under SimCord that includes SimCord's own work
(its settle loop, its fake HTTP routes, its gateway) and the driver's, which a bot in
production never runs. :class:`LoopClock` wraps ``asyncio.events.Handle._run`` (every
callback and every task step of any loop goes through it; SimCord's virtual timers too,
which its settle loop runs by calling ``_run`` itself) while the ``with`` block runs, and
reads ``time.perf_counter`` at both ends. A callback is the **bot's** when SimCord itself
counts it as the bot's work: a step of a task SimCord tracks as the bot's
(``Env._work.tasks``: created in the bot's scope, e.g. every event handler) or a callback it
tracks (its wrapper carries ``__simcord_original_callback__``). Otherwise the callback's
code names the owner: ``simcord`` (``bench.settle`` counts as SimCord's), ``driver`` (the
rest of ``bench``) or ``asyncio`` (the loop's own, the lag ticker's, executor hand-backs).
A callback run inside another (SimCord's settle runs due virtual timers inside the
driver's step) is the nested owner's and taken out of the outer one's time; the time spent
inside SimCord's HTTP router during a bot stretch (``bench.capacity.Wire`` reports it) is
SimCord's. Each piece of time is one *segment* (owner, start, end); segments never overlap.

From them:

- **the bot's stretches**: for each callback the bot owns, its time less the nested and
  router time (p50 / p99 / max, and how many exceed 20 ms);
- **the lag and click latency without SimCord and the driver**: each measured interval (a
  lag sample from its due time to its wake-up; a click from the click to its callback)
  less the time of every SimCord and driver segment inside it. Segments shorter than
  ``KEEP`` are not kept (a settle turn at K = 25 is longer), so this errs towards the bot
  being slower. What stays in it: the bot's callbacks, asyncio's own, the time the loop
  waits for the GIL from the picture threads, and the few parts of SimCord's work done inside
  the bot's callbacks besides its router (its task and timer tracking hooks); discord.py's
  parsing of an event SimCord feeds it runs in SimCord's stretch and is left out.

The wrapper costs about a microsecond a callback; it is installed for the measured window
only.
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from simcord._dpy_internals import _original_callback

OWNERS = ("bot", "simcord", "driver", "asyncio")
KEEP = 20e-6  # foreign segments shorter than this are not kept (see the module's text)
LONG = 0.020  # a bot stretch longer than this counts as long (the lag target)
_SIMCORD = str(Path(sys.modules["simcord"].__file__ or "").parent)
_BENCH = str(Path(__file__).parent)
_AS_SIMCORD = (str(Path(__file__).with_name("settle.py")),)  # bench's stand-ins for SimCord's


def code_owner(callback: Any) -> str:
    """``simcord``, ``driver`` or ``asyncio`` by the file of a callback's code."""
    func = callback
    for _ in range(4):  # partials and bound methods
        inner = getattr(func, "func", None) or getattr(func, "__func__", None)
        if inner is None:
            break
        func = inner
    code = getattr(func, "__code__", None) or getattr(func, "cr_code", None)
    path = code.co_filename if code is not None else ""
    if not path:
        module = getattr(func, "__module__", "") or ""
        if module.startswith("simcord"):
            return "simcord"
        if module.startswith("bench"):
            return "driver"
        return "asyncio"
    if path.startswith(_SIMCORD) or path in _AS_SIMCORD:
        return "simcord"
    if path.startswith(_BENCH):
        return "driver"
    return "asyncio"


def resume_owner(coro: Any) -> str:
    """The owner of a task the bot does not own, by where its step resumes: the innermost
    coroutine of its ``await`` chain outside the standard library (the driver's task
    resumes in SimCord's settle loop while it advances time)."""
    found = "asyncio"
    seen = 0
    while coro is not None and seen < 64:
        seen += 1
        owner = code_owner(coro)
        if owner != "asyncio":
            found = owner
        coro = getattr(coro, "cr_await", None)
        if getattr(coro, "cr_code", None) is None:
            break
    return found


def name_of(handle: asyncio.Handle) -> str:
    """What a callback ran: a task's coroutine and where it waits now, or the function."""
    callback = _original_callback(getattr(handle, "_callback", None))
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        names = [getattr(coro, "__qualname__", "?")]
        inner = getattr(coro, "cr_await", None)
        while getattr(inner, "cr_code", None) is not None:
            names.append(getattr(inner, "__qualname__", "?"))
            inner = getattr(inner, "cr_await", None)
        where = [n for n in names[1:] if not n.startswith(("sleep", "wait", "Event."))]
        return names[0] + (f" (now in {where[-1]})" if where else "") + (
            " (done)" if task.done() else "")
    return getattr(callback, "__qualname__", type(callback).__name__)


class LoopClock:
    """Times ``Handle._run`` by owner while the ``with`` block runs (see the module)."""

    def __init__(self, env: Any, timer: Callable[[], float] = time.perf_counter) -> None:
        self.env = env
        self.timer = timer
        self.busy = dict.fromkeys(OWNERS, 0.0)  # seconds of segments by owner
        self.callbacks = dict.fromkeys(OWNERS, 0)  # top-level and nested callbacks run
        self.bot_stretches = array("d")  # seconds: one a bot callback, nested/router out
        self.foreign_start = array("d")  # SimCord's and the driver's segments ≥ KEEP
        self.foreign_end = array("d")
        self.long: list[tuple[float, str]] = []  # the bot's stretches over LONG, named
        self.long_gc: list[float] = []  # the collector's pauses inside each of those
        self.long_cpu: list[float] = []  # the loop thread's CPU clock over each of those
        self.collections: list[tuple[int, float, float]] = []  # (generation, start, end)
        self._gc_start = 0.0
        self._stack: list[list[Any]] = []  # [owner, segment start, bot time so far]
        self._original: Any = None

    def __enter__(self) -> LoopClock:
        self._original = asyncio.events.Handle._run
        original = self._original
        clock = self.timer
        cpu = time.thread_time
        tasks = self.env._work.tasks  # private to SimCord: the tasks it counts as the bot's
        stack = self._stack
        close = self._close

        def _run(handle: asyncio.Handle) -> None:
            now = clock()
            if stack:
                close(stack[-1], now)
            frame = [self.owner(handle, tasks), now, 0.0, now, cpu()]
            stack.append(frame)
            try:
                original(handle)
            finally:
                end = clock()
                close(frame, end)
                stack.pop()
                if frame[0] == "bot":
                    self.bot_stretches.append(frame[2])
                    if frame[2] > LONG:
                        self.long.append((frame[2], name_of(handle)))
                        self.long_gc.append(self.collected(frame[3], end))
                        self.long_cpu.append(cpu() - frame[4])
                self.callbacks[frame[0]] += 1
                if stack:
                    stack[-1][1] = end

        asyncio.events.Handle._run = _run  # type: ignore[method-assign]
        gc.callbacks.append(self._gc)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._original is not None:
            asyncio.events.Handle._run = self._original  # type: ignore[method-assign]
            self._original = None
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        """The cyclic garbage collector's pauses (it stops every thread: the GIL is held)."""
        if phase == "start":
            self._gc_start = self.timer()
        else:
            self.collections.append((info["generation"], self._gc_start, self.timer()))

    def collected(self, start: float, end: float) -> float:
        """Seconds of the collector's pauses inside [start, end]."""
        total = 0.0
        for _, a, b in reversed(self.collections):
            if b <= start:
                break
            total += max(0.0, min(b, end) - max(a, start))
        return total

    @staticmethod
    def owner(handle: asyncio.Handle, tasks: Any) -> str:
        """Whose callback this is (see the module)."""
        callback = getattr(handle, "_callback", None)
        if getattr(callback, "__simcord_original_callback__", None) is not None:
            return "bot"  # SimCord tracks it as the bot's
        task = getattr(callback, "__self__", None)
        if isinstance(task, asyncio.Task):
            if task in tasks:
                return "bot"
            return resume_owner(task.get_coro())
        return code_owner(_original_callback(callback))

    def _close(self, frame: list[Any], now: float) -> None:
        """End the running segment of ``frame`` at ``now``."""
        start = frame[1]
        length = now - start
        if length <= 0:
            return
        owner = frame[0]
        self.busy[owner] += length
        if owner == "bot":
            frame[2] += length
        elif owner != "asyncio" and length >= KEEP:
            self.foreign_start.append(start)
            self.foreign_end.append(now)

    def foreign(self, start: float, end: float) -> None:
        """SimCord's work inside the running callback (its HTTP router, timed by the
        caller): taken out of a bot callback's time and counted as a SimCord segment."""
        if not self._stack or end <= start:
            return
        frame = self._stack[-1]
        if frame[0] != "bot":
            return  # already not the bot's
        frame[2] -= end - start
        self.busy["bot"] -= end - start
        self.busy["simcord"] += end - start
        if end - start >= KEEP:  # inside the bot's segment, which is still open: insert
            at = bisect.bisect_left(self.foreign_start, start)
            self.foreign_start.insert(at, start)
            self.foreign_end.insert(at, end)

    def foreign_within(self, start: float, end: float) -> float:
        """Seconds of SimCord's and the driver's segments inside [start, end]."""
        starts, ends = self.foreign_start, self.foreign_end
        total = 0.0
        i = max(0, bisect.bisect_right(starts, start) - 1)
        while i < len(starts) and starts[i] < end:
            overlap = min(ends[i], end) - max(starts[i], start)
            if overlap > 0:
                total += overlap
            i += 1
        return total

    def without_foreign(self, spans: Sequence[tuple[float, float]], *,
                        collector: bool = False) -> list[float]:
        """Each span's length less the foreign time inside it (and with ``collector`` the
        garbage collector's pauses outside those segments too)."""
        out = []
        starts = [a for _, a, _ in self.collections]
        for start, end in spans:
            left = (end - start) - self.foreign_within(start, end)
            if collector:
                i = max(0, bisect.bisect_right(starts, start) - 1)
                while i < len(starts) and starts[i] < end:
                    a, b = max(starts[i], start), min(self.collections[i][2], end)
                    if b > a:
                        left -= (b - a) - self.foreign_within(a, b)
                    i += 1
            out.append(max(0.0, left))
        return out

"""SimCord's "is this task asleep on a virtual timer?" answered from an index, for the
capacity bench only (issue 42).

SimCord settles after every operation and every step of ``advance_time``: each turn of its
settle loop asks, for every pending task the bot owns, whether the task is parked
(``simcord._settlement._park_reason``); for a task asleep in ``asyncio.sleep`` the answer
comes from ``_is_virtual_sleep_waiter``, which scans every tracked callback for the one
timer whose argument is the task's waiter. With K tables both the tasks and the timers
grow with K, so one turn costs O(K²), and the turns of a virtual minute grow with K too: at
K = 100 it was most of the process's CPU and the longest synchronous stretches on the
bot's event loop (bench/results.md, fifteenth session), i.e. the capacity bench's
loop lag and click latency measured SimCord, not the bot.

:class:`IndexedSettle` puts a function with the same answer in place of
``_is_virtual_sleep_waiter`` while the ``with`` block runs: the tracked timers whose
original callback is ``asyncio``'s ``_set_result_unless_cancelled`` are indexed by their
arguments once, and a question looks up the waiter's entries instead of scanning. What the
original checks per record is checked the same way on the entries: the handle not
cancelled, the fire time (``_callback_fire_time``, read live: its real fallback may be
cancelled meanwhile) beyond the deadline.

The index is rebuilt whenever the callback list may have changed. SimCord changes that list
in four ways only: ``append`` (a callback scheduled), ``remove`` (one run), ``clear`` (the
bot detached) and a new list of the live records (``_active_callbacks``, every settle
turn). The index remembers the list object (a strong reference: its id cannot be reused),
its length and its last record; any mix of appends and removes that leaves all three alike
appended nothing that is still there and removed nothing (each removal shortens the list,
each surviving append becomes the last record), so the list holds the same records. A
record's ``handle``, ``when`` and the handle's callback and arguments never change once it
is in the list (``Handle.cancel`` clears them, and a cancelled handle is skipped). So
every answer is the original's; ``check=True`` asks both on every call and raises on the
first difference (bench/tests/test_settle.py plays a short capacity run so).

It also compares SimCord's callback records by identity while the block runs: a record is
a dataclass whose generated ``__eq__`` compares its fields (the handle's ``__eq__`` its
callback, arguments and time), and a callback that runs removes its record from the list
with ``list.remove``, i.e. one field comparison per record before it (3.8 million at
K = 100 in six virtual seconds). Every tracked handle's callback is SimCord's own wrapper
(a closure made for that record), so a record that is running equals no record but
itself: ``remove`` finds the same one either way.

This is harness work: the bot's code, the play, virtual time and every request are the
same with it as without (bench/results.md, sixteenth session, compares K = 25 runs).
``bench.spy`` counts this module's frames as SimCord's.
"""

from __future__ import annotations

from typing import Any

import simcord._settlement as settlement
from simcord import _dpy_internals
from simcord._runtime import _CallbackRecord

SLEEP_WAKE = "_set_result_unless_cancelled"  # asyncio.sleep's timer callback


class IndexedSettle:
    """``simcord._settlement._is_virtual_sleep_waiter`` answered from an index, and
    SimCord's callback records compared by identity (see the module)."""

    def __init__(self, *, check: bool = False) -> None:
        self.check = check
        self.builds = 0  # how many times the index was made
        self.questions = 0
        self._original: Any = None
        self._eq: Any = None
        self._list: list[Any] | None = None
        self._length = -1
        self._last: Any = None
        self._by_arg: dict[int, list[Any]] = {}

    def __enter__(self) -> IndexedSettle:
        self._original = settlement._is_virtual_sleep_waiter
        settlement._is_virtual_sleep_waiter = self.is_virtual_sleep_waiter
        self._eq = _CallbackRecord.__eq__
        _CallbackRecord.__eq__ = object.__eq__  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        if self._original is not None:
            settlement._is_virtual_sleep_waiter = self._original
            self._original = None
        if self._eq is not None:
            _CallbackRecord.__eq__ = self._eq  # type: ignore[method-assign]
            self._eq = None
        self._list, self._last, self._by_arg = None, None, {}

    def _index(self, callbacks: list[Any]) -> dict[int, list[Any]]:
        """The sleep timers of ``callbacks`` by the id of each argument (made again when
        the list may have changed, see the module's text)."""
        last = callbacks[-1] if callbacks else None
        if callbacks is self._list and len(callbacks) == self._length and last is self._last:
            return self._by_arg
        by_arg: dict[int, list[Any]] = {}
        for record in callbacks:
            handle = record.handle
            if record.when is None or handle is None or handle.cancelled():
                continue
            callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
            if getattr(callback, "__name__", "") != SLEEP_WAKE:
                continue
            for arg in getattr(handle, "_args", ()) or ():
                entries = by_arg.setdefault(id(arg), [])
                if not entries or entries[-1] is not record:
                    entries.append(record)
        self._list, self._length, self._last, self._by_arg = callbacks, len(callbacks), last, by_arg
        self.builds += 1
        return by_arg

    def is_virtual_sleep_waiter(self, state: Any, waiter: Any, deadline: float) -> bool:
        """The original's answer (``_is_virtual_sleep_waiter(state, waiter, deadline)``)."""
        self.questions += 1
        found = self._indexed(state, waiter, deadline)
        if self.check:
            expected = self._original(state, waiter, deadline)
            if found != expected:
                raise AssertionError(
                    f"indexed settle answered {found}, SimCord {expected} for {waiter!r}")
        return found

    def _indexed(self, state: Any, waiter: Any, deadline: float) -> bool:
        if waiter is None or waiter.done():
            return False
        for record in self._index(state.work.callbacks).get(id(waiter), ()):
            handle = record.handle
            if handle.cancelled():
                continue
            if settlement._callback_fire_time(state, record) <= deadline:
                continue
            if any(arg is waiter for arg in getattr(handle, "_args", ()) or ()):
                return True
        return False

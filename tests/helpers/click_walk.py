"""The walk of one click through our code (issue 44): which of the project's files run
from discord.py's dispatch of a routed component to the click's answer (its interaction
response: the request Discord must have within 3 seconds), and which functions the click
calls until it is done.

A profile hook (``sys.setprofile``) on the event loop's thread, and on the image thread,
sees every Python function called. The click's own work is told apart from whatever else
the loop runs meanwhile (a table message's render, a computer's move) by a context
variable: it is set in the task discord.py starts for the click
(``ViewStore.schedule_dynamic_item_call``) and carried by what that task hands to a thread
(a picture drawn by ``run_in_executor`` with a copy of its context); a task the click
starts is not the click's (its calls are not counted). The files are counted until the
call that sends the answer (``create_interaction_response``); the calls, until the walk
ends.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs", "storage")
DISCORD_SIDE = ("bot/discord/", "cogs/")
DISPATCH = "schedule_dynamic_item_call"  # discord.ui.view.ViewStore: one click's task
ANSWER = "create_interaction_response"  # discord.webhook.async_: the answer is sent
#: With metrics on (``METRICS_PORT``), the answer methods are wrapped to time them
#: (``bot/discord/metrics.py``'s ``answer``, once per process): that wrapper is the answer.
TIMED_ANSWER = ("bot/discord/metrics.py", "answer")
RESUMABLE = inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR

_CLICK: contextvars.ContextVar[object | None] = contextvars.ContextVar("click_walk",
                                                                         default=None)


@dataclass
class Walk:
    """One click's walk: the project files it ran before its answer, in the order first
    run, and how many times it called each of our functions until the walk ended."""

    files: list[str] = field(default_factory=list)
    calls: Counter[str] = field(default_factory=Counter)  # "bot/x.py:function" -> calls
    answered: bool = False
    task: object | None = None
    _started: dict[int, FrameType] = field(default_factory=dict)  # coroutines seen

    @property
    def discord_side(self) -> list[str]:
        """The files of the Discord side (``bot/discord/``, ``cogs/``) before the answer."""
        return [f for f in self.files if f.startswith(DISCORD_SIDE)]

    def record(self, frame: FrameType, ours: str) -> None:
        """A call of one of our functions (a coroutine's resumption is not a new call)."""
        code = frame.f_code
        if code.co_flags & RESUMABLE:
            if id(frame) in self._started:
                return
            self._started[id(frame)] = frame  # kept, so that its id is not reused
        if not self.answered and ours not in self.files:
            self.files.append(ours)
        self.calls[f"{ours}:{code.co_name}"] += 1


def _ours(filename: str) -> str | None:
    """A project file's path from the root (``bot/…``), else ``None``."""
    try:
        path = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return path.as_posix() if path.parts and path.parts[0] in PACKAGES else None


@contextmanager
def walking(image_executor: Executor) -> Iterator[Walk]:
    """Record the walk of the next click made inside the block (see the module); the image
    thread's hook is set through ``image_executor`` (its one thread) and cleared after."""
    walk = Walk()
    known: dict[str, str | None] = {}

    def ours(frame: FrameType) -> str | None:
        name = frame.f_code.co_filename
        if name not in known:
            known[name] = _ours(name)
        return known[name]

    def on_loop(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        if walk.task is None:
            if frame.f_code.co_name == DISPATCH:
                walk.task = asyncio.current_task()
                _CLICK.set(walk.task)
            return
        if _CLICK.get() is None:
            return
        task = asyncio.current_task()
        if task is None:  # a callback the loop runs in a copy of the click's context
            return
        if task is not walk.task:  # a task the click started: not the click's own work
            _CLICK.set(None)
            return
        found = ours(frame)
        if frame.f_code.co_name == ANSWER or (found, frame.f_code.co_name) == TIMED_ANSWER:
            walk.answered = True
            return
        if found is not None:
            walk.record(frame, found)

    def on_thread(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or walk.task is None or _CLICK.get() is not walk.task:
            return
        found = ours(frame)
        if found is not None:
            walk.record(frame, found)

    image_executor.submit(sys.setprofile, on_thread).result()
    sys.setprofile(on_loop)
    try:
        yield walk
    finally:
        sys.setprofile(None)
        image_executor.submit(sys.setprofile, None).result()

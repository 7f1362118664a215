"""The event loop's thread split by owner, from py-spy's samples of this very process.

``bench.sampler`` looks at stacks from a thread of its own, which must hold the GIL to
look: it gets it mostly when the loop's thread lets it go on its own, i.e. when that
thread enters ``epoll`` to wait, so the loop's thread looked idle in 97 samples of 100
while its CPU clock showed it was the busiest thread (``bench.threads``). py-spy reads the
stacks from outside the process (``process_vm_readv``), without the GIL, and leaves out
threads the kernel has asleep: its samples of the loop's thread are a fair split of that
thread's CPU. It is optional (``pip install py-spy``; attaching needs ptrace rights, as
root or with ``kernel.yama.ptrace_scope`` 0); without it the capacity bench says so and
uses the in-process sampler's shares.

Owners, by the innermost frame outside the standard library: ``bot`` (bot, cogs, storage
and the libraries a production bot runs: discord.py, Pillow, aiosqlite, ...), ``simcord``
(``bench.settle``'s stand-in for part of it too), ``driver`` (this ``bench`` package, below
its entry point; ``bench.stretches``' wrapper of every callback is looked through), and
``asyncio``: frames of the standard library only, the loop's own scheduling. Samples
inside the loop's ``epoll`` poll are counted apart (``epoll``) and left out of the split:
py-spy (``--nonblocking``) sees a thread that is just waking as running, and such samples
were 29 % of one K = 25 window, while the thread's own CPU clock inside every ``select``
of a whole run (start-up included) was 0.45 s, a few per cent of the thread's CPU.
"""

from __future__ import annotations

import linecache
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

RATE = 100  # samples per second (py-spy runs on the same cores)
OWNERS = ("bot", "simcord", "driver", "asyncio")  # "epoll" samples are counted, not split
_FRAME = re.compile(r"^(?P<func>.*) \((?P<path>[^()]*?)(?::\d+)?\)$")
_ENTRY = frozenset({"<module>", "main", "measure"})  # the bench's own entry points
_AS_SIMCORD = frozenset({"bench/settle.py"})  # the bench's stand-ins for SimCord's code
_SEE_THROUGH = frozenset({"bench/stretches.py"})  # the bench's wrapper of every callback


def executable() -> str | None:
    """py-spy beside this Python (a venv) or on the PATH, or ``None``."""
    near = Path(sys.executable).with_name("py-spy")
    return str(near) if near.exists() else shutil.which("py-spy")


def owner(frames: list[str]) -> str:
    """The owner of one collapsed stack (outermost frame first, the thread's name first)."""
    return owned(frames)[0]


def owned(frames: list[str]) -> tuple[str, str]:
    """(owner, place): the owner of one collapsed stack and its deciding frame as
    ``path:function`` (the innermost frame for asyncio's own)."""
    for frame in reversed(frames[1:]):
        m = _FRAME.match(frame)
        if m is None:
            continue
        path, func = m["path"], m["func"]
        if path.startswith("simcord/") or path in _AS_SIMCORD:
            return "simcord", f"{path}:{func}"
        if path in _SEE_THROUGH:
            continue
        if path.startswith("bench/"):
            if func.split(".")[-1] in _ENTRY:
                break
            return "driver", f"{path}:{func}"
        if not _stdlib(path):
            return "bot", f"{path}:{func}"
    innermost = frames[-1] if len(frames) > 1 else ""
    m = _FRAME.match(innermost)
    place = f"{m['path']}:{m['func']}" if m else innermost
    return ("epoll" if innermost.startswith("EpollSelector.select") else "asyncio"), place


def _stdlib(path: str) -> bool:
    """A path as py-spy prints it: the standard library's are relative to it
    (``asyncio/base_events.py``, ``selectors.py``, ``<frozen ...>``)."""
    top = path.split("/", 1)[0]
    return path.startswith("<") or top.removesuffix(".py") in sys.stdlib_module_names


def shares(raw: str, thread_id: int) -> Counter[str]:
    """Samples of the thread ``thread_id`` (its native id) by owner, from py-spy's raw
    (collapsed) output."""
    counts: Counter[str] = Counter()
    for line in raw.splitlines():
        stack, _, n = line.rpartition(" ")
        frames = stack.split(";")
        if not n.isdigit() or not frames[0].startswith(f"thread ({thread_id})"):
            continue
        counts[owner(frames)] += int(n)
    return counts


def waiting(frame: str) -> bool:
    """Is this innermost frame a worker thread waiting for work (a queue's ``get`` is C
    code, so the worker's own frame is innermost)? py-spy sometimes takes such a thread,
    just waking, for a running one."""
    m = _FRAME.match(frame)
    if m is None:
        return False
    if m["func"] == "_worker" and m["path"] == "concurrent/futures/thread.py":
        return True
    line = re.search(r":(\d+)\)$", frame)
    if m["func"] == "_connection_worker_thread" and line is not None:
        import aiosqlite.core

        return "tx.get()" in linecache.getline(aiosqlite.core.__file__, int(line[1]))
    return False


def places(raw: str) -> Counter[tuple[str, str]]:
    """Samples of every thread by (owner, place), polls, waiting workers and the bench's
    own sampler left out: py-spy samples each running thread alike, so these shares are
    shares of the process's CPU."""
    counts: Counter[tuple[str, str]] = Counter()
    for line in raw.splitlines():
        stack, _, n = line.rpartition(" ")
        frames = stack.split(";")
        if not n.isdigit() or "bench-sampler" in frames[0] or waiting(frames[-1]):
            continue
        who, where = owned(frames)
        if who != "epoll":
            counts[(who, where)] += int(n)
    return counts


class Spy:
    """py-spy attached to this process while the ``with`` block runs (nothing when py-spy
    is missing or cannot attach: :attr:`counts` stays empty and :attr:`why` says why)."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate
        self.counts: Counter[str] = Counter()  # the event loop's thread, by owner
        self.places: Counter[tuple[str, str]] = Counter()  # every thread's, by place
        self.why = ""
        self._proc: subprocess.Popen[bytes] | None = None
        self._out = Path(tempfile.mkdtemp(prefix="cardroom-spy-")) / "raw.txt"

    def __enter__(self) -> Spy:
        self.start()
        self.ready()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Attach (about a second before the first sample; call :meth:`ready` after)."""
        exe = executable()
        if exe is None:
            self.why = "py-spy is not installed"
            return
        self._proc = subprocess.Popen(
            [exe, "record", "--pid", str(os.getpid()), "--format", "raw", "-o", str(self._out),
             "--threads", "--nonblocking", "--rate", str(self.rate)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def ready(self, wait: float = 1.5) -> None:
        """Block ``wait`` s of real time for py-spy to attach (nothing runs meanwhile)."""
        if self._proc is not None:
            time.sleep(wait)

    def stop(self) -> None:
        """Detach and read the samples."""
        proc = self._proc
        if proc is None:
            return
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            self.why = "py-spy did not stop"
            return
        if not self._out.exists():
            self.why = f"py-spy could not attach: {err.decode(errors='replace').strip()[-200:]}"
            return
        main = threading.main_thread().native_id or os.getpid()
        raw = self._out.read_text()
        shutil.rmtree(self._out.parent, ignore_errors=True)
        self.counts = shares(raw, main)
        self.places = places(raw)
        if not self.counts:
            self.why = "py-spy took no sample of the event loop's thread"

    def top(self, count: int = 8) -> list[tuple[str, str, float]]:
        """The busiest places of every thread: (owner, place, share of the samples)."""
        total = sum(self.places.values())
        return [(who, where, n / total) for (who, where), n in self.places.most_common(count)]

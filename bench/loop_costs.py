"""The event loop's CPU a picture, by whose it is: ours, discord.py's, SimCord's.

``python -m bench.loop_costs`` plays ``bench.uploads``' people-only games twice with the
same seeds and moves, pictures on and off, under ``cProfile`` on the event loop's thread
only (``sys.setprofile`` is per thread: the picture thread and SQLite's are not profiled)
with that thread's own CPU clock as the timer (``time.thread_time``: another process on
the same cores does not count). Only the measured window of each game is profiled (from
the first Take turn to the last edit), not the bot's start nor the table's opening.

Each function's own time goes to the owner of its file: **pictures** (ours, the work a
picture adds on the loop: ``bot/discord/pictures.py``, ``bot/render/alt``, the image
cache), **bot** (our other code: cogs, panels, i18n, storage), **discord.py**,
**simcord** (its HTTP routes, its store of attachments, its settle loop), **driver**
(the bench's people: ``bench``, ``tests``), **libraries** (aiosqlite, Babel, ...). A
standard-library or built-in function's time (``json.dumps``, ``copy.deepcopy``,
asyncio's scheduling under a task) goes to its callers' owners, in proportion to the time
each caller spent in it; time with no owner above it is **asyncio** (the loop itself).

The figure of the issue is the difference, on minus off, per picture uploaded: what the
pictures cost the loop, split by owner. cProfile slows Python code down (each call is
timed) more than C code, so its milliseconds are larger than the unprofiled loop's;
the shares are what it gives, and the unprofiled loop's CPU on and off (``bench.uploads``)
the size. Named functions' times inside the window (``MARKS``: the alt text, the digest,
discord.py's ``File`` and multipart parameters, SimCord's routes and attachment store)
are printed per picture too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import functools
import importlib
import os
import pstats
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bench import uploads
from tests.helpers.panel_heights import SPECS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STDLIB = sysconfig.get_paths()["stdlib"]
DISCORD_DIR = os.path.dirname(discord.__file__)
SIMCORD_DIR = os.path.dirname(simcord.__file__)
PICTURE_FILES = ("bot/discord/pictures.py", "bot/render/alt/", "bot/render/images/")
OWNERS = ("pictures", "bot", "discord.py", "simcord", "driver", "libraries", "asyncio")

# (label, file ending, function name, first line or 0): cumulative times per picture
MARKS: tuple[tuple[str, str, str, int], ...] = (
    ("ours: a picture's attachment (TableImages._file, awaits excluded)",
     "bot/discord/pictures.py", "_file", 0),
    ("ours: alt text on the loop (table_alt, seat_alt, hand_alt, round_end_alt)",
     "bot/render/alt/__init__.py", "*_alt", 0),
    ("ours: digest", "bot/discord/pictures.py", "digest", 0),
    ("ours: the table's public view (Table.public_view)", "bot/tables/model.py",
     "public_view", 0),
    ("ours: a seat's view (Table.player_view)", "bot/tables/model.py", "player_view", 0),
    ("ours: the picture's hand-off (TableImages.render)", "bot/discord/pictures.py",
     "render", 0),
    ("discord.py: File()", "discord/file.py", "__init__", 0),
    ("discord.py: handle_message_parameters", "discord/http.py",
     "handle_message_parameters", 0),
    ("discord.py: json of a multipart payload (utils._to_json)", "discord/utils.py",
     "_to_json", 0),
    ("discord.py: Attachment() (a message's attachments read)", "discord/message.py",
     "__init__", 229),
    ("simcord: parse_form (payload_json read back)", "simcord/http/router.py",
     "parse_form", 0),
    ("simcord: cdn.store_attachment", "simcord/backend/cdn.py", "store_attachment", 0),
    ("simcord: run_in_executor (its tracking of the picture thread's jobs)",
     "simcord/_runtime.py", "run_in_executor", 0),
    ("simcord: an executor job's end (finish, _inspect_executor)", "simcord/_runtime.py",
     "finish", 0),
    ("simcord: router.dispatch (every route)", "simcord/http/router.py", "dispatch", 0),
    ("simcord: settle loop (Env._settle_internal)", "simcord/env.py",
     "_settle_internal", 0),
)

# (label, module, attribute path): functions timed without a profiler (``timed``)
TIMED: tuple[tuple[str, str, str], ...] = (
    ("ours: alt text (table_alt)", "bot.discord.pictures", "table_alt"),
    ("ours: alt text (seat_alt)", "bot.discord.pictures", "seat_alt"),
    ("ours: alt text (hand_alt)", "bot.discord.pictures", "hand_alt"),
    ("ours: alt text (round_end_alt)", "bot.discord.pictures", "round_end_alt"),
    ("ours: digest", "bot.discord.pictures", "digest"),
    ("ours: Table.public_view", "bot.tables.model", "Table.public_view"),
    ("ours: Table.player_view", "bot.tables.model", "Table.player_view"),
    ("discord.py: File()", "discord.file", "File.__init__"),
    ("discord.py: handle_message_parameters", "discord.http", "handle_message_parameters"),
    ("discord.py: utils._to_json", "discord.utils", "_to_json"),
    ("simcord: parse_form", "simcord.http.router", "parse_form"),
    ("simcord: cdn.store_attachment", "simcord.backend.cdn", "CdnStore.store_attachment"),
    ("simcord: router.dispatch (every route)", "simcord.http.router", "dispatch"),
)

Func = tuple[str, int, str]


def owner_of(path: str) -> str | None:
    """The owner of a file, or ``None`` for the standard library and built-ins."""
    if path.startswith(SIMCORD_DIR):
        return "simcord"
    if path.startswith(DISCORD_DIR):
        return "discord.py"
    if path.startswith(ROOT + os.sep):
        rel = path[len(ROOT) + 1:]
        if rel.startswith(PICTURE_FILES):
            return "pictures"
        if rel.startswith(("bench/", "tests/")):
            return "driver"
        return "bot"
    if "site-packages" in path:
        return "libraries"
    return None  # the standard library, "~" (built-ins), "<frozen ...>"


@dataclass
class Split:
    """One play's loop-thread profile, by owner and by named function (CPU seconds)."""

    by_owner: dict[str, float] = field(default_factory=lambda: dict.fromkeys(OWNERS, 0.0))
    marks: dict[str, float] = field(default_factory=dict)
    total: float = 0.0
    pictures: int = 0
    actions: int = 0


def split(stats: pstats.Stats) -> Split:
    """Each function's own time charged to an owner (see the module's docstring)."""
    table: dict[Func, tuple[int, int, float, float, dict[Func, tuple[int, int, float, float]]]]
    table = stats.stats  # type: ignore[attr-defined]
    shares: dict[Func, dict[str, float]] = {}

    def share(func: Func, seen: frozenset[Func]) -> dict[str, float]:
        known = shares.get(func)
        if known is not None:
            return known
        found = owner_of(func[0])
        if found is not None:
            out = {found: 1.0}
        else:
            callers = table[func][4] if func in table else {}
            weights = {c: edge[3] for c, edge in callers.items() if c not in seen}
            whole = sum(weights.values())
            out = {}
            if whole > 0:
                for caller, weight in weights.items():
                    for name, part in share(caller, seen | {func}).items():
                        out[name] = out.get(name, 0.0) + part * weight / whole
            if not out:
                out = {"asyncio": 1.0}
        if not seen:
            shares[func] = out
        return out

    result = Split()
    for func, (_cc, _nc, tt, _ct, _callers) in table.items():
        result.total += tt
        for name, part in share(func, frozenset()).items():
            result.by_owner[name] += tt * part
    for label, ending, name, line in MARKS:
        result.marks[label] = sum(
            ct for (path, first, fn), (_cc, _nc, _tt, ct, _c) in table.items()
            if path.endswith(ending) and (line == 0 or first == line)
            and (fn == name or (name.startswith("*") and fn.endswith(name[1:]))))
    return result


@dataclass
class Timed:
    """CPU seconds inside each ``TIMED`` function, on the loop's thread and in others."""

    loop: dict[str, float] = field(default_factory=dict)
    threads: dict[str, float] = field(default_factory=dict)
    loop_calls: dict[str, int] = field(default_factory=dict)
    thread_calls: dict[str, int] = field(default_factory=dict)
    active: bool = False

    def __enter__(self) -> Timed:
        self.active = True
        return self

    def __exit__(self, *exc: object) -> None:
        self.active = False


@contextlib.contextmanager
def timed(into: Timed) -> Iterator[None]:
    """Each ``TIMED`` function wrapped to add its thread's CPU time to ``into`` while
    ``into.active`` (its callers elsewhere, e.g. ``from discord.http import ...``, too);
    a call inside another timed call of the same label counts once."""
    main = threading.main_thread().ident
    undo: list[tuple[Any, str, Any]] = []
    depth: dict[str, int] = {}

    def wrap(label: str, original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def call(*args: Any, **kwargs: Any) -> Any:
            if not into.active or depth.get(label):
                return original(*args, **kwargs)
            depth[label] = 1
            start = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                spent = time.thread_time() - start
                depth[label] = 0
                on_loop = threading.get_ident() == main
                where = into.loop if on_loop else into.threads
                where[label] = where.get(label, 0.0) + spent
                calls = into.loop_calls if on_loop else into.thread_calls
                calls[label] = calls.get(label, 0) + 1
        return call

    for label, module_name, path in TIMED:
        holder: Any = importlib.import_module(module_name)
        *outer, name = path.split(".")
        for part in outer:
            holder = getattr(holder, part)
        original = holder.__dict__[name] if isinstance(holder, type) else getattr(holder, name)
        wrapped = wrap(label, original)
        targets = [holder] if outer else [m for m in list(sys.modules.values())
                                          if getattr(m, name, None) is original]
        for target in targets:
            undo.append((target, name, original))
            setattr(target, name, wrapped)
    try:
        yield
    finally:
        for target, name, original in reversed(undo):
            setattr(target, name, original)


async def profiled(images: bool, actions: int, games: Sequence[str]) -> Split:
    """The games' measured windows under one profiler of the loop's thread."""
    profile = cProfile.Profile(time.thread_time)
    specs = [s for s in SPECS if s.game in games]
    played = await uploads.measure(specs, actions, images=images,
                                   window=lambda: profile)
    out = split(pstats.Stats(profile))
    out.pictures = sum(p.pictures for p in played)
    out.actions = sum(p.actions for p in played)
    return out


async def timed_play(images: bool, actions: int, games: Sequence[str]) -> tuple[Timed, int]:
    """The games' measured windows, ``TIMED``'s functions timed (no profiler)."""
    out = Timed()
    specs = [s for s in SPECS if s.game in games]
    with timed(out):
        played = await uploads.measure(specs, actions, images=images, window=lambda: out)
    return out, sum(p.pictures for p in played)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the loop's CPU by owner, on and off, and the difference a picture."""
    parser = argparse.ArgumentParser(prog="python -m bench.loop_costs",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[s.game for s in SPECS])
    parser.add_argument("--actions", type=int, default=uploads.ACTIONS)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the timed (unprofiled) plays; the least of each")
    args = parser.parse_args(argv)
    runs = [(asyncio.run(timed_play(True, args.actions, args.games)),
             asyncio.run(timed_play(False, args.actions, args.games)))
            for _ in range(args.repeat)]
    count = max(1, runs[0][0][1])
    print(f"timed without a profiler (thread CPU, the least of {args.repeat} runs), "
          f"ms a picture uploaded ({count}): on the loop, on; off; in other threads, on")
    for label, _module, _path in TIMED:
        least = [min(r[i][0].loop.get(label, 0.0) for r in runs) for i in (0, 1)]
        elsewhere = min(r[0][0].threads.get(label, 0.0) for r in runs)
        print(f"  {label}: {least[0] * 1000 / count:.3f}; {least[1] * 1000 / count:.3f}; "
              f"{elsewhere * 1000 / count:.3f} (calls on the loop, on "
              f"{runs[0][0][0].loop_calls.get(label, 0)}, off "
              f"{runs[0][1][0].loop_calls.get(label, 0)}; elsewhere, on "
              f"{runs[0][0][0].thread_calls.get(label, 0)})")
    on = asyncio.run(profiled(True, args.actions, args.games))
    off = asyncio.run(profiled(False, args.actions, args.games))
    pictures = max(1, on.pictures)
    print(f"loop thread under cProfile (thread CPU): on {on.total:.2f} s, off {off.total:.2f} s "
          f"for {on.actions} actions; {on.pictures} pictures uploaded: "
          f"{(on.total - off.total) * 1000 / pictures:.2f} ms more a picture")
    for name in OWNERS:
        more = on.by_owner[name] - off.by_owner[name]
        print(f"  {name:<10} on {on.by_owner[name]:6.3f} s  off {off.by_owner[name]:6.3f} s  "
              f"on-off {more * 1000 / pictures:+6.2f} ms a picture")
    print("named functions, cumulative (on; off), ms a picture uploaded:")
    for label, *_where in MARKS:
        print(f"  {label}: {on.marks[label] * 1000 / pictures:.3f}; "
              f"{off.marks[label] * 1000 / pictures:.3f}")


if __name__ == "__main__":
    main()

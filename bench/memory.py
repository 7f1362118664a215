"""Memory per open table: 1,000 and 10,000 tables open mid-game in one process.

Run ``python -m bench.memory`` (``--quick`` for tiny sizes). Each size is measured in fresh
subprocesses so nothing else lives in the heap:

1. ``S`` distinct mid-game tables (the four games in turn, each log cut at half of a seeded
   random game, as in ``bench.persistence``) are written to SQLite and restored by the real
   ``TableService.restore()``.
2. Those tables are cloned until ``N`` are held (a pickle round trip per table: new strings,
   lists and states; interned cards and enum members stay shared, as after a replay),
   because replaying 10,000 long logs would take minutes.
3. Per table = (memory after - memory before) / N, by ``tracemalloc`` (Python allocations)
   in one subprocess and by resident set size (``VmRSS``) in another, without tracemalloc.

The breakdown splits a table's own objects by ``Table`` field (and the engine state by its
own fields), counting each object once and leaving out shared ones (cards, enums, types).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import enum
import gc
import io
import json
import pickle
import subprocess
import sys
import tempfile
import tracemalloc
import types
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bench.run import Figure

SIZES = (1_000, 10_000)
QUICK_SIZES = (20, 40)
TARGET_KB = 50


def rss_bytes() -> int:
    """Resident set size of this process (``VmRSS``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("VmRSS not found in /proc/self/status")


def _no_task() -> None:
    return None


class _Cloner(pickle.Pickler):
    """Pickles a table; its asyncio lock comes back as a new lock, its (finished)
    background tasks as none, its game (``Table.entry``, modules inside) as the
    registry's own entry of that name."""

    def reducer_override(self, obj: Any) -> Any:
        from bot.games.registry import Game, game

        if isinstance(obj, Game):
            return (game, (obj.name,))
        if isinstance(obj, asyncio.Lock):
            return (asyncio.Lock, ())
        if isinstance(obj, asyncio.Task):
            return (_no_task, ())
        return NotImplemented


def blob(table: Any) -> bytes:
    """A table as pickle bytes, for cloning."""
    out = io.BytesIO()
    _Cloner(out, protocol=pickle.HIGHEST_PROTOCOL).dump(table)
    return out.getvalue()


async def restore_templates(count: int) -> list[Any]:
    """``count`` distinct mid-game tables restored by ``TableService.restore()``."""
    from bench.persistence import templates, write_open_tables
    from bot.games import registry
    from bot.tables.service import TableService
    from storage.connect import open_database
    from storage.tables import TableRepo

    per_game = max(1, count // 4)
    with tempfile.TemporaryDirectory(prefix="cardroom-mem-") as folder:
        path = Path(folder) / "tables.db"
        async with await open_database(path) as db:
            await write_open_tables(db, per_game * 4, templates(per_game, seed=7))
        async with await open_database(path) as db:
            service = TableService(TableRepo(db), games=registry.games())
            await service.restore()
            await service.aclose()
    return list(service.tables.values())


def _shared(obj: Any) -> bool:
    from bot.games.cards import Card

    return (
        obj is None
        or isinstance(obj, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
                            enum.Enum, Card, bool))
        or (type(obj) is int and -5 <= obj <= 256)
    )


def deep_size(obj: Any, seen: set[int]) -> int:
    """Bytes of ``obj`` and everything it reaches that is not in ``seen`` and not shared."""
    total = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen or _shared(item):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def _fields(obj: Any) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    names: Iterable[str] = getattr(type(obj), "__slots__", ()) or vars(obj)
    return [(n, getattr(obj, n)) for n in names if hasattr(obj, n)]


def breakdown(tables: Sequence[Any]) -> dict[str, float]:
    """Mean bytes per table by ``Table`` field; the engine state split as ``state.<field>``."""
    sizes: dict[str, float] = {}
    for table in tables:
        seen: set[int] = {id(table)}
        sizes["Table object"] = sizes.get("Table object", 0) + sys.getsizeof(table) + sum(
            sys.getsizeof(r) for r in gc.get_referents(table) if isinstance(r, dict))
        seen |= {id(r) for r in gc.get_referents(table) if isinstance(r, dict)}
        for name, value in _fields(table):
            if name == "state" and value is not None:
                seen.add(id(value))
                key = "state (object)"
                sizes[key] = sizes.get(key, 0) + sys.getsizeof(value)
                for sub, part in _fields(value):
                    key = f"state.{sub}"
                    sizes[key] = sizes.get(key, 0) + deep_size(part, seen)
                continue
            sizes[name] = sizes.get(name, 0) + deep_size(value, seen)
    return {k: v / len(tables) for k, v in sorted(sizes.items(), key=lambda kv: -kv[1])}


def per_game(tables: Sequence[Any]) -> dict[str, float]:
    """Mean deep size of a table per game (shared objects left out)."""
    sums: dict[str, list[int]] = {}
    for table in tables:
        sums.setdefault(table.game, []).append(deep_size(table, set()))
    return {game: sum(v) / len(v) for game, v in sums.items()}


def child(count: int, distinct: int, mode: str) -> dict[str, Any]:
    """Measure in this (fresh) process; returns the figures as a dict."""
    originals = asyncio.run(restore_templates(distinct))
    blobs = [blob(t) for t in originals]
    out: dict[str, Any] = {"count": count, "distinct": len(blobs), "mode": mode}
    gc.collect()
    if mode == "trace":
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
    else:
        before = rss_bytes()
    held = {}
    for n in range(count):
        table = pickle.loads(blobs[n % len(blobs)])
        held[n] = table
    gc.collect()
    after = tracemalloc.get_traced_memory()[0] if mode == "trace" else rss_bytes()
    out["per_table"] = (after - before) / count
    if mode == "rss":
        out["parts"] = breakdown(originals)
        out["games"] = per_game(originals)
        out["log_len"] = sum(len(t.log) for t in originals) / len(originals)
    return out


def run_child(count: int, distinct: int, mode: str) -> dict[str, Any]:
    """One measurement in a new Python process."""
    proc = subprocess.run(
        [sys.executable, "-m", "bench.memory", "--child", str(count), "--distinct", str(distinct),
         "--mode", mode],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parent.parent,
    )
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    sec = "5. Memory per open table"
    distinct = 8 if quick else 80
    out = []
    parts: dict[str, Any] = {}
    for size in QUICK_SIZES if quick else SIZES:
        trace = run_child(size, distinct, "trace")["per_table"] / 1024
        parts = run_child(size, distinct, "rss")
        rss = parts["per_table"] / 1024
        worst = max(trace, rss)
        out.append(Figure(
            sec, f"{size:,} tables open mid-game",
            f"{trace:,.1f} KB (tracemalloc), {rss:,.1f} KB (RSS)",
            target=f"≤ {TARGET_KB} KB", met=None if quick else worst <= TARGET_KB,
            method=f"fresh subprocess per size and per method: {distinct} distinct tables "
            "restored by TableService.restore(), cloned by pickle round trips to "
            f"{size:,}; (after - before) / {size:,}, tracemalloc and VmRSS measured apart"))
    top = list(parts["parts"].items())[:6]
    out.append(Figure(
        sec, "heaviest parts of a table",
        "; ".join(f"{name} {size / 1024:.1f} KB" for name, size in top),
        method=f"mean over {parts['distinct']} restored tables (mean log "
        f"{parts['log_len']:.0f} actions) of the bytes each Table field reaches "
        "(sys.getsizeof over gc.get_referents), each object once, cards/enums/types left out"))
    out.append(Figure(
        sec, "a table by game",
        "; ".join(f"{g} {b / 1024:.1f} KB" for g, b in parts["games"].items()),
        target=f"≤ {TARGET_KB} KB each",
        met=None if quick else max(parts["games"].values()) / 1024 <= TARGET_KB,
        method="mean deep size of one restored table of each game, measured as above"))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures (or, with ``--child``, measure and print JSON)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--distinct", type=int, default=200, help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=("trace", "rss"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child, args.distinct, args.mode or "rss")))
        return
    for f in collect(args.quick):
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))
        print(f"    {f.method}")


if __name__ == "__main__":
    main()

"""Every benchmark in one command: ``python -m bench`` prints a table and writes bench/results.md.

``--quick`` runs each measure once at tiny sizes (what the smoke test does) and writes no file
unless ``--out`` is given; ``--only NAME ...`` picks sections (engines, captures, ai, render,
persistence, memory, click, taps, edits, capacity, speed). Each section builds :class:`Figure` rows;
the engine, capture and render sections reuse the functions of ``bench.engine_*`` and
``bot.render``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

RESULTS = Path(__file__).with_name("results.md")


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure: where it belongs, what it is, its value, target and method."""

    section: str
    measure: str
    value: str
    target: str = ""
    met: bool | None = None
    method: str = ""


def percentile(samples: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (``pct`` in 0..100) of non-empty ``samples``."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def ms(seconds: float) -> str:
    """Seconds as milliseconds text (µs below 1 ms)."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.0f} µs"
    return f"{seconds * 1e3:,.2f} ms"


def spread(samples: Sequence[float]) -> str:
    """``median / p95 / max`` of timings in seconds, as text."""
    return " / ".join(
        ms(x) for x in (statistics.median(samples), percentile(samples, 95), max(samples))
    )


def code_version() -> str:
    """The git commit measured, and whether the working tree had uncommitted changes."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, check=True,
                                capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=root, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return f"commit {commit}" + (" with uncommitted changes" if dirty.strip() else "")


def machine() -> dict[str, str]:
    """The CPU model, cores, Python, OS and the UTC date of this run."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {
        "code": code_version(),
        "CPU": model,
        "cores": str(os.cpu_count()),
        "Python": platform.python_version(),
        "OS": platform.platform(terse=True),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load average at start": f"{load:.2f}",
    }


# ------------------------------------------------------------------ engines


def engines(quick: bool) -> list[Figure]:
    """Random legal play through the engine contract, per game."""
    from bench import engine_soi, engine_soureh, engine_turup

    sec = "1. Engine speed"
    out = []
    turns, actions, secs = engine_soureh.play(500 if quick else 100_000)
    out.append(Figure(
        sec, "Soureh, 4 players", f"{actions / secs:,.0f} actions/s ({turns / secs:,.0f} turns/s)",
        method=f"bench.engine_soureh.play: {turns:,} turns of random legal play "
        "(a turn: the draw to the end of the turn)"))
    games = 1 if quick else 30
    turns, actions, secs = engine_soureh.play(500 if quick else 50_000, 2, 1, game="pariah")
    out.append(Figure(
        sec, "Pariah, 2 players", f"{actions / secs:,.0f} actions/s ({turns / secs:,.0f} turns/s)",
        method=f"bench.engine_soureh.play(game='pariah') (as bench.engine_pariah): {turns:,} "
        "turns of random legal play"))
    actions, secs = engine_turup.random_play(4, games)
    out.append(Figure(sec, "Turup, 4 players", f"{actions / secs:,.0f} actions/s",
                      method=f"bench.engine_turup.random_play: {games} whole games"))
    actions, rounds, secs = engine_soi.random_play(4, games)
    out.append(Figure(sec, "Soi, 4 players", f"{actions / secs:,.0f} actions/s",
                      method=f"bench.engine_soi.random_play: {games} games to 200, "
                      f"{rounds} rounds"))
    return out


def captures(quick: bool) -> list[Figure]:
    """``turup.captures`` on 10-, 15- and 20-card piles."""
    from bench import engine_turup
    from bot.games.cards import card

    calls = 2 if quick else 200
    out = []
    for size in (10, 15, 20):
        mean, found = engine_turup.capture_timing(size, calls, None)
        mean10, found10 = engine_turup.capture_timing(size, calls, card("10S"))
        out.append(Figure(
            "2. Turup captures", f"{size}-card pile",
            f"{mean:,.0f} µs ({found:,.0f} options); with a 10: {mean10:,.0f} µs "
            f"({found10:,.0f} options)",
            method=f"bench.engine_turup.capture_timing: mean of {calls} calls on random piles "
            "of number cards, caches cleared before each call"))
    return out


# ------------------------------------------------------------ computer players


def ai(quick: bool) -> list[Figure]:
    """Decision time per computer level per game (``bench.ai_decisions.measure``)."""
    from bench import ai_decisions
    from bot.games.ai import LEVELS, Budget
    from bot.games.registry import ENGINES

    decisions = 2 if quick else 30
    budget = Budget(iterations=10, seconds=None) if quick else None
    out = []
    for game in ("soureh", "pariah", "turup", "soi"):
        cells = []
        hard_p95 = 0.0
        for level in LEVELS:
            times = ai_decisions.measure(game, level, 1, decisions, budget)
            cells.append(f"{level} {spread(times)}")
            if level == "hard":
                hard_p95 = percentile(times, 95)
        out.append(Figure(
            "3. Computer players", f"{ENGINES[game].title} (median / p95 / max)",
            "; ".join(cells), target="hard p95 ≤ 300 ms",
            met=None if quick else hard_p95 <= 0.3,
            method=f"bench.ai_decisions.measure: seat 0 at the level against normal players "
            f"({ai_decisions.PLAYERS[game]} seats), {decisions} decisions with a real choice "
            "(2+ legal actions), default budget"))
    return out


# ------------------------------------------------------------------- render


def render(quick: bool) -> list[Figure]:
    """Card images: table, hand and round-end renders at the largest table of each game."""
    from bench import render_images
    from bot.games.registry import games
    from bot.render.images.samples import NAMES
    from tests.helpers.pictures import render_hand, render_round_end, render_table

    repeat = 1 if quick else 20
    out = []
    for game, entry in games().items():  # read now: a game registered since is drawn too
        table_ms = 0.0
        players = entry.engine.max_players
        public, mine, end, source = render_images._views(game, players)
        cells = []
        for label, fn in (
            ("table", lambda p=public: render_table(p, NAMES)),
            ("hand", lambda m=mine: render_hand(m)),
            ("round end", lambda e=end: render_round_end(e, NAMES)),
        ):
            fn()
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                fn()
                times.append(time.perf_counter() - start)
            cells.append(f"{label} {ms(statistics.median(times))}")
            if label == "table":
                table_ms = statistics.median(times) * 1000
        out.append(Figure(
            "Card images", f"{game}, {players} seats", "; ".join(cells),
            target="table < 50 ms", met=None if quick else table_ms < 50,
            method=f"median of {repeat} renders after a first (warm) one; views from "
            f"{source} positions (bench.render_images._views)"))
    return out


# ------------------------------------------------------------------- runner

SECTIONS: dict[str, Callable[[bool], list[Figure]]] = {
    "engines": engines,
    "captures": captures,
    "ai": ai,
    "render": render,
}
LATER = ("click", "taps", "memory", "persistence", "edits", "capacity", "speed")
ORDER = ("engines", "captures", "ai", *LATER, "render")  # the numbering, images last


def section(name: str) -> Callable[[bool], list[Figure]]:
    """The collect function of a section (this module's, or ``bench.<name>.collect``)."""
    if name in SECTIONS:
        return SECTIONS[name]
    module = importlib.import_module(f"bench.{name}")
    collect: Callable[[bool], list[Figure]] = module.collect
    return collect


def table_text(figures: Sequence[Figure]) -> str:
    """The figures as a Markdown table."""
    lines = ["| section | measure | value | target | |", "| --- | --- | --- | --- | --- |"]
    for f in figures:
        mark = "" if f.met is None else ("met" if f.met else "**missed**")
        lines.append(f"| {f.section} | {f.measure} | {f.value} | {f.target} | {mark} |")
    return "\n".join(lines)


def methods_text(figures: Sequence[Figure]) -> str:
    """One line per figure saying how it was measured."""
    return "\n".join(f"- **{f.section} — {f.measure}**: {f.method}" for f in figures if f.method)


def report(figures: Sequence[Figure], info: dict[str, str], quick: bool,
           seconds: dict[str, float]) -> str:
    """The whole results.md text."""
    head = "\n".join(f"- {k}: {v}" for k, v in info.items())
    took = ", ".join(f"{name} {secs:.0f} s" for name, secs in seconds.items())
    size = "quick (tiny sizes)" if quick else "full"
    return (
        "# Cardroom benchmarks\n\n"
        f"Written by `python -m bench` ({size} run). Machine:\n\n{head}\n\n"
        "The machine's 2 cores are shared with other work (see the load averages), so "
        "figures vary between runs, by up to a factor of two under load.\n\n"
        f"{table_text(figures)}\n\n## Method of each measure\n\n{methods_text(figures)}\n\n"
        f"Time per section: {took}.\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sections, print the table and write the results file."""
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (smoke run)")
    parser.add_argument("--only", nargs="+", choices=[*SECTIONS, *LATER], help="sections to run")
    parser.add_argument("--out", type=Path, help="results file (default: bench/results.md, "
                        "none for --quick)")
    args = parser.parse_args(argv)
    names = args.only or list(ORDER)
    info = machine()
    figures: list[Figure] = []
    seconds: dict[str, float] = {}
    failed = []
    for name in names:
        print(f"-- {name} ...", file=sys.stderr, flush=True)
        gc.collect()
        start = time.perf_counter()
        try:
            found = section(name)(args.quick)
        except Exception as exc:  # one broken benchmark must not hide the others' figures
            traceback.print_exc()
            failed.append(name)
            found = [Figure(name, "failed", f"{type(exc).__name__}: {exc}"[:200], met=False,
                            method="the benchmark raised; its traceback went to stderr")]
        seconds[name] = time.perf_counter() - start
        figures.extend(found)
        for f in found:
            print(f"{f.section:22} {f.measure:28} {f.value}"
                  + (f"  [target {f.target}]" if f.target else ""), flush=True)
    print()
    print(table_text(figures))
    if hasattr(os, "getloadavg"):
        info["load average at end"] = f"{os.getloadavg()[0]:.2f}"
    out = args.out if args.out is not None else (None if args.quick else RESULTS)
    if out is not None:
        out.write_text(report(figures, info, args.quick, seconds), encoding="utf-8")
        print(f"\nwritten to {out}")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

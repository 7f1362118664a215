"""The figures of a capacity run (``python -m bench.capacity``): tables per core, click
latency, loop lag, requests and bytes per move, CPU by thread, each against its target.
The run itself, and what each figure means, are :mod:`bench.capacity`'s.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bench.requests import RateClass
from bench.run import Figure, ms, percentile
from bench.stretches import LONG, LoopClock

if TYPE_CHECKING:
    from bench.capacity import Load

LAG_PERIOD = 0.01  # the lag ticker's real sleep (bench.capacity)
TARGET_TABLES_PER_CORE = 500
TARGET_CLICK_P99 = 0.100
TARGET_LAG_P99 = 0.020
TARGET_GLOBAL_PER_MOVE = 0.1
TARGET_KB_PER_MOVE = 40.0


def request_cells(load: Load) -> tuple[str, str, float, float]:
    """(per-class text, upload text, global per human move, KB per human move)."""
    assert load.wire is not None
    tally, moves = load.wire.tally, max(load.human_moves, 1)
    per = tally.per(moves)
    parts = []
    for rate in RateClass:
        parts.append(f"{rate.value} {per[rate]:.2f} ({tally.kinds_text(moves, rate)})")
    kb = tally.upload_bytes / 1024 / moves
    files = sorted(load.wire.by_file.items(), key=lambda item: -item[1])
    detail = ", ".join(
        f"{name} {size / 1024 / moves:,.1f} KB in {load.wire.uploads.get(name, 0) / moves:.2f} "
        "files" for name, size in files)
    upload = f"{kb:,.1f} KB" + (f" ({detail})" if detail else "")
    return "; ".join(parts), upload, per[RateClass.GLOBAL], kb


def bot_alone(load: Load) -> str:
    """The bot's own tables per core: a range with py-spy (asyncio's share of the loop's
    thread counted as the bot's, or not), else the sampler's estimate; with py-spy also
    what SimCord's own work alone would allow (the ceiling of any figure measured under it)."""
    low = load.bot_tables_per_core(loop_is_bots=True)
    if not load.spy:
        return f"{low:,.0f}"
    busy = sum(n for name, n in load.spy.items() if name != "epoll")
    simcord = load.threads["loop"] * load.spy.get("simcord", 0) / busy if busy else 0.0
    ceiling = load.tables * load.virtual / simcord if simcord else 0.0
    return (f"{low:,.0f}–{load.bot_tables_per_core(loop_is_bots=False):,.0f}; SimCord's own "
            f"work alone: {ceiling:,.0f}")


def thread_figure(load: Load, k: str) -> Figure:
    """The window's CPU by thread group, exactly (``bench.threads``), per virtual minute."""
    scale = 60 / load.virtual if load.virtual else 0.0
    t = {name: cpu * scale for name, cpu in load.threads.items()}
    each = load.threads["pictures"] / load.pictures * 1000 if load.pictures else 0.0
    per_move = load.pictures / load.human_moves if load.human_moves else 0.0
    busy = {name: n for name, n in load.spy.items() if name != "epoll"}
    total = sum(busy.values())
    loop = (", ".join(f"{name} {n / total:.0%}" for name, n in sorted(
        busy.items(), key=lambda kv: -kv[1])) + " of py-spy's samples, "
        f"{load.spy.get('epoll', 0)} more inside epoll left out"
        if total else f"no py-spy: {load.spy_why}")
    value = (f"pictures {t['pictures']:.2f} s ({load.pictures * scale:.0f} drawn, "
             f"{each:.1f} ms each, {per_move:.2f} per human move); SQLite {t['sqlite']:.2f} s; "
             f"event loop {t['loop']:.2f} s ({loop}); other {t['other']:.2f} s")
    return Figure(
        "Capacity", f"{k}: CPU s per virtual minute by thread", value,
        method="each thread's own CPU clock (time.pthread_getcpuclockid) at both ends of the "
        "window, grouped by name (bench.threads): the card-image threads, aiosqlite's "
        "connection threads, the main thread (asyncio's loop); the sampler's own thread is "
        "in other; pictures drawn = the image caches' misses")


def collector(clock: LoopClock) -> str:
    """The garbage collector's pauses in the window, by generation."""
    parts = []
    for generation in (0, 1, 2):
        runs = [b - a for g, a, b in clock.collections if g == generation]
        if runs:
            parts.append(f"gen {generation} {len(runs)}× max {ms(max(runs))} "
                         f"(total {sum(runs):.2f} s)")
    return "the garbage collector: " + (", ".join(parts) or "did not run")


def own_figure(load: Load, k: str, quick: bool) -> Figure | None:
    """The bot's own latency: loop lag and clicks less SimCord's and the driver's time on
    the loop, and the bot's longest stretches (``bench.stretches``)."""
    clock, wire = load.clock, load.wire
    if clock is None or wire is None or not load.lag_spans:
        return None
    lags = clock.without_foreign(load.lag_spans)
    clicks = clock.without_foreign(wire.clicks)
    runs = list(clock.bot_stretches)
    long = sum(1 for x in runs if x > LONG)
    total = sum(clock.busy.values())
    split = ", ".join(f"{name} {sec:.2f} s ({sec / total:.0%}, {clock.callbacks[name]:,} "
                      "callbacks)" for name, sec in clock.busy.items()) if total else "nothing"
    lag99 = percentile(lags, 99)
    calm = clock.without_foreign(load.lag_spans, collector=True)
    calm_clicks = clock.without_foreign(wire.clicks, collector=True)
    click99 = percentile(clicks, 99) if clicks else 0.0
    settle = load.settle
    how = ("SimCord's own scan for sleep timers (--simcord-scan)" if settle is None else
           f"SimCord's sleep-timer question answered from bench.settle's index "
           f"({settle.questions:,} questions, {settle.builds:,} indexes made, the whole run)")
    return Figure(
        "Capacity", f"{k}: the bot's own loop lag p50 / p99 / max; click p50 / p99",
        " / ".join(ms(x) for x in (statistics.median(lags), lag99, max(lags)))
        + "; " + (" / ".join(ms(x) for x in (statistics.median(clicks), click99))
                  if clicks else "no clicks")
        + f" (the garbage collector's pauses out too: lag p99 {ms(percentile(calm, 99))}, "
        f"max {ms(max(calm))}; click p99 "
        f"{ms(percentile(calm_clicks, 99)) if calm_clicks else '-'})"
        + f"; the bot's stretches p99 / max {ms(percentile(runs, 99)) if runs else '-'} / "
        f"{ms(max(runs)) if runs else '-'}, {long} over {LONG * 1000:.0f} ms"
        + (" (longest: " + "; ".join(
            f"{ms(x)} {name}, {ms(c)} of CPU" + (f", {ms(g)} the garbage collector's" if g
                                                  else "")
            for (x, name), g, c in sorted(zip(clock.long, clock.long_gc, clock.long_cpu,
                                              strict=True), reverse=True)[:3]) + ")"
           if clock.long else "")
        + "; " + collector(clock),
        target=f"lag p99 ≤ {TARGET_LAG_P99 * 1000:.0f} ms, click p99 ≤ "
        f"{TARGET_CLICK_P99 * 1000:.0f} ms",
        met=None if quick else lag99 <= TARGET_LAG_P99 and click99 <= TARGET_CLICK_P99,
        method=f"{how}; every callback of the loop timed (bench.stretches): the lag samples "
        "and clicks above less the SimCord and driver segments inside each, the bot's "
        f"stretches = its {len(runs):,} callbacks' own time (nested callbacks and SimCord's "
        f"router out); the loop's time by owner: {split}")


def figures(loads: Sequence[Load], quick: bool) -> list[Figure]:
    """The capacity section's rows, one group per K."""
    sec = "Capacity"
    out = []
    for load in loads:
        assert load.wire is not None
        k = f"K={load.tables}" + ("" if load.images else ", images off")
        shares = ", ".join(f"{name} {share:.0%}" for name, share in load.shares.items())
        router = load.wire.router_cpu / load.cpu if load.cpu else 0.0
        out.append(Figure(
            sec, f"{k}: CPU s per virtual minute",
            f"{load.cpu_per_minute:.2f} s → **{load.tables_per_core:,.0f} live tables per core**"
            f" (bot alone: {bot_alone(load)})",
            target=f"≥ {TARGET_TABLES_PER_CORE} tables per core",
            met=None if quick else load.tables_per_core >= TARGET_TABLES_PER_CORE,
            method=f"{load.tables} tables ({load.level} computers), {load.virtual:.0f} virtual s "
            f"in {load.wall:.1f} real s; {load.human_moves} human moves "
            f"({load.human_moves / load.tables / load.virtual * 60:.1f} per table per virtual "
            f"minute), {load.other_moves} computer/timer moves, {load.clicks} clicks, "
            f"{load.given_up} moves given up, {load.games} new games; tables per core = "
            f"K × 60 / CPU s per virtual minute (process CPU, all threads, sampler's own "
            f"{load.sampler_cpu:.2f} s taken out); CPU shares from stack samples: {shares}; "
            f"SimCord's HTTP router alone {router:.0%} (timed); bot alone = K × 60 / the bot's "
            "own CPU s per virtual minute: "
            + ("all threads' CPU less the event loop thread's CPU times SimCord's and the "
               "driver's share of py-spy's samples of that thread (next row); the range: "
               "asyncio's own share of that thread counted as the bot's, or as SimCord's"
               if load.spy else
               f"the process's CPU times the bot's share of the sampler's samples ({load.spy_why}"
               "; those samples see too little of the event loop's thread, bench.spy)")))
        if load.threads:
            out.append(thread_figure(load, k))
        out.append(Figure(
            sec, f"{k}: where the CPU goes",
            "; ".join(f"{where} {share:.0%}" for _, where, share in load.top) or "no samples",
            method="the busiest places among the stack samples of every thread that were not "
            "waiting: the innermost frame outside the standard library, with its share; "
            + ("py-spy's samples (bench.spy), which see every running thread alike"
               if load.top_by == "py-spy" else
               "the in-process sampler's (bench.sampler), which sees a thread mostly when it "
               "lets the GIL go: Pillow's and SQLite's C code counts, the event loop's thread "
               "hardly at all")))
        lat = load.wire.latencies
        out.append(Figure(
            sec, f"{k}: click latency p50 / p99",
            f"{ms(statistics.median(lat))} / {ms(percentile(lat, 99))}" if lat else "no clicks",
            target=f"p99 ≤ {TARGET_CLICK_P99 * 1000:.0f} ms",
            met=None if quick or not lat else percentile(lat, 99) <= TARGET_CLICK_P99,
            method=f"{len(lat)} clicks: real time from the click to the bot's interaction "
            "callback as SimCord records it"))
        lags = load.lags
        out.append(Figure(
            sec, f"{k}: event-loop lag p50 / p99 / max",
            " / ".join(ms(x) for x in (statistics.median(lags), percentile(lags, 99),
                                       max(lags))) if lags else "no samples",
            target=f"p99 ≤ {TARGET_LAG_P99 * 1000:.0f} ms",
            met=None if quick or not lags else percentile(lags, 99) <= TARGET_LAG_P99,
            method=f"{len(lags)} wake-ups of a task sleeping {LAG_PERIOD * 1000:.0f} ms of real "
            "time on the bot's loop: how late each woke"))
        own = own_figure(load, k, quick)
        if own is not None:
            out.append(own)
        classes, upload, global_per, _ = request_cells(load)
        out.append(Figure(
            sec, f"{k}: requests per human move", classes,
            target=f"global ≤ {TARGET_GLOBAL_PER_MOVE}",
            met=None if quick else global_per <= TARGET_GLOBAL_PER_MOVE,
            method="every request the bot sent in the window (computer moves, timers, "
            "coalesced edits, DMs included) by bench.requests.classify, over the people's "
            f"moves; {load.wire.tally.total} requests"))
        moves = load.human_moves + load.other_moves
        per_move = load.wire.tally.upload_bytes / 1024 / moves if moves else 0.0
        out.append(Figure(
            sec, f"{k}: uploaded per move",
            f"{per_move:,.1f} KB per move; {upload} per human move",
            target=f"≤ {TARGET_KB_PER_MOVE:.0f} KB per move",
            met=None if quick else per_move <= TARGET_KB_PER_MOVE,
            method="bytes of the files attached to the window's requests over every move made "
            f"in the window ({moves}: the people's {load.human_moves}, the computers' and "
            f"timers' {load.other_moves}; each move changes the table's picture), then over "
            f"the people's moves alone, by file name with how many files of each (issue 17 "
            "counts requests per human move, bytes per move)"))
    return out

"""Capacity: K live tables at human pace under SimCord; CPU, latency and Discord requests.

``python -m bench.capacity --tables 25 50 100 --minutes 1`` (``--quick``: 4 tables, 15
virtual seconds; ``--no-images``: the same play with every server's images off, the floor
the pictures add to). For each K, the real ``CardroomBot`` runs offline under SimCord on a
SQLite file in a temporary folder, with K tables in K channels (50 to a guild), the four
games in turn (Soureh 2 people + 1 computer, Pariah 1 + 1, Turup 2 + 1, Soi 2 + 2; computers
at ``--level``, default normal), the server's default turn timer and images on. Everything
goes through Discord (``bench.players``): ``/play``, the lobby's buttons and select, Take
turn, the panel's buttons and selects; a finished game is followed by a new ``/play``.
A person thinks 3–6 virtual seconds (uniform) before each of his moves, counted from the
moment the turn reaches him; computers move at the bot's own pace (its pause, then the
search). Virtual time advances in ticks of 0.25 s through SimCord's ``advance_time``, which
runs every timer due (coalesced edits, computer pauses, turn timers); a click never lets
the wall clock fire a timer (``bench.players.act``), so a virtual minute holds exactly the
work of a minute of play, however long the machine takes to do it.

After a warm-up (the lobbies and 10 virtual seconds of play), the measured window reports:

- **CPU seconds per virtual minute**: process CPU time (``time.process_time``: every
  thread, so the PNG encoder and SQLite count) over the window, scaled to 60 virtual
  seconds. **Live tables per core** = K × 60 / (CPU seconds per virtual minute), i.e. the
  tables one fully busy core would carry at this pace, SimCord's and the driver's work
  included; the bot's own figure divides by the bot's share of that CPU only.
- **Shares** from stack samples every 5 ms (``bench.sampler``): SimCord (fake backend,
  gateway, settle loop), the bench driver, asyncio's loop, the bot (bot, cogs, storage,
  discord.py, Pillow, aiosqlite); and, exactly, the CPU time spent inside SimCord's HTTP
  router (``simcord.http.router.dispatch``, wrapped for the run).
- **Click latency**: real time from the moment a person clicks to the moment SimCord
  records the bot's interaction callback (the acknowledgement). SimCord runs one operation
  at a time and settles it before the next, so a click competes only with work already
  running (the render threads of earlier moves), never with a queue of other tables'
  clicks: under real concurrency expect more; the loop lag bounds what a click can wait
  behind on the loop.
- **Event-loop lag**: a driver task sleeping 10 ms of real time in a loop; lag = how much
  later than asked it woke (the longest synchronous stretches on the loop).
- **The bot's own lag and click latency** (``bench.stretches``): every callback of the loop
  timed and given to the bot, SimCord or the driver; each lag sample and click less the
  SimCord and driver time inside it, and the bot's longest stretches with their names, CPU
  and the garbage collector's pauses in them.
- **Requests per human move by rate-limit class** (``bench.requests.classify``): every
  request the bot sent in the window (computer moves, timers and coalesced edits included)
  over the people's moves; and **KB uploaded per move**: the bytes of the files attached
  to those requests over every move (the computers' and timers' too), and per human move
  by file name with how many files of each.
- **CPU by thread** (``bench.threads``): each thread's own CPU clock, exactly: the card
  pictures' threads, SQLite's, the event loop's; with py-spy installed (``bench.spy``) the
  event loop's thread split between the bot, SimCord, the driver and asyncio, which gives
  the bot's own tables per core.

Two harness choices keep the figures about the bot. The tables' deals come from the run's
seed (``run_load(seed=...)``, which also seeds the people's thinking times), not from the
bot's ``secrets``, so two runs play the same moves. SimCord's settle loop
asks, for each pending task, whether a timer will wake it, by scanning every tracked
timer: O(tasks × timers) a settle turn, most of the loop at K = 100. ``bench.settle``
answers the same question from an index (same answers, checked by bench/tests/test_settle);
``--simcord-scan`` runs SimCord's own scan (the figures before the sixteenth session).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord
import simcord.http.router as simcord_router

from bench.capacity_figures import LAG_PERIOD, figures
from bench.players import NoMove, Seated, peek, seat_tables
from bench.requests import CALLBACK, Tally, route_path
from bench.run import Figure
from bench.sampler import Sampler
from bench.settle import IndexedSettle
from bench.spy import Spy
from bench.stretches import LoopClock
from bench.threads import cpu_by_group, cpu_by_thread

DM_PATH = re.compile(r"^/channels/(\d+)/messages")
DM_CHANNEL = 1  # Discord's channel type of a DM
TICK = 0.25  # virtual seconds per step of the driver
THINK = (3.0, 6.0)  # a person's virtual seconds before each move
WARMUP = 10.0  # virtual seconds of play before the window opens


def file_size(item: Any) -> int:
    """Bytes of an attached file (its stream is left where it was)."""
    fp = getattr(item, "fp", None)
    if fp is None:
        return 0
    try:
        pos = fp.tell()
        fp.seek(0, 2)
        size = int(fp.tell())
        fp.seek(pos)
    except (OSError, ValueError):
        return 0
    return size


@dataclass
class Wire:
    """Wraps SimCord's HTTP router for one backend: counts requests by class with their
    attachment bytes, stamps the interaction callback that answers a click, and sums the
    CPU time spent in the router."""

    backend: Any
    tally: Tally = field(default_factory=Tally)
    measuring: bool = False
    click_start: float | None = None
    latencies: list[float] = field(default_factory=list)
    clicks: list[tuple[float, float]] = field(default_factory=list)  # (click, callback) times
    clock: LoopClock | None = None  # told of the router's time on the loop
    router_cpu: float = 0.0
    by_file: dict[str, int] = field(default_factory=dict)  # bytes uploaded by file name
    uploads: dict[str, int] = field(default_factory=dict)  # files uploaded by file name
    _original: Any = None

    def install(self) -> None:
        """Put the wrapper in place of ``simcord.http.router.dispatch``."""
        self._original = simcord_router.dispatch
        original = self._original

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if backend is not self.backend:
                return original(backend, method, path, **kwargs)
            if self.click_start is not None and method == "POST" and CALLBACK.match(
                    route_path(path)):
                if self.measuring:
                    now = time.perf_counter()
                    self.latencies.append(now - self.click_start)
                    self.clicks.append((self.click_start, now))
                self.click_start = None
            start, wall = time.thread_time(), time.perf_counter()
            if self.measuring:
                upload = 0
                for item in kwargs.get("files") or ():
                    size = file_size(item)
                    upload += size
                    name = str(getattr(item, "filename", "?"))
                    self.by_file[name] = self.by_file.get(name, 0) + size
                    self.uploads[name] = self.uploads.get(name, 0) + 1
                self.tally.add(method, path, upload, dm=self.is_dm(path))
            try:
                return original(backend, method, path, **kwargs)
            finally:
                if self.measuring:
                    self.router_cpu += time.thread_time() - start
                    if self.clock is not None:
                        self.clock.foreign(wall, time.perf_counter())

        simcord_router.dispatch = dispatch

    def is_dm(self, path: str) -> bool:
        """Is the request about a message in a DM channel?"""
        match = DM_PATH.match(route_path(path))
        if match is None:
            return False
        channel = self.backend.channels.get(int(match.group(1)))
        return channel is not None and channel.type == DM_CHANNEL

    def remove(self) -> None:
        """Restore SimCord's router."""
        if self._original is not None:
            simcord_router.dispatch = self._original
            self._original = None

    def clicked(self) -> None:
        """A person is about to click: start the latency clock."""
        self.click_start = time.perf_counter()


@dataclass
class Load:
    """What one run at K tables measured (the window only)."""

    tables: int
    level: str
    images: bool = True
    scan: bool = False  # SimCord's own scan for sleep timers, not bench.settle's index
    virtual: float = 0.0
    wall: float = 0.0
    cpu: float = 0.0
    human_moves: int = 0
    other_moves: int = 0
    clicks: int = 0
    given_up: int = 0
    games: int = 0
    lags: list[float] = field(default_factory=list)
    lag_spans: list[tuple[float, float]] = field(default_factory=list)  # (due, woke) times
    clock: LoopClock | None = None  # the loop's callbacks by owner (bench.stretches)
    settle: IndexedSettle | None = None
    wire: Wire | None = None
    shares: dict[str, float] = field(default_factory=dict)
    top: list[tuple[str, str, float]] = field(default_factory=list)
    sampler_cpu: float = 0.0
    threads: dict[str, float] = field(default_factory=dict)  # CPU s by thread group
    pictures: int = 0  # pictures drawn in the window
    spy: dict[str, int] = field(default_factory=dict)  # py-spy's samples of the loop's thread
    spy_why: str = ""  # why there are none
    top_by: str = "sampler"  # whose samples name the busiest places: "py-spy" or "sampler"

    @property
    def cpu_per_minute(self) -> float:
        """CPU seconds per virtual minute."""
        return self.cpu / self.virtual * 60 if self.virtual else 0.0

    @property
    def tables_per_core(self) -> float:
        """K × 60 / CPU seconds per virtual minute."""
        return self.tables * 60 / self.cpu_per_minute if self.cpu_per_minute else 0.0

    def bot_cpu(self, *, loop_is_bots: bool = True) -> float:
        """The bot's own CPU seconds in the window: every thread's (the sampler's out) less
        the event loop thread's SimCord and driver shares, from py-spy's samples of that
        thread (``bench.spy``); asyncio's own share of it (scheduling, polls) counts as the
        bot's with ``loop_is_bots``, else as SimCord's. Without py-spy: the in-process
        sampler's shares of all threads (they see too little of the loop's thread)."""
        if not self.threads or not self.spy:
            return self.cpu * (self.shares.get("bot", 0.0) + self.shares.get("loop", 0.0))
        busy = sum(n for name, n in self.spy.items() if name != "epoll")
        theirs = self.spy.get("simcord", 0) + self.spy.get("driver", 0)
        if not loop_is_bots:
            theirs += self.spy.get("asyncio", 0)
        return self.cpu - self.threads["loop"] * theirs / busy if busy else self.cpu

    def bot_tables_per_core(self, *, loop_is_bots: bool = True) -> float:
        """The same with the bot's own CPU only (SimCord and the driver out)."""
        bot = self.bot_cpu(loop_is_bots=loop_is_bots) / self.virtual * 60 if self.virtual else 0
        return self.tables * 60 / bot if bot else 0.0


@asynccontextmanager
async def running_bot(folder: Path, settle_timeout: float) -> AsyncIterator[simcord.Env]:
    """The real bot under SimCord on a database in ``folder``."""
    from bot.app import CardroomBot
    from bot.settings import load_settings
    from tests.helpers.pictures import prepare

    settings = load_settings(
        env_file=None, database_url=f"sqlite:///{folder / 'cardroom.db'}", log_level="WARNING",
        discord_token=None, dev_guild_id=None, heartbeat_file=None,
    )
    prepare()  # the card sprites now: SimCord gives the bot's own start-up 5 real seconds
    bot = CardroomBot(settings)
    bot.shard_count = 1
    try:
        async with simcord.run(bot, settle_timeout=settle_timeout) as env:
            with env.time_context():
                yield env
    finally:
        await bot.close()  # SimCord leaves the bot open: close its database connection


def drawn(env: simcord.Env) -> int:
    """How many pictures the bot has drawn so far (its image caches' misses)."""
    return sum(cache.misses for cache in env.bot.app.images.caches.values())


async def lag_ticker(lags: list[float], stop: asyncio.Event,
                     spans: list[tuple[float, float]] | None = None) -> None:
    """Sleep ``LAG_PERIOD`` of real time over and over; record each oversleep (and in
    ``spans`` when it was due and when it woke)."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(LAG_PERIOD)
        woke = time.perf_counter()
        lags.append(max(0.0, woke - start - LAG_PERIOD))
        if spans is not None:
            spans.append((start + LAG_PERIOD, max(woke, start + LAG_PERIOD)))


class Driver:
    """People at K tables, moving at human pace in virtual time."""

    def __init__(self, env: simcord.Env, tables: list[Seated], load: Load, wire: Wire,
                 seed: int) -> None:
        self.env = env
        self.tables = tables
        self.load = load
        self.wire = wire
        self.rng = random.Random(seed)
        self.due: dict[int, float] = {}
        self.versions: dict[int, int] = {}

    async def step(self, measuring: bool) -> None:
        """One tick: every person whose thinking time is over moves; new games where one
        ended; then virtual time advances by ``TICK``."""
        now = self.env.backend.clock.elapsed
        for index, table in enumerate(self.tables):
            seen = peek(self.env, table.channel.id)
            if not seen.running:
                await table.open(self.env)
                self.due.pop(index, None)
                self.versions.pop(index, None)
                if measuring:
                    self.load.games += 1
                continue
            if seen.user_to_act is None:
                self.due.pop(index, None)
                continue
            when = self.due.setdefault(index, now + self.rng.uniform(*THINK))
            if now < when:
                continue
            del self.due[index]
            try:
                clicks = await table.move(self.env, seen.user_to_act, self.rng,
                                          self.wire.clicked)
            except NoMove:
                table.panel = None
                if measuring:
                    self.load.given_up += 1
                continue
            self.versions[index] = peek(self.env, table.channel.id).version
            if measuring:
                self.load.human_moves += 1
                self.load.clicks += clicks
        await self.env.advance_time(TICK)

    def moves_since(self, marks: dict[int, int]) -> int:
        """Moves made at the tables since ``marks`` (versions; a new game counts from 0)."""
        total = 0
        for index, table in enumerate(self.tables):
            now = peek(self.env, table.channel.id).version
            before = marks.get(index, now)
            total += now - before if now >= before else now
        return total


async def run_load(tables: int, minutes: float, *, level: str = "normal", seed: int = 1,
                   warmup: float = WARMUP, images: bool = True, scan: bool = False,
                   check: bool = False) -> Load:
    """Seat ``tables`` tables, play ``warmup`` virtual seconds, then measure ``minutes``.
    SimCord's sleep-timer question is answered from an index (``bench.settle``) unless
    ``scan`` (SimCord's own scan, O(tasks × timers) a settle turn); ``check`` asks both."""
    load = Load(tables, level, images=images, scan=scan)
    settle = IndexedSettle(check=check)
    with tempfile.TemporaryDirectory(prefix="cardroom-capacity-") as folder, \
            contextlib.nullcontext() if scan else settle:
        async with running_bot(Path(folder), settle_timeout=600.0) as env:
            deals = random.Random(seed)  # the same deals every run (the bot draws secrets)
            env.bot.tables.seed_source = lambda: deals.randrange(2**31)
            seated = seat_tables(env, tables, level=level)
            if not images:  # the floor: the same play with the servers' images turned off
                from storage.guild_settings import GuildSettingsRepo

                repo = GuildSettingsRepo(env.bot.db)
                for guild_id in {t.channel.guild.id for t in seated}:
                    await repo.update(guild_id, images=False)
            for table in seated:
                await table.open(env)
            wire = Wire(env.backend)
            wire.install()
            try:
                driver = Driver(env, seated, load, wire, seed)
                clock = env.backend.clock
                start = clock.elapsed + warmup
                while clock.elapsed < start:
                    await driver.step(False)
                marks = {i: peek(env, t.channel.id).version for i, t in enumerate(seated)}
                stop = asyncio.Event()
                ticker = asyncio.create_task(lag_ticker(load.lags, stop, load.lag_spans))
                wire.measuring = True
                loop_clock = wire.clock = load.clock = LoopClock(env)
                # py-spy, if installed, watches the window from outside
                with Spy() as spy, Sampler() as sampler, loop_clock:
                    drawn0, threads0 = drawn(env), cpu_by_thread()
                    cpu0, wall0, virtual0 = time.process_time(), time.perf_counter(), clock.elapsed
                    while clock.elapsed < virtual0 + minutes * 60:
                        await driver.step(True)
                    load.cpu = time.process_time() - cpu0
                    load.threads = cpu_by_group(threads0, cpu_by_thread())
                    load.pictures = drawn(env) - drawn0
                    load.wall = time.perf_counter() - wall0
                    load.virtual = clock.elapsed - virtual0
                    wire.measuring = False
                load.spy, load.spy_why = dict(spy.counts), spy.why
                spy_top = spy.top()
                stop.set()
                await ticker
                load.other_moves = driver.moves_since(marks) - load.human_moves
                load.shares = sampler.shares()
                load.top = spy_top or sampler.top()
                load.top_by = "py-spy" if spy_top else "sampler"
                load.sampler_cpu = sampler.own_cpu
                load.cpu -= sampler.own_cpu
                load.wire = wire
                load.settle = None if scan else settle
            finally:
                wire.remove()
    return load


def measure(sizes: Sequence[int], minutes: float, level: str,
            images: bool = True, scan: bool = False) -> list[Load]:
    """One run per K."""
    loads = []
    for k in sizes:
        print(f"   capacity: K={k} ...", file=sys.stderr, flush=True)
        loads.append(asyncio.run(run_load(k, minutes, level=level, images=images, scan=scan)))
    return loads


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point: K = 25, 50, 100 for a virtual minute (4 tables, 15 virtual
    seconds with ``quick``)."""
    if quick:
        return figures(measure([4], 0.25, "normal"), True)
    return figures(measure([25, 50, 100], 1.0, "normal"), False)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.capacity",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[25, 50, 100],
                        help="K: live tables per run")
    parser.add_argument("--minutes", type=float, default=1.0, help="virtual minutes measured")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                        help="the computer players' level")
    parser.add_argument("--quick", action="store_true", help="4 tables, 15 virtual seconds")
    parser.add_argument("--no-images", action="store_true",
                        help="the servers' images off: what the same play costs without them")
    parser.add_argument("--simcord-scan", action="store_true",
                        help="SimCord's own scan for sleep timers (O(tasks × timers) a settle "
                        "turn), not bench.settle's index: the figures before the sixteenth "
                        "session")
    args = parser.parse_args(argv)
    images, scan = not args.no_images, args.simcord_scan
    if args.quick:
        found = figures(measure([4], 0.25, args.level, images, scan), True)
    else:
        found = figures(measure(args.tables, args.minutes, args.level, images, scan), False)
    for f in found:
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))
        print(f"    {f.method}")


if __name__ == "__main__":
    main()

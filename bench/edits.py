"""Table message edits per table per minute while computer players play quickly.

Run ``python -m bench.edits`` (``--quick`` for a short run). The real ``CardroomBot`` runs
under SimCord with its virtual clock. In each of two channels a member opens a Soureh table,
three easy computer players join and the table starts (``TableService`` calls); the
service's pause before a computer move is cut from 1.5 s to 0.2 s, and the member's own
turns are played at once through ``TableService.act``. Virtual time runs in 0.1 s steps;
every PATCH of a table message is stamped with the virtual clock. A finished game is
followed by a new one in the same channel.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import re
import statistics
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from bench.click import running_bot, timed_log
from bench.run import Figure

AI_DELAY = 0.2
STEP = 0.1
SETTLE_TIMEOUT = 30.0
LIMIT_INTERVAL = 1.5  # DESIGN.md: about one edit per table per 1.5 s
EDIT = re.compile(r"^/channels/(\d+)/messages/(\d+)$")


@dataclass(frozen=True, slots=True)
class EditStats:
    """What the run saw, summed over its tables."""

    tables: int
    minutes: float
    edits: int
    actions: int
    worst_per_minute: float
    min_gap: float
    mean_gap: float


async def open_table(env: simcord.Env, channel: Any, member: Any) -> None:
    """Open Soureh, seat three easy computers and start, through the service (the table
    message is posted by the first render). /play is not used: a slash command settles
    SimCord while other tables' short computer pauses run, and its real-time fallback
    would then run them instead of the virtual clock."""
    service = env.bot.tables  # type: ignore[attr-defined]
    with bot_work(env):
        table = await service.open(
            guild_id=channel.guild.id, channel_id=channel.id, host_id=member.id,
            host_name=member.name, game="soureh", options={}, timer_seconds=None)
        for _ in range(3):
            await service.add_computer(table.id, None, member.id, "easy")
        await service.start(table.id, None, member.id)


def bot_work(env: simcord.Env) -> Any:
    """A context in which the driver's service calls count as the bot's own work, so that
    the tasks they start (renders, computer moves in threads) are run and waited for by
    SimCord's clock. (SimCord's private ``_bot_scope``: the service is called directly.)"""
    return env._bot_scope()


async def run(env: simcord.Env, tables: int, seconds: float, seed: int = 1) -> EditStats:
    """Play ``tables`` tables for ``seconds`` of virtual time and count the edits."""
    log = timed_log(env)
    rng = random.Random(seed)
    service = env.bot.tables  # type: ignore[attr-defined]
    service.ai_delay = AI_DELAY
    guild = env.create_guild()
    seats = []
    for n in range(tables):
        channel = guild.create_text_channel(f"cards-{n}")
        member = guild.add_member(env.create_user(f"player{n}"))
        seats.append((channel, member))
        await open_table(env, channel, member)
    start_index = len(log)
    start_time = env.backend.clock.elapsed
    versions: dict[int, int] = {}
    actions = 0
    while env.backend.clock.elapsed - start_time < seconds:
        await env.advance_time(STEP)
        for channel, member in seats:
            table = service.in_channel(channel.id)
            if table is None:
                await open_table(env, channel, member)
                continue
            actions += max(0, table.version - versions.get(table.id, table.version))
            versions[table.id] = table.version
            if table.running and table.to_act() == table.seat_of(member.id):
                legal = table.engine.legal_actions(table.state)
                with bot_work(env):
                    await service.act(table.id, member.id, str(rng.choice(legal)))
    elapsed = env.backend.clock.elapsed - start_time
    channels = {channel.id for channel, _ in seats}
    stamps: dict[tuple[int, int], list[float]] = defaultdict(list)
    for index in range(start_index, len(log)):
        request, stamp = log[index], log.stamps[index]
        match = EDIT.match(request.path)
        if request.method == "PATCH" and match and int(match[1]) in channels and stamp:
            stamps[(int(match[1]), int(match[2]))].append(stamp.virtual)
    per_channel: dict[int, int] = defaultdict(int)
    gaps: list[float] = []
    for (channel_id, _), times in stamps.items():
        per_channel[channel_id] += len(times)
        gaps.extend(b - a for a, b in itertools.pairwise(times))
    minutes = elapsed / 60
    return EditStats(
        tables=tables, minutes=minutes, edits=sum(per_channel.values()), actions=actions,
        worst_per_minute=max(per_channel.values(), default=0) / minutes,
        min_gap=min(gaps, default=float("inf")),
        mean_gap=statistics.mean(gaps) if gaps else float("inf"),
    )


async def measure(quick: bool) -> EditStats:
    """Run the bot and count."""
    with tempfile.TemporaryDirectory(prefix="cardroom-edits-") as folder:
        # Only advance_time moves this run, and it parks every timer, so a long deadline
        # costs nothing; it lets a slow machine finish a picture in the thread pool (a
        # 1 s deadline once failed CI with a render still running).
        async with running_bot(Path(folder), settle_timeout=SETTLE_TIMEOUT) as env:
            return await run(env, 2, 10.0 if quick else 60.0)


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    stats = asyncio.run(measure(quick))
    sec = "7. Message edits"
    limit = 60 / LIMIT_INTERVAL
    gap = "none" if stats.min_gap == float("inf") else f"{stats.min_gap:.2f} s"
    return [Figure(
        sec, "table message edits per table per minute",
        f"{60 / stats.mean_gap:.1f} (mean gap {stats.mean_gap:.2f} s, shortest {gap}); "
        f"{stats.edits} edits of {stats.tables} tables in {stats.minutes:.1f} min; "
        f"{stats.actions / stats.tables / stats.minutes:.0f} actions per table per minute",
        target=f"≤ {limit:.0f} (gaps ≥ {LIMIT_INTERVAL} s)",
        met=None if quick else stats.min_gap >= LIMIT_INTERVAL - 0.01,
        method=f"{stats.tables} Soureh tables (a member and 3 easy computers, computer pause "
        f"{AI_DELAY} s, the member's moves made at once) under SimCord for {stats.minutes:.1f} "
        "virtual minutes in 0.1 s steps; PATCHes of table messages stamped with the virtual "
        "clock; edits per minute = 60 / the mean gap between a table's consecutive edits")]


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    for f in collect(args.quick):
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))


if __name__ == "__main__":
    main()

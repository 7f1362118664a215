"""Persistence: time to commit one action, and restoring open tables at start-up.

Run ``python -m bench.persistence`` (``--quick`` for tiny sizes). Everything runs on a real
SQLite file opened by ``Database.open`` with the production settings (WAL,
``synchronous=NORMAL``; reads on the aiosqlite connection, table writes committed by
``Database.write`` on the event loop's own sqlite3 connection), in a temporary folder on the
same disk.

- *Commit one action*: ``TableRepo.append_action`` (the one transaction written for each
  accepted action, before the player is answered), and ``TableService.act`` end to end
  (lock, parse, engine, the same commit), on 2-seat human tables of each game.
- *Restore*: N open tables written mid-game (a mix of the four games, each log cut at half
  the length of a seeded random game), the file closed, then ``Database.open`` +
  ``TableService.restore()`` timed as a start-up does it: once with logs only (the first
  start-up after snapshots came in; the service stores a snapshot of each table), then
  again after 16 more actions per table were logged behind those snapshots, as play leaves
  them (a snapshot every 32 actions).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.run import Figure, ms, percentile
from bot.games import ENGINES
from storage.database import Database
from storage.tables import SeatRecord, TableRepo

GAMES = ("soureh", "pariah", "turup", "soi")
PLAYERS = {"soureh": 4, "pariah": 2, "turup": 4, "soi": 4}


@dataclass(frozen=True, slots=True)
class TableLog:
    """A mid-game table to store: its game, seats, seed and the action texts with seats."""

    game: str
    players: int
    seed: int
    actions: tuple[tuple[int, str], ...]
    later: tuple[tuple[int, str], ...] = ()  # the next actions, played after a snapshot


LATER = 16  # actions logged after the last snapshot: half of SNAPSHOT_EVERY (32), on average


def mid_game(game: str, seed: int, progress: float = 0.5) -> TableLog:
    """A seeded random game of ``game`` cut at ``progress`` of its length (still open)."""
    engine = ENGINES[game]
    players = PLAYERS[game]
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    played: list[tuple[int, str]] = []
    while (seat := engine.to_act(state)) is not None:
        action = rng.choice(engine.legal_actions(state))
        played.append((seat, str(action)))
        state = engine.apply(state, action).state
    cut = max(1, min(len(played) - 1, round(len(played) * progress)))
    later = tuple(played[cut:min(cut + LATER, len(played) - 1)])
    return TableLog(game, players, seed, tuple(played[:cut]), later)


def templates(per_game: int, seed: int = 0) -> list[TableLog]:
    """``per_game`` distinct mid-game logs of each game, interleaved by game."""
    logs = [[mid_game(g, seed * 10_000 + i) for i in range(per_game)] for g in GAMES]
    return [log for group in zip(*logs, strict=True) for log in group]


async def write_open_tables(db: Database, count: int, logs: Sequence[TableLog]) -> int:
    """Store ``count`` running tables (cycling through ``logs``) in one transaction; returns
    the number of logged actions. Bulk SQL, as a fixture: the repository writes one table
    at a time, which would make the set-up take longer than the measure."""
    rows_t: list[tuple[Any, ...]] = []
    rows_s: list[tuple[Any, ...]] = []
    rows_a: list[tuple[Any, ...]] = []
    actions = 0
    for n in range(count):
        log = logs[n % len(logs)]
        table_id = n + 1
        rows_t.append((table_id, 1, 10_000 + n, 100 + n, log.game, "{}", log.seed, "running",
                       len(log.actions) + 1))
        for seat in range(log.players):
            rows_s.append((table_id, seat, 1000 * n + seat + 1, f"player {seat + 1}"))
        rows_a.extend((table_id, seq, seat, text) for seq, (seat, text) in enumerate(log.actions))
        actions += len(log.actions)
    await db.execute("BEGIN IMMEDIATE")
    await db.conn.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, game, variant, seed, status,"
        " version, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, datetime('now'))", rows_t)
    await db.conn.executemany(
        "INSERT INTO table_seats (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)", rows_s)
    await db.conn.executemany(
        "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, ?, ?, ?)", rows_a)
    await db.execute("COMMIT")
    return actions


async def write_later(db: Database, count: int, logs: Sequence[TableLog]) -> int:
    """Log each table's ``later`` actions after the ones already stored (bulk, as above)."""
    rows: list[tuple[Any, ...]] = []
    versions: list[tuple[int, int]] = []
    for n in range(count):
        log = logs[n % len(logs)]
        first = len(log.actions)
        rows.extend((n + 1, first + i, seat, text) for i, (seat, text) in enumerate(log.later))
        versions.append((first + len(log.later) + 1, n + 1))
    await db.execute("BEGIN IMMEDIATE")
    await db.conn.executemany(
        "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, ?, ?, ?)", rows)
    await db.conn.executemany("UPDATE tables SET version = ? WHERE id = ?", versions)
    await db.execute("COMMIT")
    return len(rows)


async def timed_restore(path: Path) -> dict[str, float]:
    """Open the file and restore every open table as a start-up does; seconds taken."""
    from bot.tables.service import TableService

    start = time.perf_counter()
    db = await Database.open(path)
    opened = time.perf_counter()
    service = TableService(TableRepo(db))
    restored = await service.restore()
    done = time.perf_counter()
    await service.aclose()
    await db.close()
    return {"tables": len(restored), "total": done - start, "open": opened - start}


async def commit_times(path: Path, count: int) -> tuple[list[float], list[float]]:
    """(append_action seconds, TableService.act seconds), ``count`` of each."""
    from bot.tables.service import TableService

    repo_times: list[float] = []
    act_times: list[float] = []
    rng = random.Random(5)
    async with await Database.open(path) as db:
        repo = TableRepo(db)
        service = TableService(repo, seed_source=lambda: rng.randrange(2**31))
        channel = 1
        while len(act_times) < count:
            game = GAMES[channel % len(GAMES)]
            engine = ENGINES[game]
            players = 2 if engine.min_players <= 2 else engine.min_players
            table = await service.open(guild_id=1, channel_id=channel, host_id=1, host_name="a",
                                       game=game, options={}, timer_seconds=None)
            for user in range(2, players + 1):
                await service.join(table.id, None, user, f"p{user}")
            await service.start(table.id, None, 1)
            while table.running and len(act_times) < count:
                seat = table.to_act()
                assert seat is not None
                text = str(rng.choice(engine.legal_actions(table.state)))
                start = time.perf_counter()
                await service.act(table.id, table.seats[seat].user_id or 0, text)
                act_times.append(time.perf_counter() - start)
            if table.running:
                await service.cancel(table.id, 1)
            channel += 1
        # the bare commit, on a table of its own so the log stays consistent
        table = await service.open(guild_id=1, channel_id=10**6, host_id=1, host_name="a",
                                   game="soureh", options={}, timer_seconds=None)
        seats = [SeatRecord(0, 1, "a"), SeatRecord(1, 2, "b")]
        await repo.start(table.id, seats=seats, seed=1, version=1, deadline=None)
        for seq in range(count):
            start = time.perf_counter()
            await repo.append_action(table.id, seq=seq, seat=seq % 2, text="keep 2",
                                     version=seq + 2, deadline=time.time() + 60)
            repo_times.append(time.perf_counter() - start)
        await service.aclose()
    return repo_times, act_times


async def restore_time(path: Path, count: int, logs: Sequence[TableLog]) -> dict[str, Any]:
    """Write ``count`` open tables, then time two start-ups: the first, with no snapshot
    (the service replays every log and stores snapshots), and a normal one, after
    ``LATER`` more actions per table were logged behind those snapshots."""
    async with await Database.open(path) as db:
        actions = await write_open_tables(db, count, logs)
    first = await timed_restore(path)
    async with await Database.open(path) as db:
        later = await write_later(db, count, logs)
    second = await timed_restore(path)
    return {"actions": actions, "later": later, "first": first, "second": second}


def engine_replay(logs: Sequence[TableLog]) -> dict[str, float]:
    """Seconds per game to rebuild each log's state with the engine alone (new_game,
    parse_action, apply), without the table service's bookkeeping."""
    spent: dict[str, float] = dict.fromkeys(GAMES, 0.0)
    for log in logs:
        engine = ENGINES[log.game]
        start = time.perf_counter()
        state = engine.new_game(log.players, log.seed)
        for _, text in log.actions:
            state = engine.apply(state, engine.parse_action(state, text)).state
        spent[log.game] += time.perf_counter() - start
    return spent


def restore_text(info: dict[str, float]) -> str:
    """A restore's seconds, and the part spent opening the database."""
    return f"{info['total']:.2f} s (of which Database.open {info['open']:.2f} s)"


async def measure(quick: bool) -> list[Figure]:
    """Both measures in a temporary folder."""
    sec = "6. Persistence"
    count = 20 if quick else 2000
    tables = 8 if quick else 1000
    logs = templates(2 if quick else 25)
    with tempfile.TemporaryDirectory(prefix="cardroom-bench-") as folder:
        repo_t, act_t = await commit_times(Path(folder) / "commit.db", count)
        info = await restore_time(Path(folder) / "restore.db", tables, logs)
    share = tables / len(logs)  # each template log is stored this many times
    engine_s = {g: t * share for g, t in engine_replay(logs).items()}
    per_game = {g: statistics.mean(len(t.actions) for t in logs if t.game == g) for g in GAMES}
    mix = ", ".join(f"{g} {n:.0f}" for g, n in per_game.items())
    wal = ("WAL, synchronous=NORMAL (Database.open), committed by Database.write on the "
           "loop's own connection, a file on local disk")
    return [
        Figure(sec, "commit one action (TableRepo.append_action)",
               f"median {ms(statistics.median(repo_t))}, p99 {ms(percentile(repo_t, 99))}",
               method=f"{count} append_action transactions on one table; {wal}"),
        Figure(sec, "one action through TableService.act",
               f"median {ms(statistics.median(act_t))}, p99 {ms(percentile(act_t, 99))}",
               method=f"{count} random legal actions on 2-4-seat human tables of the four "
               "games, no Discord side: lock, parse, engine, commit, memory update"),
        Figure(sec, f"restore {tables:,} open tables at start-up",
               restore_text(info["second"]), target="< 2 s",
               met=None if quick else info["second"]["total"] < 2.0,
               method=f"{tables:,} running tables (the four games in turn, mean log per table "
               f"{mix}) stored with snapshots as play leaves them (the service's own snapshot "
               f"taken at a first start-up, then {info['later'] / tables:.0f} more actions "
               "logged per table), file closed, then Database.open + TableService.restore() "
               "timed together"),
        Figure(sec, "first start-up, no snapshot yet", restore_text(info["first"]),
               method=f"the same tables with their logs only ({info['actions']:,} actions): "
               "every log replayed from the deal (then snapshots are stored)"),
        Figure(sec, "first start-up: the engines alone",
               f"{sum(engine_s.values()):.2f} s ("
               + ", ".join(f"{g} {t:.2f} s" for g, t in engine_s.items()) + ")",
               method="new_game + parse_action + apply over the same logs, without the table "
               "service (events, round tracking, hidden-card bookkeeping)"),
    ]


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    return asyncio.run(measure(quick))


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes")
    args = parser.parse_args(argv)
    for f in collect(args.quick):
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))
        print(f"    {f.method}")


if __name__ == "__main__":
    main()

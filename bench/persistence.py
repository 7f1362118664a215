"""Persistence on both backends, side by side: committing one action, restoring open tables
at start-up, and results recorded per second with four processes writing.

Run ``python -m bench.persistence`` (``--quick`` for tiny sizes, ``--tables N`` for the
restore). SQLite runs on a real file in a temporary folder (WAL, ``synchronous=NORMAL``,
the production settings of ``storage.sqlite``); PostgreSQL on a fresh database created on
the server ``BENCH_DATABASE_URL`` names (default ``TEST_DATABASE_URL``, else the local
server) and dropped afterwards. Without a server the PostgreSQL column says so.

- *Commit one action*: ``TableRepo.append_action`` (the one transaction written for each
  accepted action, before the player is answered), and ``TableService.act`` end to end
  (lock, parse, engine, the same commit), on 2-seat human tables of each game.
- *Fencing*: the same commit with the owner's fence (the shard's owner epoch checked in
  the transaction, ``storage.fencing``) and without, side by side.
- *Restore*: N open tables written mid-game (a mix of the four games, each log cut at half
  the length of a seeded random game), the database closed, then ``open_database`` +
  ``TableService.restore()`` timed as a start-up does it: once with logs only (the first
  start-up after snapshots came in; the service stores a snapshot of each table), then
  again after 16 more actions per table were logged behind those snapshots, as play leaves
  them (a snapshot every 32 actions).
- *Four processes writing*: four processes (``bench.storage_writers``) record finished
  four-player games into one database at once, players shared (ratings contend); results
  per second over the wall time from the common start to the last one done.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bench.run import Figure, ms, percentile
from bot.games.protocol import replay
from bot.games.registry import ENGINES, games
from storage.connect import open_database
from storage.database import Database
from storage.tables import SeatRecord, TableRepo

BACKENDS = ("sqlite", "postgres")
LABEL = {"sqlite": "SQLite", "postgres": "PostgreSQL"}
WRITERS = 4

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
    async with db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, game, variant, seed,"
            " status, version, started_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, datetime('now'))", rows_t)
        await tx.executemany(
            "INSERT INTO table_seats (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            rows_s)
        await tx.executemany(
            "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, ?, ?, ?)",
            rows_a)
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
    async with db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, ?, ?, ?)", rows)
        await tx.executemany("UPDATE tables SET version = ? WHERE id = ?", versions)
    return len(rows)


async def timed_restore(url: str) -> dict[str, float]:
    """Open the database and restore every open table as a start-up does; seconds taken."""
    from bot.tables.service import TableService

    start = time.perf_counter()
    db = await open_database(url)
    opened = time.perf_counter()
    service = TableService(TableRepo(db), games=games())
    restored = await service.restore()
    done = time.perf_counter()
    await service.aclose()
    await db.close()
    return {"tables": len(restored), "total": done - start, "open": opened - start}


async def commit_times(url: str, count: int) -> tuple[list[float], list[float]]:
    """(append_action seconds, TableService.act seconds), ``count`` of each."""
    from bot.tables.service import TableService

    repo_times: list[float] = []
    act_times: list[float] = []
    rng = random.Random(5)
    async with await open_database(url) as db:
        repo = TableRepo(db)
        service = TableService(repo, games=games(), seed_source=lambda: rng.randrange(2**31))
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


async def fence_times(url: str, count: int) -> tuple[list[float], list[float]]:
    """(unfenced, fenced) ``append_action`` seconds, ``count`` of each, alternating in
    blocks on two tables of one database. Fenced: the repository checks the process's
    owner (``storage.ownership``): on PostgreSQL a real ``ShardOwner``, its epoch read
    ``FOR SHARE`` in each write; on SQLite the one-process fence (a check that passes)."""
    from storage.ownership import shard_owner

    plain: list[float] = []
    fenced: list[float] = []
    async with await open_database(url) as db:
        owner = shard_owner(db.dialect, url, {0})
        await owner.start()
        try:
            repos = {"plain": TableRepo(db), "fenced": TableRepo(db, fence=owner.fence)}
            tables = {}
            for n, (name, repo) in enumerate(repos.items()):
                rec = await repo.create(guild_id=1, channel_id=2_000_000 + n, host_id=1,
                                        game="soureh", variant={}, seed=1, timer_seconds=None,
                                        seats=[SeatRecord(0, 1, "a"), SeatRecord(1, 2, "b")])
                tables[name] = rec.id
            seq = 0
            while len(fenced) < count:
                for name, times in (("plain", plain), ("fenced", fenced)):
                    for i in range(10):
                        start = time.perf_counter()
                        await repos[name].append_action(
                            tables[name], seq=seq + i, seat=i % 2, text="keep 2",
                            version=seq + i + 2, deadline=time.time() + 60)
                        times.append(time.perf_counter() - start)
                seq += 10
        finally:
            await owner.close()
    return plain[:count], fenced[:count]


def fence_text(found: dict[str, Any]) -> str:
    """Median commit with and without the fencing check, per backend."""
    def cell(f: dict[str, Any]) -> str:
        plain, fenced = (statistics.median(f["fence"][k]) for k in (0, 1))
        sign = "+" if fenced >= plain else "−"
        return f"{ms(fenced)} fenced vs {ms(plain)} not ({sign}{ms(abs(fenced - plain))})"
    return side_by_side(found, cell)


async def restore_time(url: str, count: int, logs: Sequence[TableLog]) -> dict[str, Any]:
    """Write ``count`` open tables, then time two start-ups: the first, with no snapshot
    (the service replays every log and stores snapshots), and a normal one, after
    ``LATER`` more actions per table were logged behind those snapshots."""
    async with await open_database(url) as db:
        actions = await write_open_tables(db, count, logs)
    first = await timed_restore(url)
    async with await open_database(url) as db:
        later = await write_later(db, count, logs)
    second = await timed_restore(url)
    return {"actions": actions, "later": later, "first": first, "second": second}


def engine_replay(logs: Sequence[TableLog]) -> dict[str, float]:
    """Seconds per game to rebuild each log's state with the engine alone (new_game,
    parse_action, apply), without the table service's bookkeeping."""
    spent: dict[str, float] = dict.fromkeys(GAMES, 0.0)
    for log in logs:
        engine = ENGINES[log.game]
        start = time.perf_counter()
        replay(engine, log.players, log.seed, [text for _, text in log.actions])
        spent[log.game] += time.perf_counter() - start
    return spent


def restore_text(info: dict[str, float]) -> str:
    """A restore's seconds, and the part spent opening the database."""
    return f"{info['total']:.2f} s (open {info['open']:.2f} s)"


def server_url() -> str:
    """The PostgreSQL server the benchmark creates its databases on."""
    return (os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
            or "postgresql://postgres@127.0.0.1:5432/postgres")


async def admin(sql: str) -> None:
    """Run one statement on the server's maintenance database."""
    import asyncpg

    conn = await asyncpg.connect(server_url(), timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


class Databases:
    """Fresh databases of one backend for the benchmark, removed at the end."""

    def __init__(self, kind: str, folder: Path) -> None:
        self.kind = kind
        self.folder = folder
        self.made: list[str] = []

    async def fresh(self, name: str) -> str:
        """The URL of a new empty database."""
        if self.kind == "sqlite":
            url = f"sqlite:///{self.folder / f'{name}.db'}"
        else:
            db = f"cardroom_bench_{name}_{uuid.uuid4().hex[:8]}"
            await admin(f'CREATE DATABASE "{db}"')
            parts = urlsplit(server_url())
            url = urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, ""))
        self.made.append(url)
        return url

    async def drop(self) -> None:
        """Drop the PostgreSQL databases made."""
        if self.kind == "postgres":
            for url in self.made:
                name = urlsplit(url).path.lstrip("/")
                await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def server_problem() -> str | None:
    """Why PostgreSQL cannot be measured here (``None``: it can)."""
    try:
        await admin("SELECT 1")
    except Exception as exc:
        return f"no PostgreSQL server at {urlsplit(server_url()).hostname} ({type(exc).__name__})"
    return None


def writers(url: str, per_writer: int) -> tuple[float, int]:
    """Four processes recording ``per_writer`` results each into ``url`` at once:
    (results per second over the wall time, results that failed)."""
    root = Path(__file__).resolve().parent.parent
    procs = [subprocess.Popen([sys.executable, "-m", "bench.storage_writers", url, str(w),
                               str(per_writer)], cwd=root, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
             for w in range(WRITERS)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    start = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    failed = 0
    for proc in procs:
        out, _ = proc.communicate(timeout=600)
        failed += int(out.split()[-1])
    wall = time.perf_counter() - start
    return (WRITERS * per_writer - failed) / wall, failed


async def measure_backend(kind: str, folder: Path, count: int, tables: int,
                          logs: Sequence[TableLog], per_writer: int) -> dict[str, Any]:
    """Every measure on one backend."""
    made = Databases(kind, folder)
    try:
        repo_t, act_t = await commit_times(await made.fresh("commit"), count)
        fence_t = await fence_times(await made.fresh("fence"), count)
        info = await restore_time(await made.fresh("restore"), tables, logs)
        shared = await made.fresh("writers")
        await (await open_database(shared)).close()  # created and migrated before they start
        rate, failed = await asyncio.get_running_loop().run_in_executor(
            None, writers, shared, per_writer)
    finally:
        await made.drop()
    return {"repo": repo_t, "act": act_t, "fence": fence_t, "restore": info, "rate": rate,
            "failed": failed}


def side_by_side(found: dict[str, Any], cell: Any) -> str:
    """``SQLite: ...; PostgreSQL: ...`` (or why a backend was not measured)."""
    return "; ".join(
        f"{LABEL[kind]} {cell(found[kind]) if isinstance(found[kind], dict) else found[kind]}"
        for kind in BACKENDS)


async def measure(quick: bool, tables: int | None = None) -> list[Figure]:
    """Every measure on both backends, each in a temporary folder or database."""
    sec = "6. Persistence"
    count = 20 if quick else 2000
    tables = tables or (8 if quick else 10_000)
    per_writer = 5 if quick else 250
    logs = templates(2 if quick else 25)
    found: dict[str, Any] = {}
    problem = await server_problem()
    with tempfile.TemporaryDirectory(prefix="cardroom-bench-") as folder:
        for kind in BACKENDS:
            if kind == "postgres" and problem:
                found[kind] = f"not measured: {problem}"
                continue
            found[kind] = await measure_backend(kind, Path(folder), count, tables, logs,
                                                per_writer)
    share = tables / len(logs)  # each template log is stored this many times
    engine_s = {g: t * share for g, t in engine_replay(logs).items()}
    per_game = {g: statistics.mean(len(t.actions) for t in logs if t.game == g) for g in GAMES}
    mix = ", ".join(f"{g} {n:.0f}" for g, n in per_game.items())
    sqlite = found["sqlite"]
    return [
        Figure(sec, "commit one action (TableRepo.append_action)",
               side_by_side(found, lambda f: f"median {ms(statistics.median(f['repo']))}, "
                            f"p99 {ms(percentile(f['repo'], 99))}"),
               method=f"{count} append_action transactions on one table, each committed "
               "before it returns; SQLite: WAL, synchronous=NORMAL, local disk; PostgreSQL: "
               "the local server over TCP (asyncpg pool), fsync as the server is set"),
        Figure(sec, "the fencing check in one commit (append_action, median)",
               fence_text(found),
               method=f"{count} append_action transactions with the owner's fence and "
               f"{count} without, alternating in blocks of 10 on two tables of one database; "
               "PostgreSQL: a real ShardOwner, the shard's owner epoch read FOR SHARE in "
               "each transaction; SQLite: one process owns the file, the check passes"),
        Figure(sec, "one action through TableService.act",
               side_by_side(found, lambda f: f"median {ms(statistics.median(f['act']))}, "
                            f"p99 {ms(percentile(f['act'], 99))}"),
               method=f"{count} random legal actions on 2-4-seat human tables of the four "
               "games, no Discord side: lock, parse, engine, commit, memory update"),
        Figure(sec, f"restore {tables:,} open tables at start-up",
               side_by_side(found, lambda f: restore_text(f["restore"]["second"])),
               target="< 2 s per 1,000 tables",
               met=None if quick else sqlite["restore"]["second"]["total"] < 2.0 * tables / 1000,
               method=f"{tables:,} running tables (the four games in turn, mean log per table "
               f"{mix}) stored with snapshots as play leaves them (the service's own snapshot "
               f"taken at a first start-up, then {LATER} more actions logged per table), "
               "database closed, then open_database + TableService.restore() timed together"),
        Figure(sec, "first start-up, no snapshot yet",
               side_by_side(found, lambda f: restore_text(f["restore"]["first"])),
               method="the same tables with their logs only: every log replayed from the deal "
               "(then snapshots are stored)"),
        Figure(sec, "first start-up: the engines alone",
               f"{sum(engine_s.values()):.2f} s ("
               + ", ".join(f"{g} {t:.2f} s" for g, t in engine_s.items()) + ")",
               method="new_game + parse_action + apply over the same logs, without the table "
               "service (events, round tracking, hidden-card bookkeeping)"),
        Figure(sec, f"results recorded per second, {WRITERS} processes writing",
               side_by_side(found, lambda f: f"{f['rate']:,.0f} results/s"
                            + (f" ({f['failed']} busy)" if f["failed"] else "")),
               method=f"{WRITERS} processes (bench.storage_writers) each record {per_writer} "
               "finished four-player games into one database at once, 40 players shared "
               "(ratings read and written in each transaction); wall time from the common "
               "start; a result refused as busy counts as not recorded"),
    ]


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    return asyncio.run(measure(quick))


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes")
    parser.add_argument("--tables", type=int, help="open tables to restore (default 10,000)")
    args = parser.parse_args(argv)
    for f in asyncio.run(measure(args.quick, args.tables)):
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))
        print(f"    {f.method}")


if __name__ == "__main__":
    main()

"""A process recording game results, for the "four processes writing" benchmark.

``python -m bench.storage_writers URL WORKER COUNT``: opens the database, prints ``READY``,
waits for a line on stdin, records ``COUNT`` four-player results (table ids unique to the
worker, players shared by every worker, so ratings contend), then prints
``DONE <seconds> <failed>`` (a result that raised a storage error is counted, not retried).
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

from bot import rating
from bot.results import GameResult, SeatResult, placements
from storage import StorageError, open_database
from storage.stats import StatsRepo

GUILD = 7
PLAYERS = 40


def result(worker: int, n: int, rng: random.Random) -> GameResult:
    """A finished four-player Pariah game among the shared players."""
    users = rng.sample(range(1, PLAYERS + 1), 4)
    totals = [rng.randrange(0, 300) for _ in users]
    best = max(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    places = placements(totals, winners, lowest_wins=False)  # Pariah: the highest wins
    seats = tuple(SeatResult(i, u, f"user{u}", totals[i], places[i], i in winners)
                  for i, u in enumerate(users))
    return GameResult(table_id=worker * 1_000_000 + n, guild_id=GUILD, channel_id=1,
                      game="pariah", variant={}, seed=n, seats=seats,
                      rounds=(tuple(totals),), ended_at="2026-11-24T00:00:00+00:00")


async def main(url: str, worker: int, count: int) -> None:
    """Record ``count`` results after the go line."""
    db = await open_database(url)
    repo = StatsRepo(db, rater=rating)
    rng = random.Random(worker)
    games = [result(worker, n, rng) for n in range(count)]
    print("READY", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    failed = 0
    start = time.perf_counter()
    for game in games:
        try:
            await repo.record(game)
        except StorageError:
            failed += 1
    print(f"DONE {time.perf_counter() - start:.4f} {failed}", flush=True)
    await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))

"""Stats storage speed: recording results (one by one and 20 at once) and leaderboard reads.

Run ``python -m bench.stats`` (``--games`` and ``--players`` shrink it for a smoke run).
Games are 2–12-seat Turup results among ``--players`` people in one server, on a real
SQLite file in a temporary folder. Figures: results recorded per second sequentially and
with 20 concurrent ``record`` calls, then mean times of a leaderboard page (each sort), a
player's stats and a history page once the server holds every game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot import rating
from bot.results import GameResult, SeatResult, placements
from storage.connect import open_database
from storage.stats import StatsRepo
from storage.stats_models import SortKey

GUILD = 1


def make_game(table_id: int, rng: random.Random, players: int) -> GameResult:
    """A random finished Turup game among ``players`` people."""
    seats_n = rng.randint(2, 12)
    users = rng.sample(range(1, players + 1), seats_n)
    totals = [rng.randint(0, 30) for _ in users]
    best = max(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    places = placements(totals, winners, lowest_wins=False)  # Turup: the highest wins
    seats = tuple(
        SeatResult(seat=i, user_id=u, name=f"player{u}", total=totals[i], place=places[i],
                   winner=i in winners)
        for i, u in enumerate(users)
    )
    rounds = tuple(tuple(rng.randint(0, 10) for _ in users) for _ in range(3))
    return GameResult(table_id=table_id, guild_id=GUILD, channel_id=2, game="turup",
                      variant={"rounds": 3}, seed=table_id, seats=seats, rounds=rounds)


async def timed(label: str, repeat: int, call: Callable[[], Awaitable[object]]) -> None:
    """Print the mean time of ``call`` over ``repeat`` runs."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - start)
    print(f"{label:<34} {1000 * statistics.mean(samples):8.2f} ms")


async def main(games: int, players: int) -> None:
    """Run the benchmark and print its figures."""
    rng = random.Random(7)
    results = [make_game(i + 1, rng, players) for i in range(games)]
    half = games // 2
    with tempfile.TemporaryDirectory() as folder:
        async with await open_database(Path(folder) / "bench.db") as db:
            repo = StatsRepo(db, rater=rating)
            start = time.perf_counter()
            for result in results[:half]:
                await repo.record(result)
            seq = time.perf_counter() - start
            print(f"{'record, one at a time':<34} {half / seq:8.0f} games/s")
            start = time.perf_counter()
            rest = results[half:]
            for i in range(0, len(rest), 20):
                await asyncio.gather(*(repo.record(r) for r in rest[i : i + 20]))
            conc = time.perf_counter() - start
            print(f"{'record, 20 at once':<34} {len(rest) / conc:8.0f} games/s")
            print(f"({games} games, {players} players, 2-12 seats each)")
            for sort in SortKey:
                await timed(f"leaderboard page by {sort.label}", 20,
                            lambda s=sort: repo.leaderboard(GUILD, "turup", s, 3, viewer=1))
            await timed("player stats (one game)", 20,
                        lambda: repo.player_stats(GUILD, 1, "turup", lowest_wins=()))
            await timed("history page", 20, lambda: repo.history(GUILD, "turup", 2))


def cli() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=300)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.players))


if __name__ == "__main__":
    cli()

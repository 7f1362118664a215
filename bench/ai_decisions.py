"""Decision time of the computer players, per game and level: median, p95 and max.

``python -m bench.ai_decisions [--games N] [--decisions M] [--small]``. Seat 0 plays at the
measured level against normal players; only seat 0's decisions are timed, and only those
with a real choice (more than one legal action) — a forced move returns at once.
``--small`` is a quick smoke run with a tiny hard budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bot.games import ENGINES, GAME_NAMES
from bot.games.ai import LEVELS, choose
from bot.games.ai.ismcts import Budget
from bot.simulate import percentile

PLAYERS = {"soureh": 2, "pariah": 2, "turup": 2, "soi": 4}


def measure(
    game: str, level: str, games: int, decisions: int, budget: Budget | None
) -> list[float]:
    """Seconds per timed decision of seat 0 at ``level`` over ``games`` games."""
    engine: Any = ENGINES[game]
    times: list[float] = []
    for seed in range(games):
        state = engine.new_game(PLAYERS[game], seed)
        rng = random.Random(seed)
        timed = 0
        while timed < decisions and (seat := engine.to_act(state)) is not None:
            if seat == 0 and len(engine.legal_actions(state)) > 1:
                start = time.perf_counter()
                action = choose(engine, state, 0, level, rng, budget=budget)
                times.append(time.perf_counter() - start)
                timed += 1
            else:
                action = choose(engine, state, seat, "normal", rng)
            state = engine.apply(state, action).state
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Print the decision-time table."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_decisions")
    parser.add_argument("--games", type=int, default=3, help="games per game and level")
    parser.add_argument("--decisions", type=int, default=150, help="timed decisions per game")
    parser.add_argument("--small", action="store_true", help="a quick smoke run")
    parser.add_argument("--game", choices=GAME_NAMES, action="append", help="only these games")
    parser.add_argument("--level", choices=LEVELS, action="append", help="only these levels")
    args = parser.parse_args(argv)
    games, decisions, budget = args.games, args.decisions, None
    if args.small:
        games, decisions, budget = 1, 10, Budget(iterations=10, seconds=None)
    print(f"{'game':<8}{'level':<8}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for game in args.game or GAME_NAMES:
        for level in args.level or LEVELS:
            ms = [t * 1000 for t in measure(game, level, games, decisions, budget)]
            median = statistics.median(ms) if ms else 0.0
            print(
                f"{game:<8}{level:<8}{len(ms):>10}{median:>11.2f}"
                f"{percentile(ms, 0.95):>9.2f}{max(ms, default=0.0):>9.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Decision time of the computer players, per game and level: median, p95 and max.

``python -m bench.ai_decisions [--games N] [--decisions M] [--small]``. Seat 0 plays at the
measured level against normal players; only seat 0's decisions are timed, and only those
with a real choice (more than one legal action) — a forced move returns at once.
``--small`` is a quick smoke run with a tiny hard budget. ``--iterations`` prints the hard
players' search effort instead: iterations (tree search) or playouts (paired search) per
200 ms of decision time, per game, read from the search's own debug log line
(``bot.games.ai.ismcts``: "ismcts <game>: N iterations" / "paired <game>: N playouts"), so
nothing in the AI is changed or wrapped to count them.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import statistics
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.console.simulate import percentile
from bot.games.ai import LEVELS, choose
from bot.games.ai.ismcts import Budget
from bot.games.registry import ENGINES, game_names

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


SEARCH_LOG = re.compile(r"^(ismcts|paired) \S+: (\d+) (iterations|playouts)")


class _SearchLog(logging.Handler):
    """Keeps (mode, count) of every search's closing debug line."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.found: list[tuple[str, int]] = []

    def emit(self, record: logging.LogRecord) -> None:
        match = SEARCH_LOG.match(record.getMessage())
        if match:
            self.found.append((match.group(3), int(match.group(2))))


@contextmanager
def search_log() -> Iterator[_SearchLog]:
    """Listen to the search's debug lines (and only here: the logger stops propagating)."""
    logger = logging.getLogger("bot.games.ai.ismcts")
    handler = _SearchLog()
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


@dataclass(frozen=True, slots=True)
class Effort:
    """A hard player's search effort over timed decisions."""

    game: str
    unit: str  # "iterations", "playouts", or "" when the hard level does not search
    counts: list[int]
    seconds: list[float]

    @property
    def per_200ms(self) -> float:
        """Search units per 200 ms of decision time (over every searching decision)."""
        total = sum(self.seconds)
        return sum(self.counts) / total * 0.2 if total and self.counts else 0.0


def search_effort(game: str, decisions: int, budget: Budget | None = None) -> Effort:
    """Seat 0 plays hard against normal players: per decision with a real choice, the
    search's iterations or playouts and the time taken."""
    engine: Any = ENGINES[game]
    state = engine.new_game(PLAYERS[game], 1)
    rng = random.Random(1)
    counts: list[int] = []
    seconds: list[float] = []
    unit = ""
    seed = 1
    with search_log() as heard:
        while len(seconds) < decisions:
            seat = engine.to_act(state)
            if seat is None:
                seed += 1
                state = engine.new_game(PLAYERS[game], seed)
                continue
            if seat == 0 and len(engine.legal_actions(state)) > 1:
                heard.found.clear()
                start = time.perf_counter()
                action = choose(engine, state, 0, "hard", rng, budget=budget)
                took = time.perf_counter() - start
                if heard.found:
                    unit = heard.found[-1][0]
                    counts.append(sum(n for _, n in heard.found))
                    seconds.append(took)
                elif not unit:  # a rule player: no search to count
                    seconds.append(took)
            else:
                action = choose(engine, state, seat, "normal", rng)
            state = engine.apply(state, action).state
    return Effort(game, unit, counts, seconds)


def effort_text(effort: Effort) -> str:
    """One line about a game's hard player's search."""
    if not effort.unit:
        return (f"{effort.game}: the hard player is a rule (no search); "
                f"{len(effort.seconds)} decisions")
    return (f"{effort.game}: {effort.per_200ms:,.0f} {effort.unit} per 200 ms on average "
            f"(median {statistics.median(effort.counts):,.0f} per decision, "
            f"{len(effort.counts)} decisions, median {statistics.median(effort.seconds) * 1000:.0f}"
            " ms each)")


def main(argv: Sequence[str] | None = None) -> int:
    """Print the decision-time table."""
    parser = argparse.ArgumentParser(prog="python -m bench.ai_decisions")
    parser.add_argument("--games", type=int, default=3, help="games per game and level")
    parser.add_argument("--decisions", type=int, default=150, help="timed decisions per game")
    parser.add_argument("--small", action="store_true", help="a quick smoke run")
    parser.add_argument("--game", choices=game_names(), action="append", help="only these games")
    parser.add_argument("--level", choices=LEVELS, action="append", help="only these levels")
    parser.add_argument("--iterations", action="store_true",
                        help="the hard players' search iterations per 200 ms, per game")
    args = parser.parse_args(argv)
    if args.iterations:
        for game in args.game or game_names():
            budget = Budget(iterations=10, seconds=None) if args.small else None
            print(effort_text(search_effort(game, 3 if args.small else 20, budget)))
        return 0
    games, decisions, budget = args.games, args.decisions, None
    if args.small:
        games, decisions, budget = 1, 10, Budget(iterations=10, seconds=None)
    print(f"{'game':<8}{'level':<8}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for game in args.game or game_names():
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

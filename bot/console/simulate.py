"""``python -m bot simulate``: computer players against each other, with win rates.

Seats rotate between games (game ``g`` shifts the level list by ``g`` places), so no
level keeps the first move. Shared wins count as a fraction (1/k for a k-way tie).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.console import games
from bot.games.ai import LEVELS, choose
from bot.games.ai.ismcts import Budget
from bot.games.protocol import Engine
from bot.rating import Skill, initial, rate

MAX_DECISIONS = 200_000


def parse_variant(engine: Engine[Any], items: Sequence[str]) -> Any | None:
    """Build ``engine.Variant`` from ``key=value`` texts (``None`` when there are none)."""
    if not items:
        return None
    fields = {f.name: f for f in dataclasses.fields(engine.Variant)}
    defaults = engine.Variant()
    values: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or key not in fields:
            known = ", ".join(fields)
            raise ValueError(f"Variant options are key=value with key one of: {known}.")
        current = getattr(defaults, key)
        values[key] = _coerce(text.strip(), current)
    return engine.Variant(**values)


def _coerce(text: str, current: Any) -> Any:
    if isinstance(current, bool):
        if text.lower() in ("1", "true", "on", "yes"):
            return True
        if text.lower() in ("0", "false", "off", "no"):
            return False
        raise ValueError(f"{text!r} is not on/off.")
    if isinstance(current, int):
        return int(text)
    if isinstance(current, str) or current is None:
        return text
    return type(current)(text)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (95 % by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


@dataclass
class LevelStats:
    """What one level did over a series of games."""

    seats: int = 0
    wins: float = 0.0
    times: list[float] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: each seat's level, the winners, the decision times per seat."""

    levels: tuple[str, ...]
    winners: tuple[int, ...]
    times: tuple[tuple[float, ...], ...]


def play_game(
    engine: Engine[Any],
    levels: Sequence[str],
    seed: int,
    variant: Any | None = None,
    budget: Budget | None = None,
    on_turn: Callable[[Any, int], None] | None = None,
) -> GameResult:
    """Play one full game between computer players at ``levels`` (one per seat);
    ``on_turn(state, seat)`` is called before each move is chosen (benches measure there)."""
    state = engine.new_game(len(levels), seed, variant)
    rngs = [random.Random(seed * 7919 + seat) for seat in range(len(levels))]
    times: list[list[float]] = [[] for _ in levels]
    for _ in range(MAX_DECISIONS):
        seat = engine.to_act(state)
        if seat is None:
            break
        if on_turn is not None:
            on_turn(state, seat)
        start = time.perf_counter()
        action = choose(engine, state, seat, levels[seat], rngs[seat], budget=budget)
        times[seat].append(time.perf_counter() - start)
        state = engine.apply(state, action).state
    else:
        raise RuntimeError(f"{engine.title} game {seed} did not end.")
    return GameResult(tuple(levels), tuple(engine.winners(state)), tuple(map(tuple, times)))


def seat_levels(seats: Sequence[str], players: int | None) -> list[str]:
    """One level per seat: the list as given, padded with its last level up to ``players``."""
    levels = list(seats)
    if players is not None:
        if players < len(levels):
            raise ValueError("--players is smaller than the number of --seats levels.")
        levels += [levels[-1]] * (players - len(levels))
    return levels


def simulate(
    engine: Engine[Any],
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    variant: Any | None = None,
    budget: Budget | None = None,
    progress: TextIO | None = None,
    on_game: Callable[[int, dict[str, LevelStats]], None] | None = None,
) -> dict[str, LevelStats]:
    """Play ``games`` games with rotating seats; return per-level statistics.

    ``on_game(done, stats)`` is called after every game with the statistics so far.
    """
    stats = {level: LevelStats() for level in dict.fromkeys(levels)}
    n = len(levels)
    for g in range(games):
        shift = g % n
        rotated = [levels[(i - shift) % n] for i in range(n)]
        result = play_game(engine, rotated, seed + g, variant, budget)
        for seat, level in enumerate(rotated):
            stats[level].seats += 1
            stats[level].times.extend(result.times[seat])
            if seat in result.winners:
                stats[level].wins += 1 / len(result.winners)
        if progress is not None:
            _progress(progress, g + 1, games)
        if on_game is not None:
            on_game(g + 1, stats)
    return stats


def _progress(out: TextIO, done: int, total: int, width: int = 30) -> None:
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        out.write("\n")
    out.flush()


def report(stats: dict[str, LevelStats]) -> str:
    """The win-rate and decision-time table."""
    lines = [
        f"{'level':<8}{'seats':>7}{'wins':>9}{'win rate':>10}  {'95% CI':<15}"
        f"{'decisions':>10}{'mean ms':>9}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}"
    ]
    for level, s in stats.items():
        low, high = wilson(s.wins, s.seats)
        rate = s.wins / s.seats if s.seats else 0.0
        ms = [t * 1000 for t in s.times]
        mean = statistics.fmean(ms) if ms else 0.0
        lines.append(
            f"{level:<8}{s.seats:>7}{s.wins:>9.1f}{rate * 100:>9.1f}%  "
            f"{low * 100:>5.1f}–{high * 100:>5.1f} %   {len(ms):>10}{mean:>9.2f}"
            f"{percentile(ms, 0.5):>8.2f}{percentile(ms, 0.95):>8.2f}{max(ms, default=0):>8.2f}"
        )
    return "\n".join(lines)


@dataclass
class RoundRobin:
    """A round robin of levels: pairwise win rates and each level's openskill rating."""

    levels: tuple[str, ...]
    games: int
    wins: dict[tuple[str, str], float] = field(default_factory=dict)
    """``wins[a, b]``: the games ``a`` won against ``b`` (shared wins count 1/k)."""
    ratings: dict[str, Skill] = field(default_factory=dict)


def round_robin(
    engine: Engine[Any],
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    variant: Any | None = None,
    budget: Budget | None = None,
    players: int | None = None,
) -> RoundRobin:
    """Every pair of ``levels`` plays ``games`` games (seats rotated, the two levels taking
    seats in turn when ``players`` exceeds two); each game updates the levels' openskill
    ratings with the winners placed first and everyone else second."""
    n = max(2, players or engine.min_players)
    result = RoundRobin(tuple(levels), games)
    result.ratings = {level: initial() for level in levels}
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            result.wins[a, b] = result.wins[b, a] = 0.0
            pair = [a if k % 2 == 0 else b for k in range(n)]
            for g in range(games):
                shift = g % n
                seats = [pair[(k - shift) % n] for k in range(n)]
                game = play_game(engine, seats, seed + g, variant, budget)
                won = {seats[w] for w in game.winners}
                for level in won:
                    result.wins[level, b if level == a else a] += 1 / len(won)
                if len(won) == 1:
                    winner = next(iter(won))
                    loser = b if winner == a else a
                    new = rate([result.ratings[winner], result.ratings[loser]], [1, 2])
                    result.ratings[winner], result.ratings[loser] = new
                else:
                    new = rate([result.ratings[a], result.ratings[b]], [1, 1])
                    result.ratings[a], result.ratings[b] = new
    return result


def round_robin_report(table: RoundRobin) -> str:
    """The pairwise win-rate table (row against column) and the ratings, best first."""
    order = sorted(table.levels, key=lambda lv: table.ratings[lv].ordinal, reverse=True)
    width = max(8, *(len(level) + 2 for level in order))
    lines = ["".join([f"{'':<{width}}", *(f"{b:>{width}}" for b in order), "  rating  mu/sigma"])]
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append(f"{'—':>{width}}")
            else:
                cells.append(f"{table.wins[a, b] / table.games * 100:>{width - 1}.0f}%")
        skill = table.ratings[a]
        lines.append(
            "".join([f"{a:<{width}}", *cells])
            + f"  {skill.display:>6}  {skill.mu:.1f}/{skill.sigma:.1f}"
        )
    return "\n".join(lines)


def add_parser(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand to ``python -m bot``."""
    parser = subparsers.add_parser(
        "simulate",
        help="play computer players against each other and print win rates",
        description="Play computer players against each other and print win rates.",
    )
    _arguments(parser)
    parser.set_defaults(func=run)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument(
        "--seats",
        default="hard,normal",
        help="comma-separated level per seat, e.g. hard,normal,normal (default hard,normal)",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="seats in all; pads --seats with its last level"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="KEY=VALUE", help="a table option"
    )
    parser.add_argument("--iterations", type=int, default=None, help="hard: iterations/decision")
    parser.add_argument("--budget-ms", type=float, default=None, help="hard: ms per decision")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--round-robin",
        default=None,
        metavar="LEVELS",
        help="comma-separated levels that play each other in pairs, e.g. easy,normal,hard "
        "(--games per pair); prints win rates and openskill ratings",
    )


def run(args: argparse.Namespace) -> int:
    """Run the ``simulate`` subcommand."""
    engine = games.engine(args.game)
    if args.round_robin is not None:
        return _run_round_robin(engine, args)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS]
    if bad or not seats:
        print(f"Levels are {', '.join(LEVELS)}; got {args.seats!r}.", file=sys.stderr)
        return 2
    try:
        levels = seat_levels(seats, args.players)
        variant = parse_variant(engine, args.variant)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if not engine.min_players <= len(levels) <= engine.max_players:
        print(
            f"{engine.title} takes {engine.min_players}–{engine.max_players} players.",
            file=sys.stderr,
        )
        return 2
    budget = _budget(args.iterations, args.budget_ms)
    start = time.perf_counter()
    stats = simulate(
        engine,
        levels,
        args.games,
        args.seed,
        variant,
        budget,
        progress=None if args.quiet else sys.stderr,
    )
    elapsed = time.perf_counter() - start
    print(
        f"{engine.title}: {args.games} games, seats {','.join(levels)} (rotated), "
        f"seed {args.seed}, {elapsed:.1f} s"
    )
    print(report(stats))
    return 0


def _run_round_robin(engine: Engine[Any], args: argparse.Namespace) -> int:
    levels = list(dict.fromkeys(s.strip() for s in args.round_robin.split(",") if s.strip()))
    bad = [s for s in levels if s not in LEVELS]
    if bad or len(levels) < 2:
        print(f"A round robin takes two or more of {', '.join(LEVELS)}.", file=sys.stderr)
        return 2
    players = args.players or engine.min_players
    if not engine.min_players <= players <= engine.max_players:
        print(
            f"{engine.title} takes {engine.min_players}–{engine.max_players} players.",
            file=sys.stderr,
        )
        return 2
    try:
        variant = parse_variant(engine, args.variant)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    budget = _budget(args.iterations, args.budget_ms)
    start = time.perf_counter()
    table = round_robin(engine, levels, args.games, args.seed, variant, budget, players)
    elapsed = time.perf_counter() - start
    print(
        f"{engine.title} round robin: {args.games} games per pair, {players} seats, "
        f"seed {args.seed}, {elapsed:.1f} s (row's win rate against column)"
    )
    print(round_robin_report(table))
    return 0


def _budget(iterations: int | None, budget_ms: float | None) -> Budget | None:
    """The hard budget the options ask for: iterations alone are reproducible."""
    if iterations is None and budget_ms is None:
        return None
    return Budget(
        iterations=iterations if iterations is not None else 10**9,
        seconds=budget_ms / 1000 if budget_ms is not None else None,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``simulate`` on its own (tests, ``python -m bot.console.simulate``)."""
    parser = argparse.ArgumentParser(prog="cardroom simulate")
    _arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())

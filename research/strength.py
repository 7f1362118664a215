"""The strength targets of issue 22, estimated or measured: ``python -m research.strength``.

Each match is hard against normal (Soi: one hard against three normals), seats rotated,
on held-out seeds (``--seed``, default 70000: never used to tune), at a *fixed* number of
playouts per decision (``--iterations``), so a run on a busy shared machine measures the
same player as one on an idle machine. ``PLAYOUTS_200MS`` is what the paired search spends in
200 ms on one idle core of the reference machine (``python -m bench.ai_decisions
--iterations`` measures it anew); ``--budget-ms 50/200/800`` scales it (the curve).

``--estimate`` plays ``--probe`` games per match at a tiny budget to count the hard
player's real decisions per game, and prints the CPU time a run would need (decisions ×
games × the budget's seconds); nothing else is run. Without it, every match runs in turn
and a Markdown table (win rate, Wilson 95 % interval, hard's p95 decision time) is printed;
``--tally`` also writes the running result after every game to stderr.
Run it niced (``nice -n 15``) on a shared machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from bot.console.simulate import LevelStats, percentile, simulate, wilson
from bot.games.ai.ismcts import Budget
from bot.games.registry import ENGINES

PLAYOUTS_200MS = {"soureh": 76, "pariah": 400, "turup": 300, "soi": 0}
"""Playouts per decision in 200 ms, at the median: Pariah 397 and Turup 312 (nice 0, load
about 2), Soureh 76 (nice 15, load about 3: a Soureh playout runs to the end of the round)."""


@dataclass(frozen=True, slots=True)
class Match:
    """One target: ``game`` with these seat levels and options."""

    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    target: float = 0.65

    @property
    def label(self) -> str:
        """``pariah: hard vs normal``."""
        rest = self.seats[1:]
        rounds = dict(self.options).get("rounds", 1)
        game = f"{self.game} ({rounds} rounds)" if rounds != 1 else self.game
        return f"{game}: hard vs {len(rest)}× {rest[0]}" if len(rest) > 1 else \
            f"{game}: hard vs {rest[0]}"


MATCHES = (
    Match("soureh", ("hard", "normal")),
    Match("pariah", ("hard", "normal")),
    Match("turup", ("hard", "normal"), (("rounds", 1),)),
    Match("soi", ("hard", "normal", "normal", "normal"), target=0.50),
)


def budget_for(game: str, ms: float) -> Budget:
    """A fixed playout budget equal to ``ms`` of search on the reference core (no clock)."""
    return Budget(iterations=max(1, round(PLAYOUTS_200MS[game] * ms / 200)), seconds=None)


def _variant(match: Match) -> Any:
    engine = ENGINES[match.game]
    return engine.Variant(**dict(match.options)) if match.options else None


def estimate(match: Match, probe: int, games: int, ms: float) -> tuple[float, float]:
    """(hard decisions per game, CPU hours for ``games`` games at ``ms`` per decision)."""
    stats = simulate(ENGINES[match.game], match.seats, probe, 0, _variant(match),
                     Budget(iterations=4, seconds=None))
    per_game = len(stats["hard"].times) / max(1, probe)
    seconds = per_game * games * (ms / 1000 if PLAYOUTS_200MS[match.game] else 0.0002)
    return per_game, seconds / 3600


def run(match: Match, games: int, seed: int, ms: float, tally: TextIO | None = None) -> str:
    """One Markdown row: the match, games, hard's win rate, its interval, its p95 time.

    ``tally`` gets a line per finished game (games so far, hard's rate and interval), so a
    run stopped early still leaves a partial figure.
    """
    start = time.perf_counter()
    stats = simulate(ENGINES[match.game], match.seats, games, seed, _variant(match),
                     budget_for(match.game, ms), on_game=None if tally is None else
                     functools.partial(_tally, tally, f"{match.label}, {ms:.0f} ms", seed))
    hard = stats["hard"]
    low, high = wilson(hard.wins, hard.seats)
    rate = hard.wins / hard.seats
    met = "met" if low >= match.target else ("not met" if high < match.target else "open")
    p95 = percentile([t * 1000 for t in hard.times], 0.95)
    return (f"| {match.label} | {ms:.0f} ms ({budget_for(match.game, ms).iterations} "
            f"playouts) | {seed}–{seed + games - 1} | {games} | {rate * 100:.1f} % | "
            f"{low * 100:.1f}–{high * 100:.1f} % | {match.target * 100:.0f} %: {met} | "
            f"{p95:.0f} ms | {time.perf_counter() - start:.0f} s |")


def _tally(out: TextIO, label: str, seed: int, done: int, stats: dict[str, LevelStats]) -> None:
    hard = stats["hard"]
    low, high = wilson(hard.wins, hard.seats)
    out.write(f"{label}: seeds {seed}–{seed + done - 1}, {done} games, hard "
              f"{hard.wins / hard.seats * 100:.1f} % ({low * 100:.1f}–{high * 100:.1f} %)\n")
    out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Estimate or run the strength matches."""
    parser = argparse.ArgumentParser(prog="python -m research.strength", description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--budget-ms", type=float, action="append", default=None)
    parser.add_argument("--game", action="append", default=None, help="only these games")
    parser.add_argument("--estimate", action="store_true")
    parser.add_argument("--probe", type=int, default=4)
    parser.add_argument("--tally", action="store_true",
                        help="a running result on stderr after every game (partial runs)")
    parser.add_argument("--turup-rounds", type=int, default=1,
                        help="rounds in a Turup game (default 1, as issue 22 measured; a "
                             "table's default is 3)")
    args = parser.parse_args(argv)
    budgets = args.budget_ms or [200.0]
    matches = [dataclasses.replace(m, options=(("rounds", args.turup_rounds),))
               if m.game == "turup" else m
               for m in MATCHES if not args.game or m.game in args.game]
    if args.estimate:
        print("| match | budget | hard decisions / game | CPU hours for "
              f"{args.games} games |\n|---|---|---|---|")
        for match in matches:
            for ms in budgets:
                per_game, hours = estimate(match, args.probe, args.games, ms)
                print(f"| {match.label} | {ms:.0f} ms | {per_game:.0f} | {hours:.2f} |")
        return 0
    print("| match | budget | seeds | games | hard's win rate | 95 % CI | target | hard p95 |"
          " wall |\n|---|---|---|---|---|---|---|---|---|")
    for match in matches:
        for ms in budgets:
            print(run(match, args.games, args.seed, ms, sys.stderr if args.tally else None),
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

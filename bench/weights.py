"""Is Turup's normal player at its best weights? ``python -m bench.weights``.

A stronger cheap policy would make the hard player's playouts and candidates better. The
normal player scores a move as cards won + ``FOLLOW_WEIGHT`` × the best capture its other
cards then have − ``LEAVE_WEIGHT`` × what the pile left offers the next player. Here one
seat plays normal with other weights against the normal player, one-round two-player
games, seats rotated, seeds from ``--seed``; the first row is normal against itself (not
50 %: the same seeds favour one rotation a little), the baseline for the others.
Nothing here is used in play; the module's weights are put back after every move.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from bot.games import ENGINES
from bot.games.ai import choose, turup
from bot.simulate import wilson

Weights = tuple[float, float]
GRID = [(leave, follow) for leave in (0.4, 0.6, 0.8, 1.0, 1.2, 1.6)
        for follow in (0.0, 0.25, 0.5, 0.75, 1.0)]


def play(seed: int, seat_of_other: int, weights: Weights) -> float:
    """One game: the share of the win that the seat with ``weights`` (leave, follow) got."""
    engine: Any = ENGINES["turup"]
    base = (turup.LEAVE_WEIGHT, turup.FOLLOW_WEIGHT)
    state = engine.new_game(2, seed, engine.Variant(rounds=1))
    rngs = [random.Random(seed * 7919 + seat) for seat in range(2)]
    try:
        while (seat := engine.to_act(state)) is not None:
            turup.LEAVE_WEIGHT, turup.FOLLOW_WEIGHT = weights if seat == seat_of_other else base
            state = engine.apply(state, choose(engine, state, seat, "normal", rngs[seat])).state
    finally:
        turup.LEAVE_WEIGHT, turup.FOLLOW_WEIGHT = base
    winners = engine.winners(state)
    return 1 / len(winners) if seat_of_other in winners else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    """Play every pair of weights and print a Markdown row for each."""
    parser = argparse.ArgumentParser(prog="python -m bench.weights", description=__doc__)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--weights", nargs="*", default=None,
                        help="pairs LEAVE,FOLLOW (default: a grid around the normal player's)")
    args = parser.parse_args(argv)
    base = (turup.LEAVE_WEIGHT, turup.FOLLOW_WEIGHT)
    pairs = [tuple(map(float, p.split(","))) for p in args.weights] if args.weights else GRID
    print("| leave | follow | games | win rate | 95 % CI |\n|---|---|---|---|---|")
    for leave, follow in [base, *[p for p in pairs if p != base]]:
        wins = sum(play(args.seed + g, g % 2, (leave, follow)) for g in range(args.games))
        low, high = wilson(wins, args.games)
        mark = " (normal)" if (leave, follow) == base else ""
        print(f"| {leave:g}{mark} | {follow:g} | {args.games} | {wins / args.games * 100:.1f} % "
              f"| {low * 100:.1f}–{high * 100:.1f} % |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

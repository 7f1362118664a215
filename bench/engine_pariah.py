"""Benchmark: seeded random Pariah through the engine contract; prints turns per second.

A turn is one draw through its placement (a Queen's extra turns count as turns). Run
``python -m bench.engine_pariah`` (``--turns N`` to size it).
"""

from __future__ import annotations

import argparse

from bench.engine_soureh import play


def main(argv: list[str] | None = None) -> None:
    """Parse options, run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=100_000, help="turns to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    turns, actions, secs = play(args.turns, 2, args.seed, game="pariah")
    rate = turns / secs if secs > 0 else float("inf")
    print(
        f"pariah 2 players: {turns} turns, {actions} actions in {secs:.2f} s "
        f"= {rate:,.0f} turns/s ({actions / secs if secs > 0 else 0:,.0f} actions/s)"
    )


if __name__ == "__main__":
    main()

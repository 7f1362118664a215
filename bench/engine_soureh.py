"""Benchmark: seeded random 4-player Soureh through the engine contract; prints turns/s.

A turn is one player's draw through the end of his turn. Run ``python -m bench.engine_soureh``
(``--turns N`` to size it, ``--players P``).
"""

from __future__ import annotations

import argparse
import random
import time

from bot.games import ENGINES


def play(turns: int, players: int = 4, seed: int = 1) -> tuple[int, int, float]:
    """Play random games until ``turns`` turns were played; (turns, actions, seconds)."""
    engine = ENGINES["soureh"]
    rng = random.Random(seed)
    done = actions = 0
    game = 0
    start = time.perf_counter()
    while done < turns:
        state = engine.new_game(players, seed * 100_000 + game)
        game += 1
        while done < turns:
            seat = engine.to_act(state)
            if seat is None:
                break
            choice = rng.choice(engine.legal_actions(state))
            state = engine.apply(state, choice).state
            actions += 1
            if choice.word == "draw":
                done += 1
    return done, actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    """Parse options, run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=200_000, help="turns to play")
    parser.add_argument("--players", type=int, default=4, help="seats (2-4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    turns, actions, secs = play(args.turns, args.players, args.seed)
    rate = turns / secs if secs > 0 else float("inf")
    print(
        f"soureh {args.players} players: {turns} turns, {actions} actions in {secs:.2f} s "
        f"= {rate:,.0f} turns/s ({actions / secs if secs > 0 else 0:,.0f} actions/s)"
    )


if __name__ == "__main__":
    main()

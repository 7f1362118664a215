"""Benchmark: seeded random 4-player Soureh through the engine contract; prints turns/s.

A turn is one player's draw through the end of his turn. Run ``python -m bench.engine_soureh``
(``--turns N`` to size it, ``--players P``, ``--repeat R``: the best of R runs counts,
which steadies the figure on a shared machine). It also plays the same turns with
``bench.soureh_minimal`` — the same rules as a minimal hand-written loop of plain ints and
lists, choosing uniformly among the legal actions as ``play`` does — and prints the ratio
of the two speeds in turns/s (issue 17's target: the contract loop at ≥ 0.33 of the minimal
one).
"""

from __future__ import annotations

import argparse
import random
import time

from bench import soureh_minimal
from bot.games.registry import ENGINES

TARGET_RATIO = 0.33


def play(
    turns: int, players: int = 4, seed: int = 1, game: str = "soureh"
) -> tuple[int, int, float]:
    """Play random games until ``turns`` turns were played; (turns, actions, seconds)."""
    engine = ENGINES[game]
    rng = random.Random(seed)
    done = actions = 0
    games = 0
    start = time.perf_counter()
    while done < turns:
        state = engine.new_game(players, seed * 100_000 + games)
        games += 1
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
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best one counts")
    args = parser.parse_args(argv)
    runs = [play(args.turns, args.players, args.seed) for _ in range(max(1, args.repeat))]
    turns, actions, secs = min(runs, key=lambda run: run[2])
    rate = turns / secs if secs > 0 else float("inf")
    print(
        f"soureh {args.players} players: {turns} turns, {actions} actions in {secs:.2f} s "
        f"= {rate:,.0f} turns/s ({actions / secs if secs > 0 else 0:,.0f} actions/s)"
    )
    print(ratio_line(rate, args.turns, args.players, args.seed, args.repeat))


def ratio_line(rate: float, turns: int, players: int, seed: int, repeat: int) -> str:
    """The minimal loop's speed (best of ``repeat``) and the contract loop's ratio to it."""
    runs = [soureh_minimal.play(turns, players, seed) for _ in range(max(1, repeat))]
    done, _, secs = min(runs, key=lambda run: run[2])
    base_rate = done / secs if secs > 0 else float("inf")
    ratio = rate / base_rate
    return (f"minimal hand-written loop (bench.soureh_minimal): {base_rate:,.0f} turns/s; "
            f"ratio engine / minimal {ratio:.2f} (target ≥ {TARGET_RATIO}: "
            f"{'met' if ratio >= TARGET_RATIO else 'missed'})")


if __name__ == "__main__":
    main()

"""Are the normal players at their best weights? ``python -m bench.weights``.

A stronger cheap policy would make the hard player's playouts and candidates better. Here
one seat plays normal with other weights against the normal player, two-player games
(Turup: one round), seats rotated, seeds from ``--seed``; the first row is normal against
itself (not 50 %: the same seeds favour one rotation a little), the baseline for the others.

- Turup (``--game turup``): normal scores a move as cards won + ``FOLLOW_WEIGHT`` × the
  best capture its other cards then have − ``LEAVE_WEIGHT`` × what the pile left offers the
  next player; a grid of the two.
- Pariah (``--game pariah``): each of the constants of :mod:`bot.games.ai.coop` that steer
  normal play (``KNOCK_LEAD``, ``DECLARE_IF_OPPONENTS_BELOW``, ``ROBUST_WEIGHT``,
  ``QUEEN_BONUS``) moved one at a time.

Nothing here is used in play; the module's constants are put back after every move.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from bot.games import ENGINES
from bot.games.ai import coop, turup
from bot.simulate import play_game, wilson

Weights = dict[str, float]
MODULES: dict[str, ModuleType] = {"turup": turup, "pariah": coop}
NAMES = {"turup": ("LEAVE_WEIGHT", "FOLLOW_WEIGHT"),
         "pariah": ("KNOCK_LEAD", "DECLARE_IF_OPPONENTS_BELOW", "ROBUST_WEIGHT", "QUEEN_BONUS")}
GRIDS: dict[str, list[Weights]] = {
    "turup": [{"LEAVE_WEIGHT": leave, "FOLLOW_WEIGHT": follow}
              for leave in (0.4, 0.6, 0.8, 1.0, 1.2, 1.6)
              for follow in (0.0, 0.25, 0.5, 0.75, 1.0)],
    "pariah": [{"KNOCK_LEAD": v} for v in (10.0, 15.0, 20.0, 35.0, 50.0, 1000.0)]
    + [{"DECLARE_IF_OPPONENTS_BELOW": v} for v in (0.2, 0.5, 0.7, 1.01)]
    + [{"ROBUST_WEIGHT": v} for v in (0.0, 1.5, 5.0, 8.0)]
    + [{"QUEEN_BONUS": v} for v in (0.0, 3.0, 10.0, 15.0)],
}


def normal_weights(game: str) -> Weights:
    """The normal player's weights as the module holds them."""
    return {name: getattr(MODULES[game], name) for name in NAMES[game]}


def _put(game: str, weights: Weights) -> None:
    for name, value in weights.items():
        setattr(MODULES[game], name, value)


def play(game: str, seed: int, seat_of_other: int, weights: Weights) -> float:
    """One game: the share of the win that the seat playing with ``weights`` (the
    constants that differ from normal's) got."""
    engine: Any = ENGINES[game]
    base = normal_weights(game)
    other = {**base, **weights}
    try:
        result = play_game(
            engine, ("normal", "normal"), seed,
            engine.Variant(rounds=1) if game == "turup" else None,
            on_turn=lambda _state, seat: _put(game, other if seat == seat_of_other else base))
    finally:
        _put(game, base)
    winners = result.winners
    return 1 / len(winners) if seat_of_other in winners else 0.0


def _label(weights: Weights) -> str:
    return ", ".join(f"{name} {value:g}" for name, value in weights.items()) or "normal"


def main(argv: Sequence[str] | None = None) -> int:
    """Play every set of weights and print a Markdown row for each."""
    parser = argparse.ArgumentParser(prog="python -m bench.weights", description=__doc__)
    parser.add_argument("--game", choices=sorted(MODULES), default="turup")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--weights", nargs="*", default=None,
                        help="sets NAME=VALUE[,NAME=VALUE] (default: the game's grid)")
    args = parser.parse_args(argv)
    sets: list[Weights] = GRIDS[args.game]
    if args.weights:
        sets = [{k: float(v) for k, v in (p.split("=") for p in spec.split(","))}
                for spec in args.weights]
    base = normal_weights(args.game)
    print(f"| {args.game}: weights | games | win rate | 95 % CI |\n|---|---|---|---|")
    for weights in [{}, *[w for w in sets if {**base, **w} != base]]:
        wins = sum(play(args.game, args.seed + g, g % 2, weights) for g in range(args.games))
        low, high = wilson(wins, args.games)
        print(f"| {_label(weights)} | {args.games} | {wins / args.games * 100:.1f} % "
              f"| {low * 100:.1f}–{high * 100:.1f} % |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Are the normal players at their best weights? ``python -m research.weights``.

A stronger cheap policy would make the hard player's playouts and candidates better. Here
one seat plays normal with other weights against the normal player, two-player games
(Turup: one round), seats rotated, seeds from ``--seed``; the first row is normal against
itself (not 50 %: the same seeds favour one rotation a little), the baseline for the others.

- Turup (``--game turup``): normal scores a move as cards won + ``follow_weight`` × the
  best capture its other cards then have − ``leave_weight`` × what the pile left offers the
  next player; a grid of the two (:class:`bot.games.turup.ai.TurupParams`).
- Pariah (``--game pariah``): each of the parameters of :class:`bot.games.coop.ai.player.CoopParams`
  that steer normal play (``knock_lead``, ``declare_if_opponents_below``,
  ``robust_weight``, ``queen_bonus``) moved one at a time.

Nothing here is used in play: the other seat's player is built with other parameters.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from bot.console.simulate import wilson
from bot.games.ai import choose
from bot.games.coop.ai import player as coop
from bot.games.registry import ENGINES
from bot.games.turup import ai as turup

Weights = dict[str, float]
DEFAULTS: dict[str, Any] = {"turup": turup.DEFAULT, "pariah": coop.DEFAULT}
NAMES = {"turup": ("leave_weight", "follow_weight"),
         "pariah": ("knock_lead", "declare_if_opponents_below", "robust_weight", "queen_bonus")}
GRIDS: dict[str, list[Weights]] = {
    "turup": [{"leave_weight": leave, "follow_weight": follow}
              for leave in (0.4, 0.6, 0.8, 1.0, 1.2, 1.6)
              for follow in (0.0, 0.25, 0.5, 0.75, 1.0)],
    "pariah": [{"knock_lead": v} for v in (10.0, 15.0, 20.0, 35.0, 50.0, 1000.0)]
    + [{"declare_if_opponents_below": v} for v in (0.2, 0.5, 0.7, 1.01)]
    + [{"robust_weight": v} for v in (0.0, 1.5, 5.0, 8.0)]
    + [{"queen_bonus": v} for v in (0.0, 3.0, 10.0, 15.0)],
}


def normal_weights(game: str) -> Weights:
    """The normal player's weights: the product's parameters."""
    return {name: getattr(DEFAULTS[game], name) for name in NAMES[game]}


def play(game: str, seed: int, seat_of_other: int, weights: Weights) -> float:
    """One game: the share of the win that the seat playing with ``weights`` (the
    parameters that differ from normal's) got. The seeds and each seat's random numbers
    are those of :func:`bot.console.simulate.play_game`."""
    engine: Any = ENGINES[game]
    params = [DEFAULTS[game], dataclasses.replace(DEFAULTS[game], **weights)]
    state = engine.new_game(2, seed, engine.Variant(rounds=1) if game == "turup" else None)
    rngs = [random.Random(seed * 7919 + seat) for seat in range(2)]
    while (seat := engine.to_act(state)) is not None:
        mine = params[1] if seat == seat_of_other else params[0]
        state = engine.apply(state, choose(engine, state, seat, "normal", rngs[seat],
                                           params=mine)).state
    winners = engine.winners(state)
    return 1 / len(winners) if seat_of_other in winners else 0.0


def _label(weights: Weights) -> str:
    return ", ".join(f"{name} {value:g}" for name, value in weights.items()) or "normal"


def main(argv: Sequence[str] | None = None) -> int:
    """Play every set of weights and print a Markdown row for each."""
    parser = argparse.ArgumentParser(prog="python -m research.weights", description=__doc__)
    parser.add_argument("--game", choices=sorted(DEFAULTS), default="turup")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--weights", nargs="*", default=None,
                        help="sets name=value[,name=value] of the game's parameters "
                        "(default: the game's grid)")
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

"""How much a Turup opponent's plays tell about his hand: ``python -m research.reading``.

``research.ceiling`` says what perfect reading would be worth (the hard player who knew his
opponent's hand won 90.2 % against normal, the fair one 60 %). This measures how much of
that hand the public plays reveal at all, under the best model of this opponent there
is: the normal player itself.

Normal plays normal in one-round games, seats rotated, on held-out seeds. At every decision
where the opponent has already played in this deal, ``--samples`` redeals are drawn three
ways, and for each the share of the opponent's true hand it gets right, by rank (Turup's
captures go by rank; ranks counted as a multiset), is averaged:

- ``uniform``: the engine's redeal of the unseen cards;
- ``belief``: the hard player's redeal (:func:`bot.games.turup.ai.believe` with the
  product's :class:`~bot.games.turup.ai.TurupParams`: 24 tries, a play normal would not
  have made kept 1 in 50);
- ``exact``: the same belief with 1,000 tries and a play normal would not have made never
  kept (:data:`EXACT`): the posterior given that the opponent *is* the normal player.

``read`` is (belief − uniform) / (1 − uniform): the share of what a perfect reader knows
beyond chance that the reading recovers. Nothing here is used in play.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.console.simulate import play_game
from bot.games.registry import ENGINES
from bot.games.turup import ai as turup
from bot.games.turup.state import TurupState

Redeal = Callable[[TurupState, int, random.Random], TurupState]
#: The exact reader: many tries, and no place for a play normal would not have made.
EXACT = turup.TurupParams(tries=1000, unlikely=0.0)


@dataclass
class Tally:
    """Sums over decisions of the share of the opponent's hand each sampler got right."""

    decisions: int = 0
    uniform: float = 0.0
    belief: float = 0.0
    exact: float = 0.0

    def row(self, seeds: str, games: int) -> str:
        """One Markdown row."""
        n = max(1, self.decisions)
        u, b, e = self.uniform / n, self.belief / n, self.exact / n
        read = (b - u) / (1 - u) if u < 1 else 0.0
        read_exact = (e - u) / (1 - u) if u < 1 else 0.0
        return (f"| {seeds} | {games} | {self.decisions} | {u * 100:.1f} % | {b * 100:.1f} % |"
                f" {e * 100:.1f} % | {read * 100:.1f} % | {read_exact * 100:.1f} % |")


def right(world: TurupState, truth: TurupState, opponent: int) -> float:
    """The share of the opponent's true hand that ``world`` gives him, by rank."""
    true = Counter(c.rank for c in truth.hands[opponent])
    got = Counter(c.rank for c in world.hands[opponent])
    return sum((true & got).values()) / max(1, len(truth.hands[opponent]))


def mean_right(redeal: Redeal, state: TurupState, seat: int, samples: int,
               rng: random.Random) -> float:
    """The mean share right over ``samples`` redeals from ``seat``'s view."""
    opponent = 1 - seat
    return sum(right(redeal(state, seat, rng), state, opponent)
               for _ in range(samples)) / samples


def play(seed: int, samples: int, tally: Tally) -> None:
    """One normal-vs-normal game, measured at every decision that follows a play of the
    opponent's in the same deal."""
    engine: Any = ENGINES["turup"]
    uniform: Redeal = engine.determinize
    belief = turup.believe(uniform, engine)
    exact = turup.believe(uniform, engine, EXACT)
    measure = random.Random(seed)

    def on_turn(state: TurupState, seat: int) -> None:
        opponent = 1 - seat
        if state.hands[opponent] and any(p.seat == opponent for p in state.plays):
            tally.decisions += 1
            tally.uniform += mean_right(uniform, state, seat, samples, measure)
            tally.belief += mean_right(belief, state, seat, samples, measure)
            tally.exact += mean_right(exact, state, seat, samples, measure)

    play_game(engine, ("normal", "normal"), seed, engine.Variant(rounds=1), on_turn=on_turn)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print a Markdown row."""
    parser = argparse.ArgumentParser(prog="python -m research.reading", description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--samples", type=int, default=40, help="redeals per decision")
    args = parser.parse_args(argv)
    tally = Tally()
    for g in range(args.games):
        play(args.seed + g, args.samples, tally)
    print("| seeds | games | decisions | uniform | belief | exact | read (belief) |"
          " read (exact) |\n|---|---|---|---|---|---|---|---|")
    print(tally.row(f"{args.seed}–{args.seed + args.games - 1}", args.games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

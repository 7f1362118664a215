"""How much of a hard player's edge is information: ``python -m bench.ceiling``.

The same hard search as the strength matches (:mod:`bench.strength`: hard against normal,
two seats rotated, fixed playouts per decision, held-out seeds), but every deal it samples
keeps some hidden cards as they truly are:

- ``hands``: the other players' face-down cards (Pariah, Soureh) or hands (Turup); the
  stock, and a card another player drew and holds, are dealt anew as usual. A player who
  read his opponent perfectly from the play could do this well with this search.
- ``share``: each of the other players' hand cards (Turup only) kept as it truly is with
  the chance ``--share`` and dealt anew otherwise: a reader who knows that share of his
  opponent's hand. ``bench.reading`` measures how much of the hand the public plays can
  tell (the exact reader gets 44.9 % of it right by rank against 33.4 % for a uniform
  redeal, i.e. a share of 0.173 beyond chance), so ``--share 0.173`` plays a reader who
  knows as much as the play can tell, in the form easiest for the search to use.
- ``all``: the stock's order too (every card of this round; later rounds stay unknown). No
  player can do this; it bounds what this search makes of a deal.

A fair player's rate sits below ``hands``. Where ``hands`` is close to the fair rate, better
reading of the opponent has little left to give; the rest of the gap to ``all`` is the
luck of the draw, which no fair player can remove. Nothing here is used in play: the
hard level's own search (``search_spec``) is only given another determinizer.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.strength import PLAYOUTS_200MS
from bot.games import ENGINES
from bot.games.ai import choose, game_module
from bot.games.ai.determinize_coop import determinize
from bot.games.ai.ismcts import Budget, search
from bot.games.ai.view import observe
from bot.games.coop.state import CoopState
from bot.games.turup.state import TurupState
from bot.simulate import wilson

Determinizer = Callable[[Any, int, random.Random], Any]


def _canonical(cards: list[Any], rng: random.Random) -> list[Any]:
    cards.sort(key=lambda c: (c.order, c.suit.value))
    rng.shuffle(cards)
    return cards


def turup_hands(state: TurupState, seat: int, rng: random.Random) -> TurupState:
    """The true hands; the deck shuffled."""
    deck = _canonical(list(state.deck), rng)
    return dataclasses.replace(state, deck=tuple(deck), seed=rng.getrandbits(63))


def turup_share(share: float) -> Determinizer:
    """The other hands' cards each kept with the chance ``share``; the rest of them and the
    deck dealt anew among themselves (sizes kept)."""

    def sample(state: TurupState, seat: int, rng: random.Random) -> TurupState:
        kept = [[rng.random() < share for _ in hand] if s != seat else [True] * len(hand)
                for s, hand in enumerate(state.hands)]
        pool = [c for hand, keep in zip(state.hands, kept, strict=True)
                for c, k in zip(hand, keep, strict=True) if not k]
        pool = _canonical([*pool, *state.deck], rng)
        hands = []
        for hand, keep in zip(state.hands, kept, strict=True):
            new = [c if k else pool.pop() for c, k in zip(hand, keep, strict=True)]
            hands.append(tuple(new))
        return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool),
                                   seed=rng.getrandbits(63))

    return sample


def see_all(state: Any, seat: int, rng: random.Random) -> Any:
    """The true deal, the stock's order included; only later rounds' shuffles are new."""
    if isinstance(state, CoopState):
        new = state.copy()
        new.next_seed = rng.getrandbits(64)
        return new
    return dataclasses.replace(state, seed=rng.getrandbits(63))


def determinizer(game: str, mode: str, share: float = 1.0) -> Determinizer:
    """The sampler of ``mode`` ("hands", "share" or "all") for ``game``."""
    if mode == "share":
        if game != "turup":
            raise ValueError("--mode share is measured for Turup only")
        return turup_share(share)
    if mode == "all":
        return see_all
    if game == "turup":
        return turup_hands
    return functools.partial(determinize, game, others_down=False)


def play(game: str, mode: str, seed: int, hard_seat: int, budget: Budget,
         share: float = 1.0) -> tuple[int, ...]:
    """One two-seat game, hard (seeing per ``mode``) at ``hard_seat`` against normal."""
    engine: Any = ENGINES[game]
    variant = engine.Variant(rounds=1) if game == "turup" else None
    state = engine.new_game(2, seed, variant)
    spec = dataclasses.replace(game_module(game).search_spec(engine),
                               determinize=determinizer(game, mode, share))
    rngs = [random.Random(seed * 7919 + seat) for seat in range(2)]
    while (seat := engine.to_act(state)) is not None:
        if seat == hard_seat and len(engine.legal_actions(state)) > 1:
            info = observe(engine, state, seat)
            legal = spec.candidates(info, rngs[seat]) if spec.candidates else list(info.legal)
            action = search(engine, state, seat, legal, rngs[seat], spec, budget)
        else:
            action = choose(engine, state, seat, "normal", rngs[seat])
        state = engine.apply(state, action).state
    return tuple(engine.winners(state))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the matches and print a Markdown row for each."""
    parser = argparse.ArgumentParser(prog="python -m bench.ceiling", description=__doc__)
    parser.add_argument("--game", choices=("pariah", "turup", "soureh"), action="append")
    parser.add_argument("--mode", choices=("hands", "share", "all"), action="append")
    parser.add_argument("--share", type=float, default=0.173,
                        help="with --mode share: the chance each opponent card is known")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--playouts", type=int, default=None,
                        help="playouts per decision (default: the game's 200 ms budget)")
    parser.add_argument("--tally", action="store_true", help="a line per game on stdout")
    args = parser.parse_args(argv)
    rows = []
    for game in args.game or ["pariah", "turup"]:
        budget = Budget(iterations=args.playouts or PLAYOUTS_200MS[game], seconds=None)
        for mode in args.mode or ["hands", "all"]:
            label = f"share {args.share:g}" if mode == "share" else mode
            start, wins = time.perf_counter(), 0.0
            for g in range(args.games):
                hard_seat = g % 2  # seats rotated as in bench.strength
                winners = play(game, mode, args.seed + g, hard_seat, budget, args.share)
                wins += 1 / len(winners) if hard_seat in winners else 0.0
                if args.tally:
                    print(f"{game} {label}: {g + 1} games, hard {wins / (g + 1) * 100:.1f} %",
                          flush=True)
            low, high = wilson(wins, args.games)
            rows.append(f"| {game} | {label} | {args.seed}–{args.seed + args.games - 1} | "
                        f"{args.games} | {wins / args.games * 100:.1f} % | {low * 100:.1f}–"
                        f"{high * 100:.1f} % | {time.perf_counter() - start:.0f} s |")
    print("| game | hard sees | seeds | games | hard's win rate | 95 % CI | wall |\n"
          "|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Turup engine speed: random-play actions per second, and ``captures`` on big piles.

Run ``python -m bench.engine_turup`` (``--games`` and ``--calls`` shrink it for a smoke run).
Random play picks a uniformly random legal action each turn, so every turn pays for a
full ``legal_actions``. The ``captures`` figures use random piles of number cards from
three decks (the worst case: every card can join an addition), played card a random
number card and, separately, a 10 (the card with the most additions); the caches are
cleared before each call so every call does the whole search. The last lines time the
capped search ``legal_actions`` runs (at most 1,001 options) on 20- and 30-card piles.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from bot.games.cards import Card, card, standard_decks
from bot.games.turup import ENGINE, captures
from bot.games.turup.capture import clear_caches


def random_play(players: int, games: int, seed: int = 0) -> tuple[int, float]:
    """Play ``games`` full games with random legal moves; (actions played, seconds)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for game in range(games):
        state = ENGINE.new_game(players, seed * 1000 + game)
        while ENGINE.to_act(state) is not None:
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
            actions += 1
    return actions, time.perf_counter() - start


def capture_timing(
    size: int, calls: int, played: Card | None, seed: int = 0, limit: int | None = None
) -> tuple[float, float]:
    """Mean microseconds per ``captures`` call on random number piles, and mean options found."""
    rng = random.Random(seed)
    numbers = [c for c in standard_decks(3) if not c.is_face]
    total = 0.0
    found = 0
    for _ in range(calls):
        pile = rng.sample(numbers, size)
        card_ = played if played is not None else rng.choice(numbers)
        clear_caches()
        start = time.perf_counter()
        found += len(captures(card_, pile, limit=limit))
        total += time.perf_counter() - start
    return total / calls * 1e6, found / calls


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--calls", type=int, default=200, help="captures calls per pile size")
    args = parser.parse_args(argv)
    for players in (2, 12):
        games = max(1, args.games // (4 if players == 12 else 1))
        actions, seconds = random_play(players, games)
        print(
            f"random play, {players:2d} players: {actions / seconds:10,.0f} actions/s "
            f"({actions} actions in {games} games, {seconds:.2f} s)"
        )
    for size in (10, 15, 20):
        for label, played in (("random number card", None), ("a 10", card("10S"))):
            micros, found = capture_timing(size, args.calls, played)
            print(
                f"captures, {size:2d}-card pile, {label:18s}: {micros:10,.0f} µs/call "
                f"({found:,.0f} options on average)"
            )
    for size in (20, 30):
        micros, found = capture_timing(size, args.calls, card("10S"), limit=1000)
        print(
            f"captures(limit=1000) as legal_actions uses it, {size}-card pile, a 10: "
            f"{micros:,.0f} µs/call ({found:,.0f} options on average)"
        )


if __name__ == "__main__":
    main()

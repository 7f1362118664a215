"""Soi engine speed: random-play actions per second (4 players), and ``determinize``.

Run ``python -m bench.engine_soi`` (``--games`` and ``--samples`` shrink it for a smoke run).
Random play picks a uniformly random legal ask each turn, so every turn pays for a full
``legal_actions``; games go to the default target of 200 (several rounds each). The
``determinize`` figure is the mean time of one redeal from states met in random play.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from bot.games.soi import ENGINE, SoiState, Variant


def random_play(
    players: int, games: int, seed: int = 0, memory: bool = True
) -> tuple[int, int, float]:
    """Play ``games`` whole games with random asks; (actions, rounds, seconds)."""
    rng = random.Random(seed)
    actions = 0
    rounds = 0
    start = time.perf_counter()
    for game in range(games):
        state = ENGINE.new_game(players, seed * 1000 + game, Variant(memory=memory))
        while ENGINE.to_act(state) is not None:
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
            actions += 1
        rounds += state.round
    return actions, rounds, time.perf_counter() - start


def sample_states(players: int, count: int, seed: int = 0) -> list[SoiState]:
    """States met every 20 asks of random play, ``count`` of them."""
    rng = random.Random(seed)
    states: list[SoiState] = []
    game = 0
    while len(states) < count:
        state = ENGINE.new_game(players, seed * 1000 + game, Variant(target=20))
        step = 0
        while ENGINE.to_act(state) is not None and len(states) < count:
            if step % 20 == 0:
                states.append(state)
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
            step += 1
        game += 1
    return states


def determinize_timing(players: int, samples: int, seed: int = 0) -> float:
    """Mean microseconds per ``determinize`` call."""
    states = sample_states(players, samples, seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    for state in states:
        ENGINE.determinize(state, rng.randrange(players), rng)
    return (time.perf_counter() - start) / len(states) * 1e6


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games of random play")
    parser.add_argument("--players", type=int, default=4, help="seats at the table (3-6)")
    parser.add_argument("--samples", type=int, default=500, help="determinize calls")
    args = parser.parse_args(argv)
    for memory in (True, False):
        actions, rounds, seconds = random_play(args.players, args.games, memory=memory)
        print(
            f"random play, {args.players} players, memory {'on ' if memory else 'off'}: "
            f"{actions / seconds:10,.0f} actions/s ({actions} actions, {rounds} rounds, "
            f"{actions / rounds:,.0f} asks per round, {args.games} games, {seconds:.2f} s)"
        )
    micros = determinize_timing(args.players, args.samples)
    print(f"determinize, {args.players} players: {micros:10,.0f} µs/call ({args.samples} calls)")


if __name__ == "__main__":
    main()

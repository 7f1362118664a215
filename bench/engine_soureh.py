"""Benchmark: seeded random 4-player Soureh through the engine contract; prints turns/s.

A turn is one player's draw through the end of his turn. Run ``python -m bench.engine_soureh``
(``--turns N`` to size it, ``--players P``, ``--repeat R``: the best of R runs counts,
which steadies the figure on a shared machine). For scale on a busy machine it also times a
minimal hand-written loop of the same rules (default ``final``/``lowest``: random
placements, declaring half the time it may) and prints the ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.games import ENGINES
from bot.games.cards import Rank, soureh_deck
from bot.games.soureh import best_pick, coop_valid


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


def baseline(turns: int, players: int = 4, seed: int = 1) -> float:
    """The same random play as a minimal loop without the contract; returns seconds."""
    rng = random.Random(seed)
    deck = soureh_deck()
    valid = {(u, d): coop_valid(u, d) for u in set(deck) for d in set(deck)}
    aces = {c for c in deck if c.rank is Rank.ACE}
    tens = {c for c in deck if c.rank is Rank.TEN}
    done = 0
    start = time.perf_counter()
    while done < turns:
        totals = [0] * players
        dealer = players - 1
        while done < turns and max(totals) < 100:
            cards = deck[:]
            rng.shuffle(cards)
            downs = [cards[4 * i : 4 * i + 4] for i in range(players)]
            ups = [cards[4 * (players + i) : 4 * (players + i) + 4] for i in range(players)]
            ok = [[valid[(ups[p][i], downs[p][i])] for i in range(4)] for p in range(players)]
            stock = cards[8 * players :]
            seat = (dealer + 1) % players
            declarer = -1
            owed = 0
            while stock and done < turns:
                card = stock.pop()
                done += 1
                moves = [(seat, i, True) for i in range(4)]
                for p in range(players):
                    if p != seat:
                        for i in range(4):
                            if card in tens or ups[p][i] not in aces:
                                moves.append((p, i, False))
                moves.append((-1, 0, False))
                p, i, keep = rng.choice(moves)
                if keep:
                    downs[p][i] = card
                    ok[p][i] = valid[(ups[p][i], card)]
                elif p >= 0:
                    ups[p][i] = card
                    ok[p][i] = valid[(card, downs[p][i])]
                if declarer < 0:
                    if all(ok[seat]) and rng.random() < 0.5:
                        declarer, owed = seat, players - 1
                else:
                    owed -= 1
                    if owed == 0:
                        break
                seat = (seat + 1) % players
            for p in range(players):
                if not all(ok[p]):
                    totals[p] = best_pick(totals[p], zip(ups[p], downs[p], strict=True)).total
            dealer = (dealer + 1) % players
    return time.perf_counter() - start


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
    base = min(baseline(args.turns, args.players, args.seed) for _ in range(max(1, args.repeat)))
    base_rate = args.turns / base if base > 0 else float("inf")
    print(
        f"minimal hand-written loop: {base_rate:,.0f} turns/s; "
        f"engine at {rate / base_rate:.0%} of it"
    )


if __name__ == "__main__":
    main()

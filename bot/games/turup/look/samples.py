"""Sample positions of Turup for previews, benchmarks and tests
(``bot.render.images.samples``)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.cards import shuffled, standard_decks
from bot.games.turup import ENGINE
from bot.render.images.samples import Samples, common


def view(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view: a pile, and hands seen by their sizes."""
    rng = random.Random(seed)
    out = common(ENGINE, players, rng)
    decks = 1 if players <= 4 else 2 if players <= 7 else 3
    deck = shuffled(standard_decks(decks), rng)
    pile = [str(deck.pop()) for _ in range(rng.randrange(0, 12))]
    out.update(
        phase="play",
        pile=pile,
        deck=rng.randrange(0, len(deck) // 2),
        hand=None,
        seats=[
            {
                "hand_count": rng.randrange(0, 5),
                "won": rng.randrange(0, 20),
                "round_wins": rng.randrange(0, 2),
            }
            for _ in range(players)
        ],
    )
    return out


def player_view(game: str, players: int, seat: int, seed: int = 0) -> dict[str, Any]:
    """The position of ``view(game, players, seed)`` as seen by ``seat``: the hand is what
    the seat holds now."""
    rng = random.Random(seed * 31 + seat)
    out = view(game, players, seed)
    out["seat"] = seat
    deck = shuffled(standard_decks(1), rng)
    out["hand"] = [str(deck.pop()) for _ in range(out["seats"][seat]["hand_count"])]
    return out


def round_end(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view just after a round was scored: the cards won and the winners."""
    out = view(game, players, seed)
    rng = random.Random(seed + 1000)
    won = [rng.randrange(0, 30) for _ in range(players)]
    best = [i for i, w in enumerate(won) if w == max(won)]
    out["last_round"] = {"won": won, "winners": best}
    return out


SAMPLES = Samples(view, player_view, round_end, palette_players=6)

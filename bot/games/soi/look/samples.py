"""Sample positions of Soi for previews, benchmarks and tests
(``bot.render.images.samples``)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.cards import Rank, shuffled, standard_decks
from bot.games.soi import ENGINE
from bot.render.images.samples import Samples, common


def view(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view: hands by their sizes, quadruplets laid down, the last asks."""
    rng = random.Random(seed)
    out = common(ENGINE, players, rng)
    ranks = [r.value for r in Rank]
    rng.shuffle(ranks)
    seats = [
        {
            "hand_count": rng.randrange(0, 14),
            "quads": [ranks.pop() for _ in range(rng.randrange(3))],
        }
        for _ in range(players)
    ]
    asks = []
    for _ in range(rng.randrange(2, 7)):
        asker = rng.randrange(players)
        asked = (asker + 1 + rng.randrange(players - 1)) % players
        asks.append(
            {
                "asker": asker,
                "asked": asked,
                "card": str(rng.choice(standard_decks(1))),
                "hit": rng.random() < 0.4,
            }
        )
    out.update(phase="ask", seats=seats, asks=asks, memory=False, hand=None)
    return out


def player_view(game: str, players: int, seat: int, seed: int = 0) -> dict[str, Any]:
    """The position of ``view(game, players, seed)`` as seen by ``seat``."""
    rng = random.Random(seed * 31 + seat)
    out = view(game, players, seed)
    out["seat"] = seat
    deck = shuffled(standard_decks(1), rng)
    count = out["seats"][seat]["hand_count"] or 13
    out["seats"][seat]["hand_count"] = count
    out["hand"] = [str(deck.pop()) for _ in range(count)]
    return out


def round_end(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view just after a round was scored: points and quadruplets."""
    out = view(game, players, seed)
    out["last_round"] = {
        "points": [sum(10 for _ in s["quads"]) for s in out["seats"]],
        "quads": [s["quads"] for s in out["seats"]],
    }
    return out


SAMPLES = Samples(view, player_view, round_end, palette_players=4)

"""Sample positions of the coop games (Soureh, Pariah) for previews, benchmarks and tests
(``bot.render.images.samples``)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.cards import shuffled
from bot.games.registry import ENGINES
from bot.render.images.samples import Samples, common

QUEEN_TURNS = {"pariah": 1}  # the Queen turns a sample shows


def _full(game: str, players: int, seed: int) -> dict[str, Any]:
    """A position with every card filled in (the 'truth' behind the views)."""
    rng = random.Random(seed)
    deck = shuffled(list(ENGINES[game].full_deck), rng)  # type: ignore[attr-defined]
    view = common(ENGINES[game], players, rng)
    seats = []
    for _ in range(players):
        down = [str(deck.pop()) for _ in range(4)]
        up = [str(deck.pop()) for _ in range(4)]
        seats.append({"up": up, "down": down, "valid": None, "protected": False, "in_round": True})
    seats[0]["protected"] = players > 2
    discard = [str(deck.pop()) for _ in range(7)]
    view.update(
        seats=seats,
        phase="place",
        stock=len(deck),
        discard_top=discard[-1],
        discard_count=len(discard),
        drawn=str(deck.pop()),
        declarer=0 if players > 2 else None,
        final_turns=list(range(1, players)) if players > 2 else [],
        extra_turns=QUEEN_TURNS.get(game, 0),
    )
    view["stock"] = len(deck)
    return view


def view(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view: every face-down card hidden, no drawn card."""
    out = _full(game, players, seed)
    for info in out["seats"]:
        info["down"] = [None] * 4
        info["valid"] = None
    out["drawn"] = None
    return out


def player_view(game: str, players: int, seat: int, seed: int = 0) -> dict[str, Any]:
    """The position of ``view(game, players, seed)`` as seen by ``seat``."""
    rng = random.Random(seed * 31 + seat)
    out = _full(game, players, seed)
    for i, info in enumerate(out["seats"]):
        if i != seat:
            info["down"] = [None] * 4
    out["seats"][seat]["valid"] = [rng.random() < 0.6 for _ in range(4)]
    if out["to_act"] != seat:
        out["drawn"] = None
    out["seat"] = seat
    return out


def round_end(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view just after a round was scored: every coop shown, picks ringed."""
    out = view(game, players, seed)
    rng = random.Random(seed + 1000)
    full = _full(game, players, seed)
    coops = [[[u, d] for u, d in zip(s["up"], s["down"], strict=True)] for s in full["seats"]]
    picks = [
        [rng.choice(pair) for pair in seat] if i % 2 == 0 else None
        for i, seat in enumerate(coops)
    ]
    out["last_round"] = {
        "coops": coops,
        "picks": picks,
        "points": [sum(1 for _ in range(rng.randrange(30))) for _ in range(players)],
        "reason": "Alice declared Soureh and kept four valid coops",  # i18n: not for people
    }
    return out


SOUREH = Samples(view, player_view, round_end, palette_players=4)
PARIAH = Samples(view, player_view, round_end, palette_players=2)

"""Hand-built example views (per ``bot/games/VIEWS.md``) for previews, benchmarks, tests.

They do not come from an engine; they are plausible mid-game positions so that every
layout can be drawn without playing a game. ``sample_view(game, players, seed)`` returns a
public view; ``sample_player_view`` the same position seen by one seat.
"""

from __future__ import annotations

import random
from typing import Any, cast

from bot.games.cards import Rank, shuffled, standard_decks
from bot.games.registry import ENGINES
from bot.games.variants import Kind, option_fields
from bot.games.views import GameView

GAMES = ("soureh", "pariah", "turup", "soi")
MAX_PLAYERS = {"soureh": 4, "pariah": 2, "turup": 12, "soi": 6}
NAMES = [
    "Alice", "Bob", "Chandra", "Dmitri", "Eleni", "Farid",  # i18n: not for people
    "Grace", "Hiroshi", "Ines", "Jamal", "Kasia", "Luis",  # i18n: not for people
]  # fmt: skip


def _goal(game: str) -> tuple[str, int]:
    """The option that ends the game (its first number option) and its default."""
    goal = next(f for f in option_fields(ENGINES[game].Variant) if f.kind is Kind.INT)
    return goal.name, int(goal.default)


def _common(game: str, players: int, rng: random.Random) -> dict[str, Any]:
    kind, target = _goal(game)
    return {
        "game": game,
        "players": players,
        "seat": None,
        "round": 2,
        "dealer": players - 1,
        "to_act": rng.randrange(players),
        "totals": [rng.randrange(0, 90) for _ in range(players)],
        "target": target,
        "target_kind": kind,
        "over": False,
        "winners": [],
        "out": [False] * players,
        "extra_turns": 0,
        "last_round": None,
    }


_COOP = {"soureh": 0, "pariah": 1}  # the coop games, and the Queen turns a sample shows
_PILE = frozenset({"turup"})  # the capture game: a community pile and hands


def _coop_full(game: str, players: int, seed: int) -> dict[str, Any]:
    """A coop-game position with every card filled in (the 'truth' behind the views)."""
    rng = random.Random(seed)
    deck = shuffled(list(ENGINES[game].full_deck), rng)  # type: ignore[attr-defined]
    view = _common(game, players, rng)
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
        extra_turns=_COOP[game],
    )
    view["stock"] = len(deck)
    return view


def _view(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view of a plausible position of ``game`` with ``players`` seats."""
    if game in _COOP:
        view = _coop_full(game, players, seed)
        for info in view["seats"]:
            info["down"] = [None] * 4
            info["valid"] = None
        view["drawn"] = None
        return view
    rng = random.Random(seed)
    view = _common(game, players, rng)
    if game in _PILE:  # Turup: a pile and hands
        decks = 1 if players <= 4 else 2 if players <= 7 else 3
        deck = shuffled(standard_decks(decks), rng)
        pile = [str(deck.pop()) for _ in range(rng.randrange(0, 12))]
        view.update(
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
        return view
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
    view.update(phase="ask", seats=seats, asks=asks, memory=False, hand=None)
    return view


def _player_view(game: str, players: int, seat: int, seed: int = 0) -> dict[str, Any]:
    """The position of ``sample_view(game, players, seed)`` as seen by ``seat``."""
    rng = random.Random(seed * 31 + seat)
    if game in _COOP:
        view = _coop_full(game, players, seed)
        for i, info in enumerate(view["seats"]):
            if i != seat:
                info["down"] = [None] * 4
        view["seats"][seat]["valid"] = [rng.random() < 0.6 for _ in range(4)]
        if view["to_act"] != seat:
            view["drawn"] = None
        view["seat"] = seat
        return view
    view = _view(game, players, seed)
    view["seat"] = seat
    deck = shuffled(standard_decks(1), rng)
    if view.get("pile") is not None:  # Turup: the hand is what he holds now
        view["hand"] = [str(deck.pop()) for _ in range(view["seats"][seat]["hand_count"])]
    else:
        count = view["seats"][seat]["hand_count"] or 13
        view["seats"][seat]["hand_count"] = count
        view["hand"] = [str(deck.pop()) for _ in range(count)]
    return view


def _round_end(game: str, players: int, seed: int = 0) -> dict[str, Any]:
    """A public view just after a round was scored (``last_round`` filled in)."""
    view = _view(game, players, seed)
    rng = random.Random(seed + 1000)
    if game in _COOP:
        full = _coop_full(game, players, seed)
        coops = [[[u, d] for u, d in zip(s["up"], s["down"], strict=True)] for s in full["seats"]]
        picks = [
            [rng.choice(pair) for pair in seat] if i % 2 == 0 else None
            for i, seat in enumerate(coops)
        ]
        view["last_round"] = {
            "coops": coops,
            "picks": picks,
            "points": [sum(1 for _ in range(rng.randrange(30))) for _ in range(players)],
            "reason": "Alice declared Soureh and kept four valid coops",  # i18n: not for people
        }
    elif view.get("pile") is not None:  # Turup
        won = [rng.randrange(0, 30) for _ in range(players)]
        best = [i for i, w in enumerate(won) if w == max(won)]
        view["last_round"] = {"won": won, "winners": best}
    else:
        view["last_round"] = {
            "points": [sum(10 for _ in s["quads"]) for s in view["seats"]],
            "quads": [s["quads"] for s in view["seats"]],
        }
    return view


# The samples are hand-built dicts shaped as VIEWS.md describes (tests take keys out of
# them to check the layouts' tolerance): typed as views where they are handed out.


def sample_view(game: str, players: int, seed: int = 0) -> GameView:
    """A public view of a plausible position of ``game`` with ``players`` seats."""
    return cast(GameView, _view(game, players, seed))


def sample_player_view(game: str, players: int, seat: int, seed: int = 0) -> GameView:
    """The position of ``sample_view(game, players, seed)`` as seen by ``seat``."""
    return cast(GameView, _player_view(game, players, seat, seed))


def sample_round_end(game: str, players: int, seed: int = 0) -> GameView:
    """A public view just after a round was scored (``last_round`` filled in)."""
    return cast(GameView, _round_end(game, players, seed))

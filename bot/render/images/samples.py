"""Hand-built example views (per ``bot/games/VIEWS.md``) for previews, benchmarks, tests.

They do not come from an engine; they are plausible mid-game positions so that every
layout can be drawn without playing a game. Each game builds its own (its Look's
``pictures.samples``, a :class:`Samples`) on the part every game shares here
(:func:`common`); ``sample_view(game, players, seed)`` returns a public view,
``sample_player_view`` the same position seen by one seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from bot.games.registry import ENGINES, games
from bot.games.variants import Kind, option_fields
from bot.games.views import GameView

NAMES = [
    "Alice", "Bob", "Chandra", "Dmitri", "Eleni", "Farid",  # i18n: not for people
    "Grace", "Hiroshi", "Ines", "Jamal", "Kasia", "Luis",  # i18n: not for people
]  # fmt: skip

#: A sample view as a plain dict: ``(game, players, seed)``, and for a seat's view
#: ``(game, players, seat, seed)``.
Sample = Callable[[str, int, int], dict[str, Any]]
SeatSample = Callable[[str, int, int, int], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Samples:
    """One game's sample positions."""

    view: Sample  # a public view
    player_view: SeatSample  # the same position as one seat sees it
    round_end: Sample  # a public view just after a round was scored
    palette_players: int  # the seats of the samples the shared palette is chosen from


def _goal(game: str) -> tuple[str, int]:
    """The option that ends the game (its first number option) and its default."""
    goal = next(f for f in option_fields(ENGINES[game].Variant) if f.kind is Kind.INT)
    return goal.name, int(goal.default)


def common(game: str, players: int, rng: random.Random) -> dict[str, Any]:
    """The keys of a public view every game has (VIEWS.md), for a plausible position."""
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


def samples_of(game: str) -> Samples:
    """The game's samples (``KeyError`` for a game without any)."""
    found = games()[game].look.pictures.samples
    if found is None:
        raise KeyError(game)
    return found


# The samples are hand-built dicts shaped as VIEWS.md describes (tests take keys out of
# them to check the layouts' tolerance): typed as views where they are handed out.


def sample_view(game: str, players: int, seed: int = 0) -> GameView:
    """A public view of a plausible position of ``game`` with ``players`` seats."""
    return cast(GameView, samples_of(game).view(game, players, seed))


def sample_player_view(game: str, players: int, seat: int, seed: int = 0) -> GameView:
    """The position of ``sample_view(game, players, seed)`` as seen by ``seat``."""
    return cast(GameView, samples_of(game).player_view(game, players, seat, seed))


def sample_round_end(game: str, players: int, seed: int = 0) -> GameView:
    """A public view just after a round was scored (``last_round`` filled in)."""
    return cast(GameView, samples_of(game).round_end(game, players, seed))

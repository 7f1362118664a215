"""Hand-built example views (per ``bot/games/VIEWS.md``) for previews, benchmarks, tests.

They do not come from an engine; they are plausible mid-game positions so that every
layout can be drawn without playing a game. Each game builds its own (its Look's
``pictures.samples``, a :class:`Samples`) on the part every game shares here
(:func:`common`, given the game's engine); ``sample_view(game, players, seed)`` returns a
public view of the ``Game`` given, ``sample_player_view`` the same position seen by one
seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from bot.games.protocol import Engine
from bot.games.variants import Kind, option_fields
from bot.games.views import GameView

if TYPE_CHECKING:
    from bot.games.registry import Game

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


def _goal(engine: Engine[Any]) -> tuple[str, int]:
    """The option that ends the game (its first number option) and its default."""
    goal = next(f for f in option_fields(engine.Variant) if f.kind is Kind.INT)
    return goal.name, int(goal.default)


def common(engine: Engine[Any], players: int, rng: random.Random) -> dict[str, Any]:
    """The keys of a public view every game has (VIEWS.md), for a plausible position of
    ``engine``'s game."""
    kind, target = _goal(engine)
    return {
        "game": engine.name,
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


def samples_of(game: Game) -> Samples:
    """The game's samples (``KeyError`` for a game without any)."""
    found = game.look.pictures.samples
    if found is None:
        raise KeyError(game.name)
    return found


# The samples are hand-built dicts shaped as VIEWS.md describes (tests take keys out of
# them to check the layouts' tolerance): typed as views where they are handed out.


def sample_view(game: Game, players: int, seed: int = 0) -> GameView:
    """A public view of a plausible position of ``game`` with ``players`` seats."""
    return cast(GameView, samples_of(game).view(game.name, players, seed))


def sample_player_view(game: Game, players: int, seat: int, seed: int = 0) -> GameView:
    """The position of ``sample_view(game, players, seed)`` as seen by ``seat``."""
    return cast(GameView, samples_of(game).player_view(game.name, players, seat, seed))


def sample_round_end(game: Game, players: int, seed: int = 0) -> GameView:
    """A public view just after a round was scored (``last_round`` filled in)."""
    return cast(GameView, samples_of(game).round_end(game.name, players, seed))

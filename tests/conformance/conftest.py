"""The conformance suite runs on every game of the registry, the fifth game
(``tests/fifth_game``, from outside ``bot/``) registered beside the built-in ones, as
OpenSpiel runs its random simulation test on every game: a game plugged in with
``registry.register`` is checked without naming it here.

``game`` is each registered game in turn; ``seeds`` the deals a check plays, in two tiers:
a few in the fast tier, thousands of seeded games in the slow tier."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games import registry
from tests import fifth_game
from tests.conformance.play import FEW, MANY


def _every_game() -> tuple[str, ...]:
    """The names of the registry's games with the fifth one registered (at collection)."""
    fifth_game.register()
    try:
        return tuple(registry.games())
    finally:
        fifth_game.unregister()


GAMES = _every_game()


@pytest.fixture(scope="package", autouse=True)
def _fifth_game_registered() -> Iterator[None]:
    """The fifth game sits in the registry while the suite runs, and only then."""
    fifth_game.register()
    try:
        yield
    finally:
        fifth_game.unregister()


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> registry.Game:
    """Each registered game in turn."""
    return registry.game(request.param)


@pytest.fixture(params=[pytest.param(FEW, id="few"),
                        pytest.param(MANY, id="many", marks=pytest.mark.slow)])
def seeds(request: pytest.FixtureRequest) -> range:
    """The seeds of a check's deals: a few (fast tier), many (slow tier)."""
    return request.param

"""Computer players. ``choose(engine, state, seat, level, rng)`` picks a legal action.

Every level sees only what its seat may see:

- ``easy`` and ``normal`` receive an :class:`~bot.games.ai.view.Info` (the seat's
  ``player_view``, its legal actions and the public history), never the state;
- ``hard`` searches (:mod:`bot.games.ai.ismcts`) over full states it gets only from the
  game's determinizer, which resamples every card hidden from the seat.

Each game's players live in a module of its package exposing ``easy(info, rng)``,
``normal(info, rng)`` and, for the hard level, either ``search_spec(engine) -> Search`` or a
rule ``hard(info, rng)`` (and ``explain(info, action)``, its moves in words,
``HARD_WHY``, why its rule-based hard player chose, and ``history``, the public history
it remembers, each ``None`` where the game has none; see
:class:`~bot.games.registry.ComputerPlayers`). Soi takes the rule: its focused player (keep
to the ranks the table knows you hold, dearest first) wins 62 % of 4-player games against
three normals, where the search over redeals with normal rollouts won 27 % at three times
the budget — in Soi what you show the table matters more than what a playout can estimate.

A game's module is found through the registry (:func:`~bot.games.registry.players`),
which loads it with the game: its public history is its ``history`` member, asked when an
:class:`~bot.games.ai.view.Info` is built, never registered as the module is imported (a
fresh process's first hint in Soi once failed for an Info built before that import).

A module's tuning numbers are a frozen dataclass of parameters (``TurupParams``,
``CoopParams``) whose defaults are the product's; ``choose(..., params=...)`` plays with
other ones (research does), never by rewriting a module.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.ai.ismcts import Budget, Search, search
from bot.games.ai.view import Info, observe
from bot.games.protocol import Action, Engine, IllegalAction
from bot.games.registry import LEVELS, ComputerPlayers, players

#: The default search budget of the ``hard`` level (keeps p95 under 300 ms).
HARD_BUDGET = Budget()

def game_module(game: str) -> ComputerPlayers:
    """The module holding ``game``'s computer players."""
    try:
        return players(game)
    except KeyError:
        raise ValueError(f"No computer players for {game!r}.") from None  # i18n: not for people


def search_spec(module: ComputerPlayers, engine: Engine[Any], **tuned: Any) -> Search:
    """The hard player's search over ``engine`` (``TypeError`` for a game whose hard player
    is a rule: it has no search)."""
    if module.search_spec is None:
        rule = f"The hard {engine.name} player is a rule, not a search."  # i18n: not for people
        raise TypeError(rule)
    return module.search_spec(engine, **tuned)


def choose(
    engine: Engine[Any],
    state: Any,
    seat: int,
    level: str,
    rng: random.Random,
    *,
    budget: Budget | None = None,
    params: object | None = None,
) -> Action:
    """The action the computer player at ``seat`` takes now, at ``level``.

    ``budget`` overrides the hard level's search budget; ``params`` the game module's
    parameters (its ``DEFAULT``: the product's players).
    """
    if level not in LEVELS:
        known = ", ".join(LEVELS)
        raise ValueError(f"Unknown level {level!r}; choose one of {known}.")  # i18n: not for people
    if engine.to_act(state) != seat:
        raise IllegalAction("It is not this computer player's turn.")  # i18n: not for people
    module = game_module(engine.name)
    info = observe(engine, state, seat)
    if len(info.legal) == 1:
        return info.legal[0]
    tuned = {} if params is None else {"params": params}
    if level == "easy":
        return module.easy(info, rng, **tuned)
    if level == "normal":
        return module.normal(info, rng, **tuned)
    if module.hard is not None:
        return module.hard(info, rng, **tuned)
    spec = search_spec(module, engine, **tuned)
    legal = spec.candidates(info, rng) if spec.candidates is not None else list(info.legal)
    return search(engine, state, seat, legal, rng, spec, budget or HARD_BUDGET)


def choose_from_info(game: str, info: Info, level: str, rng: random.Random) -> Action:
    """A move from an Info alone: easy, normal, or a rule-based hard (rollouts and tests)."""
    module = game_module(game)
    if level == "easy":
        return module.easy(info, rng)
    if level == "normal":
        return module.normal(info, rng)
    if level == "hard" and module.hard is not None:
        return module.hard(info, rng)
    needs = f"The hard {game} player needs the state, not an Info."  # i18n: not for people
    raise ValueError(needs)

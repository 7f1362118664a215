"""Random play over any engine: the tables a check deals (every table size, every choice
of every option) and the states along random legal games."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.games.protocol import Action, Engine, InvalidVariant
from bot.games.variants import Kind, option_fields

FEW = range(1)  # deals of the smallest and the largest table: the fast tier
MANY = range(1, 5)  # deals of every table size, with every option's choices: the slow tier
MAX_MOVES = 20_000  # a random game longer than this never ends: a failure


def variants(engine: Engine[Any]) -> Iterator[Any]:
    """The default options, then each choice of each option (a switch on and off) with the
    others' defaults."""
    yield None
    for spec in option_fields(engine.Variant):
        choices: tuple[Any, ...] = (spec.option.choices if spec.kind is Kind.CHOICE
                                    else (True, False) if spec.kind is Kind.BOOL else ())
        for choice in choices:
            if choice != spec.default:
                yield engine.Variant(**{spec.name: choice})


@dataclass(frozen=True, slots=True)
class Deal:
    """One random game: its table size, seed and options."""

    players: int
    seed: int
    variant: Any

    def new(self, engine: Engine[Any]) -> Any:
        return engine.new_game(self.players, self.seed, self.variant)


def deals(engine: Engine[Any], seeds: range) -> Iterator[Deal]:
    """Random games with ``seeds``: the slow tier's many at every table size with every
    choice of every option, the fast tier's few at the smallest and the largest table with
    the default options."""
    every = seeds == MANY
    options = list(variants(engine)) if every else [None]
    low, high = engine.min_players, engine.max_players
    for variant in options:
        for players in range(low, high + 1) if every else sorted({low, high}):
            try:
                Deal(players, 0, variant).new(engine)
            except InvalidVariant:  # an option this table size does not take
                continue
            for seed in seeds:
                yield Deal(players, seed, variant)


def walk(engine: Engine[Any], deal: Deal) -> Iterator[tuple[Any, Action | None]]:
    """The states of a random legal game to its end, each with the move played from it
    (``None`` at the end)."""
    rng = random.Random(deal.seed)
    state = deal.new(engine)
    for _ in range(MAX_MOVES):
        if engine.to_act(state) is None:
            yield state, None
            return
        action = rng.choice(engine.legal_actions(state))
        yield state, action
        state = engine.apply(state, action).state
    raise AssertionError(f"{engine.name}: a random game of {deal} did not end")


def sampled(engine: Engine[Any], seeds: range, every: int = 10) -> Iterator[tuple[Deal, Any]]:
    """Some states of the random games of :func:`deals`, for the checks that cost more than
    a move: the first, the last and every ``every``-th between in the slow tier, every
    ``3 * every``-th in the fast tier."""
    every = every if seeds == MANY else 3 * every
    for deal in deals(engine, seeds):
        for step, (state, action) in enumerate(walk(engine, deal)):
            if step % every == 0 or action is None:
                yield deal, state


NAMES = tuple(f"player{i + 1}" for i in range(12))


def table_sees(engine: Engine[Any], state: Any) -> str:
    """What the table sees of a state, comparable: the public view and the seat to act."""
    return json.dumps([engine.public_view(state), engine.to_act(state)], sort_keys=True,
                      default=str)

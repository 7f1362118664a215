"""A post-game review: one seat's decisions where the hard player would have done clearly better.

:func:`review` replays a finished game from its log. At each decision of the reviewed
seat it asks the hard player (:func:`bot.games.ai.hint.evaluate`) what it would have
played from that seat's information at the time — the same redeals of hidden cards a
hint uses, never the true hidden cards — and scores the move actually played on the same
sampled deals. A decision is listed when the hard player's move did better by at least
``margin`` (share of the deal, 0..1). Each listed decision carries the seat's player view
of that moment, for a picture: nothing another player hid.

In Soi the hard player is a rule (no estimate): a decision is listed when the rule's ask
differs from the ask played, with no margin.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.ai import game_module
from bot.games.ai.explain import describe
from bot.games.ai.hint import HINT_BUDGET, evaluate, view_seed
from bot.games.ai.ismcts import Budget
from bot.games.ai.view import observe
from bot.games.protocol import Action, Engine, replaying
from bot.games.registry import ComputerPlayers
from bot.games.views import GameView

#: How much better (share of the deal) the hard move must do to be worth showing.
REVIEW_MARGIN = 0.05


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: what was played, what the hard player prefers, by how much."""

    #: The position of the decision in the game's action log (0 = the first action).
    index: int
    round: int
    played: Action
    suggested: Action
    #: The hard move's mean result minus the played move's, on the same sampled deals (share of the
    #: deal, 0..1); ``None`` where the hard player is a rule (Soi).
    margin: float | None
    played_words: str
    suggested_words: str
    view: GameView
    """The reviewed seat's player view just before the decision."""


def review(
    engine: Engine[Any],
    players: int,
    seed: int,
    actions: Sequence[Action | str],
    variant: Any,
    seat: int,
    *,
    budget: Budget = HINT_BUDGET,
    margin: float = REVIEW_MARGIN,
    not_theirs: Collection[int] = (),
) -> list[Decision]:
    """``seat``'s decisions in the logged game where the hard player did better by ``margin``.

    ``actions`` is the game's log (actions or their notation), replayed from
    ``engine.new_game(players, seed, variant)``. ``not_theirs``: the log positions a
    computer chose for the seat (a timeout), which are not the person's decisions.
    """
    module = game_module(engine.name)
    out: list[Decision] = []
    steps = replaying(engine, engine.new_game(players, seed, variant), actions)
    for index, step in enumerate(steps):
        if index not in not_theirs and _decision(engine, step.before, seat):
            found = _judge(engine, step.before, seat, step.action, module, budget, margin, index)
            if found is not None:
                out.append(found)
    return out


def _judge(
    engine: Engine[Any],
    state: Any,
    seat: int,
    played: Action,
    module: ComputerPlayers,
    budget: Budget,
    margin: float,
    index: int,
) -> Decision | None:
    info = observe(engine, state, seat)
    rng = random.Random(view_seed(engine, state, seat))
    gap: float | None
    if module.hard is not None:
        suggested = module.hard(info, rng)
        if suggested == played:
            return None
        gap = None
    else:
        scores = evaluate(engine, state, seat, info, rng, budget, extra=(played,))
        best = scores[0]
        mine = next(s for s in scores if s.action == played)
        gap = best.mean - mine.mean
        if best.action == played or gap < margin:
            return None
        suggested = best.action
    return Decision(
        index=index,
        round=engine.round_number(state),
        played=played,
        suggested=suggested,
        margin=gap,
        played_words=describe(info, played),
        suggested_words=describe(info, suggested),
        view=info.view,
    )


def decision_positions(
    engine: Engine[Any],
    players: int,
    seed: int,
    actions: Sequence[Action | str],
    variant: Any,
    seat: int,
) -> list[int]:
    """The log positions at which ``seat`` made a real decision (more than one legal move)
    in the logged game."""
    steps = replaying(engine, engine.new_game(players, seed, variant), actions)
    return [index for index, step in enumerate(steps) if _decision(engine, step.before, seat)]


def _decision(engine: Engine[Any], state: Any, seat: int) -> bool:
    """Is it ``seat``'s turn with more than one legal move (a real decision)?"""
    return engine.to_act(state) == seat and len(engine.legal_actions(state)) > 1

"""Information-set Monte Carlo search for the hard level.

Two modes share one :class:`Search` description of a game:

- *tree* (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012). Each iteration
  draws a *determinization* of the root state (a full state that agrees with everything
  the searching seat may see, hidden cards resampled), walks the shared tree choosing only
  among actions legal in that determinization (UCB with availability counts), adds one
  node, plays the rest out with a rollout policy up to a horizon, scores the result with a
  game heuristic and backs the score up, each node crediting the seat that moved into it.
- *paired* (flat determinized Monte Carlo with common random numbers): every root action
  is played out on the same determinization with the same rollout generator, so actions
  are compared on identical deals; the variance of a difference is far smaller than that
  of either result, which matters when a decision gets only a hundred playouts.

The searching seat never sees the true hidden cards: the only full states it touches come
from the determinizer, and the horizon and the evaluation compare a rollout's end with
the iteration's determinized start, never with the true state.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.ai.view import Info
from bot.games.protocol import Action, Engine

log = logging.getLogger(__name__)

Determinizer = Callable[[Any, int, random.Random], Any]
RolloutPolicy = Callable[[Engine[Any], Any, int, random.Random], Action]
Evaluator = Callable[[Engine[Any], Any, Any], Sequence[float]]
Horizon = Callable[[Engine[Any], Any, Any, int], bool]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one decision may spend: iterations and/or seconds (first hit wins).

    ``seconds=None`` makes the search depend on iterations only, hence reproducible.
    """

    iterations: int = 2000
    seconds: float | None = 0.2
    exploration: float = 0.7


@dataclass(frozen=True, slots=True)
class Search:
    """The game-specific parts of a search."""

    determinize: Determinizer
    rollout: RolloutPolicy
    evaluate: Evaluator
    horizon: Horizon
    max_depth: int = 6
    #: Narrows the root actions (from what the seat sees) before searching, best first.
    candidates: Callable[[Info, random.Random], list[Action]] | None = None
    #: If set, the first root action is kept unless another's mean reward beats it by this (in
    #: paired mode: by this many standard errors of the paired difference).
    margin: float | None = None
    #: Flat search with common random numbers: every root action is played out on the same
    #: determinization with the same rollout generator, and compared pairwise.
    paired: bool = False


class _Node:
    __slots__ = ("action", "avail", "children", "mover", "parent", "reward", "visits")

    def __init__(self, parent: _Node | None, action: Action | None, mover: int) -> None:
        self.parent = parent
        self.action = action
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


def search(
    engine: Engine[Any],
    state: Any,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    spec: Search,
    budget: Budget,
) -> Action:
    """The root action most visited after searching within ``budget``."""
    if len(legal) == 1:
        return legal[0]
    if spec.paired:
        return _paired(engine, state, seat, legal, rng, spec, budget)
    root = _Node(None, None, seat)
    root_keys = {str(a) for a in legal}
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    iterations = 0
    while iterations < budget.iterations:
        if deadline is not None and iterations and time.perf_counter() >= deadline:
            break
        iterations += 1
        _iterate(engine, state, seat, root, root_keys, rng, spec, budget.exploration)
    best = max(
        (child for key, child in root.children.items() if key in root_keys),
        key=lambda n: (n.visits, n.reward),
    )
    default = root.children.get(str(legal[0]))
    if (
        spec.margin is not None
        and default is not None
        and best is not default
        and best.reward / best.visits - default.reward / default.visits < spec.margin
    ):
        best = default
    log.debug("ismcts %s: %d iterations, best %s", engine.name, iterations, best.action)
    assert best.action is not None
    return best.action


def _iterate(
    engine: Engine[Any],
    state: Any,
    seat: int,
    root: _Node,
    root_keys: set[str],
    rng: random.Random,
    spec: Search,
    c: float,
) -> None:
    start = spec.determinize(state, seat, rng)
    world = start
    node = root
    depth = 0
    while depth < spec.max_depth:
        mover = engine.to_act(world)
        if mover is None or spec.horizon(engine, start, world, depth):
            break
        actions = engine.legal_actions(world)
        keyed = {str(a): a for a in actions}
        if depth == 0:
            keyed = {k: a for k, a in keyed.items() if k in root_keys}
        untried = [k for k in keyed if k not in node.children]
        for key in keyed:
            child = node.children.get(key)
            if child is not None:
                child.avail += 1
        if untried:
            key = untried[rng.randrange(len(untried))]
            child = _Node(node, keyed[key], mover)
            node.children[key] = child
            world = engine.apply(world, keyed[key]).state
            node = child
            depth += 1
            break
        node = max((node.children[k] for k in keyed), key=lambda n: n.ucb(c))
        assert node.action is not None
        world = engine.apply(world, node.action).state
        depth += 1
    steps = depth
    while True:
        mover = engine.to_act(world)
        if mover is None or spec.horizon(engine, start, world, steps):
            break
        actions = engine.legal_actions(world)
        action = actions[0] if len(actions) == 1 else spec.rollout(engine, world, mover, rng)
        world = engine.apply(world, action).state
        steps += 1
    rewards = spec.evaluate(engine, start, world)
    walk: _Node | None = node
    while walk is not None:
        walk.visits += 1
        walk.reward += rewards[walk.mover]
        walk = walk.parent


def _paired(
    engine: Engine[Any],
    state: Any,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    spec: Search,
    budget: Budget,
) -> Action:
    """Flat Monte Carlo with common random numbers over determinizations."""
    rewards, rounds, done = _common_playouts(engine, state, seat, legal, rng, spec, budget)
    best = max(range(len(legal)), key=lambda i: sum(rewards[i]) / rounds)
    if spec.margin is not None and best != 0:
        diffs = [a - b for a, b in zip(rewards[best], rewards[0], strict=True)]
        mean, se = _mean_se(diffs)
        if mean <= 0 or mean < spec.margin * se:
            best = 0
    log.debug("paired %s: %d playouts, best %s", engine.name, done, legal[best])
    return legal[best]


def _common_playouts(
    engine: Engine[Any],
    state: Any,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    spec: Search,
    budget: Budget,
) -> tuple[list[list[float]], int, int]:
    """Every action played out on the same determinizations with the same rollout seed
    (common random numbers) within ``budget``: each action's rewards over the ``rounds``
    deals every action finished (an unfinished group is left out of the comparison),
    ``rounds`` (at least 1) and the playouts done. Paired search and
    :func:`score_actions` share it."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    rewards: list[list[float]] = [[] for _ in actions]
    done = 0
    late = False
    while done < budget.iterations and not late:
        start = spec.determinize(state, seat, rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(actions):
            if deadline is not None and rewards[-1] and time.perf_counter() >= deadline:
                late = True
                break
            world = engine.apply(start, action).state
            rewards[i].append(_playout(engine, start, world, seat, random.Random(seed), spec))
            done += 1
    rounds = max(1, min(len(r) for r in rewards))
    return [r[:rounds] for r in rewards], rounds, done


def _mean_se(diffs: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    rounds = len(diffs)
    mean = sum(diffs) / rounds
    var = sum((d - mean) ** 2 for d in diffs) / max(1, rounds - 1)
    return mean, math.sqrt(var / rounds)


def _playout(
    engine: Engine[Any], start: Any, world: Any, seat: int, rng: random.Random, spec: Search
) -> float:
    steps = 1
    while True:
        mover = engine.to_act(world)
        if mover is None or spec.horizon(engine, start, world, steps):
            break
        actions = engine.legal_actions(world)
        action = actions[0] if len(actions) == 1 else spec.rollout(engine, world, mover, rng)
        world = engine.apply(world, action).state
        steps += 1
    return spec.evaluate(engine, start, world)[seat]


@dataclass(frozen=True, slots=True)
class Scored:
    """One root action's result in a paired comparison: its mean reward (0..1, the
    searching seat's share) over ``deals`` determinizations, all actions on the same deals."""

    action: Action
    mean: float
    deals: int


def score_actions(
    engine: Engine[Any],
    state: Any,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    spec: Search,
    budget: Budget,
) -> list[Scored]:
    """Every action in ``actions`` played out on the same determinizations (common random
    numbers) within ``budget``; best mean first (ties keep the given order).

    Like :func:`search`, it touches only states drawn from ``spec.determinize``.
    """
    rewards, rounds, _ = _common_playouts(engine, state, seat, actions, rng, spec, budget)
    scored = [Scored(a, sum(r) / rounds, rounds) for a, r in zip(actions, rewards, strict=True)]
    order = sorted(range(len(scored)), key=lambda i: (-scored[i].mean, i))
    return [scored[i] for i in order]

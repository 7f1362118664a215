"""Soureh and Pariah computer players.

- easy: reveals whenever it may, takes a keep that completes its four valid coops,
  otherwise a random placement, and declares with it whenever that is true; Pariah:
  knocks with a placement that leaves four valid coops;
- normal: scores every placement with :mod:`~bot.games.coop.ai.model` (its own expected
  result minus the opponents'), which puts red 10s and black 2s on opponents, aces under
  the hardest coops (or the easiest when none is hard: robust coops are rewarded),
  sabotages a declarer's least-protected coop on the last turn and follows the Pariah
  point tips; it adds the declaration or knock to a placement only when, after it, no
  opponent looks close to done;
- hard: ISMCTS over redeals (:mod:`~bot.games.coop.ai.determinize`) among the normal
  player's few best moves, normal players in the rollouts to the end of the round; it
  leaves the normal favourite only for a move that did clearly better. In Pariah the
  redeals after an opponent's knock mostly give him four valid coops (the last turn is
  played against the coops a knock implies): 60.2 % against normal on held-out seeds,
  from 54.5 % without (``bench/results.md``).

Every tuning number is a field of :class:`CoopParams`; the players take one (default
:data:`DEFAULT`, the product's), so research builds players with other numbers instead of
rewriting this module.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.ai.ismcts import Search
from bot.games.ai.view import Info, observe
from bot.games.cards import Card
from bot.games.coop.ai.determinize import determinize
from bot.games.coop.ai.model import (
    COOP_VALID,
    JACK_KIND,
    PRIOR,
    Board,
    Model,
    board_from_view,
    kind_of,
    kind_of_text,
    pariah_points,
    unseen_counts,
)
from bot.games.coop.ai.words import explain as explain  # the moves in words, re-exported
from bot.games.coop.moves import Give, Keep, King
from bot.games.coop.views import CoopView, coop_view
from bot.games.protocol import Action, Engine


@dataclass(frozen=True, slots=True)
class CoopParams:
    """The Soureh and Pariah players' tuning numbers; the defaults are the product's."""

    #: Normal: the weight of how robust its valid coops are.
    robust_weight: float = 3.0
    #: Normal: what a Queen's look is worth.
    queen_bonus: float = 6.0
    #: Normal: declare (knock) only while every opponent's chance of four valid coops is
    #: below this.
    declare_if_opponents_below: float = 0.35
    #: Normal (Pariah): knock anyway with a lead of this many points.
    knock_lead: float = 25.0
    #: Hard: moves a playout runs at most.
    horizon: int = 150
    #: Hard: the normal player's best few placements searched.
    candidates: int = 4
    #: Hard: standard errors another move must beat the normal favourite by.
    margin: float = 1.0
    #: Hard: paired flat search (else a tree).
    paired: bool = True


#: The product's players.
DEFAULT = CoopParams()


def history(state: Any, seat: int) -> tuple[Any, ...]:
    """The discards ``seat`` saw (all of them when the pile is face up; with face-down
    discards only his own and the face-up cards replaced by a give or a Jack) and a
    declarer's declared face-up cards. Every other discard stays unknown to the model."""
    declared = state.declared_up
    return (
        [str(c) for c in state.discards_seen_by(seat)],
        None if declared is None else [str(c) for c in declared],
    )


#: The hard player searches (``search_spec``): no rule, so no rule's reason for a hint.
hard = None
HARD_WHY = None


# ---------------------------------------------------------------------------- easy


def easy(info: Info, rng: random.Random, params: CoopParams = DEFAULT) -> Action:
    """A random placement with basic sense: never miss a true declaration or a reveal
    (``params`` has no number for it: taken so every level takes one)."""
    found = info.by_word("reveal")
    if found:
        return found[0]
    view = coop_view(info.view)
    ups, _downs, valid = _own_coops(view, info.seat)
    plain = [a for a in info.legal if not a.call]
    drawn = view.get("drawn")
    choice: Action | None = None
    if drawn is not None and rng.random() < 0.9:
        card = Card.parse(drawn)
        game_valid = COOP_VALID[info.game]
        for action in plain:
            if action.word != "keep":
                continue
            slot = Keep.of(action).slot
            flags = list(valid)
            flags[slot - 1] = game_valid(Card.parse(ups[slot - 1]), card)
            if all(flags) and not all(valid):
                choice = action
                break
    if choice is None:
        choice = plain[rng.randrange(len(plain))]
    called = _called(info, choice)
    if called is not None and (info.game == "soureh" or _valid_after(info, choice)):
        return called
    return choice


def _own_coops(view: CoopView, seat: int) -> tuple[list[str], list[str], list[bool]]:
    """The acting seat's face-up and face-down cards and their validity (its own view,
    dealt into the round, shows all three)."""
    row = view["seats"][seat]
    up, down, valid = row["up"], row["down"], row["valid"]
    assert up is not None and down is not None and valid is not None
    return up, down, valid


def _called(info: Info, action: Action) -> Action | None:
    """The legal form of the placement ``action`` that also declares or knocks, if any."""
    for other in info.legal:
        if other.call and other.word == action.word and other.args == action.args:
            return other
    return None


def _valid_after(info: Info, action: Action) -> bool:
    """Are all four of the seat's coops valid after the placement ``action``?"""
    view = coop_view(info.view)
    ups, downs, valid = _own_coops(view, info.seat)
    flags = list(valid)
    drawn = view["drawn"]
    game_valid = COOP_VALID[info.game]
    if drawn is not None and action.word in ("keep", "jack"):
        slot = Keep.of(action).slot
        up, down = Card.parse(ups[slot - 1]), Card.parse(downs[slot - 1])
        card = Card.parse(drawn)
        flags[slot - 1] = game_valid(up, card) if action.word == "keep" else game_valid(card, down)
    return all(flags)


# ---------------------------------------------------------------------------- normal


def _model(info: Info) -> tuple[Model, Board]:
    view = coop_view(info.view)
    discards, declared = info.history if info.history else ([], None)
    seen: list[str] = list(discards)
    for s, row in enumerate(view["seats"]):
        up, down = row["up"], row["down"]
        if up is not None:
            seen.extend(up)
        if s == info.seat and down is not None:
            seen.extend(down)
    drawn = view["drawn"]
    if drawn is not None:
        seen.append(drawn)
    model = Model(info.game, unseen_counts(info.game, seen))
    board = board_from_view(view, info.seat, declared if info.game == "soureh" else None)
    return model, board


def _utility(model: Model, board: Board, me: int, params: CoopParams) -> float:
    """My expected result minus the opponents' mean, plus how robust my valid coops are."""
    mine = model.seat_value(board[me])
    others = [model.seat_value(c) for s, c in board.items() if s != me]
    value = mine - (sum(others) / len(others) if others else 0.0)
    for up, belief in board[me]:
        if belief[0] == "k" and model.valid[up][belief[1]]:
            value += params.robust_weight * model.robust(belief[1]) / 4
    return value


def _after(board: Board, me: int, drawn: int | None, action: Action,
           params: CoopParams) -> tuple[Board, float]:
    """The board after a placement (beliefs moved as the action moves cards) and a bonus."""
    word = action.word
    new = {s: list(c) for s, c in board.items()}
    bonus = 0.0
    if word == "keep" and drawn is not None:
        slot = Keep.of(action).slot - 1
        new[me][slot] = (new[me][slot][0], ("k", drawn))
    elif word == "give" and drawn is not None:
        give = Give.of(action)
        seat, slot = give.seat, give.slot - 1
        if seat in new:
            new[seat][slot] = (drawn, new[seat][slot][1])
    elif word == "jack":
        slot = Keep.of(action).slot - 1
        new[me][slot] = (JACK_KIND, new[me][slot][1])
    elif word == "queen":
        bonus = params.queen_bonus
    elif word == "king":
        king = King.of(action)
        s1, n1, s2, n2 = king.seat1, king.slot1, king.seat2, king.slot2
        if s1 in new and s2 in new:
            b1, b2 = new[s1][n1 - 1][1], new[s2][n2 - 1][1]
            new[s1][n1 - 1] = (new[s1][n1 - 1][0], b2)
            new[s2][n2 - 1] = (new[s2][n2 - 1][0], b1)
            if b1 == PRIOR and b2 == PRIOR:
                bonus -= 1.0  # swapping two unknown cards teaches nothing
    return new, bonus


def normal(info: Info, rng: random.Random, params: CoopParams = DEFAULT) -> Action:
    """The placement with the best expected result; declare or knock only when safe."""
    return ranked(info, rng, params)[0]


def ranked(info: Info, rng: random.Random, params: CoopParams = DEFAULT) -> list[Action]:
    """The legal actions, the normal player's favourite first.

    Placements are scored without their announcement; where a placement may also declare
    (knock), the announced form comes right before or right after the plain one, as
    :func:`_should_call` judges the board after the placement.
    """
    if info.by_word("reveal"):
        return info.by_word("reveal") + info.by_word("draw")
    if len(info.legal) == 1:
        return list(info.legal)
    model, board = _model(info)
    me = info.seat
    drawn_text = coop_view(info.view)["drawn"]
    drawn = kind_of_text(drawn_text) if drawn_text is not None else None
    scored = []
    boards = {}
    for action in info.legal:
        if action.call:
            continue
        new, bonus = _after(board, me, drawn, action, params)
        boards[action] = new
        scored.append((_utility(model, new, me, params) + bonus + rng.random() * 1e-6, action))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    out: list[Action] = []
    for _, action in scored:
        called = _called(info, action)
        if called is None:
            out.append(action)
        elif _should_call(info, model, boards[action], params):
            out += [called, action]
        else:
            out += [action, called]
    return out


def candidates(info: Info, rng: random.Random, params: CoopParams = DEFAULT) -> list[Action]:
    """The hard level's root actions: the normal player's best few *placements*, each with
    its declaring (knocking) form where one is legal, the normal favourite first.

    A declaration rides on a placement, so counting the two forms as two candidates would
    halve the placements searched; here both forms of each of the best placements compete.
    """
    out: list[Action] = []
    placements = 0
    for action in ranked(info, rng, params):
        if not action.call:
            placements += 1
            if placements > params.candidates:
                break
        out.append(action)
    kept = {(a.word, a.args) for a in out if not a.call}
    return [a for a in out if (a.word, a.args) in kept]


def _should_call(info: Info, model: Model, board: Board, params: CoopParams) -> bool:
    """Declare (Soureh) or knock (Pariah) with this placement, judged on the board after it:
    only when no opponent looks close to done (Pariah: or with a clear lead)."""
    me = info.seat
    opponents = [c for s, c in board.items() if s != me]
    closest = max((model.all_valid(c) for c in opponents), default=0.0)
    if info.game == "soureh":
        return closest < params.declare_if_opponents_below or coop_view(info.view)["stock"] < 4
    mine = model.seat_value(board[me])
    lead = mine - max((model.seat_value(c) for c in opponents), default=0.0)
    four = model.all_valid(board[me]) >= 1.0
    return (four and closest < params.declare_if_opponents_below) or lead > params.knock_lead


# ---------------------------------------------------------------------------- hard


def _rollout(params: CoopParams, engine: Engine[Any], world: Any, mover: int,
             rng: random.Random) -> Action:
    """Rollouts are played by normal players (random ones never declare well)."""
    return normal(observe(engine, world, mover), rng, params)


def _horizon(params: CoopParams, engine: Engine[Any], start: Any, world: Any,
             steps: int) -> bool:
    return steps >= params.horizon or world.round != start.round or world.to_act is None


def _evaluate(engine: Engine[Any], start: Any, world: Any) -> Sequence[float]:
    """The round's points when it ended, else an estimate from the real (sampled) coops."""
    n = start.n
    soureh = engine.name == "soureh"
    if world.round != start.round or world.to_act is None:
        assert world.last_round is not None
        points = [float(p) for p in world.last_round["points"]]
        values = [-p for p in points] if soureh else points
        scale = 25.0 if soureh else 60.0
    else:
        values = [_world_value(engine.name, world, s) for s in range(n)]
        scale = 20.0 if soureh else 50.0
    live = [s for s in range(n) if world.in_round[s]] or list(range(n))
    out = []
    for s in range(n):
        others = [values[t] for t in live if t != s]
        mean = sum(others) / len(others) if others else 0.0
        out.append(min(1.0, max(0.0, 0.5 + (values[s] - mean) / (2 * scale))))
    return out


_FIX = (0.0, 0.45, 0.75, 0.9, 1.0)


def _world_value(game: str, world: Any, s: int) -> float:
    up, down, flags = world.up[s], world.down[s], world.valid[s]
    if up is None or down is None or flags is None:
        return 0.0
    bad = 4 - sum(flags)
    if game == "soureh":
        low = sum(min(u.order, d.order) for u, d in zip(up, down, strict=True))
        return -_FIX[bad] * low
    points = sum(
        pariah_points(kind_of(u)) + pariah_points(kind_of(d))
        for u, d, ok in zip(up, down, flags, strict=True)
        if ok
    )
    return points + (50.0 if bad == 0 else 12.0 if bad == 1 else 0.0)


def search_spec(engine: Engine[Any], params: CoopParams = DEFAULT) -> Search:
    """How the hard level searches Soureh and Pariah."""
    game = engine.name

    def redeal(state: Any, seat: int, rng: random.Random) -> Any:
        return determinize(game, state, seat, rng)

    return Search(
        redeal,
        functools.partial(_rollout, params),
        _evaluate,
        functools.partial(_horizon, params),
        max_depth=1,
        candidates=functools.partial(candidates, params=params),
        margin=params.margin,
        paired=params.paired,
    )

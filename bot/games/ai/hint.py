"""A hint: the hard player's choice for a position, from the asking seat's information only.

:func:`hint` never reads a card hidden from the seat. Its rule players (Soi's focused
player, the normal players that rank the candidates) receive the seat's
:class:`~bot.games.ai.view.Info`; its search touches only states drawn from the game's
canonical determinizer, which deals every hidden card anew from a canonical order, and its
random generator is seeded from the seat's player view. So two states the seat cannot
tell apart give the same hint (with an iteration budget; a time budget may stop sooner
or later on a busy machine).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.ai import game_module, search_spec
from bot.games.ai.explain import describe
from bot.games.ai.ismcts import Budget, Scored, score_actions
from bot.games.ai.view import Info, observe
from bot.games.protocol import Action, Engine, IllegalAction
from bot.i18n import _

#: A hint may think longer than a computer's turn (the panel defers its answer).
HINT_BUDGET = Budget(iterations=400, seconds=1.5)


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action, one plain line of why, and the search's estimates."""

    action: Action
    why: str
    #: Each candidate's mean result on the same sampled deals, best first (empty when the hard
    #: player is a rule, as in Soi, or when only one move is legal).
    scores: tuple[Scored, ...] = ()


def view_seed(engine: Engine[Any], state: Any, seat: int) -> int:
    """A seed computed from ``seat``'s player view alone."""
    view = engine.player_view(state, seat)
    text = json.dumps(view, sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(f"{seat}:{text}".encode()).digest()[:8], "big")


def hint(
    engine: Engine[Any],
    state: Any,
    seat: int,
    *,
    budget: Budget = HINT_BUDGET,
    rng: random.Random | None = None,
) -> Hint:
    """The hard player's choice for ``seat`` now, with one line of why.

    ``rng`` defaults to a generator seeded from the seat's view. Raises
    :class:`~bot.games.protocol.IllegalAction` when it is not ``seat``'s turn.
    """
    if engine.to_act(state) != seat:
        raise IllegalAction(_("It is not your turn: a hint is for your own move."))
    rng = rng or random.Random(view_seed(engine, state, seat))
    info = observe(engine, state, seat)
    module = game_module(engine.name)
    if len(info.legal) == 1:
        only = info.legal[0]
        return Hint(only, _("The hard player {move}: the only legal move.",
                              move=describe(info, only)))
    if module.hard is not None:
        choice = module.hard(info, rng)
        plain = module.normal(info, random.Random(0))
        return Hint(choice, _rule_why(info, choice, plain, module.HARD_WHY))
    scores = evaluate(engine, state, seat, info, rng, budget)
    best = scores[0]
    return Hint(best.action, _search_why(info, scores), tuple(scores))


def evaluate(
    engine: Engine[Any],
    state: Any,
    seat: int,
    info: Info,
    rng: random.Random,
    budget: Budget,
    extra: Sequence[Action] = (),
) -> list[Scored]:
    """The hard player's candidates (and ``extra`` moves) scored on shared sampled deals."""
    spec = search_spec(game_module(engine.name), engine)
    legal = spec.candidates(info, rng) if spec.candidates is not None else list(info.legal)
    keys = {str(a) for a in legal}
    actions = list(legal) + [a for a in extra if str(a) not in keys]
    scores = score_actions(engine, state, seat, actions, rng, spec, budget)
    favourite = legal[0]
    best = scores[0]
    if best.action != favourite:
        # as the hard player does: keep the rule favourite unless another move did clearly better
        base = next(s for s in scores if s.action == favourite)
        if best.mean - base.mean < CLEAR:
            scores = [base, *(s for s in scores if s is not base)]
    return scores


#: A difference of mean result (share of the deal, 0..1) this small is no difference.
CLEAR = 0.02


def _search_why(info: Info, scores: Sequence[Scored]) -> str:
    best = scores[0]
    line = describe(info, best.action)
    if len(scores) == 1:
        return _("The hard player {move}.", move=line)
    runner = max(scores[1:], key=lambda s: s.mean)
    gap = (best.mean - runner.mean) * 100
    if gap < CLEAR * 100:
        return _("The hard player {move}; this other move would do about as well: {other}.",
                 move=line, other=describe(info, runner.action))
    return _(
        "The hard player {move}: it played this deal out many times from here, guessing "
        "the cards you cannot see, and this move came out ahead of the next best one "
        "({other}).",
        move=line, other=describe(info, runner.action),
    )


def _rule_why(info: Info, choice: Action, plain: Action, rule: str | None) -> str:
    """Why a rule-based hard player chose ``choice``: its game's ``HARD_WHY`` (the rule
    it keeps to, with ``{move}``) when it has one, else how it differs from normal."""
    line = describe(info, choice)
    if rule is not None:
        return _(rule, move=line)
    if choice == plain:
        return _("The hard player {move}.", move=line)
    return _("The hard player {move}, rather than: {other}.", move=line,
             other=describe(info, plain))

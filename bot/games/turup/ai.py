"""Turup computer players.

- easy: a random capture most of the time when one exists, else a random card;
- normal: weighs the cards a move wins against what it leaves the next player (the
  expected largest capture of an unseen card on the pile left behind; cards already won
  are remembered) plus what its own remaining cards could take next;
- hard: paired determinized search among normal's best moves: redeals of the unseen
  cards, normal players in the rollouts a few plies deep, scored by cards won. A redeal is
  kept in proportion to how likely it makes the opponents' plays of this deal (their
  ``plays``, public): a hand under which the normal player would have played otherwise is
  kept only ``unlikely`` as often (:func:`believe`).

Every tuning number is a field of :class:`TurupParams`; the players take one (default
:data:`DEFAULT`, the product's), so research builds players with other numbers instead of
rewriting this module.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from bot.games.ai.explain import card_words
from bot.games.ai.ismcts import Search
from bot.games.ai.view import Info, observe
from bot.games.cards import Card, Rank, Suit
from bot.games.protocol import Action, Engine
from bot.games.turup.moves import Capture
from bot.games.turup.state import Play, TurupState, pack_cards
from bot.games.turup.views import turup_view
from bot.i18n import _, _n


@dataclass(frozen=True, slots=True)
class TurupParams:
    """The Turup players' tuning numbers; the defaults are the product's."""

    #: How often easy takes a capture when there is one.
    easy_capture: float = 0.85
    #: Normal: the weight of what the pile left offers the next player.
    leave_weight: float = 0.8
    #: Normal: the weight of the best capture its other cards then have.
    follow_weight: float = 0.5
    #: Hard: plies a playout runs at most.
    horizon: int = 8
    #: Hard: the normal player's best few moves searched.
    candidates: int = 5
    #: Hard: standard errors another move must beat the normal favourite by.
    margin: float = 1.0
    #: Hard: paired flat search (else a tree).
    paired: bool = True
    #: Hard: normal players in the playouts (else the greedy policy).
    rollout_normal: bool = True
    #: Redeals drawn at most to find one the opponents' plays make likely (:func:`believe`).
    tries: int = 24
    #: How much less likely a hand is when the normal player, holding it, would not have
    #: made the play seen (people are not the normal player; a small chance keeps such hands).
    unlikely: float = 0.02


#: The product's players.
DEFAULT = TurupParams()
SAMPLE = {rank: Card.of(rank, Suit.SPADES) for rank in Rank}
#: Stands in for cards a view shows only by their number (the other hands, the deck).
HIDDEN = Card.of(Rank.ACE, Suit.SPADES)


def easy(info: Info, rng: random.Random, params: TurupParams = DEFAULT) -> Action:
    """Usually take a capture when there is one; otherwise any card."""
    takes = info.by_word("capture")
    if takes and rng.random() < params.easy_capture:
        return takes[rng.randrange(len(takes))]
    return info.legal[rng.randrange(len(info.legal))]


@lru_cache(maxsize=65536)
def _best_take(rank: Rank, pile: tuple[str, ...]) -> int:
    """Cards a card of ``rank`` wins at best from ``pile`` (0 when it captures nothing)."""
    matches = sum(1 for t in pile if t == rank.value)
    v = rank.number
    if v is None:
        return matches + 1 if matches else 0
    small = tuple(sorted((Rank(t).number or 99 for t in pile), reverse=True))
    taken = matches + _groups(v, tuple(x for x in small if x < v))
    return taken + 1 if taken else 0


@lru_cache(maxsize=65536)
def _groups(v: int, values: tuple[int, ...]) -> int:
    """Most cards of ``values`` (descending) that split into disjoint groups adding to v."""
    if len(values) < 2:
        return 0
    first, rest = values[0], values[1:]
    best = _groups(v, rest)  # the largest card stays out of every group
    for used in _subsets(v - first, rest):
        left = list(rest)
        for x in used:
            left.remove(x)
        best = max(best, 1 + len(used) + _groups(v, tuple(left)))
    return best


@lru_cache(maxsize=65536)
def _subsets(target: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct sub-multisets of ``values`` (descending) adding up to ``target``."""
    if target == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for i, x in enumerate(values):
        if x > target or x in seen:
            continue
        seen.add(x)
        out.extend((x, *tail) for tail in _subsets(target - x, values[i + 1 :]))
    return tuple(out)


def _key(pile: Sequence[Card]) -> tuple[str, ...]:
    """A pile as a cache key: only ranks matter."""
    return tuple(sorted(c.rank.value for c in pile))


def _threat(pile: Sequence[Card], unseen: dict[Rank, float], hand_size: int) -> float:
    """Expected cards the next player wins from ``pile`` with his best card."""
    if not pile or hand_size <= 0:
        return 0.0
    key = _key(pile)
    total = sum(unseen.values()) or 1.0
    takes = sorted(((_best_take(r, key), r) for r in Rank), key=lambda p: p[0], reverse=True)
    expected = 0.0
    none_better = 1.0
    for size, rank in takes:
        if size == 0:
            break
        holds = 1.0 - (1.0 - unseen.get(rank, 0.0) / total) ** hand_size
        expected += none_better * holds * size
        none_better *= 1.0 - holds
    return expected


def history(state: Any, seat: int) -> tuple[Any, ...]:
    """The cards won so far this round, all seats (every capture is shown to the table)."""
    return tuple(c for won in state.won for c in won)


#: The hard player searches (``search_spec``): no rule, so no rule's reason for a hint.
hard = None
HARD_WHY = None


@functools.lru_cache(maxsize=32)
def _pack_counts(players: int, pack: str) -> tuple[tuple[Rank, float], ...]:
    """How many cards of each rank the table's pack holds (the Somali pack has no 2–5)."""
    counts = dict.fromkeys(Rank, 0.0)
    for c in pack_cards(players, pack):
        counts[c.rank] += 1
    return tuple(counts.items())


def _unseen(info: Info, hand: list[Card], pile: list[Card]) -> dict[Rank, float]:
    view = turup_view(info.view)
    counts = dict(_pack_counts(view["players"], view.get("pack", "standard")))
    for c in (*hand, *pile, *info.history):
        counts[c.rank] = max(0.0, counts[c.rank] - 1)
    return counts


def _ranked(info: Info, params: TurupParams) -> list[tuple[float, Action]]:
    view = turup_view(info.view)
    hand = [Card.parse(t) for t in view["hand"] or ()]
    pile = [Card.parse(t) for t in view["pile"]]
    n = view["players"]
    nxt = (info.seat + 1) % n
    next_hand = view["seats"][nxt]["hand_count"] if n > 1 else 0
    unseen = _unseen(info, hand, pile)
    scored: list[tuple[float, Action]] = []
    for action in info.legal:
        move = Capture.of(action)
        played = move.played
        if action.word == "capture":
            taken = list(move.taken)
            rest = list(pile)
            for c in taken:
                rest.remove(c)
            gain = len(taken) + 1.0
            left = rest
        else:
            gain = 0.0
            left = [*pile, played]
        later = [c for c in hand if c is not played]
        if later and left:
            key = _key(left)
            gain += params.follow_weight * max(_best_take(c.rank, key) for c in later)
        scored.append((gain - params.leave_weight * _threat(left, unseen, next_hand), action))
    return scored


def normal(info: Info, rng: random.Random, params: TurupParams = DEFAULT) -> Action:
    """The move with the best cards won minus what it leaves for the next player."""
    return ranked(info, rng, params)[0]


def ranked(info: Info, rng: random.Random, params: TurupParams = DEFAULT) -> list[Action]:
    """The legal moves, the normal player's favourite first (ties in random order)."""
    scored = [(round(score, 9), rng.random(), action)
              for score, action in _ranked(info, params)]
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [action for _, _, action in scored]


def candidates(info: Info, rng: random.Random, params: TurupParams = DEFAULT) -> list[Action]:
    """The hard level's root moves: the normal player's best few, its favourite first."""
    return ranked(info, rng, params)[: params.candidates]


def greedy(info: Info, rng: random.Random) -> Action:
    """The largest capture, else a trail of the lowest-value card (fast rollout policy)."""
    takes = info.by_word("capture")
    if takes:
        return max(takes, key=len_args)
    return min(info.legal, key=lambda a: Capture.of(a).played.order)


def len_args(action: Action) -> int:
    """Cards an action moves (capture size + 1)."""
    return len(action.args)


def _rollout(params: TurupParams, engine: Engine[Any], world: Any, mover: int,
             rng: random.Random) -> Action:
    info = observe(engine, world, mover)
    return normal(info, rng, params) if params.rollout_normal else greedy(info, rng)


def _horizon(params: TurupParams, engine: Engine[Any], start: Any, world: Any,
             steps: int) -> bool:
    return steps >= params.horizon or world.round != start.round or world.turn is None


def _evaluate(engine: Engine[Any], start: Any, world: Any) -> Sequence[float]:
    """At the game's end, its result (a shared win split); else the lead in cards won over
    the whole game so far (earlier rounds too), squashed to 0..1. Only the totals decide a
    game (rule book: a round's winner scores nothing of its own)."""
    n = start.players
    totals = [float(t) for t in engine.totals(world)]
    mean = sum(totals) / n
    if world.turn is None:
        winners = engine.winners(world)
        return [
            0.75 * (1.0 / len(winners) if s in winners else 0.0)
            + 0.25 * _squash(totals[s] - mean, 10)
            for s in range(n)
        ]
    return [_squash(totals[s] - mean, 8) for s in range(n)]


def _squash(x: float, scale: float) -> float:
    return min(1.0, max(0.0, 0.5 + x / (2 * scale)))


Redeal = Callable[[TurupState, int, random.Random], TurupState]


def believe(redeal: Redeal, engine: Engine[Any], params: TurupParams = DEFAULT) -> Redeal:
    """``redeal`` (the engine's uniform one) weighted by the opponents' plays of this deal:
    rejection sampling, each redeal kept with the chance :func:`likelihood` gives it, at
    most ``params.tries`` drawn (then the likeliest of them). What is read is public (the
    plays) and the redeal itself, so the result still depends only on what ``seat`` sees
    and on ``rng``."""

    def weighted(state: TurupState, seat: int, rng: random.Random) -> TurupState:
        if not any(play.seat != seat for play in state.plays):
            return redeal(state, seat, rng)
        best, best_weight = None, -1.0
        for _try in range(params.tries):
            world = redeal(state, seat, rng)
            weight = likelihood(engine, world, seat, params)
            if rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        assert best is not None
        return best

    return weighted


def likelihood(engine: Engine[Any], world: TurupState, seat: int,
               params: TurupParams = DEFAULT) -> float:
    """How likely the other seats' plays of this deal are if ``world``'s hands are theirs:
    for each, the chance the normal player (with ``params``) holding that hand then would
    have made it (1 / its equally good moves, or ``params.unlikely``)."""
    weight = 1.0
    for k, play in enumerate(world.plays):
        if play.seat != seat:
            weight *= _chance(engine, before(world, k), play, params)
    return weight


def before(world: TurupState, k: int) -> TurupState:
    """The table as it was when ``world.plays[k]`` was made, as its player saw it: his hand
    then (his hand in ``world`` and the cards he played since), the pile and the won piles
    then; the other hands and the deck only by their number (:data:`HIDDEN`)."""
    play = world.plays[k]
    counts = [len(h) for h in world.hands]
    mine = list(world.hands[play.seat])
    won = [len(w) for w in world.won]
    for later in world.plays[k:]:
        counts[later.seat] += 1
        if later.seat == play.seat:
            mine.append(later.card)
        if later.taken:
            won[later.seat] -= 1 + len(later.taken)
    hands = tuple(tuple(sorted(mine, key=_order)) if s == play.seat else (HIDDEN,) * counts[s]
                  for s in range(world.players))
    return replace(
        world, hands=hands, pile=play.pile, deck=(HIDDEN,) * len(world.deck),
        won=tuple(w[:n] for w, n in zip(world.won, won, strict=True)), turn=play.seat,
        plays=world.plays[:k], seed=0,
    )


def _order(card: Card) -> tuple[int, str]:
    return card.order, card.suit.value


_CHANCES: dict[tuple[TurupParams, TurupState, Play], float] = {}  # the same few per decision
_CHANCES_KEPT = 8192


def _chance(engine: Engine[Any], then: TurupState, play: Play, params: TurupParams) -> float:
    """The chance the normal player, at ``then``, makes ``play`` (remembered: a decision
    asks about the same plays and hands many times)."""
    key = (params, then, play)
    known = _CHANCES.get(key)
    if known is None:
        if len(_CHANCES) >= _CHANCES_KEPT:
            _CHANCES.clear()
        known = _CHANCES[key] = _normal_chance(engine, then, play, params)
    return known


def _normal_chance(engine: Engine[Any], then: TurupState, play: Play,
                   params: TurupParams) -> float:
    scored = _ranked(observe(engine, then, play.seat), params)
    best = max(score for score, _ in scored)
    ties = [Capture.of(action) for score, action in scored if score >= best - 1e-9]
    made = (play.card, sorted(play.taken, key=_order))
    if any((m.played, sorted(m.taken, key=_order)) == made for m in ties):
        return 1.0 / len(ties)
    return params.unlikely


def search_spec(engine: Engine[Any], params: TurupParams = DEFAULT) -> Search:
    """How the hard level searches Turup: redeals by the engine's canonical determinizer,
    weighted by the opponents' plays (:func:`believe`)."""
    determinize: Any = believe(getattr(engine, "determinize"), engine, params)  # noqa: B009
    rollout = functools.partial(_rollout, params)
    horizon = functools.partial(_horizon, params)
    if params.paired:
        return Search(
            determinize,
            rollout,
            _evaluate,
            horizon,
            max_depth=1,
            candidates=functools.partial(candidates, params=params),
            margin=params.margin,
            paired=True,
        )
    return Search(determinize, rollout, _evaluate, horizon, max_depth=4)


# ---------------------------------------------------------------------------- in words


def explain(info: Info, action: Action) -> str:
    """A move in plain words for hints and reviews (:mod:`bot.games.ai.explain`): ``takes 3
    cards with the 7 of spades and leaves 2 on the pile``, ``trails the ace of hearts``."""
    if action.word == "capture":
        return _capture_words(info, action)
    if action.word == "trail":
        return _("trails {card}", card=card_words(str(action.args[0])))
    return str(action)  # i18n: not for people (an unknown move keeps its notation)


def _capture_words(info: Info, action: Action) -> str:
    played = card_words(str(action.args[0]))
    taken = len([c for c in action.args[1:] if isinstance(c, Card)]) + 1
    left = len(turup_view(info.view)["pile"]) - (taken - 1)
    if left == 0:
        return _n("takes {n} card with {card} and clears the pile",
                  "takes {n} cards with {card} and clears the pile", taken, card=played)
    return _n("takes {n} cards with {card} and leaves {left} on the pile",
              "takes {n} cards with {card} and leaves {left} on the pile", taken,
              card=played, left=left)

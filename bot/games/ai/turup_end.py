"""Turup's last deal, solved: two players, the deck empty, every card known.

Once the deck is empty, the cards a seat has not seen (the pack less its hand, the pile
and the cards won this round, all shown to the table) are exactly the opponent's hand,
so the rest of the round is a game of perfect information. :func:`best_last_deal` plays
it out by minimax over ranks (suits never matter in Turup): each seat maximises its own
cards won minus the other's from here to the end of the round. That is also the best
play for the game: the total cards won decide it, and a monotone change of the payoff
(winning or not) does not change a minimax choice's value.

It decides only from what the seat sees (its :class:`~bot.games.ai.view.Info`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from bot.games.ai.view import Info
from bot.games.cards import Card, Rank
from bot.games.protocol import Action
from bot.games.turup.moves import Capture
from bot.games.turup.state import pack_cards
from bot.games.turup.views import turup_view

Hand = tuple[int, ...]  # rank orders (ace 1 … king 13), sorted


@lru_cache(maxsize=65536)
def _subsets(target: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Distinct non-empty sub-multisets of ``values`` (descending) adding up to ``target``."""
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


@lru_cache(maxsize=65536)
def _additions(v: int, values: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every multiset of ``values`` (descending, all below ``v``) that splits into disjoint
    groups of two or more cards adding up to ``v`` (the empty one included)."""
    out: set[tuple[int, ...]] = {()}
    if len(values) < 2:
        return frozenset(out)
    first, rest = values[0], values[1:]
    out |= _additions(v, rest)
    for used in _subsets(v - first, rest):
        left = list(rest)
        for x in used:
            left.remove(x)
        for tail in _additions(v, tuple(left)):
            out.add(tuple(sorted((first, *used, *tail))))
    return frozenset(out)


@lru_cache(maxsize=65536)
def _options(rank: int, pile: Hand) -> tuple[Hand, ...]:
    """The distinct multisets a card of ``rank`` may take from ``pile`` (none: only a trail)."""
    same = pile.count(rank)
    adds: frozenset[tuple[int, ...]] = frozenset({()})
    if rank <= 10:
        smaller = tuple(sorted((x for x in pile if x < rank), reverse=True))
        adds = _additions(rank, smaller)
    out = set()
    for j in range(same + 1):
        for add in adds:
            if j or add:
                out.add(tuple(sorted((rank,) * j + add)))
    return tuple(sorted(out))


def _without(cards: Hand, gone: Sequence[int]) -> Hand:
    left = list(cards)
    for x in gone:
        left.remove(x)
    return tuple(left)


@lru_cache(maxsize=262144)
def _value(mover: Hand, other: Hand, pile: Hand) -> int:
    """Cards the seat to move wins minus the other's, from here to the round's end."""
    if not mover and not other:
        return 0
    if not mover:
        return -_value(other, mover, pile)
    best = -999
    for rank in sorted(set(mover), reverse=True):
        hand = _without(mover, (rank,))
        for taken in _options(rank, pile):
            gain = len(taken) + 1
            best = max(best, gain - _value(other, hand, _without(pile, taken)))
        trail = tuple(sorted((*pile, rank)))
        best = max(best, -_value(other, hand, trail))
    return best


def _key(action: Action) -> tuple[int, Hand]:
    move = Capture.of(action)
    taken = tuple(sorted(c.rank.order for c in move.taken)) if action.word == "capture" else ()
    return move.played.rank.order, taken


def opponent_hand(info: Info) -> Hand | None:
    """The opponent's hand as rank orders when two play and the deck is empty, else None."""
    view = turup_view(info.view)
    if view["players"] != 2 or view["deck"] != 0 or not view["hand"]:
        return None
    counts = Counter(c.rank for c in pack_cards(2, view.get("pack", "standard")))
    seen = [*(Card.parse(t) for t in view["hand"]), *(Card.parse(t) for t in view["pile"])]
    seen.extend(info.history)
    for c in seen:
        counts[c.rank] -= 1
    hand = tuple(sorted(r.order for r in Rank for _ in range(max(0, counts[r]))))
    other = view["seats"][1 - info.seat]["hand_count"]
    return hand if len(hand) == other else None


def best_last_deal(info: Info) -> Action | None:
    """The move that wins the most cards against best play in the last deal, or ``None``
    when the round is not there yet (or more than two play)."""
    other = opponent_hand(info)
    if other is None:
        return None
    _value.cache_clear()  # bounded memory: one deal's positions at a time
    view = turup_view(info.view)
    mine = tuple(sorted(Card.parse(t).rank.order for t in view["hand"] or ()))
    pile = tuple(sorted(Card.parse(t).rank.order for t in view["pile"]))
    best: Action | None = None
    best_value = -999
    for action in info.legal:
        rank, taken = _key(action)
        hand = _without(mine, (rank,))
        if action.word == "capture":
            value = len(taken) + 1 - _value(other, hand, _without(pile, taken))
        else:
            value = -_value(other, hand, tuple(sorted((*pile, rank))))
        if value > best_value:
            best, best_value = action, value
    return best

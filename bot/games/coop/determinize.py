"""Determinization for computer players: resample what one seat cannot see.

The result is identical in everything ``player_view(state, seat)`` shows; every card
hidden from ``seat`` (other players' face-down cards, the stock order, the card another
player holds after drawing, the face-down discards only another player saw) is shuffled
among the unseen cards, and the generator of later rounds is replaced. Memory is not
modelled: a card a seat saw move (a King swap of his own card) is treated as unseen once
it is out of his coops.
"""

from __future__ import annotations

import random

from bot.games.cards import Card
from bot.games.coop.state import PUBLIC, Coops, CoopState, Phase

Table = dict[tuple[Card, Card], bool]


def _valid_downs(
    table: Table, ups: Coops, pool: list[Card], rng: random.Random
) -> list[Card] | None:
    """Four cards from ``pool`` making four valid coops under ``ups``, or ``None``."""
    for _ in range(30):
        order = list(range(len(pool)))
        rng.shuffle(order)
        used: set[int] = set()
        chosen: list[Card] = []
        for up in ups:
            pick = next((i for i in order if i not in used and table[(up, pool[i])]), None)
            if pick is None:
                break
            used.add(pick)
            chosen.append(pool[pick])
        if len(chosen) == 4:
            for i in sorted(used, reverse=True):
                pool.pop(i)
            return chosen
    return None


def determinize(table: Table, state: CoopState, seat: int, rng: random.Random) -> CoopState:
    """A state ``seat`` cannot tell from ``state``, hidden cards reshuffled with ``rng``.

    A declarer whose declaration is pending keeps four valid coops (with the face-up
    cards he declared on, or his current ones when he is choosing to reveal) when the
    unseen cards allow it.
    """
    new = state.copy()
    new.next_seed = rng.getrandbits(64)
    if state.phase is Phase.OVER:
        return new
    others = [s for s in range(state.n) if s != seat and state.down[s] is not None]
    pool: list[Card] = []
    for s in others:
        pool.extend(state.down[s] or ())
    pool.extend(state.stock[state.pos :])
    who = state.discard_who
    unseen_discards = [i for i in range(state.ndiscard) if who[i] != PUBLIC and who[i] != seat]
    pool.extend(state.discard[i] for i in unseen_discards)
    hide_drawn = state.drawn is not None and state.to_act != seat
    if hide_drawn:
        assert state.drawn is not None
        pool.append(state.drawn)
    pool.sort(key=lambda c: (c.order, c.suit.value))  # canonical: nothing hidden leaks
    rng.shuffle(pool)
    declarer = state.declarer
    fixed: list[Card] | None = None
    if declarer is not None and declarer != seat and state.declared_up is not None:
        revealing = state.phase is Phase.REVEAL and state.to_act == declarer
        ups = state.up[declarer] if revealing else state.declared_up
        assert ups is not None
        fixed = _valid_downs(table, ups, pool, rng)
    downs = list(state.down)
    valids = list(state.valid)
    it = iter(pool)
    for s in others:
        row = fixed if s == declarer and fixed is not None else [next(it) for _ in range(4)]
        up = state.up[s]
        assert up is not None
        downs[s] = (row[0], row[1], row[2], row[3])
        v = [table[(up[i], row[i])] for i in range(4)]
        valids[s] = (v[0], v[1], v[2], v[3])
    new.down = downs
    new.valid = valids
    if hide_drawn:
        new.drawn = next(it)
    if unseen_discards:
        pile = state.discard[: state.ndiscard]
        for i in unseen_discards:
            pile[i] = next(it)
        new.discard = pile
        new.discard_who = state.discard_who[: state.ndiscard]
    new.stock = tuple(it)
    new.pos = 0
    return new

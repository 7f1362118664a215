"""Redeal the hands one seat cannot see, consistently with the table's public knowledge.

For computer players that search (e.g. Monte Carlo): the result is a state identical in
everything ``seat`` can see — its own hand, hand sizes, quads, asks, scores — whose other
hands are a random deal of the cards unseen by ``seat`` that respects, in order of
hardness:

1. hard: hand sizes, cards known to be in a hand stay there, nobody holds four of a rank
   (a quadruplet would have been laid down);
2. ``absent``: a card a seat asked for, or was asked for and missed, is not in its hand;
3. ``ranks`` (softest): a seat that asked for a rank still holds a card of it.

The deal is a small max-flow (cards -> (seat, rank) groups -> seats -> sink; a group a
seat must hold also has its own unit edge to the sink, so a full flow meets every
constraint): a random slot-weighted deal first, repaired by augmenting paths. It is exact:
when any deal meets the constraints, one is found. Should the knowledge ever admit none,
the ``ranks`` constraints are dropped, then the ``absent`` ones.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import random
from collections import defaultdict

from bot.games.soi.state import RANK_MASK, SoiState, bits

log = logging.getLogger(__name__)

Node = tuple[int, int, int]  # (kind, a, b): kind 0 source-side card, 1 group, 2 seat, 3 sink
SINK: Node = (3, 0, 0)


def determinize(state: SoiState, seat: int, rng: random.Random) -> SoiState:
    """A state ``seat`` cannot tell apart from ``state``, with the hidden hands redealt."""
    # Future rounds come from a fresh stream (as random.Random(seed).getstate() once did), so
    # a search cannot learn the real next deals; the deal below then draws from ``rng``.
    deal_seed = rng.getrandbits(64)
    if state.turn is None:
        return dataclasses.replace(state, deal_seed=deal_seed, deal_from=state.round)
    others = [s for s in range(state.players) if s != seat and state.hands[s]]
    deal: dict[int, int] | None = None
    for use_ranks, use_absent in ((True, True), (False, True), (False, False)):
        deal = _deal(state, others, rng, use_ranks, use_absent)
        if deal is not None:
            break
        log.warning(
            "soi determinize: no deal fits (ranks=%s, absent=%s); relaxed", use_ranks, use_absent
        )
    if deal is None:  # unreachable: the true hands always fit the hard constraints
        raise RuntimeError(
            "No deal fits the public knowledge of this Soi state."  # i18n: not for people
        )
    hands = list(state.hands)
    for s in others:
        hands[s] = (state.hands[s] & state.known[s]) | deal[s]
    return dataclasses.replace(
        state, hands=tuple(hands), deal_seed=deal_seed, deal_from=state.round
    )


def _deal(
    state: SoiState,
    others: list[int],
    rng: random.Random,
    use_ranks: bool,
    use_absent: bool,
) -> dict[int, int] | None:
    """Deal the unseen cards to ``others`` (seat -> mask of new cards), or ``None``."""
    res: dict[Node, dict[Node, int]] = defaultdict(dict)

    def edge(u: Node, v: Node, c: int) -> None:
        if c > 0:
            res[u][v] = res[u].get(v, 0) + c
            res[v].setdefault(u, 0)

    pool = 0
    for s in others:
        fixed = state.hands[s] & state.known[s]
        pool |= state.hands[s] & ~fixed
        need = state.hands[s].bit_count() - fixed.bit_count()
        for ri, mask in enumerate(RANK_MASK):
            room = 3 - (fixed & mask).bit_count()  # nobody may hold a quadruplet
            if use_ranks and state.ranks[s] >> ri & 1 and not fixed & mask:
                edge((1, s, ri), SINK, 1)  # this group must get a card
                room -= 1
                need -= 1
            edge((1, s, ri), (2, s, 0), room)
        edge((2, s, 0), SINK, need)
    cards = list(bits(pool))
    rng.shuffle(cards)
    for index in cards:
        for s in others:
            if not (use_absent and state.absent[s] >> index & 1):
                edge((0, index, 0), (1, s, index >> 2), 1)

    def push(path: list[Node]) -> None:
        for u, v in itertools.pairwise(path):
            res[u][v] -= 1
            res[v][u] += 1

    stuck: list[int] = []
    for index in cards:  # greedy: a random free slot among the groups the card may join
        c_node: Node = (0, index, 0)
        options: list[tuple[list[Node], int]] = []
        for g, r in res[c_node].items():
            if r <= 0:
                continue
            if res[g].get(SINK, 0) > 0:
                options.append(([c_node, g, SINK], 1))
            seat_node: Node = (2, g[1], 0)
            if res[g].get(seat_node, 0) > 0 and res[seat_node].get(SINK, 0) > 0:
                options.append(([c_node, g, seat_node, SINK], res[seat_node][SINK]))
        total = sum(w for _, w in options)
        if total == 0:
            stuck.append(index)
            continue
        pick = rng.randrange(total)
        for route, w in options:
            if pick < w:
                push(route)
                break
            pick -= w
    for index in stuck:  # repair with augmenting paths
        found = _augmenting_path((0, index, 0), res)
        if found is None:
            return None
        push(found)
    if any(r > 0 for u in res for v, r in res[u].items() if v == SINK):
        return None
    deal = dict.fromkeys(others, 0)
    for index in cards:
        for g, r in res[(0, index, 0)].items():
            if r == 0:
                deal[g[1]] |= 1 << index
    return deal


def _augmenting_path(start: Node, res: dict[Node, dict[Node, int]]) -> list[Node] | None:
    """A residual path from ``start`` to the sink (depth-first), or ``None``."""
    stack: list[tuple[Node, list[Node]]] = [(start, [start])]
    seen = {start}
    while stack:
        node, path = stack.pop()
        for nxt, r in res[node].items():
            if r <= 0 or nxt in seen:
                continue
            if nxt == SINK:
                return [*path, nxt]
            seen.add(nxt)
            stack.append((nxt, [*path, nxt]))
    return None

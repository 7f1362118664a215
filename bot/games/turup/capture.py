"""Turup's capture rule: which sets of pile cards a played card may take.

A capture is a non-empty set of pile cards that splits into groups, each a *match* (one
card of the played card's rank) or an *addition* (two or more number cards, ace = 1,
summing to the played number card's value). Face cards capture only by match.

Suits never matter to legality, so the search works on *value vectors* (how many cards of
each value 1..v are taken) and only then spreads each vector over the actual card codes.
The value-level search is an exact closure over the possible groups (the partitions of
v that the pile can supply), with the vectors packed into one int (a field per value with
a guard bit) so that adding a group and checking it against the pile are a few integer
operations; it is cached per ``(value, counts)``, so repeated calls on the same pile
cost a dict look-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from bot.games.cards import ALL_CARDS, Card, Suit

_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_VALUE = {c: c.number or 0 for c in ALL_CARDS}  # face cards 0: never part of an addition
_KEY = {c: (c.order, _SUIT_INDEX[c.suit]) for c in ALL_CARDS}


def card_key(card: Card) -> tuple[int, int]:
    """Sort key used for every list of cards the engine prints: rank, then suit."""
    return _KEY[card]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical order (rank, then suit)."""
    return tuple(sorted(cards, key=_KEY.__getitem__))


# ---------------------------------------------------------------------- value level


def _value_counts(v: int, cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of ``cards`` have each value 1..v (index 0 is aces)."""
    counts = [0] * (v + 1)
    for c in cards:
        n = _VALUE[c]
        if n <= v:
            counts[n] += 1
    return tuple(counts[1:])


def _width(avail: Sequence[int]) -> int:
    """Bits per packed field: room for twice the largest count, plus a guard bit."""
    return (2 * max(avail, default=0)).bit_length() + 1


def _pack(counts: Sequence[int], width: int) -> int:
    out = 0
    for i, k in enumerate(counts):
        out |= k << (i * width)
    return out


def _unpack(packed: int, v: int, width: int) -> tuple[int, ...]:
    mask = (1 << (width - 1)) - 1
    return tuple((packed >> (i * width)) & mask for i in range(v))


def _groups(v: int, avail: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every group the pile can supply: value vectors summing to v (a lone v is a match)."""
    out: list[tuple[int, ...]] = []
    counts = [0] * v

    def walk(remaining: int, top: int) -> None:
        if remaining == 0:
            out.append(tuple(counts))
            return
        for u in range(min(top, remaining), 0, -1):
            if counts[u - 1] < avail[u - 1]:
                counts[u - 1] += 1
                walk(remaining - u, u)
                counts[u - 1] -= 1

    walk(v, v)
    return out


@lru_cache(maxsize=4096)
def _search(v: int, avail: tuple[int, ...], cap: int | None) -> tuple[tuple[int, ...], bool]:
    """Packed value vectors of captures within ``avail``; stops past ``cap`` of them.

    Returns the vectors and whether the list is complete.
    """
    width = _width(avail)
    guard = 0
    for i in range(v):
        guard |= 1 << (i * width + width - 1)
    limit = _pack(avail, width) | guard
    reach: set[int] = {0}
    for group in _groups(v, avail):
        g = _pack(group, width)
        grown = set(reach)
        for r in reach:
            x = r + g
            while (limit - x) & guard == guard:
                grown.add(x)
                x += g
            if cap is not None and len(grown) > cap + 1:
                grown.discard(0)
                return tuple(sorted(grown)), False
        reach = grown
    reach.discard(0)
    return tuple(sorted(reach)), True


@lru_cache(maxsize=1024)
def value_options(
    v: int, avail: tuple[int, ...], cap: int | None = None
) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """Non-empty value vectors within ``avail`` that split into groups summing to v.

    Exact, each vector once, sorted by number of cards, then by the vector; the flag says
    whether the list is complete. With ``cap``, a search that finds more than ``cap``
    vectors stops and returns ``cap`` of them (a deterministic choice) with the flag False.
    """
    packed, complete = _search(v, avail, cap)
    if not complete and cap is not None:
        packed = packed[:cap]
    width = _width(avail)
    vectors = [_unpack(p, v, width) for p in packed]
    vectors.sort(key=lambda vec: (sum(vec), vec[::-1]))
    return tuple(vectors), complete


def clear_caches() -> None:
    """Forget every cached search (benchmarks use it to time whole searches)."""
    _search.cache_clear()
    value_options.cache_clear()
    _maximal_vectors.cache_clear()
    value_splits.cache_clear()


@lru_cache(maxsize=65536)
def value_splits(v: int, counts: tuple[int, ...]) -> bool:
    """Can the cards with these value counts be split into groups each summing to v?"""
    top = len(counts)
    while top and counts[top - 1] == 0:
        top -= 1
    if top == 0:
        return True
    rest = list(counts)
    rest[top - 1] -= 1
    need = v - top
    if need == 0:
        return value_splits(v, tuple(rest))

    def fill(remaining: int, hi: int, first: bool) -> bool:
        # Take cards of value <= hi summing to ``remaining``; then split what is left.
        if remaining == 0:
            return not first and value_splits(v, tuple(rest))
        for u in range(min(hi, remaining), 0, -1):
            if rest[u - 1]:
                rest[u - 1] -= 1
                found = fill(remaining - u, u, False)
                rest[u - 1] += 1
                if found:
                    return True
        return False

    return fill(need, top, True)


# ---------------------------------------------------------------------- card level


def is_capture(card: Card, taken: Sequence[Card] | Iterable[Card]) -> bool:
    """May ``card`` take exactly ``taken`` (a non-empty multiset of pile cards)?"""
    taken = list(taken)
    if not taken:
        return False
    if card.is_face:
        return all(t.rank is card.rank for t in taken)
    v = card.number
    assert v is not None
    total = 0
    for t in taken:
        n = t.number
        if n is None or n > v:
            return False
        total += n
    if total % v:
        return False
    return value_splits(v, _value_counts(v, taken))


def _choices(codes: Mapping[Card, int], k: int) -> list[tuple[Card, ...]]:
    """The distinct ways (by card code) to pick ``k`` cards from a multiset of codes."""
    if k == 0:
        return [()]
    keys = sort_cards(codes)
    if k == 1:
        return [(c,) for c in keys]
    out: list[tuple[Card, ...]] = []
    picked: list[Card] = []

    def walk(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(picked))
            return
        if i == len(keys):
            return
        c = keys[i]
        for n in range(min(codes[c], left), -1, -1):
            picked.extend([c] * n)
            walk(i + 1, left - n)
            del picked[len(picked) - n :]

    walk(0, k)
    return out


def captures(card: Card, pile: Iterable[Card], limit: int | None = None) -> list[tuple[Card, ...]]:
    """Every distinct capture ``card`` can make from ``pile``, each a tuple of pile cards.

    Distinct by card codes: with several decks, two 5♦ in the pile give one option that
    takes "a 5♦" and one that takes both. Each tuple is in canonical order (rank, suit);
    the list is ordered by size, then by value. With ``limit``, the search stops after
    ``limit + 1`` options, so a caller can tell "more than ``limit``" cheaply.
    """
    pile = list(pile)
    cap = None if limit is None else limit + 1
    if card.is_face:
        same = Counter(c for c in pile if c.rank is card.rank)
        out: list[tuple[Card, ...]] = []
        for k in range(1, sum(same.values()) + 1):
            out.extend(_choices(same, k))
            if cap is not None and len(out) >= cap:
                return out[:cap]
        return out
    v = card.number
    assert v is not None
    vectors, _ = value_options(v, _value_counts(v, pile), cap)
    return _spread(v, pile, vectors, cap) if vectors else []


def _spread(
    v: int, pile: Sequence[Card], vectors: Iterable[tuple[int, ...]], cap: int | None
) -> list[tuple[Card, ...]]:
    """Turn value vectors into card tuples, every distinct choice of codes for each."""
    by_value: dict[int, dict[Card, int]] = {}
    for c in pile:
        n = _VALUE[c]
        if 0 < n <= v:
            codes = by_value.setdefault(n - 1, {})
            codes[c] = codes.get(c, 0) + 1
    memo: dict[tuple[int, int], list[tuple[Card, ...]]] = {}
    out: list[tuple[Card, ...]] = []
    for vec in vectors:
        parts = []
        for u, k in enumerate(vec):
            if k:
                key = (u, k)
                if key not in memo:
                    memo[key] = _choices(by_value[u], k)
                parts.append(memo[key])
        acc: list[tuple[Card, ...]] = parts[0]
        for part in parts[1:]:
            acc = [a + b for a in acc for b in part]
        out.extend(acc)
        if cap is not None and len(out) >= cap:
            return out[:cap]
    return out


EXACT_MAXIMAL = 2000  # value vectors up to which maximal captures are found exactly


def maximal_captures(card: Card, pile: Iterable[Card], limit: int) -> list[tuple[Card, ...]]:
    """Big captures for a short list: at most ``limit``, the biggest first.

    Exactly the captures no larger capture contains while the pile allows at most
    ``EXACT_MAXIMAL`` value patterns; past that (a huge pile), captures to which no further
    group can be added, grown greedily from each possible group, so the cost stays bounded.
    """
    pile = list(pile)
    if card.is_face:
        same = sort_cards(c for c in pile if c.rank is card.rank)
        return [same] if same else []
    v = card.number
    assert v is not None
    return _spread(v, pile, _maximal_vectors(v, _value_counts(v, pile)), limit)[:limit]


@lru_cache(maxsize=1024)
def _maximal_vectors(v: int, avail: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Maximal capture vectors, biggest first (exact, or greedy past ``EXACT_MAXIMAL``)."""
    vectors, complete = value_options(v, avail, EXACT_MAXIMAL)
    if not complete:
        vectors = _greedy_vectors(v, avail)
    maximal: list[tuple[int, ...]] = []
    for vec in reversed(vectors):  # largest first: a dominated vector meets its dominator
        if not any(all(a >= b for a, b in zip(m, vec, strict=True)) for m in maximal):
            maximal.append(vec)
    return tuple(maximal)


def _greedy_vectors(v: int, avail: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """From each group, keep adding the first group that still fits.

    Two preferences are tried: groups of few (high) cards first, which tends to use the
    whole pile, and groups of many (low) cards first.
    """
    few_first = sorted(_groups(v, avail), key=lambda g: (sum(g), g[::-1]))
    orders = (few_first, few_first[::-1])
    found: set[tuple[int, ...]] = set()
    for start in few_first:
        for groups in orders:
            have = list(start)
            grew = True
            while grew:
                grew = False
                for g in groups:
                    if all(h + k <= a for h, k, a in zip(have, g, avail, strict=True)):
                        have = [h + k for h, k in zip(have, g, strict=True)]
                        grew = True
                        break
            found.add(tuple(have))
    return tuple(sorted(found, key=lambda vec: (sum(vec), vec[::-1])))

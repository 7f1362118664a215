"""Soureh's scoring rules (RULES.md section 1): which coops are valid, the pick a scoring
player makes (one card per coop, an ace 1 or 11) and the multiple-of-100 rule.

Pure functions; :mod:`bot.games.coop.soureh` plays them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.cards import ALL_CARDS, Card, Rank


def coop_valid(up: Card, down: Card) -> bool:
    """Is the coop with face-up ``up`` and face-down ``down`` valid under Soureh's rules?"""
    up_ace = up.rank is Rank.ACE
    down_ace = down.rank is Rank.ACE
    if up_ace or down_ace:
        return not (up_ace and down_ace)
    if up.is_red:
        return down.order > up.order
    return down.order < up.order


def hundred_rule(total: int) -> int:
    """A total that is a positive exact multiple of 100 drops by 50."""
    return total - 50 if total > 0 and total % 100 == 0 else total


def pick_sums(pick: Iterable[str | None]) -> set[int]:
    """Every sum the picked cards (codes) can make (an ace counts 1 or 11)."""
    sums = {0}
    for code in pick:
        if code is not None:
            parsed = Card.parse(str(code))
            values = (1, 11) if parsed.rank is Rank.ACE else (parsed.order,)
            sums = {s + v for s in sums for v in values}
    return sums


def hundred_dropped(points: int, total: int, pick: Iterable[str | None]) -> bool:
    """Did the multiple-of-100 rule take 50 off a round that scored ``points`` (the pick
    ``pick``) and ended at ``total``?"""
    return total + 50 > 0 and (total + 50) % 100 == 0 and points + 50 in pick_sums(pick)


@dataclass(frozen=True, slots=True)
class Pick:
    """The cards a scoring player picks (one per coop), their values and his new total."""

    cards: tuple[Card, ...]
    values: tuple[int, ...]
    total: int


def _options(up: Card, down: Card) -> list[tuple[int, Card]]:
    out: list[tuple[int, Card]] = []
    for c in (up, down):
        if c.rank is Rank.ACE:
            out += [(1, c), (11, c)]
        else:
            out.append((c.order, c))
    out.sort(key=lambda vc: vc[0])
    return out


def best_pick(total: int, coops: Iterable[tuple[Card, Card]]) -> Pick:
    """The pick (one card per coop, ace 1 or 11) leaving the lowest total after the rule.

    The lowest cards are best unless a slightly higher sum lands exactly on a multiple of
    100 and drops by 50 below what the lowest cards give.
    """
    pairs = list(coops)
    low = [_LOW[pair] for pair in pairs]
    s_min = sum(v for v, _ in low)
    base = total + s_min
    chosen = low
    if not (base > 0 and base % 100 == 0):
        target = (base // 100 + 1) * 100
        if target - base < 50:
            found = _find_sum([_OPTIONS[pair] for pair in pairs], target - total)
            if found is not None:
                chosen = found
    s = sum(v for v, _ in chosen)
    return Pick(tuple(c for _, c in chosen), tuple(v for v, _ in chosen), hundred_rule(total + s))


def _find_sum(opts: list[list[tuple[int, Card]]], want: int) -> list[tuple[int, Card]] | None:
    """One choice per coop whose values add up to ``want``, lowest cards first."""
    if not opts:
        return [] if want == 0 else None
    rest_min = sum(o[0][0] for o in opts[1:])
    rest_max = sum(o[-1][0] for o in opts[1:])
    for vc in opts[0]:
        left = want - vc[0]
        if rest_min <= left <= rest_max:
            tail = _find_sum(opts[1:], left)
            if tail is not None:
                return [vc, *tail]
    return None


_OPTIONS: dict[tuple[Card, Card], list[tuple[int, Card]]] = {
    (u, d): _options(u, d) for u in ALL_CARDS for d in ALL_CARDS if not (u.is_face or d.is_face)
}
_LOW: dict[tuple[Card, Card], tuple[int, Card]] = {pair: opts[0] for pair, opts in _OPTIONS.items()}


def score_round(total: int, coops: Iterable[tuple[Card, Card]]) -> int:
    """The new total of a scoring player: best pick, then the multiple-of-100 rule."""
    return best_pick(total, coops).total

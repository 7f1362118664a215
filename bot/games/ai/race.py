"""Pariah as a race: the chance of winning the game from the totals after a round.

A Pariah game goes to the first to reach the threshold (default 200) and lasts two to six
rounds of about 54 points each, so what a round is worth depends on the score: on 180
against 60, any round of 20 points or more wins, whatever the opponent scores short of
catching up; on 60 against 190, only a big round that also keeps the opponent low keeps
the game alive. The round's point difference (what the search scored before) treats both
as "more is better, linearly". :func:`win_chance` instead gives the probability of
winning the game from given totals, by a dynamic programme over the points each player
still needs, rounds drawn from :data:`ROUND_POINTS`.

:data:`ROUND_POINTS` is how often a player scores 0, 10, 20, … points in a round (to the
nearest 10), counted over 3,700 rounds of normal against normal on the tuning seeds
80000–80999 (1,000 games); the two players' round points are nearly independent
(correlation −0.01), so the programme draws them independently.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

#: Rounds in which a player scored 0, 10, 20, … 140 points (nearest 10), normal vs normal.
ROUND_POINTS = (63, 323, 988, 1225, 1462, 768, 215, 27, 252, 598, 901, 449, 116, 12, 1)
UNIT = 10


@functools.lru_cache(maxsize=8)
def _table(threshold: int) -> tuple[tuple[float, ...], ...]:
    """``W[a][b]``: the first player's chance to win needing ``a`` units, the other ``b``.

    Row and column 0 are the finished cases (reached: 1 against 0, both: a toss).
    """
    total = sum(ROUND_POINTS)
    p = [c / total for c in ROUND_POINTS]
    size = math.ceil(threshold / UNIT) + 1
    w = [[0.0] * size for _ in range(size)]
    for b in range(1, size):
        w[0][b] = 1.0
    w[0][0] = 0.5
    stay = p[0] * p[0]
    for a in range(1, size):
        for b in range(1, size):
            acc = 0.0
            for x, px in enumerate(p):
                na = a - x
                for y, py in enumerate(p):
                    if x == 0 and y == 0:
                        continue
                    nb = b - y
                    if na <= 0 and nb <= 0:
                        # both over: the higher total wins (the one who needs less)
                        value = 1.0 if na < nb else 0.0 if na > nb else 0.5
                    elif na <= 0:
                        value = 1.0
                    elif nb <= 0:
                        value = 0.0
                    else:
                        value = w[na][nb]
                    acc += px * py * value
            w[a][b] = acc / (1.0 - stay)
    return tuple(tuple(row) for row in w)


def win_chance(totals: Sequence[float], threshold: int) -> list[float]:
    """Each of two players' chance to win the game from ``totals`` (neither over the
    threshold yet: a finished game is the engine's to judge)."""
    table = _table(threshold)
    last = len(table) - 1
    a = min(float(last), max(0.0, (threshold - totals[0]) / UNIT))
    b = min(float(last), max(0.0, (threshold - totals[1]) / UNIT))
    i, j = min(last - 1, int(a)), min(last - 1, int(b))
    fa, fb = a - i, b - j
    chance = (
        table[i][j] * (1 - fa) * (1 - fb)
        + table[i + 1][j] * fa * (1 - fb)
        + table[i][j + 1] * (1 - fa) * fb
        + table[i + 1][j + 1] * fa * fb
    )
    return [chance, 1.0 - chance]

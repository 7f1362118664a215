"""Skill ratings with openskill: multi-player placements, tied places shared.

The model is openskill's *Bradley-Terry full pairing* (every pair of players compared),
not Plackett-Luce: in openskill 6.x Plackett-Luce mis-rates tied places — with places
1, 1, 3, 4 the third player gains as much as the two tied winners (openskill.py issues
#155 and #201) — while Bradley-Terry full pairing rates ties symmetrically and keeps every
better place above every worse one. For 2–12 players the pairwise cost is negligible.

A rating is ``(mu, sigma)``; the leaderboard sorts on the conservative *ordinal*
``mu - 3 sigma`` and shows it scaled as ``1000 + 40 * ordinal`` (a new player shows 1000).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from openskill.models import BradleyTerryFull

# the stored record and its display are plain values in bot.results; the policy lives here
from bot.results import DISPLAY_BASE, DISPLAY_SCALE, Skill, Z, display_rating

__all__ = [
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "Skill",
    "Z",
    "display_rating",
    "initial",
    "model",
    "rate",
]


@lru_cache(maxsize=1)
def model() -> BradleyTerryFull:
    """The one rating model (openskill defaults: mu 25, sigma 25/3)."""
    return BradleyTerryFull()


def initial() -> Skill:
    """A new player's rating."""
    m = model()
    return Skill(m.mu, m.sigma)


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """New ratings after one game; ``places[i]`` is player i's place (1 best, ties equal).

    A draw moves the weaker player up and the stronger down. Fewer than two players
    leaves the ratings unchanged.
    """
    if len(skills) != len(places):
        raise ValueError("one place per player is needed")  # i18n: not for people
    if len(skills) < 2:
        return list(skills)
    m = model()
    teams = [[m.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = m.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]

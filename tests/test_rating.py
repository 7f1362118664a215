"""The openskill wrapper: multi-player placements, ties, display rating."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import rating
from bot.rating import Skill


def test_new_player_shows_1000() -> None:
    """A new player's displayed rating is the base 1000."""
    assert rating.initial().display == 1000


def test_display_is_conservative() -> None:
    """Of two players with the same mu, the less certain one shows lower."""
    assert Skill(30.0, 2.0).display > Skill(30.0, 6.0).display


@pytest.mark.parametrize("players", range(2, 13))
def test_places_order_new_ratings(players: int) -> None:
    """For 2 to 12 new players in distinct places, a better place gives a higher mu."""
    new = rating.rate([rating.initial()] * players, list(range(1, players + 1)))
    mus = [s.mu for s in new]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == players


@pytest.mark.parametrize("players", range(2, 13))
def test_tied_players_get_equal_ratings(players: int) -> None:
    """Equal players tied for a place (here the first two) get equal new ratings."""
    places = [1, 1, *range(3, players + 1)]
    new = rating.rate([rating.initial()] * players, places)
    assert new[0] == new[1]
    if players > 2:
        assert new[0].mu > new[2].mu


def test_tie_between_unequal_players_moves_them_together() -> None:
    """A draw moves the weaker player up and the stronger down."""
    strong, weak = Skill(32.0, 3.0), Skill(20.0, 3.0)
    new_strong, new_weak = rating.rate([strong, weak], [1, 1])
    assert new_strong.mu < strong.mu and new_weak.mu > weak.mu


def test_shared_place_gaps_do_not_matter() -> None:
    """Places 1,3,3,4 rate like 1,2,2,3 (only the order counts)."""
    start = [rating.initial()] * 4
    assert rating.rate(start, [1, 3, 3, 4]) == rating.rate(start, [1, 2, 2, 3])


def test_single_player_unchanged() -> None:
    """One player alone is not rated."""
    assert rating.rate([rating.initial()], [1]) == [rating.initial()]


def test_mismatched_lengths_rejected() -> None:
    """Ratings and places must pair up."""
    with pytest.raises(ValueError):
        rating.rate([rating.initial()] * 2, [1])


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=12), min_size=2, max_size=12))
def test_upset_free_ordering(places: list[int]) -> None:
    """From equal ratings, whoever places better never ends with a lower mu; sigma shrinks."""
    new = rating.rate([rating.initial()] * len(places), places)
    for a in range(len(places)):
        assert new[a].sigma <= rating.initial().sigma
        for b in range(len(places)):
            if places[a] < places[b]:
                assert new[a].mu > new[b].mu
            elif places[a] == places[b]:
                assert new[a].mu == pytest.approx(new[b].mu)

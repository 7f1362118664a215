"""Soureh's scoring rules (``bot.games.coop.soureh_scoring``), from RULES.md section 1:
which coops are valid, the multiple-of-100 rule and the pick the bot makes for a scoring
player (one card per coop, an ace 1 or 11, the lowest total after the rule)."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.games.cards import Card, Rank, card, standard_decks
from bot.games.coop.soureh_scoring import best_pick, coop_valid, hundred_rule, score_round

NUMBER_CARDS = [c for c in standard_decks(1) if not c.is_face]


def coops(*pairs: str) -> list[tuple[Card, Card]]:
    """Coops written ``"UP DOWN"``: the face-up card, then the face-down one."""
    out = []
    for pair in pairs:
        up, down = pair.split()
        out.append((card(up), card(down)))
    return out


@pytest.mark.parametrize(("up", "down", "valid"), [
    ("AS", "AH", False),  # both aces
    ("AS", "5C", True),  # exactly one ace
    ("5C", "AH", True),
    ("10H", "AD", True),
    ("7H", "8S", True),  # red: the face-down card strictly higher
    ("7H", "7S", False),  # equal values are never valid
    ("7D", "6S", False),
    ("7S", "6H", True),  # black: the face-down card strictly lower
    ("7C", "7C", False),
    ("7S", "8H", False),
    ("2C", "10D", False),
    ("10C", "2D", True),
])
def test_valid_coops(up: str, down: str, valid: bool) -> None:
    assert coop_valid(card(up), card(down)) is valid


@pytest.mark.parametrize(("total", "after"), [
    (100, 50), (200, 150), (300, 250), (0, 0), (90, 90), (150, 150), (101, 101),
])
def test_a_positive_multiple_of_100_drops_by_50(total: int, after: int) -> None:
    assert hundred_rule(total) == after


def test_the_lowest_card_of_each_coop_with_aces_as_1() -> None:
    pick = best_pick(0, coops("7H 9S", "AD 10C", "5S 3H", "8D 8C"))
    assert pick.cards == tuple(card(c) for c in ("7H", "AD", "3H", "8D"))
    assert pick.values == (7, 1, 3, 8)
    assert pick.total == 19


def test_rules_example_a_player_on_90_lands_on_100_and_drops_to_50() -> None:
    """The lowest cards give 98; cards adding up to exactly 10 give 100, then 50."""
    hand = coops("2H 4S", "2D 7S", "3H 9S", "AH 10S")
    pick = best_pick(90, hand)
    assert sum(pick.values) == 10
    assert pick.total == 50
    assert score_round(90, hand) == 50


def test_an_ace_counts_11_when_that_lands_on_a_multiple_of_100() -> None:
    hand = coops("AH 9S", "2H 5S", "2D 5C", "2C 3S")
    pick = best_pick(80, hand)
    assert pick.cards[0] == card("AH") and pick.values[0] == 11
    assert sum(pick.values) == 20 and pick.total == 50


def test_no_landing_when_it_would_cost_50_or_more() -> None:
    hand = coops("2H 4S", "2D 7S", "3H 9S", "AH 10S")  # lowest 8
    assert best_pick(40, hand).total == 48  # 100 is 52 away: 100 - 50 is no better


def test_the_lowest_cards_landing_on_100_are_kept() -> None:
    hand = coops("2H 4S", "2D 7S", "3H 9S", "AH 10S")
    pick = best_pick(92, hand)
    assert pick.values == (2, 2, 3, 1) and pick.total == 50


def test_the_pick_is_the_lowest_over_every_choice() -> None:
    """Against brute force: every card of every coop, aces both ways."""
    rng = random.Random(33)

    def values(c: Card) -> list[int]:
        return [1, 11] if c.rank is Rank.ACE else [c.order]

    for _ in range(400):
        hand = [(rng.choice(NUMBER_CARDS), rng.choice(NUMBER_CARDS)) for _ in range(4)]
        total = rng.randrange(0, 200)
        options = [values(up) + values(down) for up, down in hand]
        lowest = min(hundred_rule(total + sum(choice)) for choice in itertools.product(*options))
        pick = best_pick(total, hand)
        assert pick.total == lowest, (total, hand)
        assert pick.total == hundred_rule(total + sum(pick.values))
        for (up, down), chosen, value in zip(hand, pick.cards, pick.values, strict=True):
            assert chosen in (up, down) and value in values(chosen)

"""Turup's Somali pack (variant ``pack=somali``): 144 cards, four players, duplicates."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.ai import choose
from bot.games.cards import Card, Rank, cards
from bot.games.protocol import InvalidVariant, replay
from bot.games.turup import ENGINE, TurupState, Variant

SOMALI = Variant(pack="somali")


def every_card(state: TurupState) -> Counter[Card]:
    """Hands, pile, deck and won piles together."""
    where: Counter[Card] = Counter(state.pile) + Counter(state.deck)
    for hand in state.hands:
        where.update(hand)
    for won in state.won:
        where.update(won)
    return where


DECK = "AC 7S 7H 7D  AH 8S 8H 8D  6S 9S 9H 9D  10S 10H 10D 10C  AH AD AS AC"


def stacked(*moves: str) -> TurupState:
    """Seat 0 holds an ace, seat 1 an ace, seat 2 a 6; the pile is four aces; then moves."""
    return replay(ENGINE, 4, 5, moves, SOMALI, cards(DECK))


def test_somali_pack_is_144_cards_six_to_ace() -> None:
    """The Somali pack holds 144 cards: sixteen of each rank 6–10, J, Q, K, A."""
    counts = every_card(ENGINE.new_game(4, 1, SOMALI))
    assert sum(counts.values()) == 144
    by_rank = Counter[Rank]()
    for card, n in counts.items():
        by_rank[card.rank] += n
    assert set(by_rank) == {r for r in Rank if r is Rank.ACE or r.order >= 6}
    assert set(by_rank.values()) == {16}
    assert set(counts.values()) == {4}


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_somali_pack_needs_four_players(players: int) -> None:
    """Any other number of players is refused with a clear message."""
    with pytest.raises(InvalidVariant, match=r"Somali pack .* exactly 4 players"):
        ENGINE.new_game(players, 1, SOMALI)


def test_somali_option_from_a_mapping_and_a_bad_value() -> None:
    """The option reads from a mapping; an unknown pack is refused."""
    assert ENGINE.public_view(ENGINE.new_game(4, 1, {"pack": "somali"}))["pack"] == "somali"
    with pytest.raises(InvalidVariant, match="Turup pack must be standard or somali"):
        Variant(pack="tarot")


def test_stacked_deck_may_not_hold_a_fifth_copy() -> None:
    """A stacked Somali deck holds at most four of a card, and no 2–5."""
    with pytest.raises(InvalidVariant, match="the Somali pack"):
        ENGINE.new_game(4, 1, SOMALI, cards("AH AH AH AH AH"))
    with pytest.raises(InvalidVariant, match="the Somali pack"):
        ENGINE.new_game(4, 1, SOMALI, cards("5H"))


def test_six_aces_add_up_to_a_six() -> None:
    """Aces count 1: a 6 takes six aces (duplicates included) by addition."""
    st = stacked("trail AC", "trail AH")
    assert sorted(str(c) for c in st.pile) == ["AC", "AC", "AD", "AH", "AH", "AS"]
    legal = [str(a) for a in ENGINE.legal_actions(st)]
    assert "capture 6S AS AH AH AD AC AC" in legal
    t = ENGINE.apply(st, ENGINE.parse_action(st, "capture 6s ah ah ad as ac ac"))
    assert len(t.state.won[2]) == 7 and t.state.pile == ()
    assert sum(every_card(t.state).values()) == 144


def test_a_capture_of_duplicates_takes_one_copy_each() -> None:
    """Matching one of two identical cards leaves the other on the pile."""
    st = stacked("trail AC")
    t = ENGINE.apply(st, ENGINE.parse_action(st, "capture AH AC"))
    assert Counter(str(c) for c in t.state.pile) == Counter(["AH", "AD", "AS", "AC"])
    assert Counter(str(c) for c in t.state.won[1]) == Counter(["AH", "AC"])


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_players_finish_a_somali_game(level: str) -> None:
    """Every level plays a whole one-round Somali game; the 144 cards are conserved."""
    from bot.games.ai.ismcts import Budget

    st = ENGINE.new_game(4, 9, Variant(rounds=1, pack="somali"))
    rngs = [random.Random(s) for s in range(4)]
    budget = Budget(iterations=10, seconds=None)
    while (seat := ENGINE.to_act(st)) is not None:
        action = choose(
            ENGINE, st, seat, level if seat == 0 else "normal", rngs[seat], budget=budget
        )
        st = ENGINE.apply(st, action).state
        if ENGINE.to_act(st) is not None:
            assert sum(every_card(st).values()) == 144
    assert sum(ENGINE.totals(st)) + st.last_round.leftover == 144  # type: ignore[union-attr]


def test_determinize_keeps_the_somali_multiset() -> None:
    """A determinization deals the same 144 cards (four copies each) anew."""
    st = ENGINE.new_game(4, 2, SOMALI)
    world = ENGINE.determinize(st, 0, random.Random(1))
    assert every_card(world) == every_card(st)
    assert world.hands[0] == st.hands[0] and world.pile == st.pile

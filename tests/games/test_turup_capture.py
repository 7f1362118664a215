"""Turup's capture rule: is_capture, captures, maximal_captures and the error messages."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, Rank, card, cards, standard_decks
from bot.games.turup.capture import captures, is_capture, maximal_captures
from bot.games.turup.engine import capture_error

THREE_DECKS = standard_decks(3)
RANKS = list(Rank)


def codes(options: list[tuple[Card, ...]]) -> set[tuple[str, ...]]:
    """Options as sorted code tuples, for comparing regardless of order."""
    return {tuple(sorted(str(c) for c in option)) for option in options}


def brute_is_capture(played: Card, taken: list[Card]) -> bool:
    """Independent checker: try every way to split ``taken`` into matches and additions."""
    if not taken:
        return False
    # Suits never matter, so memoise on the ranks (one card per rank, any suit, stands in).
    ranks = tuple(sorted(c.order for c in taken))
    return _brute_ranks(played.order, ranks)


@functools.cache
def _brute_ranks(played_order: int, ranks: tuple[int, ...]) -> bool:
    played = Card.of(RANKS[played_order - 1], "S")
    taken = [Card.of(RANKS[r - 1], "S") for r in ranks]

    def split(rest: list[Card]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        if first.rank is played.rank and split(others):
            return True
        if played.is_face or first.is_face:
            return False
        for size in range(1, len(others) + 1):
            for idx in itertools.combinations(range(len(others)), size):
                group = [first] + [others[i] for i in idx]
                if (
                    all(g.number is not None for g in group)
                    and sum(g.number or 0 for g in group) == played.number
                ):
                    left = [o for i, o in enumerate(others) if i not in idx]
                    if split(left):
                        return True
        return False

    return split(list(taken))


def brute_captures(played: Card, pile: list[Card]) -> set[tuple[str, ...]]:
    """Every subset of pile positions that is a capture, as sorted code tuples."""
    found = set()
    for size in range(1, len(pile) + 1):
        for idx in itertools.combinations(range(len(pile)), size):
            taken = [pile[i] for i in idx]
            if brute_is_capture(played, taken):
                found.add(tuple(sorted(str(c) for c in taken)))
    return found


@pytest.mark.parametrize(
    ("played", "taken", "expected"),
    [
        ("5D", "2C 3S 5H", True),  # RULES' example: 2+3 and the 5
        ("10H", "AS 2C 3H 4D", True),  # the seed's massive addition
        ("10H", "4D 6S", True),
        ("6C", "6H", True),
        ("6C", "6H 6S", True),  # two matches
        ("KS", "KH", True),
        ("KS", "KH KD", True),
        ("9C", "4H 5S 3D 6C 9H", True),
        ("8D", "AC 7S 2H 6D 3C 5S", True),
        ("AS", "AH AD", True),
        ("5D", "2C 4H", False),  # 6, not 5
        ("5D", "2C", False),  # a lone smaller card is no addition
        ("5D", "KS", False),  # face cards only by match
        ("QS", "KS", False),
        ("QS", "5D", False),  # a face card adds nothing
        ("5D", "7C", False),  # bigger than the played card
        ("10H", "4D 6S 3C", False),
        ("10H", "5D 5S 5C", False),  # 15: not a multiple
        ("10H", "9S 9C AH AD", True),  # 9+A twice
        ("10H", "8S 6C 3H 3D", False),  # 20 but 8 has no partner summing to 2
        ("AS", "2C", False),
        ("5D", "", False),  # nothing taken
    ],
)
def test_is_capture_table(played: str, taken: str, expected: bool) -> None:
    """is_capture accepts exactly the sets that split into matches and additions."""
    assert is_capture(card(played), cards(taken)) is expected


def test_rules_example_five_takes_four_cards() -> None:
    """A 5 onto 3 2 K 5 can take 2+3 and the 5, and that is its biggest capture."""
    options = captures(card("5D"), cards("3S 2C KH 5H"))
    assert codes(options) == {("5H",), ("2C", "3S"), ("2C", "3S", "5H")}
    assert [str(c) for c in max(options, key=len)] == ["2C", "3S", "5H"]


def test_seed_massive_addition() -> None:
    """The seed's 10 over A 2 3 4 takes all four cards, its only capture."""
    assert codes(captures(card("10C"), cards("AS 2H 3D 4C"))) == {("2H", "3D", "4C", "AS")}


def test_face_card_captures_only_its_rank() -> None:
    """A king lists every distinct set of kings and nothing else."""
    options = captures(card("KS"), cards("KH 5D KC QS"))
    assert codes(options) == {("KH",), ("KC",), ("KC", "KH")}


def test_duplicate_codes_give_one_option() -> None:
    """Two 5♦ on the pile: 'a 5♦' is one option, 'both 5♦' another."""
    options = captures(card("5S"), cards("5D 5D"))
    assert [[str(c) for c in o] for o in options] == [["5D"], ["5D", "5D"]]


def test_no_capture_gives_empty_list() -> None:
    """Nothing to take: an empty list."""
    assert captures(card("9S"), cards("KH 10D QS")) == []
    assert captures(card("9S"), []) == []


def test_captures_limit_stops_early() -> None:
    """With a limit the search returns limit + 1 options at most."""
    pile = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S AH 2H 3H 4H 5H 6H 7H")
    assert len(captures(card("10D"), pile)) > 50
    assert len(captures(card("10D"), pile, limit=50)) == 51


def test_every_option_is_a_capture_in_canonical_order() -> None:
    """Each option passes is_capture and lists its cards by rank, then suit."""
    pile = cards("AS 2S 3H 4D 5C 6S 7H 2D 3C 8S")
    for option in captures(card("10D"), pile):
        assert is_capture(card("10D"), option)
        assert list(option) == sorted(option, key=lambda c: (c.order, "SHDC".index(c.suit)))


def test_maximal_captures_are_not_contained_in_others() -> None:
    """maximal_captures gives exactly the captures no other capture contains."""
    pile = cards("AS 2S 3H 4D 5C 6S 7H 2D 3C 8S")
    everything = codes(captures(card("10D"), pile))

    def contains(big: tuple[str, ...], small: tuple[str, ...]) -> bool:
        return big != small and not Counter(small) - Counter(big)

    expected = {o for o in everything if not any(contains(b, o) for b in everything)}
    assert codes(maximal_captures(card("10D"), pile, 1000)) == expected


@pytest.mark.parametrize(
    ("played", "taken", "message"),
    [
        ("5D", "KS", "5♦ can't take K♠: face cards are won only by a match."),
        ("5D", "2H 4C", "2♥ + 4♣ make 6, not 5."),
        ("5D", "5H 2H 4C", "2♥ + 4♣ make 6, not 5."),
        ("5D", "2H", "2♥ makes 2, not 5."),
        ("5D", "7C", "5♦ can't take 7♣: 7 is more than 5."),
        ("KS", "5D", "K♠ can't take 5♦: a king wins only kings, by a match."),
        ("10H", "5D 5S 5C", "5♠ + 5♦ + 5♣ make 15, not 10."),
        ("10H", "8S 6C 3H 3D", "3♥ + 3♦ + 6♣ + 8♠ can't be split into groups that each make 10."),
        ("10H", "9S 9C 4H", "4♥ + 9♠ + 9♣ make 22, which does not split into sums of 10."),
        ("10H", "4D 6S", None),
    ],
)
def test_capture_error_messages(played: str, taken: str, message: str | None) -> None:
    """capture_error explains a wrong capture in words, and is None for a good one."""
    assert capture_error(card(played), cards(taken)) == message


@pytest.mark.slow
@settings(
    max_examples=250,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    played=st.sampled_from(THREE_DECKS),
    pile=st.lists(st.sampled_from(THREE_DECKS), max_size=10),
)
def test_captures_match_brute_force(played: Card, pile: list[Card]) -> None:
    """captures equals a brute-force search over every subset of pile positions."""
    got = captures(played, pile)
    got_codes = [tuple(sorted(str(c) for c in option)) for option in got]
    assert len(got_codes) == len(set(got_codes))
    assert set(got_codes) == brute_captures(played, pile)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    played=st.sampled_from(THREE_DECKS),
    taken=st.lists(st.sampled_from(THREE_DECKS), max_size=8),
)
def test_is_capture_matches_brute_force(played: Card, taken: list[Card]) -> None:
    """is_capture agrees with the brute-force splitter on random sets."""
    assert is_capture(played, taken) is brute_is_capture(played, taken)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(
    played=st.sampled_from([c for c in THREE_DECKS if not c.is_face]),
    pile=st.lists(st.sampled_from([c for c in THREE_DECKS if not c.is_face]), max_size=10),
)
def test_number_piles_match_brute_force(played: Card, pile: list[Card]) -> None:
    """On number-card piles (the hard case) captures still equals brute force."""
    assert codes(captures(played, pile)) == brute_captures(played, pile)

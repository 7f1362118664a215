"""Soi's one check of an ask (``bot.games.soi.checks``), against RULES.md section 4: the
asker must hold a card of the rank, must not hold the card asked for, and asks another
seat that still holds cards."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.cards import card, cards
from bot.games.protocol import GameOver
from bot.games.soi import (
    ENGINE,
    AskedEmptySeat,
    AskedSelf,
    CardAlreadyHeld,
    NoSuchSeat,
    RankNotHeld,
    SoiState,
)
from bot.games.soi.checks import ask_problem, askable_mask, card_problem, seat_problem
from bot.games.soi.state import mask_of


def hand(text: str) -> int:
    """The mask of the cards ``text`` names."""
    return mask_of(cards(text))


def table(hands: list[str], turn: int | None = 0) -> SoiState:
    """A four-seat game whose hands are exactly ``hands`` and whose turn is ``turn``."""
    state = ENGINE.new_game(4, 1)
    return dataclasses.replace(state, hands=tuple(hand(h) for h in hands), turn=turn)


def test_askable_cards_are_the_missing_suits_of_the_ranks_held() -> None:
    assert askable_mask(hand("7H 7S KC")) == hand("7D 7C KS KH KD")
    assert askable_mask(hand("AS")) == hand("AH AD AC")
    assert askable_mask(0) == 0


def test_a_rank_held_in_full_leaves_nothing_of_it_to_ask() -> None:
    assert askable_mask(hand("9S 9H 9D 9C 2H")) == hand("2S 2D 2C")


def test_card_problem_names_the_rule_broken() -> None:
    held = hand("7H 7S KC")
    assert card_problem(held, card("7C")) is None
    assert card_problem(held, card("KH")) is None
    assert isinstance(card_problem(held, card("7H")), CardAlreadyHeld)
    assert isinstance(card_problem(held, card("5H")), RankNotHeld)


@pytest.mark.parametrize("seat", [-1, 4, 9])
def test_a_seat_off_the_table_cannot_be_asked(seat: int) -> None:
    state = table(["7H", "7S", "7D", "7C"])
    assert isinstance(seat_problem(state, 0, seat), NoSuchSeat)


def test_nobody_asks_themselves_and_an_empty_seat_cannot_be_asked() -> None:
    state = table(["7H", "7S", "", "7C"])
    assert isinstance(seat_problem(state, 0, 0), AskedSelf)
    assert isinstance(seat_problem(state, 0, 2), AskedEmptySeat)
    assert seat_problem(state, 0, 1) is None
    assert seat_problem(state, 0, 3) is None


def test_a_legal_ask_has_no_problem() -> None:
    state = table(["7H 2S", "7S", "7D", "7C"])
    assert ask_problem(state, 1, card("7S")) is None
    assert ask_problem(state, 3, card("2C")) is None  # the card need not be the seat's


def test_an_ask_after_the_end_is_game_over() -> None:
    state = table(["7H", "7S", "7D", "7C"], turn=None)
    assert isinstance(ask_problem(state, 1, card("7S")), GameOver)


def test_the_ask_is_checked_for_the_seat_to_act() -> None:
    state = table(["7H", "KS", "7D", "7C"], turn=1)
    assert isinstance(ask_problem(state, 1, card("KH")), AskedSelf)
    assert ask_problem(state, 0, card("KH")) is None
    assert isinstance(ask_problem(state, 0, card("7S")), RankNotHeld)


def test_a_bad_seat_is_told_before_a_bad_card() -> None:
    state = table(["7H", "7S", "7D", "7C"])
    assert isinstance(ask_problem(state, 0, card("5H")), AskedSelf)
    assert isinstance(ask_problem(state, 7, card("7H")), NoSuchSeat)


def test_an_empty_seat_is_told_only_when_the_card_itself_could_be_asked() -> None:
    state = table(["7H", "7S", "", "7C"])
    assert isinstance(ask_problem(state, 2, card("7D")), AskedEmptySeat)
    assert isinstance(ask_problem(state, 2, card("7H")), CardAlreadyHeld)
    assert isinstance(ask_problem(state, 2, card("5D")), RankNotHeld)

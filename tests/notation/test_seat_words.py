"""Typed moves name seats as people see them: names (any case, a unique start), seat
numbers from 1; the engine's 0-based notation stays inside."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.protocol import Action
from bot.i18n import FSI, PDI
from bot.notation.seat_words import SeatWordError, by_name, by_number, to_engine
from bot.render.names import plain
from tests.helpers.move_words import EVERY as WORDS

NAMES = ["Ann", "bob", "Bea Lee", "李小龙"]


@pytest.mark.parametrize(("typed", "engine"), [
    ("give bob 3", "give 1 3"),
    ("give BOB 3 declare", "give 1 3 declare"),
    ("Give @bob 3", "give 1 3"),
    ("give 2 3", "give 1 3"),
    ("give bea lee 1", "give 2 1"),
    ("give bea 1", "give 2 1"),
    ("give 李小龙 4", "give 3 4"),
    ("ask bob QH", "ask 1 QH"),
    ("ask 4 qh", "ask 3 qh"),
    ("king ann 1 bob 4 knock", "king 0 1 1 4 knock"),
    ("keep 2", "keep 2"),
    ("draw", "draw"),
    ("capture 5D 2C", "capture 5D 2C"),
])
def test_typed_moves_reach_the_engine_0_based(typed: str, engine: str) -> None:
    assert to_engine(WORDS, typed, NAMES) == engine


@pytest.mark.parametrize(("typed", "says"), [
    ("give carl 3", "Nobody called “carl”"),
    ("give b 3", "could be bob / Bea Lee"),
    ("give 5 3", "There is no seat 5: seats are numbered 1 to 4"),
    ("give 0 3", "There is no seat 0"),
    ("give bob", "Write give like this: `give bob 3`"),
    ("ask", "Write an ask like this"),
])
def test_unreadable_players_get_a_clear_answer(typed: str, says: str) -> None:
    with pytest.raises(SeatWordError) as caught:
        to_engine(WORDS, typed, NAMES)
    said = str(caught.value)
    assert says in plain(said)
    if not says.startswith("Write"):  # the answer lists the players with their numbers
        assert "1 Ann, 2 bob, 3 Bea Lee, 4 李小龙" in plain(said)
        assert f"1 {FSI}Ann{PDI}, 2 {FSI}bob{PDI}" in said  # names isolated (names are data)


def test_two_players_of_one_name_are_told_apart_by_number() -> None:
    names = ["sam", "Sam", "kim"]
    with pytest.raises(SeatWordError, match="write the seat number"):
        to_engine(WORDS, "give sam 2", names)
    give = Action("give", (1, 2))
    assert by_name(WORDS, give, names) == "give 2 2"
    assert to_engine(WORDS, by_number(WORDS, give, names), names) == "give 1 2"


def test_written_back_both_ways_reads_as_the_same_action() -> None:
    names = ["Ann", "bob", "7", "Bea Lee"]
    actions = [Action("give", (s, 3)) for s in range(4)] + [
        Action("ask", (2, Card.parse("QH"))), Action("king", (0, 1, 3, 4), "knock")]
    for action in actions:
        assert to_engine(WORDS, by_name(WORDS, action, names), names) == str(action)
        assert to_engine(WORDS, by_number(WORDS, action, names), names) == str(action)
    assert by_name(WORDS, Action("give", (1, 3)), names) == f"give {FSI}bob{PDI} 3"
    assert by_name(WORDS, Action("give", (2, 3)), names) == "give 3 3", "a name that is a number"
    assert by_number(WORDS, Action("ask", (0, Card.parse("QH"))), names) == "ask 1 QH"


def test_hostile_names_read_back_by_their_plain_name() -> None:
    """A name holding bidi controls is typed as it shows (its plain letters); one holding a
    backtick or markdown is written by its number; either way the move reads back the same."""
    names = ["ann\u202e", "\u2067bob", "c`d", "**e**"]
    assert to_engine(WORDS, "give ann 3", names) == "give 0 3"
    assert to_engine(WORDS, "give bob 3", names) == "give 1 3"
    assert to_engine(WORDS, "give **e** 3", names) == "give 3 3"
    written = [by_name(WORDS, Action("give", (s, 3)), names) for s in range(4)]
    assert written == [f"give {FSI}ann{PDI} 3", f"give {FSI}bob{PDI} 3", "give 3 3",
                       "give 4 3"]
    for seat, text in enumerate(written):
        assert to_engine(WORDS, text, names) == f"give {seat} 3"

"""The review's words: counts read right for none, one and many decisions."""

from __future__ import annotations

from bot.render.review import review_embed


def _text(examined: int, by_computer: int = 0) -> str:
    embed = review_embed("pariah", 7, [], 0, examined=examined, by_computer=by_computer)
    return embed.description or ""


def test_no_decision_of_ones_own_says_there_is_nothing_to_review() -> None:
    text = _text(0, by_computer=3)
    assert text.startswith("You made no decision of your own in this game")
    assert "A computer made 3 of your decisions for you" in text and "they are" in text


def test_one_decision_reads_in_the_singular() -> None:
    text = _text(1, by_computer=1)
    assert "your one decision and would not have changed it" in text
    assert "A computer made 1 of your decisions for you (your time ran out); it is" in text


def test_many_decisions_read_in_the_plural_and_no_computer_line_without_one() -> None:
    text = _text(12)
    assert "your 12 decisions and would not have changed any of them" in text
    assert "A computer" not in text

"""The review's words: counts read right for none, one and many decisions."""

from __future__ import annotations

import json

from bot.games.ai.review import Decision
from bot.games.protocol import Action
from bot.render.review import review_embed
from tests.helpers.games import every_game


def _text(examined: int, by_computer: int = 0) -> str:
    embed = review_embed(every_game()["pariah"], 7, [], 0, examined=examined,
                         by_computer=by_computer)
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


def test_a_review_opens_with_its_summary_and_names_seats_in_plain_words() -> None:
    """Every page starts with the whole review in one line; the moves name players, not
    engine seats, and speak of no "sampled deals"."""
    decisions = [
        Decision(index=3, round=1, played=Action("discard"), suggested=Action("give", (1, 2)),
                 margin=0.12, played_words="discards the 9 of spades",
                 suggested_words="gives the 9 of spades to {p1}'s coop 2", view={}),
        Decision(index=9, round=4, played=Action("keep", (1,)), suggested=Action("discard"),
                 margin=0.07, played_words="keeps the 4 of clubs on coop 1",
                 suggested_words="discards the 4 of clubs", view={}),
    ]
    embed = review_embed(every_game()["pariah"], 7, decisions, 0, examined=40, names=["ann", "bob"])
    text = embed.description or ""
    assert text.startswith("**In short:** of your 40 decisions, the hard player would change "
                           "2 (rounds 1, 4)")
    assert "sampled" not in text and "12 points in 100" in text
    fields = {f.name: f.value for f in embed.fields}
    assert fields["The hard player"] == "Gives the 9 of spades to bob's coop 2"
    assert "♠" not in json.dumps(embed.to_dict(), ensure_ascii=False).replace("♠\ufe0e", "")

"""A round's line shows its parts wherever the engine's round line is read (the Recent
lines, text mode, a review, the console): Pariah's 50 points for four valid coops and
Soureh's multiple-of-100 rule are said, not hidden in "+85 → 95" (issue 46)."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.coop.pariah import ENGINE as PARIAH
from bot.games.coop.soureh import ENGINE as SOUREH
from bot.i18n import use_locale
from bot.render.card_text import legible
from tests.games.test_audit_pariah import game, play, round_end
from tests.helpers import bidi


def coops(text: str) -> tuple[list[Card], list[Card]]:
    pairs = [t.split("/") for t in text.split()]
    return [Card.parse(u) for u, _d in pairs], [Card.parse(d) for _u, d in pairs]


def test_pariah_says_the_bonus_apart() -> None:
    """Four valid coops: the coops' points, the bonus, the sum and the new total; three
    valid: the sum and the total only."""
    up, down = coops("AH/2S 3H/4S 5H/6S 7H/8S")
    said = str(PARIAH.score_words(100, 130, up, down, None))
    assert said == "+50 for the coops, +50 for four valid coops: +100 → 130"
    up, down = coops("AH/2S 3H/4S 5H/6S 7H/JS")
    assert str(PARIAH.score_words(35, 35, up, down, None)) == "+35 → 35"


def test_soureh_says_the_multiple_of_100() -> None:
    """82 + 18 = 100, a multiple of 100: the line says so and where the total lands."""
    up, down = coops("AH/5S 2H/9S 2D/8S 3D/6S")
    said = str(SOUREH.score_words(-32, 50, up, down, ["AH", "2H", "2D", "3D"]))
    assert said == "+18 → 100, a multiple of 100, drops by 50 to 50"
    assert str(SOUREH.score_words(8, 90, up, down, ["AH", "2H", "2D", "3D"])) == "+8 → 90"


def test_a_played_round_line_shows_the_bonus_in_every_language() -> None:
    """A Pariah round that ends with a seat's four coops valid: the event's line (what the
    Recent lines, text mode and a review show) names the bonus; in Arabic it reads right
    to left, the scores left to right."""
    st = game("7C 8C", up0="AH 2D 3H KD", down0="5S 5C 6S QC")
    _st, events = play(st, "draw", "discard", "draw", "discard")
    end = round_end(events)
    assert end.data["valid"][1] == [True, True, True, True]
    line = end.render(["ann", "bob"]).split("\n")[2]
    assert line.endswith("+32 for the coops, +50 for four valid coops: +82 → 82"), line
    for lang in ("ar", "el", "so"):
        with use_locale(lang):
            text = legible(end.render(["ann", "bob"]))
        assert "+50" in text and "+82 → 82" in text, text
        assert all(not bidi.problems(line) for line in text.split("\n")), text

"""A round's result shows its parts (issue 46): Pariah's 50-point bonus for four valid
coops is said apart from the coops' own points, not hidden in "+85"."""

from __future__ import annotations

from bot.games.coop.look.text import round_summary
from bot.games.coop.pariah import BONUS
from bot.i18n import use_locale
from bot.render.card_text import legible
from tests.helpers.i18n import without_isolates


def _last_round(valid: list[bool], points: int) -> dict[str, object]:
    coops = [["2H", "5S"], ["2D", "5C"], ["3H", "6S"], ["3D", "6C"]]
    return {"round": 1, "reason": "knock", "coops": [coops, coops], "valid": [valid, valid],
            "picks": [None, None], "points": [points, 0], "totals": [points + 10, 0]}


def test_the_bonus_is_said_apart() -> None:
    """Four valid coops: the coops' points, the bonus and the sum."""
    view = {"last_round": _last_round([True] * 4, 35 + BONUS)}
    with use_locale("en"):
        text = without_isolates(legible(round_summary(view, ["ann", "bob"]) or ""))  # type: ignore[arg-type]
    assert "+35 for the coops, +50 for four valid coops: +85" in text, text


def test_no_bonus_no_bonus_words() -> None:
    """An invalid coop: the points alone."""
    view = {"last_round": _last_round([True, True, True, False], 24)}
    with use_locale("en"):
        text = round_summary(view, ["ann", "bob"]) or ""  # type: ignore[arg-type]
    assert "valid coops" not in text and "+24" in text, text

"""Text mode says first what to decide (issue 46): the prompt and the drawn card before
the table, every seat's coops numbered (a give names one), the reader as "you"."""

from __future__ import annotations

from typing import Any

from bot.games.coop.pariah import ENGINE
from bot.i18n import use_locale
from bot.render.panels import panel
from tests.games.test_pariah import game, play
from tests.helpers.i18n import without_isolates
from tests.helpers.pictures import seat_alt
from tests.render.test_plain_words import _table


def _drawn() -> tuple[Any, list[str]]:
    state, _events = play(game("8C 7H"), "draw")
    table = _table(state)
    return table, table.names


def test_the_panel_asks_before_it_lists_the_cards() -> None:
    """A panel without its picture puts the prompt above the seat's coops."""
    table, _names = _drawn()
    with use_locale("en"):
        embed, _view = panel(table.seen(), 0)
    lines = (embed.description or "").split("\n")
    prompt = next(i for i, line in enumerate(lines) if line.startswith("**"))
    coops = next(i for i, line in enumerate(lines) if line.startswith("Your coops"))
    assert prompt < coops, lines


def test_the_seats_words_start_with_the_drawn_card() -> None:
    """The seat's words name the drawn card before the piles and the coops."""
    table, names = _drawn()
    with use_locale("en"):
        words = without_isolates(seat_alt(ENGINE.player_view(table.state, 0), names))  # type: ignore[attr-defined]
    assert words.index("You drew") < words.index("Stock:") < words.index("Your coops"), words


def test_every_seats_coops_are_numbered_and_the_reader_is_you() -> None:
    """The opponent's face-up cards carry their coop's number; the reader's own name is
    not in his words."""
    table, names = _drawn()
    with use_locale("en"):
        words = without_isolates(seat_alt(ENGINE.player_view(table.state, 0), names))  # type: ignore[attr-defined]
    bob = next(line for line in words.split("\n") if line.startswith("bob"))
    assert "coop 1:" in bob and "coop 4:" in bob, bob
    assert "ann" not in words and "Turn: you " in words, words  # no scores: not drawn

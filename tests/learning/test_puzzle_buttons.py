"""A puzzle's buttons are short and distinct in every language (issue 46: four of five were
cut mid-word and looked alike): each move is worded as the game's own panel buttons word
it ("Keep 2 · 3♠ out", "9♦ takes 9♠", "Ask Seat 2 for Q♥"), every label fits one line
of a 400-px phone's button (``LABEL_LINE``, 40 characters: SimCord's preview in Chromium
fits "Give Seat 2's coop 3 · 10♣ out and knock" in 299 of the row's 312 px; Somali's and
Greek's gives and Kings ran to 55-70 characters and wrapped), and no two moves of a
position read alike — over every legal move at positions of played games of each game, so
any five a puzzle offers are."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.registry import ENGINES, game
from bot.i18n import LANGUAGES, use_locale
from bot.learning.puzzles import Puzzle
from bot.render.card_text import LABEL_LINE, seen_length
from cogs.puzzles.cog import LABEL_LIMIT, button_labels, seat_names

GAMES = [("soureh", 4, {}), ("pariah", 2, {}), ("turup", 4, {}), ("soi", 5, {})]
INVISIBLE = re.compile("[\u2066-\u2069\ufe0e\ufe0f]")


def positions(name: str, players: int, variant: dict[str, object], seed: int,
              count: int) -> list[Puzzle]:
    """Decision positions of a random game, each as a puzzle offering every legal move."""
    engine = ENGINES[name]
    rng = random.Random(seed)
    state = engine.new_game(players, seed, engine.Variant(**variant))
    log: list[str] = []
    found: list[Puzzle] = []
    while (seat := engine.to_act(state)) is not None and len(found) < count:
        legal = [str(a) for a in engine.legal_actions(state)]
        if len(legal) > 1:
            found.append(Puzzle(name, players, seed, dict(variant), tuple(log), seat,
                                tuple(legal), tuple(None for _ in legal)))
        action = rng.choice(legal)
        log.append(action)
        state = engine.apply(state, engine.parse_action(state, action)).state
    return found


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_puzzle_buttons_are_short_and_distinct_in_every_language(
        name: str, players: int, variant: dict[str, object]) -> None:
    """Every legal move's button label at decision positions of two played games."""
    assert game(name).look.move_label is not None
    checked = 0
    for seed in (2, 9):
        for puzzle in positions(name, players, variant, seed, 40):
            state = puzzle.state(ENGINES[name])
            view = ENGINES[name].player_view(state, puzzle.seat)
            for lang in LANGUAGES:
                with use_locale(lang):
                    labels = button_labels(game(name), puzzle, state, view,
                                           seat_names(puzzle, "ana"))
                assert all(len(label) <= LABEL_LIMIT and "…" not in label
                           for label in labels), labels
                assert [x for x in labels if seen_length(x) > LABEL_LINE] == [], lang
                shown = [INVISIBLE.sub("", label) for label in labels]
                assert len(set(shown)) == len(shown), (lang, sorted(shown))
                checked += len(labels)
    assert checked > 100


def test_coop_buttons_read_as_the_panel_does() -> None:
    """Keep names the card that goes, a knock says so at the end, a give names the coop
    and the card that goes, a King its two coops."""
    puzzles = positions("pariah", 2, {}, 9, 200)
    words: set[str] = set()
    for puzzle in puzzles:
        state = puzzle.state(ENGINES["pariah"])
        view = ENGINES["pariah"].player_view(state, puzzle.seat)
        words |= {INVISIBLE.sub("", label)
                  for label in button_labels(game("pariah"), puzzle, state, view,
                                           seat_names(puzzle, "ana"))}
    shapes = {re.sub(r"(10|[2-9AJQK])[♠♥♦♣]", "‹card›", re.sub(r"\b\d\b", "‹n›", w))
              for w in words}
    assert "Keep ‹n› · ‹card› out" in shapes
    assert "Keep ‹n› · ‹card› out and knock" in shapes
    assert "Give Seat ‹n›'s coop ‹n› · ‹card› out" in shapes
    assert any(s.startswith("King: your coop ‹n› ⇄ Seat ‹n›'s coop ‹n›") for s in shapes)
    # a King with a knock is too long for a phone's button with both coops named: yours
    # and theirs
    assert "King: your ‹n› ⇄ their ‹n› and knock" in shapes
    assert max(seen_length(w) for w in words) <= LABEL_LINE, max(words, key=len)

"""Moves in words (hints and reviews): each game's players say their own moves
(``explain``), a game without words shows the notation, a rule-based hard player gives its
rule (``HARD_WHY``)."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.ai.explain import describe
from bot.games.ai.hint import hint
from bot.games.ai.view import observe
from bot.games.registry import ENGINES, Game, game_names, players, register, unregister
from bot.games.turup import TurupEngine

#: A placeholder left unfilled (seat placeholders ``{p0}`` are the presentation's to fill).
UNFILLED = re.compile(r"\{(?!p\d+\})[^}]*\}")


def _states(game: str, seed: int, count: int) -> list[Any]:
    """Up to ``count`` positions from a seeded game of normal players."""
    engine = ENGINES[game]
    state = engine.new_game(engine.max_players if engine.max_players <= 4 else 4, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        seat = engine.to_act(state)
        if seat is None:
            break
        out.append(state)
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    return out


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
def test_every_built_in_game_says_its_moves_in_words(game: str) -> None:
    """Every legal move of a played game comes out in words, not as its notation."""
    engine = ENGINES[game]
    assert hasattr(players(game), "explain")
    said = 0
    for state in _states(game, 5, 40):
        info = observe(engine, state, engine.to_act(state))
        for action in info.legal[:12]:
            words = describe(info, action)
            assert words.strip() and words != str(action)
            assert not UNFILLED.search(words), words
            said += 1
    assert said > 20


def test_the_soi_hint_gives_the_rule_its_hard_player_keeps_to() -> None:
    """Soi's hard player is a rule: its hint says which (its players' ``HARD_WHY``)."""
    engine = ENGINES["soi"]
    state = next(s for s in _states("soi", 7, 60) if len(engine.legal_actions(s)) > 1)
    given = hint(engine, state, engine.to_act(state))
    assert "keep to the ranks the table knows you hold" in given.why
    assert not UNFILLED.search(given.why)


class Wordless(TurupEngine):
    """Turup under another name, registered with computer players that have no words."""

    name = "wordless"


def test_a_game_without_words_shows_the_notation() -> None:
    """A registered game whose players have no ``explain`` shows a move as its notation."""
    engine = Wordless()
    players = SimpleNamespace(explain=None, history=None)
    register(Game(engine, players, look=SimpleNamespace()))  # type: ignore[arg-type]
    try:
        assert "wordless" in game_names()
        state = engine.new_game(2, 3)
        info = observe(engine, state, engine.to_act(state) or 0)
        action = info.legal[0]
        assert describe(info, action) == str(action)
    finally:
        unregister("wordless")

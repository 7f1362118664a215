"""Issue #33's figures for the house: a game lives in its own package (at most two modules
outside it name it) and our modules import each other without cycles at run time; issue
#44's: a game is looked up by name at the edges (the command, the click, the restore) and
passed down, so few modules outside ``bot/games`` import the registry (33 before; the
target is 8, and the bound only ever comes down)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.house import HOMES, code_words, cycles, naming, registry_importers

MAX_OUTSIDE = 2
MAX_REGISTRY_IMPORTERS = 4


@pytest.mark.parametrize("game", list(HOMES))
def test_a_game_is_named_in_at_most_two_modules_outside_its_package(game: str) -> None:
    found = naming(game)
    assert len(found) <= MAX_OUTSIDE, found


def test_few_modules_outside_the_games_look_a_game_up_in_the_registry() -> None:
    found = registry_importers()
    assert len(found) <= MAX_REGISTRY_IMPORTERS, found


def test_the_registry_count_sees_an_edge() -> None:
    """The counter can fail: the command line, an edge that looks games up by name, is
    among the importers."""
    assert "bot.__main__" in registry_importers()


def test_no_import_cycles_at_run_time() -> None:
    assert cycles() == []


def test_the_count_sees_names_and_strings_but_not_documentation(tmp_path: Path) -> None:
    """The counter can fail: it sees a name, a string and an f-string, not a comment or
    a docstring."""
    module = tmp_path / "sample.py"
    module.write_text('"""About Turup."""\nX = "turup"  # Turup\nfrom bot.games.turup import ai\n'
                      'def f(g: str) -> str:\n    """Turup again."""\n    return f"{g}-turup"\n',
                      encoding="utf-8")
    hits = [line for line, word in code_words(module) if "turup" in word.lower()]
    assert hits == [2, 3, 6]

"""One notation for people (issue 37): a hint's move, written as the hint shows it, reads
back through /move's reader to the hinted move on many seeded positions of every game;
/move reads a move's words; suits have one legible form."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import registry
from bot.games.ai import choose
from bot.games.ai.hint import hint
from bot.games.ai.ismcts import Budget
from bot.games.protocol import Action, Event
from bot.games.registry import ENGINES
from bot.notation.move_words import MoveWords
from bot.notation.seat_words import move_line, read_move, with_names, words_of
from bot.render.card_text import legible
from tests.helpers.move_words import EVERY as WORDS

SMALL = Budget(iterations=20, seconds=None)
NAMES = ["ann", "Bob Lee", "cat", "dan"]
PLAYERS = {"soureh": 3, "pariah": 2, "turup": 2, "soi": 4}


def _positions(game: str, seed: int, wanted: int) -> list[tuple[Any, int]]:
    """``wanted`` positions of a seeded game where seat to act has a choice."""
    engine = ENGINES[game]
    state = engine.new_game(PLAYERS[game], seed)
    rng = random.Random(seed)
    found = []
    steps = 0
    while len(found) < wanted and steps < 600 and (seat := engine.to_act(state)) is not None:
        steps += 1
        if len(engine.legal_actions(state)) > 1 and steps % 3 == 0:
            found.append((state, seat))
        state = engine.apply(state, choose(engine, state, seat, "easy", rng)).state
    return found


def _shown(engine: Any, state: Any, action: Action, names: list[str],
           words: MoveWords) -> str:
    """The hint's first line as a person copies it: `give Bob Lee 4 — put 9♦️ on …`."""
    described = Event("describe", engine.describe(state, action)).render(names)
    return legible(move_line(words, action, described, names))


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_hint_typed_as_shown_reads_back_to_the_hinted_move(game: str, seed: int) -> None:
    """On 5 positions of each of 3 seeds, the hinted move as the hint shows it (its
    notation alone, or the whole line) is read by /move's reader as that very move."""
    engine = ENGINES[game]
    words = registry.game(game).look.move_words  # the game's own words, no other's
    names = NAMES[:PLAYERS[game]]
    positions = _positions(game, seed, 5)
    assert len(positions) == 5
    for state, seat in positions:
        given = hint(engine, state, seat, budget=SMALL)
        line = _shown(engine, state, given.action, names, words)
        legal = [(a, Event("d", engine.describe(state, a)).render(names))
                 for a in engine.legal_actions(state)]
        for typed in (line, line.split(" — ")[0]):
            read = engine.parse_action(state, read_move(words, typed, names, legal, "en"))
            assert read == given.action, (typed, str(given.action))
        assert "{p" not in with_names(given.why, names)


@pytest.mark.parametrize(("typed", "engine"), [
    ("ask Bob Lee for 3♥", "ask 1 3H"),
    ("ask bob lee 3♥\ufe0f", "ask 1 3H"),
    ("**`ask 2 3H`** — ask Bob Lee for 3♥ (you hold 3♠)", "ask 1 3H"),
    ("give cat 4 — put 9♦ on cat's coop 4", "give 2 4"),
    ("give 1 4", "give 0 4"),
    ("capture 5♦ 2♣\ufe0e", "capture 5D 2C"),
])
def test_move_reads_what_people_write(typed: str, engine: str) -> None:
    """/move's reader takes names or numbers from 1, cards with suit symbols (with or
    without a presentation selector), a hint's line with its markdown and words."""
    assert read_move(WORDS, typed, NAMES) == engine


def test_a_moves_words_read_back_with_seats_from_one() -> None:
    """A move typed as its words reads to that move, never to the engine's notation read
    again as counted from 1 (the old "ask bob for 3♥" -> "ask ann" slip)."""
    legal = [(Action("give", (1, 4)), "give 1 4 — put 9♦ on Bob Lee's coop 4")]
    assert read_move(WORDS, "put 9♦ on Bob Lee's coop 4", NAMES, legal) == "give 1 4"
    assert read_move(WORDS, "give 1 4 — put 9♦ on Bob Lee's coop 4", NAMES, legal) == "give 1 4"
    assert words_of("give 1 4 — put 9♦ on x") == "put 9♦ on x"


def test_legible_is_the_one_form_and_idempotent() -> None:
    """Every suit gets its selector once: black as text (U+FE0E), red as emoji (U+FE0F)."""
    once = legible("5♠ 7♣ 9♥ 10♦")
    assert once == "5♠\ufe0e 7♣\ufe0e 9♥\ufe0f 10♦\ufe0f"
    assert legible(once) == once
    assert legible("5♠\ufe0f") == "5♠\ufe0e"


def test_a_name_the_reader_would_change_is_written_by_number() -> None:
    """A name with markdown or a dash would not read back (the reader drops markdown and
    cuts at the dash): the move names that seat by its number from 1."""
    names = ["ann", "**b**", "x — y"]
    for seat, number in ((1, "2"), (2, "3")):
        action = Action("give", (seat, 4))
        written = move_line(WORDS, action, "", names)
        assert written == f"give {number} 4"
        assert read_move(WORDS, f"**`{written}`**", names) == f"give {seat} 4"

"""Puzzles found in finished games: the hard player's best move clearly ahead of the others
on offer, the position rebuilt from the log, and the one-line verdict."""

from __future__ import annotations

import functools
import random

import pytest

from bot.games.ai import choose
from bot.games.registry import ENGINES
from bot.learning.puzzles import PUZZLE_MARGIN, Puzzle, find, offered, verdict

pytestmark = pytest.mark.slow


def finished_game(game: str, players: int, seed: int) -> list[str]:
    """A whole game between easy computer players: its log."""
    engine = ENGINES[game]
    state = engine.new_game(players, seed)
    rngs = [random.Random(seed * 31 + s) for s in range(players)]
    log = []
    while (seat := engine.to_act(state)) is not None:
        action = choose(engine, state, seat, "easy", rngs[seat])
        log.append(str(action))
        state = engine.apply(state, action).state
    return log


@functools.cache
def pariah_puzzle() -> tuple[int, Puzzle]:
    """The puzzle found in a fixed Pariah game (searched once a process: the tests that
    show it share it, it is frozen)."""
    log = finished_game("pariah", 2, 3)
    found = find(ENGINES["pariah"], 2, 3, {}, log, [0, 1], random.Random(1), seconds=60)
    assert found is not None
    return found


def test_a_puzzle_is_a_clear_best_move_at_a_real_decision() -> None:
    """The best move leads every other move on offer by the margin, it is the seat's
    turn at the position, and every move on offer is legal there."""
    index, puzzle = pariah_puzzle()
    assert len(puzzle.actions) == index
    state = puzzle.state(ENGINES[puzzle.game])
    assert ENGINES["pariah"].to_act(state) == puzzle.seat
    assert 2 <= len(puzzle.moves) <= 5
    means = [m for m in puzzle.means if m is not None]
    assert all(means[0] - m >= PUZZLE_MARGIN for m in means[1:])
    legal = {str(a) for a in ENGINES["pariah"].legal_actions(state)}
    assert set(puzzle.moves) <= legal
    assert Puzzle.from_json(puzzle.to_json()) == puzzle


def test_the_verdict_says_in_one_line_whether_the_move_was_best() -> None:
    """The best move is told so; another is told the best move and by how much."""
    _index, puzzle = pariah_puzzle()
    state = puzzle.state(ENGINES[puzzle.game])
    names = ["ana", "Seat 2"] if puzzle.seat == 0 else ["Seat 1", "ana"]
    right, line = verdict(ENGINES[puzzle.game], puzzle, state, puzzle.best, names)
    assert right and line.startswith("Best move:") and "\n" not in line
    other = next(m for m in offered(puzzle) if m != puzzle.best)
    wrong, line = verdict(ENGINES[puzzle.game], puzzle, state, other, names)
    assert not wrong and line.startswith("Not the best:") and "points better" in line

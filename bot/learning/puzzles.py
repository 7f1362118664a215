"""Puzzles: positions of finished games where the hard player found one move clearly best
(:func:`bot.games.ai.hint.hint`, judged from that seat's information only, as a review
judges a decision). Pure: no Discord, no database.

A :class:`Puzzle` holds its position (players, seed, variant, the actions before it, the
seat) and the moves on offer with the hard player's estimates, so it is shown and
answered without thinking again, and never needs the finished table it came from. The
game's engine comes from the caller (the app's games)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.ai.hint import hint
from bot.games.ai.ismcts import Budget
from bot.games.ai.review import decision_positions
from bot.games.protocol import MOVE_WORDS_GAP, Engine, Event, replay
from bot.i18n import _, _n

#: The hard player's search for a puzzle: iterations only, so a puzzle is reproducible.
PUZZLE_BUDGET = Budget(iterations=300, seconds=None)
#: How much better (share of the deal) the best move must do than any other.
PUZZLE_MARGIN = 0.08
MAX_MOVES = 5  # the moves a puzzle offers (the best and the next best ones)
TRIES = 8  # decisions of one game tried before giving up on it
SEARCH_SECONDS = 6.0  # the most one game's search may think


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One position and its moves (engine notation, best first) with their estimates
    (mean share of the deal, 0..1; ``None`` where the hard player is a rule: Soi)."""

    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    actions: tuple[str, ...]  # the game's log before the position
    seat: int
    moves: tuple[str, ...]
    means: tuple[float | None, ...]
    deals: int = 0

    @property
    def best(self) -> str:
        return self.moves[0]

    def state(self, engine: Engine[Any]) -> Any:
        """The position, replayed from the deal on its game's ``engine``."""
        variant = engine.Variant(**self.variant) if self.variant else None
        return replay(engine, self.players, self.seed, self.actions, variant)

    def to_json(self) -> str:
        return json.dumps({
            "game": self.game, "players": self.players, "seed": self.seed,
            "variant": self.variant, "actions": list(self.actions), "seat": self.seat,
            "moves": list(self.moves), "means": list(self.means), "deals": self.deals,
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        data = json.loads(text)
        return cls(game=str(data["game"]), players=int(data["players"]), seed=int(data["seed"]),
                   variant=dict(data["variant"]), actions=tuple(data["actions"]),
                   seat=int(data["seat"]), moves=tuple(data["moves"]),
                   means=tuple(data["means"]), deals=int(data.get("deals", 0)))


def find(engine: Engine[Any], players: int, seed: int, variant: dict[str, Any],
         actions: Sequence[str], seats: Sequence[int], rng: random.Random, *,
         budget: Budget = PUZZLE_BUDGET, tries: int = TRIES,
         seconds: float = SEARCH_SECONDS) -> tuple[int, Puzzle] | None:
    """A puzzle from a finished game's log (``(log position, puzzle)``) of ``engine``'s
    game, taken from the decisions of ``seats``, or ``None`` when the decisions tried have
    no clearly best move."""
    game = engine.name
    built = engine.Variant(**variant) if variant else None
    found = [(index, seat) for seat in seats
             for index in decision_positions(engine, players, seed, list(actions), built, seat)]
    rng.shuffle(found)
    until = time.monotonic() + seconds
    for index, seat in found[:tries]:
        if time.monotonic() > until:
            break
        puzzle = Puzzle(game, players, seed, dict(variant), tuple(actions[:index]), seat, (), ())
        state = puzzle.state(engine)
        given = hint(engine, state, seat, budget=budget)
        if given.scores:
            scores = sorted(given.scores, key=lambda s: -s.mean)
            if len(scores) < 2 or scores[0].action != given.action or \
                    scores[0].mean - scores[1].mean < PUZZLE_MARGIN:
                continue
            top = scores[:MAX_MOVES]
            return index, Puzzle(game, players, seed, dict(variant), puzzle.actions, seat,
                                 tuple(str(s.action) for s in top),
                                 tuple(round(s.mean, 4) for s in top), scores[0].deals)
        legal = [str(a) for a in engine.legal_actions(state)]
        if len(legal) < 2:
            continue
        others = [m for m in legal if m != str(given.action)]
        rng.shuffle(others)
        moves = (str(given.action), *others[: MAX_MOVES - 1])
        return index, Puzzle(game, players, seed, dict(variant), puzzle.actions, seat, moves,
                             tuple(None for _ in moves))
    return None


def offered(puzzle: Puzzle) -> list[str]:
    """The moves in the order the buttons show them (not best first)."""
    return sorted(puzzle.moves)


def move_words(engine: Engine[Any], state: Any, move: str, names: Sequence[str]) -> str:
    """A move in words, seats by name (``Put 5♣ on Seat 2's slot 1 in place of 7♦``)."""
    text = Event("describe", engine.describe(state, engine.parse_action(state, move))).render(
        names)
    words = text.split(MOVE_WORDS_GAP, 1)[-1]
    return words[:1].upper() + words[1:]


def _points(n: int) -> str:
    """``12 points`` in the reader's language (its plural forms)."""
    return _n("{n} point", "{n} points", n)


def _deals(n: int) -> str:
    """``300 sampled deals``."""
    return _n("{n} sampled deal", "{n} sampled deals", n)


def verdict(engine: Engine[Any], puzzle: Puzzle, state: Any, chosen: str,
            names: Sequence[str]) -> tuple[bool, str]:
    """Was ``chosen`` the best move, and why, in one line (the current language)."""
    best_words = move_words(engine, state, puzzle.best, names)
    right = chosen == puzzle.best
    means = dict(zip(puzzle.moves, puzzle.means, strict=True))
    mine, top = means.get(chosen), means[puzzle.best]
    if right:
        if top is not None and len(puzzle.means) > 1 and puzzle.means[1] is not None:
            return True, _("Best move: {move}. Over {deals} it did {points} better than the "
                           "next best.", move=best_words, deals=_deals(puzzle.deals),
                           points=_points(round((top - puzzle.means[1]) * 100)))
        return True, _("Best move: {move}.", move=best_words)
    if top is not None and mine is not None:
        return False, _("Not the best: the best move was {move}, {points} better over "
                        "{deals}.", move=best_words, points=_points(round((top - mine) * 100)),
                        deals=_deals(puzzle.deals))
    return False, _("Not the best: the best move was {move}. Keep to the ranks the table "
                    "knows you hold, dearest first.", move=best_words)

"""Drive the real engine through a lesson: the state at a step (rebuilt from the stacked
deck and the moves before it, so a click needs nothing stored), and a learner's choice
judged against the step. Pure: no Discord, no database. The lesson's game (its engine and
look) comes from the caller: the app's games, or ``bot.learning.catalog``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.games.cards import Card
from bot.games.protocol import Action, Engine, Event, GameError, seen_by
from bot.i18n import N_
from bot.learning.model import Lesson, Step
from bot.seen import Views

if TYPE_CHECKING:  # the game's record, passed in by the caller
    from bot.games.registry import Game

LEARNER = 0  # the learner's engine seat


class LessonBroken(Exception):
    """A lesson's data does not play on the engine (a test finds it; never shown)."""


@dataclass(frozen=True, slots=True)
class Position:
    """The game before a step (or after the last one): its state and what the learner saw
    happen since his last move."""

    entry: Game  # the lesson's game
    lesson: Lesson
    index: int  # the step about to be taken; ``len(steps)`` once the lesson is over
    state: Any
    events: tuple[Event, ...]

    @property
    def engine(self) -> Engine[Any]:
        return self.entry.engine

    @property
    def step(self) -> Step | None:
        """The step to take, ``None`` at the end."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def view(self) -> Any:
        """What the learner sees: his seat's view."""
        return self.engine.player_view(self.state, LEARNER)

    @property
    def to_act(self) -> int | None:
        """The seat to act (``None`` once the game is over)."""
        return self.engine.to_act(self.state)

    def views(self) -> Views:
        """The engine's views of the position, for the panel's ``Seen`` (``bot.seen``)."""
        return Views(self.engine, self.state)

    def move(self, notation: str) -> Action:
        """The move a notation names here (``GameError`` when it names none)."""
        return self.engine.parse_action(self.state, notation)

    def same(self, a: str, b: str) -> bool:
        """Are two notations the same move here (:func:`same_move`)?"""
        return same_move(self.engine, self.state, a, b)


def new_state(entry: Game, lesson: Lesson) -> Any:
    """The lesson's first deal."""
    engine = entry.engine
    variant = engine.Variant(**dict(lesson.variant)) if lesson.variant else None
    deck = [Card.parse(c) for c in lesson.deck]
    state = engine.new_game(players=lesson.players, seed=lesson.seed, variant=variant,
                            deck=deck)
    if lesson.totals:  # earlier rounds' scores (a coop state's totals and round start)
        state.totals = list(lesson.totals)
        state.start_totals = tuple(lesson.totals)
    return state


def _play(entry: Game, state: Any, moves: tuple[str, ...] | list[str],
          events: list[Event]) -> Any:
    engine = entry.engine
    for move in moves:
        try:
            action = engine.parse_action(state, move)
        except Exception as exc:  # an illegal scripted move: the lesson is wrong
            raise LessonBroken(f"{move!r}: {exc}") from exc
        transition = engine.apply(state, action)
        events.extend(seen_by(transition.events, LEARNER))
        state = transition.state
    return _drawn_for_you(entry, state, events)


def automatic(entry: Game, state: Any) -> Action | None:
    """The move the seat to act makes by itself, as its game's look says (Take turn makes
    it at once: a coop game's draw when it is the only move)."""
    engine = entry.engine
    if engine.to_act(state) is None:
        return None
    return entry.look.automatic(engine.public_view(state), engine.legal_actions(state))


def _drawn_for_you(entry: Game, state: Any, events: list[Event]) -> Any:
    """The learner's draw made for him, as the game's Take turn makes it: a lesson's step is
    a decision, never a button that only draws."""
    engine = entry.engine
    while engine.to_act(state) == LEARNER:
        action = automatic(entry, state)
        if action is None:
            break
        transition = engine.apply(state, action)
        events.extend(seen_by(transition.events, LEARNER))
        state = transition.state
    return state


def position(entry: Game, lesson: Lesson, index: int) -> Position:
    """The game just before step ``index`` (0-based) of ``entry``'s ``lesson``, replayed
    from the deal."""
    if not 0 <= index <= len(lesson.steps):
        raise LessonBroken(f"no step {index}")  # i18n: not for people
    events: list[Event] = []
    state = _play(entry, new_state(entry, lesson), lesson.opening, events)
    for step in lesson.steps[:index]:
        events = []
        state = _play(entry, state, (step.action, *step.then), events)
    return Position(entry, lesson, index, state, tuple(events))


def same_move(engine: Engine[Any], state: Any, a: str, b: str) -> bool:
    """Are two notations the same move here (``keep 2`` and ``KEEP 2``)?"""
    def norm(text: str) -> str:
        try:
            return str(engine.parse_action(state, text))
        except Exception:
            return " ".join(text.lower().split())
    return norm(a) == norm(b)


def options(pos: Position) -> list[str]:
    """The moves a step names (its move and its wrong ones), in a fixed order."""
    step = pos.step
    if step is None:
        return []
    return sorted([step.action, *(w.action for w in step.wrong)])


# Said of a move the step does not name: legal, but not what the step is about.
ANOTHER_MOVE = N_("that move is allowed, but this step is about something else: read the "
                  "line above again.")


@dataclass(frozen=True, slots=True)
class Judged:
    """A learner's choice at a step: right (and the position after it) or wrong (and why)."""

    right: bool
    why: str | None
    after: Position
    refused: str | None = None  # the engine's own words for a move it refuses


def judge(pos: Position, choice: str) -> Judged:
    """Play ``choice`` at ``pos`` if it is the step's move; else say why it is wrong (the
    step's own words, the engine's refusal, or that the step is about another move) and
    stay."""
    step = pos.step
    if step is None:
        raise LessonBroken("the lesson is over")  # i18n: not for people
    if same_move(pos.engine, pos.state, choice, step.action):
        return Judged(True, None, position(pos.entry, pos.lesson, pos.index + 1))
    for wrong in step.wrong:
        if same_move(pos.engine, pos.state, choice, wrong.action):
            return Judged(False, wrong.why, pos)
    try:
        pos.engine.parse_action(pos.state, choice)
    except GameError as exc:
        return Judged(False, None, pos, refused=str(exc))
    return Judged(False, ANOTHER_MOVE, pos)

"""Drive the real engine through a lesson: the state at a step (rebuilt from the stacked
deck and the moves before it, so a click needs nothing stored), and a learner's choice
judged against the step. Pure: no Discord, no database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.cards import Card
from bot.games.protocol import Engine, Event, seen_by
from bot.games.registry import ENGINES
from bot.learning.model import Lesson, Step

LEARNER = 0  # the learner's engine seat


class LessonBroken(Exception):
    """A lesson's data does not play on the engine (a test finds it; never shown)."""


@dataclass(frozen=True, slots=True)
class Position:
    """The game before a step (or after the last one): its state and what the learner saw
    happen since his last move."""

    lesson: Lesson
    index: int  # the step about to be taken; ``len(steps)`` once the lesson is over
    state: Any
    events: tuple[Event, ...]

    @property
    def engine(self) -> Engine[Any]:
        return ENGINES[self.lesson.game]

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


def new_state(lesson: Lesson) -> Any:
    """The lesson's first deal."""
    engine = ENGINES[lesson.game]
    variant = engine.Variant(**dict(lesson.variant)) if lesson.variant else None
    deck = [Card.parse(c) for c in lesson.deck]
    return engine.new_game(players=lesson.players, seed=lesson.seed, variant=variant, deck=deck)


def _play(engine: Engine[Any], state: Any, moves: tuple[str, ...] | list[str],
          events: list[Event]) -> Any:
    for move in moves:
        try:
            action = engine.parse_action(state, move)
        except Exception as exc:  # an illegal scripted move: the lesson is wrong
            raise LessonBroken(f"{move!r}: {exc}") from exc
        transition = engine.apply(state, action)
        events.extend(seen_by(transition.events, LEARNER))
        state = transition.state
    return state


def position(lesson: Lesson, index: int) -> Position:
    """The game just before step ``index`` (0-based), replayed from the deal."""
    if not 0 <= index <= len(lesson.steps):
        raise LessonBroken(f"no step {index}")  # i18n: not for people
    engine = ENGINES[lesson.game]
    events: list[Event] = []
    state = _play(engine, new_state(lesson), lesson.opening, events)
    for step in lesson.steps[:index]:
        events = []
        state = _play(engine, state, (step.action, *step.then), events)
    return Position(lesson, index, state, tuple(events))


def same_move(engine: Engine[Any], state: Any, a: str, b: str) -> bool:
    """Are two notations the same move here (``keep 2`` and ``KEEP 2``)?"""
    def norm(text: str) -> str:
        try:
            return str(engine.parse_action(state, text))
        except Exception:
            return " ".join(text.lower().split())
    return norm(a) == norm(b)


def options(pos: Position) -> list[str]:
    """The moves a step offers, in a fixed order that does not give the answer away."""
    step = pos.step
    if step is None:
        return []
    return sorted([step.action, *(w.action for w in step.wrong)])


@dataclass(frozen=True, slots=True)
class Judged:
    """A learner's choice at a step: right (and the position after it) or wrong (and why)."""

    right: bool
    why: str | None
    after: Position


def judge(pos: Position, choice: str) -> Judged:
    """Play ``choice`` at ``pos`` if it is the step's move; else say why it is wrong and
    stay."""
    step = pos.step
    if step is None:
        raise LessonBroken("the lesson is over")  # i18n: not for people
    if same_move(pos.engine, pos.state, choice, step.action):
        return Judged(True, None, position(pos.lesson, pos.index + 1))
    for wrong in step.wrong:
        if same_move(pos.engine, pos.state, choice, wrong.action):
            return Judged(False, wrong.why, pos)
    raise LessonBroken(f"{choice!r} is not on offer")  # i18n: not for people

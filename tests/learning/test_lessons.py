"""Every lesson of every game, walked on the real engine by following its marks, in each
language: the steps are the learner's decisions, the moves legal, one control marked, and
every text translated and filled."""

from __future__ import annotations

import contextlib
import re

import discord
import pytest

from bot.games.protocol import GameError
from bot.games.registry import game
from bot.i18n import LANGUAGES, translations, use_locale
from bot.learning.catalog import lessons, position
from bot.learning.model import Lesson
from bot.learning.walk import LEARNER, Position, judge
from bot.render.components import Kind, Step, notation_of
from cogs.lessons.screens import end_controls, end_embed, step_embed

ALL = [item for found in lessons().values() for item in found]
IDS = [f"{item.game}-{item.number}" for item in ALL]
PANEL_ID = re.compile(r"crl:[a-z]+:\d+:[0-9a-f]{6}:\d+:(?P<what>[bs]):(?P<kind>[a-z0-9]+)"
                      r"(?::(?P<arg>\S*))?")


def texts(item: Lesson) -> list[str]:
    """Every catalog text of a lesson."""
    found = [item.title, item.summary]
    for step in item.steps:
        found.append(step.say)
        found += [w.why for w in step.wrong]
    return found


def marked(view: discord.ui.View) -> list[tuple[str, str, list[str]]]:
    """The marked controls of a step's view: (kind, arg, chosen values)."""
    found = []
    for item in view.children:
        match = PANEL_ID.fullmatch(getattr(item, "custom_id", None) or "")
        if match is None:
            continue
        if isinstance(item, discord.ui.Select):
            values = [o.value for o in item.options if o.default]
            if values:
                found.append((match["kind"], match["arg"] or "", values))
        elif isinstance(item, discord.ui.Button) and item.style == discord.ButtonStyle.primary:
            found.append((match["kind"], match["arg"] or "", []))
    return found


def follow_step(pos: Position) -> tuple[int, str]:
    """The step's marks followed through the game's panel: (clicks, the move made). Each
    panel shown has exactly one marked control and every text filled."""
    at: Step | None = None
    look = game(pos.lesson.game).look
    for clicks in range(1, 5):
        embed, view = step_embed(pos, "ana", at=at)
        assert "{" not in (embed.description or ""), embed.description
        assert all(len(getattr(c, "custom_id", "") or "") <= 100 for c in view.children)
        (mark,) = marked(view)
        kind, arg, values = mark
        if kind == Kind.ACT:
            return clicks, values[0] if values else notation_of(arg)
        if kind in look.notations:
            return clicks, _notation(pos, kind, arg, values)
        at = Step(kind, values[0] if values else arg)
    raise AssertionError("the marks lead nowhere")


def _notation(pos: Position, kind: str, arg: str, values: list[str]) -> str:
    from cogs.lessons.panel import lesson_table

    return game(pos.lesson.game).look.notations[kind](lesson_table(pos, "ana"), kind, arg,
                                                      values)


@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_every_step_is_the_learners_decision_with_legal_moves(item: Lesson) -> None:
    """At each step the learner is to act, the marked move is legal, each wrong move is
    legal or one the engine refuses, and the opponents' scripted moves are legal."""
    for index, step in enumerate(item.steps):
        pos = position(item, index)
        assert pos.engine.to_act(pos.state) == LEARNER, (item.game, index)
        pos.engine.parse_action(pos.state, step.action)
        for wrong in step.wrong:
            with contextlib.suppress(GameError):
                pos.engine.parse_action(pos.state, wrong.action)
    assert position(item, len(item.steps)).done


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_following_the_marks_in_each_language(item: Lesson, lang: str) -> None:
    """Each panel of each step shows one marked control, in the language, with its cards
    and names filled; the move the marks lead to is judged right and leads to the next
    step, to the end; each wrong move is explained in filled words."""
    with use_locale(lang):
        pos = position(item, 0)
        while not pos.done:
            assert pos.step is not None
            _clicks, move = follow_step(pos)
            judged = judge(pos, move)
            assert judged.right, (item.game, item.number, pos.index, move)
            for wrong in pos.step.wrong:
                why = judge(pos, wrong.action)
                assert not why.right
                from cogs.lessons.screens import why_wrong

                text = why_wrong(why.why, why.refused, pos, "ana")
                embed, _view = step_embed(pos, "ana", text)
                assert "{" not in (embed.description or "") and text
            pos = judged.after
        last = item.number == len(lessons()[item.game])
        end = end_embed(pos, "ana", last)
        (button,) = end_controls(pos, last)
        assert button.primary and "{" not in (end.description or "")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_lesson_text_is_translated(lang: str) -> None:
    """Each lesson text has a translation in the language's catalog."""
    catalog = translations(lang)
    missing = [t for item in ALL for t in texts(item) if catalog.gettext(t) == t]
    assert missing == []


def test_lesson_one_of_each_game_has_five_actions_and_a_wrong_choice() -> None:
    """The issue's floor: at least five marked clicks and a step with a wrong choice."""
    for name, found in lessons().items():
        first = found[0]
        clicks = 0
        pos = position(first, 0)
        while not pos.done:
            taken, move = follow_step(pos)
            clicks += taken
            pos = judge(pos, move).after
        assert clicks >= 5, name
        assert any(step.wrong for step in first.steps), name


def test_a_move_the_step_does_not_name_is_answered_in_general_words() -> None:
    """A legal move neither the step's nor one of its wrong ones: not right, the step
    stays, and the answer says the step is about something else."""
    from bot.learning.walk import ANOTHER_MOVE

    item = lessons()["soureh"][0]
    pos = position(item, 0)
    judged = judge(pos, "keep 4")
    assert not judged.right and judged.why == ANOTHER_MOVE and judged.after is pos


def test_each_step_and_explanation_is_one_or_two_sentences() -> None:
    """What a step says and why a move is wrong are each at most two sentences."""
    import re

    def sentences(text: str) -> int:
        return len(re.findall(r"[.!?](\s|$)", text))

    for item in ALL:
        for step in item.steps:
            assert 1 <= sentences(step.say) <= 2, step.say
            for wrong in step.wrong:
                assert 1 <= sentences(wrong.why) <= 2, wrong.why


@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_no_step_is_a_draw_the_game_makes_by_itself(item: Lesson) -> None:
    """A draw that is the seat's only move is made for the learner, as Take turn makes it:
    no step asks for it (a coop ``reveal`` turn, Draw or Reveal, is a decision)."""
    from bot.learning.walk import automatic

    for index in range(len(item.steps)):
        pos = position(item, index)
        assert automatic(pos.entry, pos.state) is None, (item.game, index)

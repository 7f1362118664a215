"""Lessons and a puzzle at phone width (400 px) in SimCord's preview (Debian's Chromium):
a step with its one marked control, a wrong choice explained, a lesson's end, an Arabic
step and a puzzle, each shot whole and readable. ``python -m bench.screenshots --only
lessons puzzles`` keeps every lesson's and puzzle's pictures in docs/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from simcord import Env

from bot.games import registry
from bot.learning.catalog import lessons
from tests.cogs.test_learn import (
    choose_unmarked,
    follow,
    follow_marks,
    marked,
    setup,
    unmarked_moves,
)
from tests.cogs.test_puzzle import store_puzzle
from tests.helpers.lesson_heights import BUDGET, follow_lesson
from tests.helpers.preview import browser, browser_available, shoot

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]

@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_a_lesson_at_phone_width(simcord_env: Env, game: str, tmp_path: Path) -> None:
    """A step, a wrong choice explained and the lesson's end shoot whole at 400 px."""
    channel, ana = setup(simcord_env)
    async with browser() as b:
        message = (await ana.slash(channel, "learn", game=game)).response
        while not unmarked_moves(message):
            message = (await follow(ana, message)).response
        step = await shoot(simcord_env, channel, ana, message,
                           tmp_path / f"learn-{game}-step-400-dark.png", b=b)
        explained = (await choose_unmarked(ana, message)).response
        why = await shoot(simcord_env, channel, ana, explained,
                          tmp_path / f"learn-{game}-wrong-400-dark.png", b=b)
        end, _actions = await follow_marks(ana, explained)
        done = await shoot(simcord_env, channel, ana, end,
                           tmp_path / f"learn-{game}-end-400-light.png", b=b, theme="light")
    assert "Not that one" in why.text and "Lesson complete" in done.text
    assert marked(end)[0]["label"] in done.text
    for shot in (step, why, done):
        assert shot.height > 150


async def test_an_arabic_lesson_step_and_a_puzzle(simcord_env: Env, locales: Any,
                                                 tmp_path: Path) -> None:
    """An Arabic learner's step reads in Arabic; a puzzle shoots whole at 400 px."""
    channel, ana = setup(simcord_env)
    locales.user(ana, "ar")
    async with browser() as b:
        message = (await ana.slash(channel, "learn", game="soureh")).response
        message = (await follow(ana, message)).response
        arabic = await shoot(simcord_env, channel, ana, message,
                             tmp_path / "learn-ar-step-400-dark.png", b=b)
        await store_puzzle(simcord_env)
        res = await ana.slash(channel, "puzzle", game="pariah")
        puzzle = res.followups[-1] if res.followups else res.response
        shot = await shoot(simcord_env, channel, ana, puzzle,
                           tmp_path / "puzzle-pariah-400-dark.png", b=b)
    assert sum("\u0600" <= c <= "\u06ff" for c in arabic.text) > 60
    assert shot.height > 150


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_lesson_one_fits_a_phone_screen_with_the_games_picture(
        simcord_env: Env, game: str, tmp_path: Path) -> None:
    """Lesson 1 followed by its marks: every message (each step, each step of the game's
    panel, the lesson's end) is at most 640 px tall at 400 px; every step carries the seat's
    picture exactly where the game's panel does (Soureh, Pariah; Turup's and Soi's panels
    name the cards)."""
    channel, ana = setup(simcord_env)
    async with browser() as b:
        shown = await follow_lesson(simcord_env, channel, ana, game, 1, b, tmp_path)
    steps = [s for s in shown if not s.name.endswith("-end")]
    assert [s.name for s in shown if s.height > BUDGET] == []  # the end's message too
    pictured = registry.game(game).look.pictures.panel
    assert [s.name for s in steps if s.pictured is not pictured] == []


LATER = [(name, item.number) for name, found in lessons().items() for item in found
         if item.number > 1]


@pytest.mark.parametrize(("game", "number"), LATER, ids=[f"{g}-{n}" for g, n in LATER])
async def test_every_later_lesson_fits_a_phone_screen(simcord_env: Env, game: str, number: int,
                                                     tmp_path: Path) -> None:
    """Every lesson after the first, followed by its marks: each step and the lesson's end at
    most 640 px tall at 400 px (Soureh's lesson 3 ended 688 px tall, Turup's lesson 5 712),
    each step with the seat's picture where the game's panel has one (issue 46: every
    lesson of every game)."""
    channel, ana = setup(simcord_env)
    async with browser() as b:
        shown = await follow_lesson(simcord_env, channel, ana, game, number, b, tmp_path)
    steps = [s for s in shown if not s.name.endswith("-end")]
    assert [s.name for s in shown if s.height > BUDGET] == []  # the end's message too
    pictured = registry.game(game).look.pictures.panel
    assert [s.name for s in steps if s.pictured is not pictured] == []

"""Whole games played through the panels only, counting the clicks each move takes
(issue 16: two taps a turn). The games and the counting are ``tests.helpers.taps``'s, which
``python -m bench`` reports."""

from __future__ import annotations

from statistics import median
from typing import Any

import pytest

from tests.helpers.discord import Audit
from tests.helpers.taps import BY_NAME, FACE_WORDS, Turn, play_game, summary

pytestmark = pytest.mark.slow


async def _played(world: dict[str, Any], game: str) -> list[Turn]:
    """One whole game of ``tests.helpers.taps``'s, audited for leaks after every move; no public
    post but the table (and its pings and announcements, which are follow-ups)."""
    env, channel = world["env"], world["channel"]
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    turns = await play_game(env, BY_NAME[game], channel, world["members"],
                            after_move=lambda table: audit.step([table]))
    assert audit.public_posts == 0
    return turns


@pytest.mark.parametrize("game", ["soureh", "pariah"])
async def test_coop_turns_take_two_taps(world: dict[str, Any], game: str) -> None:
    """A whole Soureh / Pariah game from the panels: Take turn draws at once, so a turn is
    two taps (median), a King swap three, a move that declares or knocks three (the toggle)."""
    turns = await _played(world, game)
    assert len(turns) > 10
    assert median(c for _, c, _ in turns) <= 2
    faces = [c for w, c, _ in turns if w in FACE_WORDS]
    if game == "pariah":
        assert faces and median(faces) <= 3 and max(faces) <= 3
    assert max(c for w, c, _ in turns if w not in FACE_WORDS and "+call" not in w) <= 2
    calls = [c for w, c, _ in turns if "+call" in w]
    assert all(c <= 3 for c in calls), calls  # the declaration or knock: its toggle, then the move
    assert summary(game, turns)[1], "the bench reports these bounds as met"


async def test_turup_moves_take_two_taps(world: dict[str, Any]) -> None:
    """A whole Turup game from the panels: Take turn, then the capture or trail itself."""
    turns = await _played(world, "turup")
    assert len(turns) > 10
    assert median(c for _, c, _ in turns) <= 2
    assert summary("turup", turns)[1]


async def test_soi_asks_take_two_taps_then_one(world: dict[str, Any]) -> None:
    """A whole Soi game from the panels: the first ask of a turn is Take turn and the ask;
    after a hit the panel stays open with the next asks ready (one tap each)."""
    turns = await _played(world, "soi")
    first = [c for _, c, i in turns if i == 0]
    further = [c for _, c, i in turns if i > 0]
    assert first and further
    assert median(first) <= 2 and median(further) == 1
    assert summary("soi", turns)[1]

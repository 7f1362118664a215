"""A turn's private panel fits a phone (issue 37): the first turns of each game played
through the panels under SimCord, every panel step shot in SimCord's preview (Debian's
Chromium) at 400 px wide, each at most 640 px tall. ``python -m bench.panel_heights``
measures every step of whole games (``python -m bench.screenshots`` keeps their pictures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.panel_heights import BUDGET, SPECS, Shooter, measure_game
from tests.helpers.preview import browser, browser_available

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]

# The steps the first turns of each measured game reach: the tallest kinds (Pariah's knock
# step, Soi's six-seat opponent choice, Turup's twelve seats) among them.
REACHED = {"soureh": {"root", "done"}, "pariah": {"root", "call", "done"},
           "turup": {"root", "done"}, "soi": {"root", "soi-player", "done"}}
TURNS = {"soureh": 4, "pariah": 6, "turup": 3, "soi": 3}


@pytest.mark.parametrize("spec", SPECS, ids=[s.game for s in SPECS])
async def test_every_panel_step_fits_a_phone(world: dict[str, Any], tmp_path: Path,
                                             spec: Any) -> None:
    """Each panel step of the first turns is at most 640 px tall at 400 px wide."""
    env = world["env"]
    async with browser() as b:
        heights = await measure_game(env, Shooter(env, b, tmp_path), world["guild"], spec,
                                     TURNS[spec.game])
    print(spec.game, {k: max(v) for k, v in heights.by_step.items()})
    assert REACHED[spec.game] <= set(heights.by_step), heights.by_step
    tallest = {k: max(v) for k, v in heights.by_step.items()}
    assert all(h <= BUDGET for h in tallest.values()), tallest

"""Every payload of a whole game of each kind, played from the panels, stays within
Discord's limits (issue 43, item 12): under the fault layer (tests/helpers/discord_limits.py)
no request is refused — no embed over 6,000 characters, no select over 25 options, no more
than 5 rows, no attachment description over 1,024 characters."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.discord_limits import DiscordLimits
from tests.helpers.taps import GAMES, Game, play_game

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("spec", GAMES, ids=[g.game for g in GAMES])
async def test_a_whole_game_stays_within_discords_limits(world: dict[str, Any],
                                                         spec: Game) -> None:
    """A whole game from the panels under Discord's limits: nothing refused."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        turns = await play_game(env, spec, channel, members)
    assert turns and not limits.refused

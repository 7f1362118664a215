"""A whole game of each game in a group DM of three (issue 45): bob never installed the
app, a computer holds a seat; the table lives in interaction answers only."""

from __future__ import annotations

import pytest

from tests.helpers.anywhere import Anywhere
from tests.helpers.discord import Audit
from tests.helpers.group_games import open_table, pings_sent, play_out


@pytest.mark.slow
@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_a_whole_game_in_a_group_dm(anywhere: Anywhere, game: str) -> None:
    """Played to the end through the panels: no channel request, at most five follow-ups
    an interaction, no hidden card in anything public and at most one live turn ping
    after any move, the players mentioned at their turns."""
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    cat = anywhere.user("cat", installed=True)
    room = anywhere.group_dm(ann, bob, cat)
    joiners = [] if game == "pariah" else [bob, cat]  # Pariah seats two: ann and a computer
    audit = Audit(anywhere.env)
    table, opened = await open_table(anywhere, room, ann, joiners, game)
    audit.step([table])
    await play_out(anywhere, room, table, audit)
    assert table.finished
    assert anywhere.channel_requests() == []
    assert anywhere.most_followups() <= 5
    assert anywhere.refused == []
    assert pings_sent(anywhere) > 0
    shown = anywhere.env.backend.get_message(room.id, opened.response.id)
    assert shown.embeds and "Replay" in str(shown.components)

"""A group DM's table that outlives an hour (issue 45, with issue 43's limits): Discord
lets a message older than an hour take few edits, so before then the table is posted anew
as a follow-up of a press, the old message says where it went, and play goes on there."""

from __future__ import annotations

import pytest

from tests.helpers.anywhere import Anywhere, RoomView
from tests.helpers.group_games import open_table, play_out

MINUTE = 60.0


@pytest.mark.slow
async def test_a_group_dm_table_is_posted_anew_before_its_hour(anywhere: Anywhere) -> None:
    """A move every ten minutes for an hour, then the game to its end: the table moved to
    a follow-up message once, the old one links to it, nothing on a channel route."""
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    cat = anywhere.user("cat", installed=True)
    room = anywhere.group_dm(ann, bob, cat)
    table, opened = await open_table(anywhere, room, ann, [bob, cat], "soi")
    assert opened.response is not None
    first = table.record.message_id
    for _ in range(6):
        await anywhere.env.advance_time(10 * MINUTE)
        await play_out(anywhere, room, table, moves=1)
        assert not table.waiting
    assert table.record.message_id != first
    old = next(m for m in RoomView(anywhere, room).history() if m.id == first)
    assert "moved" in old.content and not old.components
    await play_out(anywhere, room, table)
    assert table.finished
    assert anywhere.channel_requests() == [] and anywhere.refused == []
    assert anywhere.most_followups() <= 5

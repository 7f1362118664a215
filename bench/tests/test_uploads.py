"""bench.uploads: people-only games count every picture uploaded, per name (no timing)."""

from __future__ import annotations

from bench import uploads
from tests.helpers.panel_heights import SPECS


async def test_each_game_counts_its_uploads_by_name() -> None:
    """The first moves of the four games: every action is counted, each Take turn's panel
    and each table edit upload at most one picture per action, and nothing else is sent."""
    played = await uploads.measure(SPECS, 6)
    assert [p.game for p in played] == [s.game for s in SPECS]
    for p in played:
        assert p.actions >= 6
        assert 0 < p.uploads.get("table.png", 0) <= p.actions
        assert 0 < p.uploads.get("seat.png", 0) <= p.actions
        assert set(p.uploads) <= {"table.png", "seat.png", "hand.png", "round.png",
                                  "round.webp"}
        assert p.upload_bytes > 0 and p.cpu > 0


async def test_pictures_off_uploads_nothing() -> None:
    """The same play with the server's images off uploads no file."""
    played = await uploads.measure(SPECS[:1], 4, images=False)
    assert played[0].actions >= 4 and not played[0].uploads

"""bench.uploads: people-only games count every picture uploaded, per name (no timing)."""

from __future__ import annotations

from bench import uploads
from tests.helpers.panel_heights import SPECS

PANEL_PICTURES = {"soureh", "pariah"}  # Turup's and Soi's panels name the cards in words
TARGET = 1.2  # pictures uploaded per human action (issue 42)
PER_GAME = 1.25  # one game's short part: a deal and a round end weigh more


async def test_each_game_counts_its_uploads_by_name() -> None:
    """The first moves of the four games: every action is counted, each Take turn's panel
    and each table edit upload at most one picture per action, and nothing else is sent;
    only the coop games' panels carry a picture."""
    played = await uploads.measure(SPECS, 6)
    assert [p.game for p in played] == [s.game for s in SPECS]
    for p in played:
        assert p.actions >= 6
        assert 0 < p.uploads.get("table.png", 0) <= p.actions
        if p.game in PANEL_PICTURES:
            assert 0 < p.uploads.get("seat.png", 0) <= p.actions
        else:
            assert "seat.png" not in p.uploads
        assert set(p.uploads) <= {"table.png", "seat.png", "hand.png", "round.png",
                                  "round.webp"}
        assert p.upload_bytes > 0 and p.cpu > 0


async def test_pictures_per_human_action_within_the_target() -> None:
    """A part of a game of each (Soureh 4 seats, Pariah 2, Turup 12, Soi 6; 24 actions,
    people only, at human pace): at most 1.2 pictures uploaded per human action over the
    four (1.67 before: the table's and the seat's picture every turn, the round picture
    three times at a game's end, the final cards again by DM); a coop game's deal and
    round end add a picture per seat and one, so a short coop part may reach 1.25."""
    played = await uploads.measure(SPECS, 24)
    for p in played:
        assert p.per_action <= PER_GAME, (p.game, p.uploads, p.actions)
    assert sum(p.pictures for p in played) <= TARGET * sum(p.actions for p in played)


async def test_pictures_off_uploads_nothing() -> None:
    """The same play with the server's images off uploads no file."""
    played = await uploads.measure(SPECS[:1], 4, images=False)
    assert played[0].actions >= 4 and not played[0].uploads


def test_the_bots_own_cpu_leaves_simcords_share_of_the_loop_out() -> None:
    """``--owners``: the process's CPU less the loop thread's CPU times SimCord's and the
    driver's share of its samples (the samples inside the loop's poll left out); nothing
    without samples."""
    played = uploads.Played("soi", 6, cpu=2.0, threads={"loop": 1.0},
                            loop_owners={"simcord": 40, "driver": 10, "bot": 30,
                                         "asyncio": 20, "epoll": 100})
    assert abs((played.bot_cpu() or 0.0) - 1.5) < 1e-9
    assert uploads.Played("soi", 6, cpu=1.0).bot_cpu() is None

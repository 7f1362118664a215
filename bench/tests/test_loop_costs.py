"""bench.loop_costs: the loop's work split by owner, and who runs the alt text (no timing)."""

from __future__ import annotations

import cProfile
import pstats

from bench import loop_costs, uploads
from tests.helpers.panel_heights import SPECS

ALT = tuple(label for label, _module, path in loop_costs.TIMED if path.endswith("_alt"))


async def test_the_alt_text_is_written_in_the_picture_thread() -> None:
    """With pictures on, every picture's alt text is written beside its drawing, in the
    image thread, never on the event loop; with pictures off none is written; the timed
    functions are put back afterwards."""
    from bot.discord import pictures

    original = pictures.table_alt
    on, off = loop_costs.Timed(), loop_costs.Timed()
    with loop_costs.timed(on):
        played = await uploads.measure(SPECS[:2], 4, window=lambda: on)
    with loop_costs.timed(off):
        await uploads.measure(SPECS[:2], 4, images=False, window=lambda: off)
    assert pictures.table_alt is original
    assert sum(p.pictures for p in played) > 0
    assert sum(on.thread_calls.get(label, 0) for label in ALT) >= sum(
        p.pictures for p in played)
    assert not any(on.loop_calls.get(label) for label in ALT), on.loop_calls
    assert not any(off.loop_calls.get(label) or off.thread_calls.get(label) for label in ALT)
    assert on.thread_calls.get("simcord: cdn.store_attachment", 0) == 0
    assert on.loop_calls.get("simcord: cdn.store_attachment", 0) == sum(
        p.pictures for p in played)


async def test_the_loop_profile_is_split_by_owner() -> None:
    """A profiled play's time is all given to the owners (SimCord's and the bot's among
    them) and the named functions the picture path runs are found."""
    profile = cProfile.Profile()
    await uploads.measure(SPECS[:1], 3, window=lambda: profile)
    split = loop_costs.split(pstats.Stats(profile))
    assert abs(sum(split.by_owner.values()) - split.total) < 1e-6 * max(1.0, split.total)
    assert split.by_owner["simcord"] > 0 and split.by_owner["bot"] > 0
    assert split.by_owner["pictures"] > 0
    assert split.marks["ours: digest"] > 0
    assert split.marks["simcord: cdn.store_attachment"] > 0

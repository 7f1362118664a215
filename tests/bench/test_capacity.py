"""bench.capacity's harness: a short load run is consistent with itself (no timing asserted)."""

from __future__ import annotations

import sys
import threading
import time
from types import FrameType

from bench import capacity, sampler
from bench.requests import RateClass


async def test_a_short_load_run_accounts_for_every_click_and_request() -> None:
    """Four tables (one per game) for 12 virtual seconds: people moved through the panels,
    every click got its callback timed once, every request was classified, images were
    uploaded, and the window's CPU shares add up."""
    load = await capacity.run_load(4, 0.2, warmup=4.0)
    assert load.wire is not None
    assert load.virtual >= 12.0
    assert load.human_moves > 0 and load.given_up == 0
    assert load.clicks >= load.human_moves
    assert len(load.wire.latencies) == load.clicks
    tally = load.wire.tally
    assert tally.total == sum(tally.classes.values()) > 0
    assert tally.classes[RateClass.INTERACTION] >= load.clicks
    assert tally.classes[RateClass.OTHER] == 0
    assert tally.upload_bytes > 0  # images are on
    wire = load.wire
    assert sum(wire.by_file.values()) == tally.upload_bytes  # every byte named by its file
    assert set(wire.uploads) == set(wire.by_file) and "table.png" in wire.uploads
    assert load.cpu > 0 and load.tables_per_core > 0
    assert abs(sum(load.shares.values()) - 1.0) < 1e-9
    assert load.top and all(0 < share <= 1 for _, _, share in load.top)
    assert sys.modules["simcord.http.router"].dispatch.__module__ == "simcord.http.router"


async def test_the_floor_run_plays_the_same_with_no_picture() -> None:
    """``--no-images``: the servers' images are off, so people move and the table updates
    but not one file is uploaded."""
    load = await capacity.run_load(4, 0.2, warmup=4.0, images=False)
    assert load.wire is not None and not load.images
    assert load.human_moves > 0 and load.given_up == 0
    assert load.wire.tally.classes[RateClass.INTERACTION] >= load.clicks
    assert load.wire.tally.upload_bytes == 0 and not load.wire.by_file
    assert "images off" in capacity.figures([load], True)[0].measure


def test_the_sampler_names_owners_by_file() -> None:
    """A frame of this bench package is the driver's; a waiting thread is idle."""
    frame = sys._getframe()
    assert sampler.owner(frame) == "bot"  # a test file: outside bench, simcord and stdlib
    assert sampler.place(frame) == \
        "tests/bench/test_capacity.py:test_the_sampler_names_owners_by_file"
    assert sampler.owner(capacity_frame()) == "driver"
    event = threading.Event()
    waiter = threading.Thread(target=event.wait)
    waiter.start()
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # until the thread is inside Event.wait
            frame = sys._current_frames().get(waiter.ident or 0)
            if frame is not None and frame.f_code.co_name == "wait":
                break
            time.sleep(0.001)
        assert frame is not None and sampler.owner(frame) == "idle"
    finally:
        event.set()
        waiter.join()


def capacity_frame() -> FrameType:
    """A live frame whose code belongs to bench.capacity (its lag ticker's generator)."""
    import asyncio

    coro = capacity.lag_ticker([], asyncio.Event())
    frame = coro.cr_frame
    coro.close()
    assert frame is not None
    return frame

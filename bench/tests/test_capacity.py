"""bench.capacity's harness: a short load run is consistent with itself (no timing asserted)."""

from __future__ import annotations

import sys
import threading
import time
from types import FrameType, GeneratorType

import pytest

from bench import capacity, sampler, spy, threads
from bench.requests import RateClass
from bot.games.soi.state import bits


@pytest.mark.slow
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
    # every thread's CPU clock was read: pictures were drawn in the image threads, SQLite
    # worked in its own, and the groups add up to the process's CPU (the sampler's too)
    assert load.pictures > 0 and load.threads["pictures"] > 0 and load.threads["sqlite"] > 0
    assert load.threads["loop"] > 0
    assert sum(load.threads.values()) <= load.cpu + load.sampler_cpu + 0.05
    assert bool(load.spy) != bool(load.spy_why)  # py-spy's split, or why there is none
    rows = {f.measure.split(": ", 1)[1]: f for f in capacity.figures([load], True)}
    assert "pictures" in rows["CPU s per virtual minute by thread"].value


@pytest.mark.slow
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
    """A frame of this bench package is the driver's, one of the bot's code the bot's; a
    waiting thread is idle."""
    frame = sys._getframe()
    assert sampler.owner(frame) == "driver"  # this test file is inside bench/
    assert sampler.place(frame) == \
        "bench/tests/test_capacity.py:test_the_sampler_names_owners_by_file"
    assert sampler.owner(capacity_frame()) == "driver"
    assert sampler.owner(bot_frame()) == "bot"  # outside bench, simcord and stdlib
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


def bot_frame() -> FrameType:
    """A live frame whose code is the bot's (a generator of bot.games.soi.state)."""
    gen = bits(5)
    assert isinstance(gen, GeneratorType)
    frame = gen.gi_frame
    gen.close()
    assert frame is not None
    return frame


def test_py_spy_stacks_are_split_by_owner() -> None:
    """A collapsed stack is charged to its innermost frame outside the standard library;
    the loop's own frames are asyncio's, a poll is counted apart, and the bench's entry
    point does not make the loop the driver's."""
    loop = ("thread (7): MainThread;<module> (bench/capacity.py:10);main (bench/capacity.py:"
            "20);measure (bench/capacity.py:30);run (asyncio/runners.py:190);"
            "BaseEventLoop._run_once (asyncio/base_events.py:1922)")
    raw = "\n".join([
        f"{loop};Handle._run (asyncio/events.py:80);on_component (bot/discord/router.py:9) 5",
        f"{loop};Handle._run (asyncio/events.py:80);Message.__init__ (discord/message.py:2);"
        "deepcopy (copy.py:128) 2",
        f"{loop};Env._settle_internal (simcord/env.py:595);isfuture (asyncio/base_futures.py:14)"
        " 7",
        f"{loop};Driver.step (bench/capacity.py:262) 3",
        f"{loop};EpollSelector.select (selectors.py:451) 11",
        f"{loop};Handle._run (asyncio/events.py:80) 4",
        "thread (8): card-images_0;paste (PIL/Image.py:1845) 9",
    ])
    assert spy.shares(raw, 7) == {"bot": 7, "simcord": 7, "driver": 3, "epoll": 11, "asyncio": 4}
    assert spy.shares(raw, 8) == {"bot": 9}
    assert spy.shares(raw, 9) == {}
    idle = "\n".join([
        "thread (9): bench-sampler;Sampler._run (bench/sampler.py:110) 50",
        "thread (10): card-images_1;Thread.run (threading.py:975);_worker "
        "(concurrent/futures/thread.py:81) 40",
    ])
    where = spy.places(raw + "\n" + idle)  # every thread; polls and idle workers left out
    assert where[("bot", "PIL/Image.py:paste")] == 9
    assert where[("bot", "bot/discord/router.py:on_component")] == 5
    assert where[("simcord", "simcord/env.py:Env._settle_internal")] == 7
    assert where[("asyncio", "asyncio/events.py:Handle._run")] == 4
    assert sum(where.values()) == 5 + 2 + 7 + 3 + 4 + 9


def test_thread_groups_add_up() -> None:
    """Threads are grouped by name, and CPU spent between two readings is charged to the
    group of each thread (a thread born between them from zero)."""
    assert threads.group(threading.main_thread()) == "loop"
    assert threads.group(threading.Thread(name="card-images_3")) == "pictures"
    assert threads.group(threading.Thread(name="Thread-4 (_connection_worker_thread)")) \
        == "sqlite"
    before = {1: ("loop", 2.0), 2: ("pictures", 1.0)}
    after = {1: ("loop", 2.5), 2: ("pictures", 1.25), 3: ("sqlite", 0.5)}
    assert threads.cpu_by_group(before, after) == \
        {"pictures": 0.25, "sqlite": 0.5, "loop": 0.5, "other": 0.0}
    now = threads.cpu_by_thread()
    assert now[threading.get_ident()][0] == "loop" and now[threading.get_ident()][1] > 0

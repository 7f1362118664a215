"""bench.settle's index gives SimCord's answers, the play is the same with it, and
bench.stretches gives each callback of the loop to its owner (no timing asserted)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import pytest
import simcord._settlement as settlement
from simcord import _dpy_internals
from simcord._runtime import _CallbackRecord

from bench import capacity, spy
from bench.settle import IndexedSettle
from bench.stretches import LoopClock, code_owner


def _sleep_record(loop: asyncio.AbstractEventLoop, waiter: asyncio.Future[Any],
                  when: float) -> _CallbackRecord:
    """A record of a virtual ``asyncio.sleep`` timer, wrapped the way SimCord wraps it."""

    def invoke(*args: Any) -> None:
        asyncio.futures._set_result_unless_cancelled(*args)  # type: ignore[attr-defined]

    invoke.__simcord_original_callback__ = asyncio.futures._set_result_unless_cancelled  # type: ignore[attr-defined]
    handle = asyncio.TimerHandle(when, invoke, (waiter, None), loop)
    return _CallbackRecord(handle, when, "sleep")


async def test_the_index_answers_as_simcords_scan_as_the_list_changes() -> None:
    """Appends, removals, a cancelled timer, a new list of the live records and a timer
    due within the deadline: after each, the indexed answer is the scan's."""
    loop = asyncio.get_running_loop()
    waiters = [loop.create_future() for _ in range(4)]
    work = SimpleNamespace(callbacks=[])
    state = SimpleNamespace(work=work, virtual_time=0.0, advancing=True)
    index = IndexedSettle(check=True)

    def agree() -> list[bool]:
        return [index.is_virtual_sleep_waiter(state, w, 5.0) for w in waiters]

    with index:
        assert settlement._is_virtual_sleep_waiter == index.is_virtual_sleep_waiter
        assert _CallbackRecord(None, 1.0, "x") != _CallbackRecord(None, 1.0, "x")
        assert agree() == [False] * 4
        records = [_sleep_record(loop, w, 10.0 + i) for i, w in enumerate(waiters[:3])]
        work.callbacks.extend(records)
        assert agree() == [True, True, True, False]
        work.callbacks.remove(records[0])  # run: its waiter is resolved
        records[0].handle._run()
        work.callbacks.append(_sleep_record(loop, waiters[3], 12.0))  # same length, new last
        assert agree() == [False, True, True, True]
        records[1].handle.cancel()
        assert agree() == [False, False, True, True]
        work.callbacks = [r for r in work.callbacks if not r.handle.cancelled()]
        assert agree() == [False, False, True, True]
        state.virtual_time = 20.0  # now due: the due-callback pass fires it, not parked
        assert agree() == [False] * 4
    assert settlement._is_virtual_sleep_waiter is not index.is_virtual_sleep_waiter
    twin = _CallbackRecord(None, 1.0, "x")
    assert twin == _CallbackRecord(None, 1.0, "x")  # SimCord's own comparison is back
    assert index.builds >= 4


@pytest.mark.slow
async def test_the_play_is_the_same_with_the_index_and_it_agrees_every_time() -> None:
    """A short capacity run asks the index and SimCord's scan on every question (raises on
    a difference); the same run with SimCord's scan alone makes the same moves and sends
    the same requests and bytes."""
    checked = await capacity.run_load(4, 0.2, warmup=4.0, check=True)
    scanned = await capacity.run_load(4, 0.2, warmup=4.0, scan=True)
    assert checked.settle is not None and checked.settle.questions > 0
    assert scanned.settle is None

    def play(load: capacity.Load) -> tuple[Any, ...]:
        assert load.wire is not None
        tally = load.wire.tally
        return (load.human_moves, load.other_moves, load.clicks, load.games, load.given_up,
                dict(tally.classes), tally.upload_bytes, dict(load.wire.uploads))

    assert play(checked) == play(scanned)
    assert checked.human_moves > 0
    for load in (checked, scanned):
        clock = load.clock
        assert clock is not None and clock.callbacks["bot"] > 0
        assert len(clock.bot_stretches) == clock.callbacks["bot"]
        assert clock.busy["simcord"] > 0 and clock.busy["bot"] > 0
        own = clock.without_foreign(load.lag_spans)
        assert len(own) == len(load.lag_spans) and all(x >= 0 for x in own)
        assert all(b - a >= x for (a, b), x in zip(load.lag_spans, own, strict=True))
        rows = {f.measure.split(": ", 1)[1]: f for f in capacity.figures([load], True)}
        assert "the bot's own loop lag p50 / p99 / max; click p50 / p99" in rows


async def test_the_loop_clock_gives_each_callback_to_its_owner() -> None:
    """A step of a task SimCord counts as the bot's is the bot's; a SimCord function, a
    bench function and asyncio's own are theirs; a nested callback is taken out of the
    outer one; the router's time inside a bot callback is SimCord's. The clock is a
    counter the callbacks move."""
    loop = asyncio.get_running_loop()
    tasks: dict[asyncio.Task[Any], Any] = {}
    env = SimpleNamespace(_work=SimpleNamespace(tasks=tasks))
    now = [100.0]

    def spend(seconds: float) -> None:
        now[0] += seconds

    async def bot_work() -> None:
        spend(4.0)
        start = now[0]
        spend(2.0)  # SimCord's router, say
        clock.foreign(start, now[0])

    def bot_callback() -> None:
        spend(3.0)

    def outer() -> None:  # the driver's callback runs a bot callback inside it
        spend(1.0)
        asyncio.Handle(bot_callback, (), loop)._run()
        spend(1.0)

    bot_callback.__simcord_original_callback__ = bot_callback  # type: ignore[attr-defined]
    with LoopClock(env, timer=lambda: now[0]) as clock:
        task = asyncio.ensure_future(bot_work())
        tasks[task] = object()
        await task
        loop.call_soon(outer)
        loop.call_soon(_dpy_internals.real_monotonic)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    assert sorted(clock.bot_stretches) == [3.0, 4.0]  # the router's 2 s and the nest out
    assert clock.busy["bot"] == 7.0 and clock.busy["driver"] == 2.0
    assert clock.busy["simcord"] == 2.0 and clock.callbacks["simcord"] >= 1
    # SimCord's and the driver's segments, in order: router 104-106, driver 106-107 and
    # 110-111 around the bot's 107-110
    assert list(clock.foreign_start) == [104.0, 106.0, 110.0]
    assert clock.foreign_within(105.0, 111.0) == 1.0 + 1.0 + 1.0
    assert clock.without_foreign([(100.0, 111.0)]) == [11.0 - 4.0]
    clock.collections[:] = [(2, 100.5, 101.5), (0, 106.5, 107.5), (1, 108.0, 108.5)]
    # a pause inside a SimCord segment is out already; one in the bot's time comes out too
    assert clock.without_foreign([(100.0, 111.0)], collector=True) == [11.0 - 4.0 - 1.0 - 0.5 - 0.5]
    assert code_owner(outer) == "driver" and code_owner(time.sleep) == "asyncio"
    assert code_owner(settlement._owned_tasks) == "simcord"


def test_py_spy_counts_the_index_as_simcord_and_looks_through_the_clock() -> None:
    loop = ("thread (7): MainThread;<module> (bench/capacity.py:10);run (asyncio/runners.py:"
            "190);BaseEventLoop._run_once (asyncio/base_events.py:1922)")
    raw = "\n".join([
        f"{loop};_run (bench/stretches.py:110);Handle._run (asyncio/events.py:80) 4",
        f"{loop};_run (bench/stretches.py:110);Handle._run (asyncio/events.py:80);"
        "on_component (bot/discord/router.py:9) 5",
        f"{loop};Env._settle_internal (simcord/env.py:595);_park_reason (simcord/_settlement"
        ".py:182);IndexedSettle._indexed (bench/settle.py:95) 6",
    ])
    assert spy.shares(raw, 7) == {"asyncio": 4, "bot": 5, "simcord": 6}

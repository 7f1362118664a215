"""One lock per table: 50 simultaneous clicks apply once, a timeout racing a click applies
once, quick clicks through SimCord, and a slow computer move on one table never holds up
another table."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from typing import Any

import pytest

from bot.games.protocol import Action
from bot.games.turup.moves import Capture
from bot.tables.model import StaleAction, Table
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo
from tests.helpers.discord import component_rows, flush, message_of, panel_of, table_in
from tests.helpers.games import every_game


def _service(db: Database) -> TableService:
    return TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                             seed_source=lambda: 11)


async def _turup(svc: TableService, channel: int, timer: int | None = None) -> Table:
    table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=timer)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    return table


def _user(table: Table) -> int:
    seat = table.to_act()
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    return user


async def test_fifty_simultaneous_clicks_apply_once(db: Database) -> None:
    """50 concurrent clicks on the same button (same version): one action, 49 stale."""
    svc = _service(db)
    table = await _turup(svc, 5)
    version, user = table.version, _user(table)
    text = str(table.engine.legal_actions(table.state)[0])
    outcomes = await asyncio.gather(
        *(svc.act(table.id, user, text, version=version) for _ in range(50)),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    stale = [o for o in outcomes if isinstance(o, StaleAction)]
    assert len(applied) == 1 and len(stale) == 49
    assert table.version == version + 1 and table.log == [text]
    assert [a.text for a in await svc.repo.actions(table.id)] == [text]
    await svc.aclose()


async def test_timeout_racing_a_click_applies_once(db: Database) -> None:
    """The turn timer firing while the player clicks: exactly one of the two moves counts."""
    svc = _service(db)
    table = await _turup(svc, 5, timer=60)
    version, user = table.version, _user(table)
    text = str(table.engine.legal_actions(table.state)[0])
    outcomes = await asyncio.gather(
        svc.timers.timeout(table, version),
        *(svc.act(table.id, user, text, version=version) for _ in range(10)),
        return_exceptions=True,
    )
    assert outcomes[0] is None
    assert all(o is None or isinstance(o, StaleAction) or not isinstance(o, BaseException)
               for o in outcomes)
    assert table.version == version + 1 and len(table.log) == 1
    assert len(await svc.repo.actions(table.id)) == 1
    await svc.aclose()


async def test_slow_computer_on_one_table_never_blocks_another(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a computer player thinks (blocked) at table A, a move at table B goes through."""
    svc = _service(db)
    slow, fast = await _turup(svc, 5), await _turup(svc, 6)
    thinking, release = threading.Event(), threading.Event()
    real_choose = svc.computers.choose

    def blocked_choose(engine: Any, state: Any, seat: int, level: str, rng: Any) -> Action:
        thinking.set()
        release.wait(10)
        return real_choose(engine, state, seat, level, rng)

    monkeypatch.setattr(svc.computers, "choose", blocked_choose)
    seat = slow.to_act()
    assert seat is not None
    version = slow.version
    user = slow.seats[seat].user_id
    assert user is not None
    await svc.resign(slow.id, user)  # a computer player takes the seat to act
    while not thinking.is_set():
        await asyncio.sleep(0.01)
    try:
        text = str(fast.engine.legal_actions(fast.state)[0])
        done = await asyncio.wait_for(svc.act(fast.id, _user(fast), text), timeout=10)
        assert done.version == fast.version and fast.log == [text]
        assert slow.version == version + 1, "table A still waits for its computer"
    finally:
        release.set()
    while slow.version == version + 1:
        await asyncio.sleep(0.01)
    assert len(slow.log) == 1
    await svc.aclose()


@pytest.mark.slow
async def test_quick_double_clicks_through_discord(world: dict[str, Any]) -> None:
    """The same move clicked again from panels opened at the same version (SimCord runs one
    click at a time): one move, every later click is answered out of date."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    member = next(m for m in (ann, bob) if m.id == _user(table))
    version = table.version
    code = next(str(Capture.of(a).played) for a in table.engine.legal_actions(table.state)
                if a.word == "trail")
    panels = []
    for _ in range(4):
        panel = panel_of(await member.click(message_of(env, table, channel), label="Take turn"))
        panels.append(panel)
    answers = []
    for panel in panels:  # every move is a choice of the panel's first select
        rows = component_rows(panel)
        first = rows[0]["components"][0]
        assert f"trail {code}" in [o["value"] for o in first["options"]]
        answers.append(await member.select(panel, [f"trail {code}"],
                                           custom_id=first["custom_id"]))
    assert all(a.acknowledged for a in answers)
    assert table.version == version + 1 and len(table.log) == 1
    assert all("out of date" in (a.response.content or "") for a in answers[1:])
    await flush(env)


async def test_only_a_persons_move_resets_the_seats_timeouts(db: Database) -> None:
    """A move played for a seat by a computer (or a timeout) keeps its timeout count; the
    person's own move resets it, in memory and on disk."""
    svc = _service(db)
    table = await _turup(svc, channel=9)
    seat = table.to_act()
    assert seat is not None
    table.seats[seat] = dataclasses.replace(table.seats[seat], timeouts=2)
    async with table.lock:
        action = table.engine.legal_actions(table.state)[0]
        await svc.apply_move(table, seat, action)
    assert table.seats[seat].timeouts == 2
    while table.to_act() != seat:
        other = table.to_act()
        assert other is not None
        async with table.lock:
            await svc.apply_move(table, other, table.engine.legal_actions(table.state)[0])
    user = table.seats[seat].user_id
    assert user is not None
    await svc.act(table.id, user, str(table.engine.legal_actions(table.state)[0]))
    assert table.seats[seat].timeouts == 0
    stored = {s.seat: s for s in await TableRepo(db).seats(table.id)}
    assert stored[seat].timeouts == 0

"""Computer players: ``ComputerSeats.play`` is the one way a move is played for a seat
without its person — a computer seat's move and a timed-out turn's move both come from
the service's chooser and are stored as a computer's, and a move thought for a table that
moved on meanwhile is never played."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import threading
from typing import Any

from bot.games.ai import choose as ai_choose
from bot.games.protocol import Action
from bot.tables.model import Table
from bot.tables.service import TableService
from bot.tables.timers import TIMEOUT_LEVEL
from storage.database import Database
from storage.tables import TableRepo
from tests.helpers.games import every_game


class Recording:
    """The real computer player, noting each (seat, level) it was asked for; it waits for
    ``release`` when ``hold`` is set."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.hold = False

    def __call__(self, engine: Any, state: Any, seat: int, level: str,
                 rng: random.Random) -> Action:
        self.asked.append((seat, level))
        if self.hold:
            self.thinking.set()
            self.release.wait(10)
        return ai_choose(engine, state, seat, level, rng)


def _service(db: Database, chooser: Recording) -> TableService:
    return TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                        seed_source=lambda: 11, choose=chooser)


async def _turup(svc: TableService, timer: int | None = None) -> Table:
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=timer)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    return table


def _to_act(table: Table) -> int:
    seat = table.to_act()
    assert seat is not None
    return seat


async def test_a_timed_out_turn_is_the_computer_players_move(db: Database) -> None:
    """The turn timer plays the seat's move through the service's computer player, at the
    timeout's level, stored as a computer's move with the seat's timeout counted in it."""
    chooser = Recording()
    svc = _service(db, chooser)
    table = await _turup(svc, timer=60)
    seat = _to_act(table)
    await svc.timers.timeout(table, table.version)
    assert chooser.asked[0] == (seat, TIMEOUT_LEVEL)
    actions = await svc.repo.actions(table.id)
    assert actions and all(a.by_computer and a.seat == seat for a in actions)
    assert table.log == [a.text for a in actions]
    stored = await svc.repo.seats(table.id)
    assert stored[seat].timeouts == 1 == table.seats[seat].timeouts
    await svc.aclose()


async def test_play_stores_the_seat_update_with_the_move(db: Database) -> None:
    """``play`` applies the chosen move and the seat's update in one step."""
    svc = _service(db, Recording())
    table = await _turup(svc)
    seat, version = _to_act(table), table.version
    update = dataclasses.replace(table.seats[seat], timeouts=2)
    played = await svc.computers.play(table, seat, "easy", table.state, version,
                                      seat_update=update)
    assert played is not None and played.result.version == version + 1 == table.version
    assert table.log == [str(played.result.action)]
    assert (await svc.repo.seats(table.id))[seat].timeouts == 2
    [action] = await svc.repo.actions(table.id)
    assert action.by_computer and action.seat == seat
    await svc.aclose()


async def test_a_move_thought_while_the_person_moved_is_not_played(db: Database) -> None:
    """The person plays while the computer thinks of their move: the computer's move is
    dropped (``None``), and only the person's move is stored."""
    chooser = Recording()
    svc = _service(db, chooser)
    table = await _turup(svc)
    seat, version = _to_act(table), table.version
    user = table.seats[seat].user_id
    assert user is not None
    chooser.hold = True
    thought = asyncio.ensure_future(svc.computers.play(table, seat, "easy", table.state,
                                                       version))
    while not chooser.thinking.is_set():
        await asyncio.sleep(0.01)
    text = str(table.engine.legal_actions(table.state)[0])
    try:
        await svc.act(table.id, user, text)
    finally:
        chooser.release.set()
    assert await thought is None
    assert table.log == [text] and table.version == version + 1
    [action] = await svc.repo.actions(table.id)
    assert not action.by_computer and action.text == text
    await svc.aclose()

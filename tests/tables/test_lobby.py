"""The lobby (``bot.tables.lobby``), the table service's part for everything before the
deal, on a real SQLite file: who may join, leave, add and remove computers and start, what
is stored, the options read into a variant, and a rematch's seat order."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.games.protocol import InvalidVariant
from bot.games.registry import ENGINES
from bot.games.turup import Variant as TurupVariant
from bot.tables.lobby import build_variant, in_order, variant_dict
from bot.tables.model import StaleAction, Table, TableError
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import SeatRecord, TableRepo, TableStatus
from tests.helpers.games import every_game

HOST = 100


@pytest.fixture
async def svc(db: Database) -> AsyncIterator[TableService]:
    service = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                           seed_source=lambda: 7)
    yield service
    await service.aclose()


async def soi_lobby(svc: TableService, channel: int = 5) -> Table:
    return await svc.open(guild_id=1, channel_id=channel, host_id=HOST, host_name="Ann",
                          game="soi", options={}, timer_seconds=None)


def names(table: Table) -> list[tuple[int, str]]:
    return [(s.seat, s.name) for s in table.seats]


async def stored_seats(db: Database, table_id: int) -> list[tuple[int, str]]:
    stored = await TableRepo(db).load(table_id)
    assert stored is not None
    return [(s.seat, s.name) for s in stored.seats]


async def test_open_seats_the_host_and_stores_the_lobby(svc: TableService, db: Database) -> None:
    table = await soi_lobby(svc)
    assert names(table) == [(0, "Ann")] and table.status is TableStatus.LOBBY
    assert table.record.seed == 7
    assert await stored_seats(db, table.id) == [(0, "Ann")]
    await svc.set_message(table.id, 555)
    stored = await TableRepo(db).get(table.id)
    assert stored is not None and stored.message_id == 555 == table.record.message_id


async def test_join_stores_each_seat_and_a_new_version(svc: TableService, db: Database) -> None:
    table = await soi_lobby(svc)
    version = table.version
    await svc.join(table.id, version, 200, "Bob")
    assert table.version == version + 1
    with pytest.raises(StaleAction):  # the lobby as it was before Bob sat
        await svc.join(table.id, version, 300, "Cat")
    with pytest.raises(TableError, match="already seated"):
        await svc.join(table.id, None, 200, "Bob")
    await svc.join(table.id, None, 300, "Cat")
    assert await stored_seats(db, table.id) == [(0, "Ann"), (1, "Bob"), (2, "Cat")]


async def test_a_full_table_takes_nobody_else(svc: TableService) -> None:
    table = await soi_lobby(svc)
    for user in range(1, 6):  # Soi seats six
        await svc.join(table.id, None, user, f"P{user}")
    with pytest.raises(TableError, match="full"):
        await svc.join(table.id, None, 99, "Late")
    with pytest.raises(TableError, match="full"):
        await svc.add_computer(table.id, None, HOST, "easy")
    assert len(table.seats) == 6


async def test_leaving_renumbers_and_the_host_cannot_leave(svc: TableService,
                                                           db: Database) -> None:
    table = await soi_lobby(svc)
    await svc.join(table.id, None, 200, "Bob")
    await svc.join(table.id, None, 300, "Cat")
    await svc.leave(table.id, None, 200)
    assert names(table) == [(0, "Ann"), (1, "Cat")]
    assert await stored_seats(db, table.id) == [(0, "Ann"), (1, "Cat")]
    with pytest.raises(TableError, match="not seated"):
        await svc.leave(table.id, None, 200)
    with pytest.raises(TableError, match="host"):
        await svc.leave(table.id, None, HOST)


async def test_computers_are_named_in_turn_and_the_last_removed(svc: TableService) -> None:
    table = await soi_lobby(svc)
    await svc.add_computer(table.id, None, HOST, "easy")
    await svc.add_computer(table.id, None, HOST, "easy")
    await svc.add_computer(table.id, None, HOST, "hard")
    assert names(table) == [(0, "Ann"), (1, "Ada (easy)"), (2, "Babbage (easy)"),
                            (3, "Ada (hard)")]
    assert [s.computer_level for s in table.seats] == [None, "easy", "easy", "hard"]
    assert all(s.user_id is None for s in table.seats[1:])
    await svc.remove_computer(table.id, None, HOST)
    await svc.remove_computer(table.id, None, HOST)
    assert names(table) == [(0, "Ann"), (1, "Ada (easy)")]
    await svc.add_computer(table.id, None, HOST, "easy")  # the freed name is used again
    assert names(table)[-1] == (2, "Babbage (easy)")


async def test_only_the_host_manages_computers_and_levels_are_checked(
        svc: TableService) -> None:
    table = await soi_lobby(svc)
    await svc.join(table.id, None, 200, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await svc.add_computer(table.id, None, 200, "easy")
    with pytest.raises(TableError, match="level"):
        await svc.add_computer(table.id, None, HOST, "genius")
    with pytest.raises(TableError, match="no computer"):
        await svc.remove_computer(table.id, None, HOST)
    await svc.add_computer(table.id, None, HOST, "normal")
    with pytest.raises(TableError, match="Only the host"):
        await svc.remove_computer(table.id, None, 200)


async def test_start_needs_the_host_and_enough_players(svc: TableService,
                                                       db: Database) -> None:
    table = await soi_lobby(svc)
    await svc.join(table.id, None, 200, "Bob")
    with pytest.raises(TableError, match="at least 3"):
        await svc.start(table.id, None, HOST)
    await svc.add_computer(table.id, None, HOST, "easy")
    with pytest.raises(TableError, match="Only the host"):
        await svc.start(table.id, None, 200)
    version = table.version
    await svc.start(table.id, version, HOST)
    assert table.status is TableStatus.RUNNING and table.state is not None
    assert table.version == version + 1
    assert table.pending_dms == {0, 1}  # the people get their hands, the computer not
    stored = await TableRepo(db).get(table.id)
    assert stored is not None and stored.status is TableStatus.RUNNING
    with pytest.raises(StaleAction, match="already started"):
        await svc.join(table.id, None, 300, "Cat")
    with pytest.raises(StaleAction):
        await svc.start(table.id, None, HOST)


async def test_options_become_the_games_variant(svc: TableService) -> None:
    variant = build_variant(ENGINES["turup"], {"rounds": 5})
    assert variant == TurupVariant(rounds=5)
    assert variant_dict(variant)["rounds"] == 5
    assert build_variant(ENGINES["turup"], variant_dict(variant)) == variant
    with pytest.raises(InvalidVariant):
        build_variant(ENGINES["turup"], {"rounds": 0})
    with pytest.raises(InvalidVariant, match="do not fit"):
        build_variant(ENGINES["turup"], {"no_such_option": 1})
    with pytest.raises(InvalidVariant):
        await svc.open(guild_id=1, channel_id=9, host_id=HOST, host_name="Ann",
                       game="turup", options={"rounds": 99}, timer_seconds=None)
    assert svc.in_channel(9) is None


def seat(user: int | None, name: str) -> SeatRecord:
    return SeatRecord(0, user, name, computer_level=None if user else "easy")


def test_a_rematch_keeps_the_old_order_and_new_players_sit_after() -> None:
    old_order = (2, None, 1, None)  # Bob, a computer, Ann, another computer
    came = [seat(1, "Ann"), seat(9, "New"), seat(None, "C1"), seat(2, "Bob"),
            seat(None, "C2")]
    ordered = in_order(came, old_order)
    assert [s.name for s in ordered] == ["Bob", "C1", "Ann", "C2", "New"]
    assert [s.seat for s in ordered] == [0, 1, 2, 3, 4]


def test_a_rematch_with_fewer_seats_keeps_the_relative_order() -> None:
    ordered = in_order([seat(1, "Ann"), seat(None, "C1"), seat(3, "Cat")], (3, 2, 1, None))
    assert [s.name for s in ordered] == ["Cat", "Ann", "C1"]

"""Reading a table click's id and arguments before its handler runs
(``bot.discord.clicks.click``), on tables of the real table service: ids and versions storage
can hold, page numbers, a game's step arguments (Soi's seat and rank) and a game's choices
(Turup's picked pile cards); what does not read is a ``BadArgument``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.discord.clicks.click import (
    LARGEST_ID,
    LARGEST_PAGE,
    BadArgument,
    check_id,
    check_step,
    game_move,
    page_of,
)
from bot.games.soi.look.kinds import SoiKind
from bot.games.turup.look.kinds import TurupKind
from bot.games.turup.views import turup_view
from bot.render.components import ComponentId, Kind
from bot.tables.model import Table
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo
from tests.helpers.games import every_game


@pytest.fixture
async def svc(db: Database) -> AsyncIterator[TableService]:
    service = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                           seed_source=lambda: 5)
    yield service
    await service.aclose()


async def table_of(svc: TableService, game: str, players: int, *, start: bool = True) -> Table:
    table = await svc.open(guild_id=1, channel_id=len(game), host_id=1,
                           host_name="Ann", game=game, options={}, timer_seconds=None)
    for user in range(2, players + 1):
        await svc.join(table.id, None, user, f"P{user}")
    if start:
        await svc.start(table.id, None, 1)
    return table


@pytest.mark.parametrize("arg", ["", "0", "3", str(LARGEST_PAGE)])
def test_page_numbers(arg: str) -> None:
    assert page_of(arg) == (int(arg) if arg else 0)


@pytest.mark.parametrize("arg", ["-1", "x", "1.5", "٣", " 2", str(LARGEST_PAGE + 1)])
def test_what_is_not_a_page_number(arg: str) -> None:
    with pytest.raises(BadArgument):
        page_of(arg)


def test_ids_storage_can_hold() -> None:
    check_id(ComponentId(LARGEST_ID, LARGEST_ID, Kind.JOIN.value))
    check_id(ComponentId(1, 2, Kind.REPLAY.value, "4"))
    check_id(ComponentId(1, 2, Kind.JOIN.value, "not a page: never read"))
    for bad in (ComponentId(LARGEST_ID + 1, 1, Kind.JOIN.value),
                ComponentId(1, LARGEST_ID + 1, Kind.JOIN.value),
                ComponentId(1, 1, Kind.REPLAY.value, "x"),
                ComponentId(1, 1, Kind.REVIEW.value, "-2")):
        with pytest.raises(BadArgument):
            check_id(bad)


async def test_soi_steps_read_a_seat_and_a_rank(svc: TableService) -> None:
    table = await table_of(svc, "soi", 3)
    check_step(table.seen(), SoiKind.PLAYER, "2")
    check_step(table.seen(), SoiKind.RANK, "1.Q")
    check_step(table.seen(), Kind.ROOT, "anything: a step without a reading")
    for kind, arg in ((SoiKind.PLAYER, "3"), (SoiKind.PLAYER, "x"), (SoiKind.PLAYER, "-1"),
                      (SoiKind.RANK, "2"), (SoiKind.RANK, "2."), (SoiKind.RANK, "9.Q")):
        with pytest.raises(BadArgument):
            check_step(table.seen(), kind, arg)


async def test_turup_picked_pile_cards_become_a_capture(svc: TableService) -> None:
    table = await table_of(svc, "turup", 2)
    pile = turup_view(table.public_view())["pile"]
    assert len(pile) >= 2
    move = game_move(table.seen(), TurupKind.TAKE, "7H", ["1", "0"])
    assert move == f"capture 7H {pile[0]} {pile[1]}"
    for values in (["x"], ["1.5"]):
        with pytest.raises(BadArgument):
            game_move(table.seen(), TurupKind.TAKE, "7H", values)
    with pytest.raises(BadArgument):  # a listed capture with no index, or none that reads
        game_move(table.seen(), TurupKind.CAPTURE, "7H", [])
    with pytest.raises(BadArgument):
        game_move(table.seen(), TurupKind.CAPTURE, "7H", ["99"])


async def test_a_lobby_has_no_move_to_choose(svc: TableService) -> None:
    lobby = await table_of(svc, "turup", 2, start=False)
    with pytest.raises(BadArgument):
        game_move(lobby.seen(), TurupKind.CAPTURE, "7H", ["0"])

"""TableService without Discord: persistence before answers, replay on restore, broken logs,
coalesced renders, computer seats, resignation and finish listeners."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.games.protocol import InvalidVariant, NotYourTurn
from bot.results import GameResult
from bot.tables.model import StaleAction, Table, TableError, TableExists
from bot.tables.service import TableService
from storage.connect import open_database
from storage.database import Database
from storage.tables import TableRepo, TableStatus
from tests.helpers.games import every_game


class Recorder:
    """A notifier that remembers what it was asked to show."""

    def __init__(self) -> None:
        self.renders: list[int] = []
        self.dms: list[tuple[int, int]] = []
        self.announcements: list[str] = []
        self.refuse: set[int] = set()

    async def render(self, table: Table) -> None:
        self.renders.append(table.version)

    async def send_hand(self, table: Table, seat: int) -> bool:
        self.dms.append((table.id, seat))
        return seat not in self.refuse

    async def announce(self, table: Table, text: str) -> None:
        self.announcements.append(text)


async def _service(db: Database, **kwargs: object) -> tuple[TableService, Recorder]:
    notifier = Recorder()
    options = {"ai_delay": 0.0, "render_interval": 0.0, "seed_source": lambda: 11, **kwargs}
    return TableService(TableRepo(db), games=every_game(), notifier=notifier, **options), notifier  # type: ignore[arg-type]


async def _turup(svc: TableService, channel: int = 5) -> Table:
    table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    return table


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def _first(table: Table) -> str:
    return str(table.engine.legal_actions(table.state)[0])


async def test_action_is_stored_before_act_returns(db: Database) -> None:
    """When act() returns, the action and the new version are in the database."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    user = table.seats[table.to_act()].user_id
    notation = _first(table)
    result = await svc.act(table.id, user, notation, version=table.version)
    stored = await TableRepo(db).load(table.id)
    assert stored is not None
    assert [a.text for a in stored.actions] == [notation]
    assert stored.table.version == result.version == table.version


async def test_stale_version_and_wrong_seat_change_nothing(db: Database) -> None:
    """An old version, the wrong seat and a stranger are refused; the log stays empty."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    seat = table.to_act()
    user, other = table.seats[seat].user_id, table.seats[1 - seat].user_id
    with pytest.raises(StaleAction):
        await svc.act(table.id, user, _first(table), version=table.version - 1)
    with pytest.raises(NotYourTurn):
        await svc.act(table.id, other, _first(table))
    with pytest.raises(TableError):
        await svc.act(table.id, 999, _first(table))
    assert await TableRepo(db).actions(table.id) == []


async def test_the_events_an_action_returns_call_its_player_you(db: Database) -> None:
    """What act() returns is shown to the seat that acted (the panel's "›" note, /move's
    answer): "You drew 3♥.", never the player's own name (issue 46: "Ana drew 3♥" in Ana's
    own panel)."""
    svc, _ = await _service(db)
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="soureh", options={}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    seat = table.to_act()
    assert seat is not None
    name = table.shown_names[seat]
    result = await svc.act(table.id, table.seats[seat].user_id, "draw", version=table.version)
    assert any(line.startswith("You drew ") for line in result.events), result.events
    assert not any(name in line for line in result.events), result.events


async def test_double_click_applies_once(db: Database) -> None:
    """Two clicks of the same button at once: one applies, the other is out of date."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    user = table.seats[table.to_act()].user_id
    notation, version = _first(table), table.version
    results = await asyncio.gather(
        svc.act(table.id, user, notation, version=version),
        svc.act(table.id, user, notation, version=version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert len(await TableRepo(db).actions(table.id)) == 1


async def test_restore_replays_the_log(tmp_path: Path) -> None:
    """A new service on the same file rebuilds the same state from seed and log."""
    path = tmp_path / "t.db"
    db = await open_database(path)
    svc, _ = await _service(db)
    table = await _turup(svc)
    for _ in range(5):
        user = table.seats[table.to_act()].user_id
        await svc.act(table.id, user, _first(table))
    view, version = table.public_view(), table.version
    await svc.aclose()
    await db.close()

    db2 = await open_database(path)
    try:
        svc2, _ = await _service(db2)
        assert await svc2.restore() == [table.id]
        again = svc2.get(table.id)
        assert again is not None and again.public_view() == view and again.version == version
        assert list(again.recent) == list(table.recent)
        assert svc2.in_channel(5) is again
        await svc2.aclose()
    finally:
        await db2.close()


async def test_broken_log_marks_table_broken(db: Database) -> None:
    """A log that no longer replays closes that table as broken, with an apology."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    other = await _turup(svc, channel=6)
    await db.conn.execute(
        "INSERT INTO table_actions (table_id, seq, seat, text) VALUES (?, 0, 0, 'jump 3')",
        (table.id,),
    )
    svc2, notes = await _service(db)
    assert await svc2.restore() == [other.id]
    await _settle()
    stored = await TableRepo(db).get(table.id)
    assert stored is not None and stored.status is TableStatus.BROKEN
    assert notes.announcements and "Sorry" in notes.announcements[0]


async def test_one_open_table_per_channel(db: Database) -> None:
    """A second table in the channel is refused with the first one's id."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    with pytest.raises(TableExists) as info:
        await svc.open(guild_id=1, channel_id=5, host_id=300, host_name="Cat", game="soi",
                       options={}, timer_seconds=None)
    assert info.value.table_id == table.id


async def test_invalid_variant_is_refused(db: Database) -> None:
    """Options out of range raise InvalidVariant with the engine's message."""
    svc, _ = await _service(db)
    with pytest.raises(InvalidVariant, match="threshold"):
        await svc.open(guild_id=1, channel_id=5, host_id=1, host_name="A", game="soureh",
                       options={"threshold": 5}, timer_seconds=None)


async def test_renders_are_coalesced(db: Database) -> None:
    """Many changes within the interval give one immediate render and one trailing one."""
    svc, notes = await _service(db, render_interval=0.2)
    table = await _turup(svc)
    await _settle()
    first = len(notes.renders)
    for _ in range(6):
        user = table.seats[table.to_act()].user_id
        await svc.act(table.id, user, _first(table))
        await asyncio.sleep(0)
    await asyncio.sleep(0.5)
    assert len(notes.renders) - first <= 2
    assert notes.renders[-1] == table.version, "the newest state is rendered last"
    await svc.aclose()


async def test_computer_seat_moves_and_game_finishes(db: Database) -> None:
    """A computer seat plays its turns by itself; the listener gets the finished result."""
    svc, _ = await _service(db)
    results: list[GameResult] = []

    async def listen(result: GameResult) -> None:
        results.append(result)

    svc.add_finish_listener(listen)
    table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                           game="turup", options={"rounds": 1}, timer_seconds=None)
    await svc.add_computer(table.id, table.version, 100, "easy")
    await svc.start(table.id, table.version, 100)
    while table.running:
        await _settle()
        if table.running and table.to_act() == table.seat_of(100):
            await svc.act(table.id, 100, _first(table))
    await _settle()
    assert table.status is TableStatus.FINISHED
    assert len(results) == 1 and results[0].reason == "finished"
    assert results[0].seats[1].user_id is None
    assert sum(results[0].rounds[0]) == sum(results[0].seats[i].total for i in range(2))


async def test_resign_hands_seat_to_computer_and_places_last(db: Database) -> None:
    """A resigning player's seat is played by a computer; when no human is left the table
    closes and the result places the resigned seats last."""
    svc, _ = await _service(db)
    results: list[GameResult] = []

    async def listen(result: GameResult) -> None:
        results.append(result)

    svc.add_finish_listener(listen)
    table = await _turup(svc)
    await svc.resign(table.id, 200)
    seat = table.seat_of(200)
    assert table.seats[seat].resigned and table.seats[seat].computer_level == "easy"
    await _settle()
    assert table.running and table.to_act() != seat
    await svc.resign(table.id, 100)
    assert table.status is TableStatus.CANCELLED
    assert results and all(s.resigned for s in results[-1].seats)


async def test_cancel_needs_host_or_moderator(db: Database) -> None:
    """Only the host or a moderator cancels; a running table's result is handed over."""
    svc, _ = await _service(db)
    results: list[GameResult] = []

    async def listen(result: GameResult) -> None:
        results.append(result)

    svc.add_finish_listener(listen)
    table = await _turup(svc)
    with pytest.raises(TableError):
        await svc.cancel(table.id, 200)
    await svc.cancel(table.id, 999, moderator=True)
    assert table.status is TableStatus.CANCELLED and svc.in_channel(5) is None
    assert [r.reason for r in results] == ["cancelled"]


async def test_refused_dm_is_announced_once(db: Database) -> None:
    """A refused DM is announced once per seat, never repeated on later refusals."""
    notifier_refuse = {0, 1}
    svc, notes = await _service(db)
    notes.refuse = notifier_refuse
    table = await _turup(svc)
    await _settle()
    for _ in range(12):
        user = table.seats[table.to_act()].user_id
        await svc.act(table.id, user, _first(table))
        await _settle()
    assert len(notes.announcements) == 2
    assert len(notes.dms) > 2


async def test_table_repr_shows_no_cards(db: Database) -> None:
    """A table's repr (as it would appear in a log or traceback) names no card."""
    svc, _ = await _service(db)
    table = await _turup(svc)
    text = repr(table)
    assert text == f"<Table #{table.id} turup running v{table.version}>"
    for seat in range(2):
        assert not any(code in text for code in table.hidden_cards(seat))


async def test_restore_keeps_round_points(tmp_path: Path) -> None:
    """Round points recorded live equal those rebuilt from the log after a restart."""
    db = await open_database(tmp_path / "r.db")
    try:
        svc, _ = await _service(db)
        table = await svc.open(guild_id=1, channel_id=5, host_id=100, host_name="Ann",
                               game="turup", options={"rounds": 2}, timer_seconds=None)
        await svc.join(table.id, table.version, 200, "Bob")
        await svc.start(table.id, table.version, 100)
        while table.public_view()["round"] == 1:
            await svc.act(table.id, table.seats[table.to_act()].user_id, _first(table))
        assert len(table.rounds) == 1
        await svc.aclose()
        svc2, _ = await _service(db)
        await svc2.restore()
        again = svc2.get(table.id)
        assert again is not None and again.rounds == table.rounds
        assert again.round_start_totals == table.round_start_totals
        await svc2.aclose()
    finally:
        await db.close()

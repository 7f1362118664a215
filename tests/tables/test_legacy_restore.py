"""Tables stored under the old notation (issue 23) are restored: the log is translated,
written back and replayed; a log that cannot be translated closes its table with an
apology in its channel."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.tables.model import Table
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo, TableStatus
from tests.helpers.databases import BACKENDS, Backend
from tests.helpers.games import every_game
from tests.tables.test_service import Recorder


def _service(db: Database) -> tuple[TableService, Recorder]:
    notes = Recorder()
    svc = TableService(TableRepo(db), games=every_game(), notifier=notes,
                       ai_delay=3600.0, render_interval=0.0,
                       seed_source=lambda: 7)
    return svc, notes


async def _played(svc: TableService, game: str, channel: int, moves: int) -> Table:
    table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                           game=game, options={}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    for _ in range(moves):
        seat = table.to_act()
        assert seat is not None
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        calls = [a for a in legal if a.endswith((" declare", " knock"))]
        await svc.act(table.id, table.seats[seat].user_id or 0, (calls or legal)[0])
    return table


def _old_notation(log: list[str], word: str) -> list[str]:
    """The log as the old rules wrote it: the call as its own action after the placement,
    an ``end`` after a placement that did not call."""
    old: list[str] = []
    for text in log:
        if text.endswith(f" {word}"):
            old += [text[: -len(word) - 1], word]
        else:
            old.append(text)
            if text.split()[0] in ("keep", "give", "discard"):
                old.append("end")
    return old


async def _store_log(db: Database, table_id: int, texts: list[str]) -> None:
    await db.execute("DELETE FROM table_snapshots WHERE table_id = ?", (table_id,))
    await db.execute("DELETE FROM table_actions WHERE table_id = ?", (table_id,))
    for seq, text in enumerate(texts):
        await db.execute("INSERT INTO table_actions (table_id, seq, seat, text) "
                         "VALUES (?, ?, 0, ?)", (table_id, seq, text))


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """This test's database on one backend."""
    made = Backend(request.param, tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


async def test_a_table_stored_under_the_old_notation_is_restored(backend: Backend) -> None:
    """Soureh and Pariah tables whose logs hold `end`, `declare`/`knock` as actions of
    their own restore to the same game; the translated log is stored; a log that cannot
    be translated closes its table with an apology."""
    db = await backend.open()
    svc, _ = _service(db)
    soureh = await _played(svc, "soureh", 5, 12)
    pariah = await _played(svc, "pariah", 6, 12)
    broken = await _played(svc, "soureh", 7, 4)
    views = {t.id: (t.public_view(), list(t.log)) for t in (soureh, pariah)}
    await svc.aclose()
    await _store_log(db, soureh.id, _old_notation(soureh.log, "declare"))
    await _store_log(db, pariah.id, _old_notation(pariah.log, "knock"))
    await _store_log(db, broken.id, ["knock", *broken.log])  # another game's word
    assert "end" in _old_notation(soureh.log, "declare")
    await db.close()

    db2 = await backend.open()
    try:
        svc2, notes = _service(db2)
        restored = await svc2.restore()
        assert sorted(restored) == sorted([soureh.id, pariah.id])
        for table_id, (view, log) in views.items():
            again = svc2.get(table_id)
            assert again is not None and again.log == log
            assert again.public_view() == view
            stored = await TableRepo(db2).actions(table_id)
            assert [a.text for a in stored] == log
            assert [a.seq for a in stored] == list(range(len(log)))
            assert {a.seat for a in stored} == {0, 1}  # each action's own seat again
        closed = await TableRepo(db2).get(broken.id)
        assert closed is not None and closed.status is TableStatus.BROKEN
        for _ in range(20):
            await asyncio.sleep(0)
        assert notes.announcements and "Sorry" in notes.announcements[0]
        await svc2.aclose()
    finally:
        await db2.close()

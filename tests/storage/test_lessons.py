"""Finished lessons on both backends (migration 014): recorded once, read back by game,
kept across a reopen."""

from __future__ import annotations

from storage.lessons import LessonProgressRepo
from tests.helpers.databases import Backend


async def test_finished_lessons_are_recorded_once_and_survive_a_reopen(backend: Backend) -> None:
    """Finishing a lesson twice keeps one row; other users and games stay apart."""
    db = await backend.open()
    repo = LessonProgressRepo(db)
    assert await repo.finished(7) == {}
    await repo.finish(7, "soureh", 1)
    await repo.finish(7, "soureh", 1)
    await repo.finish(7, "soureh", 2)
    await repo.finish(7, "soi", 1)
    await repo.finish(2**62, "turup", 3)
    await db.close()
    db = await backend.open()
    repo = LessonProgressRepo(db)
    assert await repo.finished(7) == {"soureh": {1, 2}, "soi": {1}}
    assert await repo.finished(2**62) == {"turup": {3}}
    rows = await db.fetchall("SELECT COUNT(*) FROM lesson_progress", ())
    assert rows[0][0] == 4

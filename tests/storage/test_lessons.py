"""Finished lessons on both backends (migration 014): recorded once, read back by game,
kept across a reopen."""

from __future__ import annotations

from pathlib import Path

from storage.connect import open_database
from storage.copy import copy_database
from storage.lessons import LessonProgressRepo
from storage.puzzles import PuzzleRepo
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


async def test_db_copy_moves_lessons_and_puzzles(backend: Backend, tmp_path: Path) -> None:
    """``db copy`` carries finished lessons and puzzles; a new puzzle's id goes on after
    the copied ones."""
    source = await open_database(tmp_path / "source.db")
    try:
        await LessonProgressRepo(source).finish(7, "soi", 2)
        await PuzzleRepo(source).searched(40, "turup", [(3, 1, "a"), (8, 0, "b")])
        target = await backend.open("target")
        copied = await copy_database(source, target)
        assert copied["lesson_progress"] == 1 and copied["puzzles"] == 2
        assert copied["puzzle_sources"] == 1
        assert await LessonProgressRepo(target).finished(7) == {"soi": {2}}
        await PuzzleRepo(target).searched(41, "turup", [(5, 0, "c")])
        ids = sorted([(await PuzzleRepo(target).pick("turup", n)).id  # type: ignore[union-attr]
                      for n in range(3)])
        assert len(set(ids)) == 3
    finally:
        await source.close()

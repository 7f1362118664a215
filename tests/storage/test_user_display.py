"""A player's display choices (migration 013, ``/display``) on both backends: the
defaults until chosen, kept across a reopen, the defaults again remove the row."""

from __future__ import annotations

from storage.user_display import UserDisplay, UserDisplayRepo
from tests.helpers.databases import Backend


async def test_display_choices_are_stored_changed_and_reset(backend: Backend) -> None:
    """Text mode and four colours survive a reopen; choosing the defaults deletes the row."""
    db = await backend.open()
    repo = UserDisplayRepo(db)
    assert await repo.get(7) == UserDisplay(7)
    await repo.save(UserDisplay(7, text_mode=True))
    await repo.save(UserDisplay(8, four_colour=True))
    await repo.save(UserDisplay(7, text_mode=True, four_colour=True))
    await db.close()
    db = await backend.open()
    repo = UserDisplayRepo(db)
    assert await repo.get(7) == UserDisplay(7, text_mode=True, four_colour=True)
    assert await repo.get(8) == UserDisplay(8, four_colour=True)
    await repo.save(UserDisplay(8))
    assert await repo.get(8) == UserDisplay(8)
    row = await db.fetchone("SELECT COUNT(*) FROM user_display")
    assert row is not None and int(row[0]) == 1
    await db.close()

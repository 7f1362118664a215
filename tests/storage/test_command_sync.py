"""The last synced command digest per scope (migration 011) on both backends."""

from __future__ import annotations

from storage.command_sync import CommandSyncRepo
from tests.helpers.databases import Backend


async def test_digests_are_kept_per_scope_across_a_reopen(backend: Backend) -> None:
    """None until recorded; a new digest replaces the old; scopes are apart; kept on disk."""
    db = await backend.open()
    repo = CommandSyncRepo(db)
    assert await repo.digest("1:global") is None
    await repo.record("1:global", "a" * 64)
    await repo.record("1:guild:5", "b" * 64)
    await repo.record("1:global", "c" * 64)
    await db.close()
    repo = CommandSyncRepo(await backend.open())
    assert await repo.digest("1:global") == "c" * 64
    assert await repo.digest("1:guild:5") == "b" * 64
    assert await repo.digest("2:global") is None
    await repo.db.close()

"""Language choices on both backends: a player's own (migration 007) and the server's
(in its settings' JSON), read back after reopening the database."""

from __future__ import annotations

from storage.database import Database
from storage.guild_settings import GuildSettings, GuildSettingsRepo
from storage.languages import LanguageRepo
from tests.helpers.databases import Backend


async def test_a_players_language_is_stored_changed_and_reset(db: Database) -> None:
    """None until chosen; a change replaces it; a reset (or an unknown language) deletes it."""
    repo = LanguageRepo(db)
    assert await repo.of_user(7) is None
    await repo.set_user(7, "ar")
    await repo.set_user(8, "so")
    assert await repo.of_user(7) == "ar"
    await repo.set_user(7, "el")
    assert await repo.of_user(7) == "el"
    assert sorted(await repo.users()) == [(7, "el"), (8, "so")]
    await repo.set_user(7, None)
    await repo.set_user(8, "klingon")
    assert await repo.of_user(7) is None and await repo.users() == []


async def test_server_languages_survive_a_reopen(backend: Backend) -> None:
    """The server's language is part of its settings; only languages Cardroom speaks are
    kept (a hand-edited unknown one reads as "not set")."""
    db = await backend.open()
    await GuildSettingsRepo(db).save(GuildSettings(guild_id=1, language="so"))
    await GuildSettingsRepo(db).save(GuildSettings(guild_id=2))
    await GuildSettingsRepo(db).save(GuildSettings(guild_id=3, language="xx"))
    await LanguageRepo(db).set_user(99, "ar")
    await db.close()
    db = await backend.open()
    assert (await GuildSettingsRepo(db).get(1)).language == "so"
    assert (await GuildSettingsRepo(db).get(2)).language is None
    assert (await GuildSettingsRepo(db).get(3)).language is None
    assert await LanguageRepo(db).servers() == [(1, "so")]
    assert await LanguageRepo(db).users() == [(99, "ar")]


def test_settings_json_keeps_only_our_languages() -> None:
    assert GuildSettings.from_json(5, '{"language": "el-GR"}').language == "el"
    assert GuildSettings.from_json(5, '{"language": "pt"}').language is None
    assert GuildSettings.from_json(5, "{}").language is None

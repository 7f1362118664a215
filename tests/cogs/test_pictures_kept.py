"""A picture only when it changes: the table message keeps the attachment it has when its
picture is unchanged, and a picture is keyed by what it shows, not by the move count."""

from __future__ import annotations

from typing import Any

from bot.discord.pictures import digest
from tests.cogs.test_images_discord import member_of, start_soureh, table_edits
from tests.helpers.discord import flush, message_of, service, via_panel


def attachment_ids(payload: dict[str, Any]) -> list[str]:
    """The attachment ids an edit's payload names (a new file's id is its index)."""
    return [str(a["id"]) for a in payload.get("attachments") or []]


async def test_an_unchanged_table_picture_is_kept_not_uploaded(world: dict[str, Any]) -> None:
    """Showing the table again with nothing changed edits the message with the attachment
    it already has: nothing drawn, nothing uploaded, the same attachment id."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    shown = message_of(env, table, channel).attachments[0]
    images = env.bot.app.images
    drawn = sum(cache.misses for cache in images.caches.values())
    start = len(env.http_requests)
    await service(env).notifier.render(table)
    await flush(env)
    edit = table_edits(env, table, start)[-1]
    assert attachment_ids(edit) == [str(shown.id)]
    assert message_of(env, table, channel).attachments[0].id == shown.id
    assert sum(cache.misses for cache in images.caches.values()) == drawn


async def test_a_changed_table_picture_is_uploaded_anew(world: dict[str, Any]) -> None:
    """After a move the edit carries a new table.png, which a later unchanged edit keeps."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    before = message_of(env, table, channel).attachments[0]
    seat = table.to_act()
    await via_panel(env, member_of(world, table, seat), channel, "draw")
    await via_panel(env, member_of(world, table, seat), channel, "discard")
    await env.advance_time(2)
    await flush(env)
    after = message_of(env, table, channel).attachments[0]
    assert after.id != before.id and after.filename == "table.png"
    start = len(env.http_requests)
    await service(env).notifier.render(table)
    await flush(env)
    assert attachment_ids(table_edits(env, table, start)[-1]) == [str(after.id)]


async def test_a_new_table_message_gets_its_own_file(world: dict[str, Any]) -> None:
    """A table message posted anew (the old one deleted) uploads its picture: a kept
    attachment belongs to the message it was kept on."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    old = message_of(env, table, channel)
    message = await service(env).notifier.inner.repost(table)
    await flush(env)
    assert message.id != old.id
    assert [a.filename for a in message.attachments] == ["table.png"]
    start = len(env.http_requests)
    await service(env).notifier.render(table)
    await flush(env)
    assert attachment_ids(table_edits(env, table, start)[-1]) == [str(message.attachments[0].id)]


def test_a_picture_key_is_what_it_shows() -> None:
    """Two views that show the same have one digest; any difference gives another."""
    view = {"game": "soureh", "seats": [{"coops": [["5H", None]]}], "to_act": 0}
    same = {"game": "soureh", "seats": [{"coops": [["5H", None]]}], "to_act": 0}
    other = {"game": "soureh", "seats": [{"coops": [["5H", None]]}], "to_act": 1}
    assert digest("table", view, ("Ann",), False) == digest("table", same, ("Ann",), False)
    assert digest("table", view, ("Ann",), False) != digest("table", other, ("Ann",), False)
    assert digest("table", view, ("Ann",), False) != digest("table", view, ("Bo",), False)
    assert digest("table", view, ("Ann",), False) != digest("table", view, ("Ann",), True)

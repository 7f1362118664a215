"""The private-channel harness itself (tests/helpers/anywhere.py) answers as Discord does:
no channel route in a private channel, five follow-ups, tokens of 15 virtual minutes."""

from __future__ import annotations

from typing import Any

from simcord.backend.errors import BackendError

from tests.helpers.anywhere import Anywhere


def _code(anywhere: Anywhere, method: str, path: str) -> int | None:
    try:
        anywhere._check(method, path)
    except BackendError as exc:
        return exc.code
    return None


async def test_every_channel_route_of_a_group_dm_is_refused(anywhere: Anywhere) -> None:
    """403 50001 on a group DM's message, message edit and channel routes."""
    ann = anywhere.user("ann", installed=True)
    room = anywhere.group_dm(ann, anywhere.user("bob", installed=False))
    for method, path in [("POST", f"/channels/{room.id}/messages"),
                         ("PATCH", f"/channels/{room.id}/messages/1"),
                         ("GET", f"/channels/{room.id}")]:
        assert _code(anywhere, method, path) == 50001


async def test_a_sixth_follow_up_is_refused(anywhere: Anywhere) -> None:
    """Five follow-ups per interaction; the sixth fails with 40094."""
    ann = anywhere.user("ann", installed=True)
    result = await anywhere.slash(ann, anywhere.bot_dm(ann), "help")
    path = f"/webhooks/1/{result._interaction.token}"
    assert [_code(anywhere, "POST", path) for _ in range(6)] == [None] * 5 + [40094]


async def test_a_token_lapses_after_fifteen_virtual_minutes(anywhere: Anywhere) -> None:
    """The same edit works at 14 minutes and fails with 50027 after 15."""
    ann = anywhere.user("ann", installed=True)
    result = await anywhere.slash(ann, anywhere.bot_dm(ann), "help")
    path = f"/webhooks/1/{result._interaction.token}/messages/@original"
    await anywhere.env.advance_time(14 * 60)
    assert _code(anywhere, "PATCH", path) is None
    await anywhere.env.advance_time(61)
    assert _code(anywhere, "PATCH", path) == 50027


async def test_interactions_say_where_they_were_made(anywhere: Anywhere) -> None:
    """A slash in a group DM: context 2, owned by the installer's user install; a click
    by someone who never installed the app carries the same owners."""
    ann, bob = anywhere.user("ann", installed=True), anywhere.user("bob", installed=False)
    room = anywhere.group_dm(ann, bob)
    seen: list[Any] = []

    async def on_interaction(interaction: Any) -> None:
        seen.append(interaction)

    anywhere.env.bot.add_listener(on_interaction)
    shown = await anywhere.slash(ann, room, "rules", game="turup")
    assert shown.response is not None
    command = seen[0]
    assert command.context.private_channel and command.is_user_integration()
    assert command.channel.type.value == 3
    stored = anywhere.env.backend.get_message(room.id, shown.response.id)
    labels = [c.get("label") or "" for row in stored.components for c in row["components"]]
    await anywhere.click(ann, shown.response, label=next(x for x in labels if "Next" in x))
    assert seen[1].context.private_channel and seen[1]._integration_owners == {1: ann.id}

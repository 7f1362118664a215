"""The personal commands outside servers (issue 45): in a group DM, where the bot cannot
reach the channel, and in the bot's own DM, they answer through their interaction only."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.anywhere import Anywhere
from tests.helpers.discord import check_payload, payload_of


def _people(anywhere: Anywhere) -> tuple[Any, Any, Any]:
    return (anywhere.user("ann", installed=True), anywhere.user("bob", installed=False),
            anywhere.user("cat", installed=True))


def _clean(anywhere: Anywhere) -> None:
    """No channel request, no refusal, every payload within Discord's limits."""
    assert anywhere.channel_requests() == []
    assert anywhere.refused == []
    for request in anywhere.env.backend.http_requests:
        payload = payload_of(request)
        if payload is not None and request.method in ("POST", "PATCH"):
            check_payload(payload)


async def test_rules_pages_turn_in_a_group_dm(anywhere: Anywhere) -> None:
    """/rules answers privately in a group DM and its page buttons work there."""
    ann, bob, cat = _people(anywhere)
    room = anywhere.group_dm(ann, bob, cat)
    shown = await anywhere.slash(ann, room, "rules", game="soi")
    assert shown.acknowledged and shown.ephemeral and shown.response is not None
    stored = anywhere.env.backend.get_message(room.id, shown.response.id)
    assert "Page 1 of" in stored.embeds[0]["footer"]["text"]
    labels = [c.get("label") or "" for row in stored.components for c in row["components"]]
    turned = await anywhere.click(ann, shown.response,
                                  label=next(label for label in labels if "Next" in label))
    assert turned.acknowledged
    stored = anywhere.env.backend.get_message(room.id, shown.response.id)
    assert "Page 2 of" in stored.embeds[0]["footer"]["text"]
    _clean(anywhere)


async def test_a_lesson_in_the_bots_dm_by_a_user_install(anywhere: Anywhere) -> None:
    """/learn in the bot's DM with the app installed to the person: the lesson shows."""
    ann, _bob, _cat = _people(anywhere)
    result = await anywhere.slash(ann, anywhere.bot_dm(ann), "learn", game="soi")
    assert result.acknowledged and result.response is not None
    assert result.response.embeds
    _clean(anywhere)


async def test_a_lesson_in_a_group_dm(anywhere: Anywhere) -> None:
    """/learn in a group DM answers privately, with no channel request."""
    ann, bob, cat = _people(anywhere)
    result = await anywhere.slash(cat, anywhere.group_dm(ann, bob, cat), "learn", game="turup")
    assert result.acknowledged and result.ephemeral
    _clean(anywhere)


async def test_a_puzzle_in_the_bots_dm(anywhere: Anywhere) -> None:
    """/puzzle in the bot's DM answers (a puzzle, or the word that none is ready yet)."""
    ann, _bob, _cat = _people(anywhere)
    result = await anywhere.slash(ann, anywhere.bot_dm(ann), "puzzle", game="soi")
    assert result.acknowledged and (result.followups or result.response)
    _clean(anywhere)


@pytest.mark.parametrize("name,options", [("display", {"text": True}),
                                          ("language", {"language": "el"}),
                                          ("help", {}), ("notify", {"pings": "off"})])
async def test_personal_choices_in_a_group_dm(anywhere: Anywhere, name: str,
                                              options: dict[str, Any]) -> None:
    """/display, /language, /help and /notify answer privately in a group DM."""
    ann, bob, cat = _people(anywhere)
    result = await anywhere.slash(ann, anywhere.group_dm(ann, bob, cat), name, **options)
    assert result.acknowledged and result.ephemeral
    _clean(anywhere)


async def test_a_person_without_the_app_cannot_run_commands_there(anywhere: Anywhere) -> None:
    """The harness refuses what Discord would not offer: bob never installed the app."""
    ann, bob, cat = _people(anywhere)
    with pytest.raises(AssertionError, match="installed"):
        await anywhere.slash(bob, anywhere.group_dm(ann, bob, cat), "rules", game="soi")


async def test_server_commands_are_not_offered_in_a_group_dm(anywhere: Anywhere) -> None:
    """/settings (a server's) and /move (a server table's) are not offered there."""
    ann, bob, cat = _people(anywhere)
    room = anywhere.group_dm(ann, bob, cat)
    for name, options in (("settings show", {}), ("move", {"action": "draw"})):
        with pytest.raises(AssertionError, match="not offered"):
            await anywhere.slash(ann, room, name, **options)

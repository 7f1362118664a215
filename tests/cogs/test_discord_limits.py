"""The fault layer itself (tests/helpers/discord_limits.py): Discord's answers it gives where
SimCord is kind, each met through the real bot's own transports under SimCord."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from tests.helpers.discord_limits import (
    EDITS_OF_OLD_MESSAGE,
    DiscordLimits,
    payload_problem,
)

HOUR = 3600.0


async def _posted(env: Any, channel: Any) -> discord.Message:
    """A message the bot posts in ``channel``."""
    with env.time_context():
        return await env.bot.get_partial_messageable(channel.id).send("hello")


async def test_an_old_message_takes_three_edits_an_hour(world: dict[str, Any]) -> None:
    """Past an hour a message takes three edits an hour; the fourth is refused with 30046
    (here at once: its retry_after is over the client's ``max_ratelimit_timeout``)."""
    env, channel = world["env"], world["channel"]
    env.bot.http.max_ratelimit_timeout = 30.0
    with DiscordLimits(env) as limits:
        message = await _posted(env, channel)
        await env.advance_time(HOUR)
        for n in range(3):
            with env.time_context():
                await message.edit(content=f"edit {n}")
        with pytest.raises(discord.RateLimited), env.time_context():
            await message.edit(content="one too many")
    assert [r.error.code for r in limits.refused] == [EDITS_OF_OLD_MESSAGE.code]
    assert [e.age >= HOUR for e in limits.edits_of([message.id])] == [True] * 3


async def test_a_young_message_takes_any_number_of_edits(world: dict[str, Any]) -> None:
    """Under an hour old, edits are never counted."""
    env, channel = world["env"], world["channel"]
    with DiscordLimits(env) as limits:
        message = await _posted(env, channel)
        await env.advance_time(HOUR - 60)
        for n in range(10):
            with env.time_context():
                await message.edit(content=f"edit {n}")
    assert not limits.refused and len(limits.edits) == 10


async def test_a_token_past_15_minutes_is_an_invalid_webhook_token(
        world: dict[str, Any]) -> None:
    """A follow-up through an interaction token 15 minutes old: 401, code 50027 (SimCord
    alone says 10015)."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    with DiscordLimits(env) as limits:
        await ann.slash(channel, "help")
        record = max(env.backend.interactions.values(), key=lambda r: r.id)
        await env.advance_time(15 * 60)
        with pytest.raises(discord.HTTPException) as refused, env.time_context():
            webhook = discord.Webhook.partial(env.backend.application_id, record.token,
                                              client=env.bot)
            await webhook.send("late")
    assert refused.value.status == 401 and refused.value.code == 50027
    assert limits.refusals(50027)


async def test_an_attachment_description_over_1024_is_refused(world: dict[str, Any]) -> None:
    """An attachment's description over 1,024 characters: 400, code 50035."""
    env, channel = world["env"], world["channel"]
    with DiscordLimits(env):
        file = discord.File(io.BytesIO(b"png"), "a.png", description="x" * 1025)
        with pytest.raises(discord.HTTPException) as refused, env.time_context():
            await env.bot.get_partial_messageable(channel.id).send(file=file)
    assert refused.value.status == 400 and refused.value.code == 50035


def test_payload_limits_are_discords() -> None:
    """Each limit is named by the check: embeds' 6,000, 25 options, 5 rows, 1,024 alt."""
    select = {"type": 3, "custom_id": "s", "options": [
        {"label": str(n), "value": str(n)} for n in range(26)]}
    row = {"type": 1, "components": [{"type": 2, "label": "b", "custom_id": "b"}]}
    assert payload_problem({"embeds": [{"description": "x" * 4000},
                                       {"description": "y" * 2001}]})
    assert payload_problem({"components": [{"type": 1, "components": [select]}]})
    assert payload_problem({"components": [row] * 6})
    assert payload_problem({"attachments": [{"id": 0, "description": "z" * 1025}]})
    assert payload_problem({"content": "fine", "components": [row] * 5,
                            "attachments": [{"id": 0, "description": "z" * 1024}]}) is None

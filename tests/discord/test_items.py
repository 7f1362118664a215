"""The base of every routed component (``bot.discord.items``), through SimCord and the
real bot with a probe component (tests/helpers/probe_items.py): the custom_id's match
reaches the handler, a refusing check stops the click, a failing check or handler is
answered once, and a select's values are read."""

from __future__ import annotations

from typing import Any

from bot.discord.answers import FAILED
from bot.discord.items import NEVER, Routed
from tests.helpers.probe_items import Probe, post_probes


async def test_a_click_reaches_its_handler_with_the_match(world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "ok", "other")
    done = await ann.click(message, custom_id="probe:ok")
    assert done.ephemeral and done.response.content == "done: ok "
    again = await ann.click(message, custom_id="probe:other")
    assert again.response.content == "done: other "
    assert Probe.clicks == ["ok", "other"]


async def test_a_refusing_check_stops_the_click(world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "refused")
    done = await ann.click(message, custom_id="probe:refused")
    assert done.ephemeral and done.response.content == "not you"
    assert Probe.clicks == []


async def test_a_failing_check_is_answered_once_and_stops_the_click(
        world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "check_bug")
    done = await ann.click(message, custom_id="probe:check_bug")
    assert done.ephemeral and done.response.content == FAILED
    assert done.followups == []
    assert Probe.clicks == []


async def test_a_failing_handler_is_answered_once(world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "bug")
    done = await ann.click(message, custom_id="probe:bug")
    assert done.ephemeral and done.response.content == FAILED
    assert done.followups == []
    assert Probe.clicks == ["bug"]


async def test_a_selects_values_are_read(world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, select="picked")
    done = await ann.select(message, ["a", "c"], custom_id="probe:picked")
    assert done.response.content == "done: picked a,c"


def test_the_base_is_never_routed() -> None:
    assert Routed.__discord_ui_compiled_template__.pattern == NEVER
    assert Routed.__discord_ui_compiled_template__.fullmatch("") is None
    assert Routed.__discord_ui_compiled_template__.fullmatch("probe:ok") is None

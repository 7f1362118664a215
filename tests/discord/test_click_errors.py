"""Errors are never disguised (issue 38, points 4 and 13): only a click whose id or
argument does not read is answered "out of date"; an exception inside a handler is logged
once with its traceback and the player is told the action failed and nothing changed."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pytest

from bot.discord import answers
from bot.discord.clicks import handlers as router
from bot.discord.clicks.click import Click
from bot.render.components import Kind
from bot.render.table_message import jump_url
from bot.tables.model import Table
from tests.helpers.discord import flush, message_of, panel_of, service, table_in
from tests.helpers.forge import forge

CALLBACK = "/callback"


async def _forge(actor: Any, message: Any, custom_id: str,
                 values: list[str] | None = None) -> Any:
    """``actor`` sends a component interaction with ``custom_id`` on ``message``."""
    return await forge(actor, message, custom_id, values)

def _answers(env: Any, start: int) -> int:
    return len([r for r in env.http_requests[start:] if r.path.endswith(CALLBACK)])


async def _soi(world: dict[str, Any]) -> tuple[Table, Any]:
    """A running Soi game of three people, and the member whose turn it is."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="soi", timer="off")
    for member in (bob, cat):
        await member.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    seat = table.to_act()
    assert seat is not None
    member = next(m for m in world["members"] if m.id == table.seats[seat].user_id)
    return table, member


async def test_an_error_inside_a_handler_is_a_failure_not_out_of_date(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A handler raising IndexError: "failed, nothing changed", one log record with it."""
    env = world["env"]
    table, member = await _soi(world)

    async def broken(click: Click) -> None:  # a bug deep inside a handler
        raise IndexError("tuple index out of range")

    monkeypatch.setitem(router.ROUTES, Kind.MY_CARDS,
                        replace(router.ROUTES[Kind.MY_CARDS], handler=broken))
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await member.click(message_of(env, table, world["channel"]),
                                     label="My cards")
    assert clicked.ephemeral and clicked.response.content == answers.FAILED
    assert "nothing changed" in answers.FAILED
    assert _answers(env, start) == 1
    traced = [r for r in caplog.records if r.exc_info]
    assert len(traced) == 1 and isinstance(traced[0].exc_info[1], IndexError)


@pytest.mark.parametrize("value", ["x", "9", "1.", ".Q", "x.Q", "99.Q"])
async def test_a_soi_step_that_does_not_read_is_out_of_date(
        world: dict[str, Any], value: str, caplog: pytest.LogCaptureFixture) -> None:
    """A forged Soi step (asked seat, or seat and rank) that does not read is answered
    "out of date" once, with no traceback; nothing is played."""
    env = world["env"]
    table, member = await _soi(world)
    panel = panel_of(await member.click(message_of(env, table, world["channel"]),
                                        label="Take turn"))
    kind = "sp" if "." not in value else "ss"
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await _forge(member, panel, f"cs:{table.id}:{table.version}:{kind}", [value])
    assert clicked.ephemeral
    assert clicked.response.content == router.STALE.format(url=jump_url(table.record))
    assert _answers(env, start) == 1 and table.log == []
    assert not [r for r in caplog.records if r.exc_info]


@pytest.mark.parametrize("custom_id", ["cr:99999999999999999999999:0:replay",
                                       "cr:{table}:99999999999999999999999:review",
                                       "cr:{table}:0:review:abc",
                                       "cr:{table}:0:replay:-1"])
async def test_ids_and_pages_that_do_not_read_are_out_of_date(
        world: dict[str, Any], custom_id: str, caplog: pytest.LogCaptureFixture) -> None:
    """A table id or version no table can have, or a page that is not a number, is
    answered "out of date" once, with no traceback."""
    env = world["env"]
    table, member = await _soi(world)
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await _forge(member, message_of(env, table, world["channel"]),
                               custom_id.format(table=table.id))
    assert clicked.ephemeral and clicked.response.content == router.MALFORMED
    assert _answers(env, start) == 1
    assert not [r for r in caplog.records if r.exc_info]


async def test_a_game_choice_forged_in_a_lobby_is_out_of_date(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    """One of Turup's capture choices sent to a lobby (no game yet) is "out of date"."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    table = table_in(env, channel)
    rules = await ann.click(opened.response, label="Rules")  # an ephemeral message there
    assert rules.ephemeral
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await _forge(ann, rules.response, f"cs:{table.id}:{table.version}:tx:9H",
                               ["0"])
    assert clicked.ephemeral
    assert clicked.response.content == router.STALE.format(url=jump_url(table.record))
    assert _answers(env, start) == 1
    assert not [r for r in caplog.records if r.exc_info]


@pytest.mark.slow
@pytest.mark.parametrize("page", ["abc", "-1", "1e3", "٣"])
async def test_a_forged_review_page_of_a_finished_game_is_out_of_date(
        world: dict[str, Any], page: str, caplog: pytest.LogCaptureFixture) -> None:
    """Review my game with a page that is not a number, on a finished game's end message:
    "out of date" once, no traceback, no review worked out."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="turup", timer="off", rounds=1)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    members = {ann.id: ann, bob.id: bob}
    while table.running:
        user = table.seats[table.to_act()].user_id
        await members[user].slash(channel, "move",
                                  action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    end = next(m for m in channel.history() if m.embeds and m.components)
    start = len(env.http_requests)
    with caplog.at_level(logging.INFO):
        clicked = await _forge(ann, end, f"cr:{table.id}:{table.version}:review:{page}")
        await flush(env)
    assert clicked.ephemeral and clicked.response.content == router.MALFORMED
    assert _answers(env, start) == 1 and not clicked.followups
    assert not [r for r in caplog.records if r.exc_info]

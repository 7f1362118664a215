"""Issue 44's figures for one click: an action click, traced from discord.py's dispatch of
its component to its answer, runs at most 6 files of the Discord side (``bot/discord/``,
``cogs/``; 10 before the click pipeline, 16 as the issue counted them) and at most 30 of
the project's files (60 before); the panel it answers with is built once (twice before).

The click is the heavy one: a Soi ask that hits, so the asker's turn goes on and his new
panel carries his picture (drawn in the image thread, counted with the click)."""

from __future__ import annotations

from typing import Any

from bot.discord.pictures import _EXECUTOR, SEAT_PNG
from tests.helpers.click_walk import Walk, walking
from tests.helpers.discord import flush, message_of, panel_of, service, table_in
from tests.helpers.taps import soi_ask

DISCORD_SIDE_FILES = 6
PROJECT_FILES = 30


async def _an_ask_that_hits(world: dict[str, Any]) -> tuple[Walk, Any, Any]:
    """Three people at a Soi table; the first to act opens his panel and asks for a card
    the asked player holds. The walk of that ask, its result and the table."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    service(env).seed_source = lambda: 3
    opened = await ann.slash(channel, "play", game="soi", timer="off")
    for member in (bob, cat):
        await member.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    seat = table.to_act()
    member = next(m for m in (ann, bob, cat) if m.id == table.seats[seat].user_id)
    panel = panel_of(await member.click(message_of(env, table, channel), label="Take turn"))
    notation = soi_ask(table)
    _, target, wanted = notation.split()
    assert wanted in (table.player_view(int(target)).get("hand") or []), "the ask hits"
    version = table.version
    with walking(_EXECUTOR) as walk:  # the panel lists every ask at its root (m0 first)
        asked = await member.select(panel, [notation], custom_id=f"cs:{table.id}:{version}:a:m0")
    await flush(env)
    assert asked.acknowledged and table.version == version + 1 and table.to_act() == seat
    return walk, asked, table


async def test_an_action_click_walks_few_files_and_builds_its_panel_once(
        world: dict[str, Any]) -> None:
    walk, asked, _table = await _an_ask_that_hits(world)
    assert walk.answered
    assert len(walk.discord_side) <= DISCORD_SIDE_FILES, walk.discord_side
    assert len(walk.files) <= PROJECT_FILES, walk.files
    assert any(a.filename == SEAT_PNG for a in asked.response.attachments)  # the heavy path
    assert walk.calls["bot/render/panels.py:panel"] == 1, walk.calls
    assert walk.calls["bot/render/images/__init__.py:cached_seat"] == 1  # drawn once
    # the counter can fail: it sees the click's route, the service's move and the picture
    # drawn in the image thread, and no render of the table message (another task)
    assert {"bot/discord/items.py", "bot/tables/service.py"} <= set(walk.files)
    assert any(k.startswith("bot/render/images/") for k in walk.calls)
    assert "bot/render/embeds.py:table_embed" not in walk.calls

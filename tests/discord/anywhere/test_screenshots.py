"""A group DM's table at phone width, dark and light (issue 45): the table waiting with
its Continue button, as SimCord's preview draws it (Debian's Chromium, 400 px).

SimCord's preview draws server channels and the bot's DM only, so the group DM's table
message (the same content, embed, picture and buttons, built by the same code) is drawn in
a server channel. ``python -m bench.screenshots --only tables --games soi`` keeps the
pictures as docs/screenshots/tables/group-dm-waiting-400-{dark,light}-en.png (the README
shows them)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.discord.interaction_home import waiting_note
from bot.render.card_text import legible
from bot.render.table_message import table_view
from tests.helpers.anywhere import Anywhere
from tests.helpers.group_games import open_table, play_out
from tests.helpers.preview import browser, browser_available, shoot

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]

async def test_a_waiting_group_dm_table_at_phone_width(anywhere: Anywhere,
                                                      tmp_path: Path) -> None:
    """The waiting table reads whole at 400 px in both themes: its note and Continue."""
    env = anywhere.env
    ann = anywhere.user("ann", installed=True)
    bob = anywhere.user("bob", installed=False)
    cat = anywhere.user("cat", installed=True)
    room = anywhere.group_dm(ann, bob, cat)
    table, _opened = await open_table(anywhere, room, ann, [bob, cat], "soi")
    await play_out(anywhere, room, table, moves=3)
    await env.advance_time(15 * 60)
    assert table.waiting
    guild = env.create_guild()
    channel = guild.create_text_channel("preview")
    viewer = guild.add_member(env.create_user("dan"))
    for person in room.people:  # so that the turn's mention reads as a name
        guild.add_member(person)
    embed, pictures = await env.bot.app.publisher.table_embed(table)  # type: ignore[attr-defined]
    files = [f for f in pictures if isinstance(f, discord.File)]
    sent = await env.bot.get_channel(channel.id).send(  # type: ignore[attr-defined]
        content=legible(waiting_note()), embed=embed, view=table_view(table.seen()), files=files)
    message = next(m for m in channel.history() if m.id == sent.id)
    shots = []
    async with browser() as b:
        for theme in ("dark", "light"):
            path = tmp_path / f"group-dm-table-400-{theme}.png"
            shots.append(await shoot(env, channel, viewer, message, path, width=400,
                                     theme=theme, b=b))
    for shot in shots:
        assert "waiting" in shot.text and "Continue" in shot.text, shot.text
        assert shot.height > 200

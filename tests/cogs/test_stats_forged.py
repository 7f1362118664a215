"""Stats buttons that do not read (issue 38, point 13): a leaderboard, history or rounds
button whose custom_id has an order this bot does not know or a number past 64 bits (an
older bot's message, or a forged one) is answered "out of date", privately; no query runs
and nothing is logged with a traceback."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from simcord import Env

from cogs.stats.cog import OUT_OF_DATE
from tests.cogs.test_stats_cog import record_many, setup_guild

HUGE = "9" * 20


@pytest.mark.parametrize("custom_id", [
    "cr:lb:{guild}:pariah:bogus:0:{viewer}",
    f"cr:lb:{{guild}}:pariah:rating:{HUGE}:{{viewer}}",
    f"cr:hp:{{guild}}:all:{HUGE}",
    f"cr:hr:{HUGE}",
])
async def test_a_stats_button_that_does_not_read_is_out_of_date(
        simcord_env: Env, custom_id: str, caplog: pytest.LogCaptureFixture) -> None:
    """A forged stats custom_id is answered "out of date" privately, with no traceback."""
    guild, channel, ana, ben = setup_guild(simcord_env)
    await record_many(simcord_env, guild.id, ana.id, ben.id)
    view = discord.ui.View(timeout=None)  # a message of the bot's carrying the button, as
    view.add_item(discord.ui.Button(  # an older version of the bot could have posted it
        label="Next", custom_id=custom_id.format(guild=guild.id, viewer=ben.id)))
    await simcord_env.bot.get_channel(channel.id).send("old", view=view)
    with caplog.at_level(logging.INFO):
        clicked: Any = await ben.click(channel.last_message, label="Next")
    assert clicked.acknowledged and clicked.ephemeral
    assert clicked.response.content == OUT_OF_DATE
    assert not [r for r in caplog.records if r.exc_info]

"""Discord's refusals of a click's answer and of the table message's edits (issue 43, item
12), under the fault layer (tests/helpers/discord_limits.py): the move is kept and shown,
the table goes on, and the player is told when Discord lets the bot tell him."""

from __future__ import annotations

from typing import Any

from bot.games.turup.look.text import one_step_moves
from tests.helpers.discord import flush, message_of, panel_of, service, table_in, text_only
from tests.helpers.discord_limits import DiscordLimits

PLAYED = "Your move was played"


async def _turup(env: Any, channel: Any, members: list[Any]) -> Any:
    service(env).seed_source = lambda: 5
    ann, bob = members[:2]
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def _to_act(table: Any, members: list[Any]) -> Any:
    return next(m for m in members if m.id == table.seats[table.to_act()].user_id)


async def _open_panel(env: Any, table: Any, channel: Any, member: Any) -> Any:
    opened = await member.click(message_of(env, table, channel), label="Take turn")
    return panel_of(opened)


async def _choose_first_move(table: Any, member: Any, panel: Any) -> Any:
    """Pick the first move in the panel's list of moves (Turup lists them at its root)."""
    moves = one_step_moves(table.engine.legal_actions(table.state))
    assert moves
    return await member.select(panel, [str(moves[0])],
                               custom_id=f"cs:{table.id}:{table.version}:a:m0")


def _shows(env: Any, table: Any, channel: Any) -> bool:
    from bot.i18n import use_locale
    from bot.render.embeds import table_embed

    with use_locale(table.language):
        expected = table_embed(table.seen()).to_dict()
    return text_only(message_of(env, table, channel).embeds[0].to_dict()) == expected


def _told(channel: Any, member: Any, text: str) -> bool:
    return any(text in (m.content or "") for m in channel.history(viewer=member)
               if m.flags.ephemeral)


async def test_a_move_answered_elsewhere_is_played_and_told(world: dict[str, Any]) -> None:
    """The move's answer finds the click acknowledged already (40060): the move is kept
    and shown, and a follow-up tells the player it was played."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        member = _to_act(table, members)
        panel = await _open_panel(env, table, channel, member)
        version = table.version
        limits.answered_elsewhere()
        await _choose_first_move(table, member, panel)
        await flush(env)
    assert limits.refusals(40060)
    assert table.version == version + 1 and _shows(env, table, channel)
    assert _told(channel, member, PLAYED)


async def test_a_move_answered_late_is_played_and_shown(world: dict[str, Any]) -> None:
    """The move's answer comes after Discord's 3 s (10062): the move is kept and the table
    message shows it; the next player's turn works."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        member = _to_act(table, members)
        panel = await _open_panel(env, table, channel, member)
        version = table.version
        limits.answer_late()
        await _choose_first_move(table, member, panel)
        await flush(env)
        assert limits.refusals(10062)
        assert table.version == version + 1 and _shows(env, table, channel)
        other = _to_act(table, members)
        assert other is not member
        await _choose_first_move(table, other, await _open_panel(env, table, channel, other))
        await flush(env)
    assert table.version == version + 2 and _shows(env, table, channel)


async def test_a_rate_limited_table_edit_catches_up(world: dict[str, Any]) -> None:
    """Every try of the table message's edit meets a 429 (retry_after 5 s, slept out by
    discord.py five times): the bot tries again a little later and the table shows the
    move; nothing is lost."""
    env, channel, members = world["env"], world["channel"], world["members"]
    with DiscordLimits(env) as limits:
        table = await _turup(env, channel, members)
        await env.advance_time(15 * 60)  # Start's token is stale: the edit is a channel one
        limits.rate_limit("PATCH", f"/channels/{channel.id}/messages/*", 5.0, times=5)
        member = _to_act(table, members)
        version = table.version
        moved = await member.slash(channel, "move",
                                   action=str(table.engine.legal_actions(table.state)[0]))
        assert moved.acknowledged
        await env.advance_time(60)
        await flush(env)
    assert len(limits.refused) == 5 and sum(limits.slept) == 25.0
    assert table.version == version + 1 and _shows(env, table, channel)

"""The Hint button under SimCord: a private answer that changes nothing, from the player's
own information only; the server's setting; a hinted game is not rated."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import choose
from bot.games.ai.ismcts import Budget
from bot.i18n import _, use_locale
from bot.notation.seat_words import by_name
from bot.render.embeds import title_of
from storage.guild_settings import GuildSettingsRepo
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    message_of,
    panel_of,
    service,
    table_in,
    via_panel,
)
from tests.helpers.forge import forge
from tests.helpers.redeal import redeal


async def _forge(actor: Any, message: Any, custom_id: str) -> Any:
    """``actor`` sends a button interaction with ``custom_id`` on ``message`` (as a
    hand-made client could), whatever buttons the message has."""
    return await forge(actor, message, custom_id)

SMALL = Budget(iterations=60, seconds=None)  # reproducible: no clock in the comparison


def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for r in component_rows(message) for c in r["components"]]


async def _open(world: dict[str, Any], game: str, people: int, computer: str | None,
                **options: Any) -> Any:
    env, channel = world["env"], world["channel"]
    members = world["members"][:people]
    opened = await members[0].slash(channel, "play", game=game, timer="off", **options)
    for member in members[1:]:
        await member.click(opened.response, label="Join")
    if computer is not None:
        table = table_in(env, channel)
        await members[0].select(opened.response, [computer],
                                custom_id=f"cs:{table.id}:{table.version}:addc")
    await members[0].click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


async def _my_panel(env: Any, member: Any, channel: Any, table: Any) -> Any:
    """Take turn, once it is the member's turn (the computer moves at once), and the panel."""
    await flush(env)
    assert table.to_act() == table.seat_of(member.id)
    opened = await member.click(message_of(env, table, channel), label="Take turn")
    panel = panel_of(opened)
    assert panel is not None and panel.ephemeral
    return panel


async def _press_hint(env: Any, member: Any, panel: Any) -> Any:
    """Press Hint: the answer is deferred at once (privately), then given in its place."""
    start = len(env.http_requests)
    pressed = await member.click(panel, label="Hint")
    await flush(env)
    callbacks = [r.json for r in env.http_requests[start:] if r.path.endswith("/callback")]
    assert callbacks == [{"type": 5, "data": {"flags": 64}}]  # deferred, ephemeral
    assert pressed.acknowledged and pressed.ephemeral
    answer = pressed.response
    assert answer is not None and answer.ephemeral and answer.embeds
    return answer


async def test_hint_answers_privately_and_changes_nothing(world: dict[str, Any]) -> None:
    """In a practice game (a computer seat) the panel has Hint; pressing it answers the
    presser privately with a legal move and why, and the game is unchanged but for the
    count of hints, which a snapshot keeps."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    service(env).seed_source = lambda: 4
    env.bot.app.hint_budget = SMALL
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table = await _open(world, "turup", 1, "normal", rounds=1)
    if table.to_act() != table.seat_of(ann.id):
        await flush(env)
    panel = await _my_panel(env, ann, channel, table)
    assert "Hint" in _labels(panel)
    seat = table.seat_of(ann.id)
    before = (table.version, list(table.log), table.state, table.player_view(seat))
    answer = await _press_hint(env, ann, panel)
    assert (table.version, list(table.log), table.state, table.player_view(seat)) == before
    text = answer.embeds[0].description or ""
    assert "hard player" in text and "never plays for you" in text
    legal = [by_name(table.entry.look.move_words, a, table.names)
             for a in table.engine.legal_actions(table.state)]
    assert any(text.startswith(f"**`{notation}`**") for notation in legal)
    assert table.hints == {seat: 1}
    stored = await service(env).repo.snapshot(table.id)
    assert stored is not None and stored.actions == len(table.log)
    audit.step([table])
    bob = world["members"][1]
    outsider = await _forge(bob, message_of(env, table, channel),
                            f"cr:{table.id}:{table.version}:hint")
    assert outsider.ephemeral and "not playing" in outsider.response.content
    assert table.hints == {seat: 1}


async def test_the_hint_reads_no_hidden_card(world: dict[str, Any]) -> None:
    """Redealing every card hidden from the player (consistently with what he sees) leaves
    the hint the Discord answer gives unchanged."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    service(env).seed_source = lambda: 11
    env.bot.app.hint_budget = SMALL
    table = await _open(world, "pariah", 1, "normal", threshold=100)
    compared = 0
    for step in range(3):
        panel = await _my_panel(env, ann, channel, table)
        seat = table.seat_of(ann.id)
        first = (await _press_hint(env, ann, panel)).embeds[0].description
        truth = table.state
        table.state = redeal(table.engine, truth, seat, random.Random(100 + step))
        assert table.player_view(seat) == table.engine.player_view(truth, seat)
        assert table.state != truth
        second = (await _press_hint(env, ann, panel)).embeds[0].description
        table.state = truth
        assert first == second
        compared += 1
        move = choose(table.engine, table.state, seat, "normal", random.Random(step))
        await service(env).act(table.id, ann.id, str(move), version=table.version)
        if not table.running:
            break
    assert compared >= 2


async def test_hints_off_hides_the_button_and_refuses_a_forged_click(
    world: dict[str, Any],
) -> None:
    """With ``hints off`` the panel has no Hint, and a Hint click made up from its custom id
    is refused without a hint or a count."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    service(env).seed_source = lambda: 4
    await GuildSettingsRepo(env.bot.db).update(world["guild"].id, hints="off")
    table = await _open(world, "turup", 1, "normal", rounds=1)
    panel = await _my_panel(env, ann, channel, table)
    assert "Hint" not in _labels(panel)
    forged = await _forge(ann, panel, f"cr:{table.id}:{table.version}:hint")
    await flush(env)
    assert forged.ephemeral and "turned off" in forged.response.content
    assert not forged.response.embeds and not forged.followups
    assert table.hints == {}


async def test_practice_setting_keeps_hints_out_of_rated_games(world: dict[str, Any]) -> None:
    """By default (``practice``) a game of two people has no Hint button."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 4
    table = await _open(world, "turup", 2, None, rounds=1)
    first = ann if table.to_act() == table.seat_of(ann.id) else bob
    panel = await _my_panel(env, first, channel, table)
    assert "Hint" not in _labels(panel)


@pytest.mark.slow
async def test_a_hinted_game_is_not_rated(world: dict[str, Any]) -> None:
    """With ``hints always`` two people play; one hint makes the result unrated, and the
    game-over message says who used hints."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    members = {m.id: m for m in (ann, bob)}
    service(env).seed_source = lambda: 6
    env.bot.app.hint_budget = SMALL
    await GuildSettingsRepo(env.bot.db).update(world["guild"].id, hints="always")
    table = await _open(world, "turup", 2, None, rounds=1)
    first = members[table.seats[table.to_act()].user_id]
    panel = await _my_panel(env, first, channel, table)
    answer = await _press_hint(env, first, panel)
    assert "will not be rated" in (answer.embeds[0].description or "")
    rng = random.Random(1)
    while table.running:
        seat = table.to_act()
        move = choose(table.engine, table.state, seat, "normal", rng)
        await via_panel(env, members[table.seats[seat].user_id], channel, str(move))
    await flush(env)
    row = await env.bot.db.fetchone(
        "SELECT counted, rated FROM game_results WHERE table_id = ?", (table.id,))
    assert row is not None and (row[0], row[1]) == (1, 0)
    end = next(m for m in channel.history() if m.embeds and "Rematch" in _labels(m))
    note = end.embeds[0].description or ""
    assert "not rated" in note and "used hints" in note and first.user.name in note


async def test_hints_used_survive_a_restart(world: dict[str, Any], settings: Any) -> None:
    """The count of hints is in the table's snapshot: a restarted bot still knows it (and
    so still leaves the game unrated), and a move after the hint keeps it in the next
    snapshot."""
    from bot.app import CardroomBot

    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    members = {m.id: m for m in (ann, bob)}
    service(env).seed_source = lambda: 6
    env.bot.app.hint_budget = SMALL
    await GuildSettingsRepo(env.bot.db).update(world["guild"].id, hints="always")
    table = await _open(world, "turup", 2, None, rounds=1)
    first = members[table.seats[table.to_act()].user_id]
    seat = table.seat_of(first.id)
    await _press_hint(env, first, await _my_panel(env, first, channel, table))
    move = choose(table.engine, table.state, seat, "normal", random.Random(0))
    await via_panel(env, first, channel, str(move))
    bot = CardroomBot(settings)
    bot.shard_count = 1
    await env.restart_bot(bot)
    service(env).render_interval = 0
    service(env).ai_delay = 0
    await env.advance_time(2)
    await flush(env)
    restored = table_in(env, channel)
    assert restored is not table and restored.hints == {seat: 1}
    assert service(env).result(restored, "finished").hinted == (seat,)


async def test_settings_set_hints(world: dict[str, Any]) -> None:
    """``/settings set hints:`` offers the three choices, stores one, shows it, and the
    server reset puts ``practice`` back."""
    import discord

    env, guild, channel = world["env"], world["guild"], world["channel"]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    command = next(c for c in env.bot.tree.get_commands(guild=None) if c.name == "settings")
    set_ = next(c for c in command.commands if c.name == "set")
    choices = [c.value for c in set_.get_parameter("hints").choices]
    assert choices == ["always", "practice", "off"]
    res = await admin.slash(channel, "settings set", hints="always")
    assert res.ephemeral and "Hints → always" in res.response.content
    assert (await GuildSettingsRepo(env.bot.db).get(guild.id)).hints == "always"
    shown = await admin.slash(channel, "settings show")
    assert any("Hints: always" in f.value for f in shown.response.embeds[0].fields)
    await admin.slash(channel, "settings reset", what="server")
    assert (await GuildSettingsRepo(env.bot.db).get(guild.id)).hints == "practice"


async def test_a_hint_speaks_the_language_the_reader_chose(
    world: dict[str, Any], locales: Any
) -> None:
    """The answer follows the reader's own /language over their Discord client's: an
    Arabic client whose player chose English reads the hint in English, and in Arabic once
    they follow Discord again."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    locales.user(ann, "ar")
    await ann.slash(channel, "language", language="en")
    service(env).seed_source = lambda: 4
    env.bot.app.hint_budget = SMALL
    table = await _open(world, "turup", 1, "normal", rounds=1)
    title = _("{game} table #{table} — hint", game=title_of(table.entry), table=table.id)
    panel = await _my_panel(env, ann, channel, table)
    assert (await _press_hint(env, ann, panel)).embeds[0].title == title
    await ann.slash(channel, "language", language="discord")
    with use_locale("ar"):
        arabic = _("{game} table #{table} — hint", game=title_of(table.entry), table=table.id)
    assert arabic != title
    assert (await _press_hint(env, ann, panel)).embeds[0].title == arabic

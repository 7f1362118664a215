"""/table, /resign, /rules, /hand, /move autocomplete, two tables at once, and buttons that
keep working after a restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import CardroomBot
from bot.games.cards import Card
from bot.games.soi.moves import AskFor
from bot.render.card_text import legible
from bot.render.embeds import table_embed
from tests.helpers.discord import (
    Audit,
    flush,
    message_of,
    panel_of,
    service,
    table_in,
    text_only,
    via_panel,
)
from tests.helpers.tables import miss_turns_until_a_computer_holds


async def _turup_table(env: Any, channel: Any, host: Any, guest: Any, seed: int = 11) -> Any:
    service(env).seed_source = lambda: seed
    opened = await host.slash(channel, "play", game="turup", rounds=1, timer="off")
    await guest.click(opened.response, label="Join")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def _member(table: Any, members: list[Any]) -> Any:
    user_id = table.seats[table.to_act()].user_id
    return next(m for m in members if m.id == user_id)


async def test_table_command_reposts_and_retires_old_message(world: dict[str, Any]) -> None:
    """/table posts the table at the bottom; the old message points there without buttons,
    and later changes edit the new message."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _turup_table(env, channel, ann, bob)
    old_id = table.record.message_id
    result = await bob.slash(channel, "table")
    assert result.acknowledged and result.ephemeral
    assert table.record.message_id != old_id
    old = next(m for m in channel.history() if m.id == old_id)
    assert "moved" in old.content and old.embeds == [] and old.components == []
    assert channel.last_message.id == table.record.message_id
    member = _member(table, [ann, bob])
    await member.slash(channel, "move", action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    shown = message_of(env, table, channel).embeds[0].to_dict()
    assert text_only(shown) == table_embed(table.seen()).to_dict()


async def test_resign_gives_the_seat_to_a_computer(world: dict[str, Any]) -> None:
    """/resign: a computer plays the seat on, the player is marked, and the last human's
    resignation ends the table."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    table = await _turup_table(env, channel, ann, bob)
    outsider = await cat.slash(channel, "resign")
    assert outsider.ephemeral and "not playing" in outsider.response.content
    done = await bob.slash(channel, "resign")
    assert done.ephemeral and "placed last" in done.response.content
    await flush(env)
    seat = table.seat_of(bob.id)
    assert table.seats[seat].resigned
    assert table.to_act() != seat, "the computer moved for bob"
    embed = message_of(env, table, channel).embeds[0]
    assert "resigned" in str(embed.to_dict())
    await ann.slash(channel, "resign")
    await flush(env)
    assert service(env).in_channel(channel.id) is None


async def test_rules_pages(world: dict[str, Any]) -> None:
    """/rules shows page 1 with Next; Next turns the page in place."""
    channel = world["channel"]
    ann = world["members"][0]
    shown = await ann.slash(channel, "rules", game="soureh")
    assert shown.ephemeral and "Page 1 of" in shown.response.embeds[0].footer.text
    turned = await ann.click(shown.response, label="Next")
    assert turned.acknowledged
    assert "Page 2 of" in turned.response.embeds[0].footer.text


async def test_hand_and_autocomplete(world: dict[str, Any]) -> None:
    """/hand lists the caller's legal moves; autocomplete offers exactly them, filtered,
    and nothing to a player who is not to act."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _turup_table(env, channel, ann, bob)
    mover = _member(table, [ann, bob])
    waiter = bob if mover is ann else ann
    legal = [str(a) for a in table.engine.legal_actions(table.state)]
    hand = await mover.slash(channel, "hand")
    assert hand.ephemeral
    assert [a.filename for a in hand.response.attachments] == ["hand.png"]
    assert not hand.response.embeds[0].image.url  # shown by the message, with its alt text
    assert all(f"`{n}`" in hand.response.embeds[0].fields[0].value for n in legal[:20])
    offered = await mover.autocomplete(channel, "move", "action", "")
    assert sorted(c["value"] for c in offered) == sorted(legal[:25])
    assert all(len(c["name"]) <= 100 for c in offered)
    trails = await mover.autocomplete(channel, "move", "action", "trail")
    assert trails and all(c["value"].startswith("trail") for c in trails)
    assert await waiter.autocomplete(channel, "move", "action", "") == []
    bad = await mover.slash(channel, "move", action="fly away")
    assert bad.ephemeral and table.version == table.version


async def test_two_tables_in_two_channels_interleaved(world: dict[str, Any]) -> None:
    """Two tables in two channels advance independently, each message edited in place."""
    env, guild = world["env"], world["guild"]
    ann, bob, cat, dan = world["members"]
    other = guild.create_text_channel("more-cards")
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    first = await _turup_table(env, world["channel"], ann, bob, seed=11)
    second = await _turup_table(env, other, cat, dan, seed=12)
    assert first.id != second.id
    start = {first.id: first.version, second.id: second.version}
    for step in range(16):
        table, channel, people = ((first, world["channel"], [ann, bob]) if step % 2 == 0
                                  else (second, other, [cat, dan]))
        member = _member(table, people)
        notation = str(table.engine.legal_actions(table.state)[0])
        before_other = (second if table is first else first).version
        if step % 4 < 2:
            await via_panel(env, member, channel, notation)
        else:
            await member.slash(channel, "move", action=notation)
        assert (second if table is first else first).version == before_other
        audit.step([first, second])
    await flush(env)
    for table, channel in ((first, world["channel"]), (second, other)):
        shown = message_of(env, table, channel).embeds[0].to_dict()
        assert text_only(shown) == table_embed(table.seen()).to_dict()
        assert table.version == start[table.id] + 8
    assert audit.public_posts == 0


@pytest.mark.slow
async def test_buttons_work_after_restart(world: dict[str, Any], settings: Any) -> None:
    """After a restart the table is rebuilt from its log and its old message's buttons work."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    table = await _turup_table(env, channel, ann, bob)
    for _ in range(3):
        member = _member(table, [ann, bob])
        await member.slash(channel, "move", action=str(table.engine.legal_actions(table.state)[0]))
    view, message_id = table.public_view(), table.record.message_id
    bot = CardroomBot(settings)
    bot.shard_count = 1  # as the shared simcord_bot fixture does
    await env.restart_bot(bot)
    restored = table_in(env, channel)
    assert restored is not table and restored.public_view() == view
    member = _member(restored, [ann, bob])
    message = next(m for m in channel.history() if m.id == message_id)
    opened = await member.click(message, label="Take turn")
    shown = panel_of(opened)
    assert shown.ephemeral and "your turn" in shown.embeds[0].title
    await via_panel(env, member, channel, str(restored.engine.legal_actions(restored.state)[0]))
    assert restored.version == table.version + 1


async def test_take_my_seat_back(world: dict[str, Any]) -> None:
    """While a computer holds a person's seat the table offers Take my seat back; only that
    person can use it, and afterwards the seat is his again."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    table = await _turup_table(env, channel, ann, bob)
    seat = table.seat_of(bob.id)
    await miss_turns_until_a_computer_holds(service(env), table, seat)
    await flush(env)
    if table.flush_task is not None:  # called outside the bot: its image thread is not
        await table.flush_task  # tracked by SimCord's settle, so wait for the render here
        await flush(env)
    assert table.to_act() != seat or not table.running
    message = message_of(env, table, channel)
    labels = [c["label"] for row in message.components for c in row.to_dict()["components"]]
    assert "Take my seat back" in labels
    stranger = await cat.click(message, label="Take my seat back")
    assert stranger.ephemeral and "not seated" in stranger.response.content
    back = await bob.click(message, label="Take my seat back")
    assert back.ephemeral and "yours again" in back.response.embeds[0].description
    assert not table.seats[seat].is_computer_held
    await flush(env)
    labels = [c["label"] for row in message_of(env, table, channel).components
              for c in row.to_dict()["components"]]
    assert "Take my seat back" not in labels


async def test_deleted_table_message_is_posted_again(world: dict[str, Any]) -> None:
    """If someone deletes the table message, the next change posts it again."""
    import discord

    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob = world["members"][:2]
    table = await _turup_table(env, channel, ann, bob)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    old_id = table.record.message_id
    await mod.delete(message_of(env, table, channel))
    member = _member(table, [ann, bob])
    await member.slash(channel, "move", action=str(table.engine.legal_actions(table.state)[0]))
    await flush(env)
    assert table.record.message_id not in (None, old_id)
    shown = message_of(env, table, channel).embeds[0].to_dict()
    assert text_only(shown) == table_embed(table.seen()).to_dict()


async def test_move_reply_tells_the_drawer_his_card_once(world: dict[str, Any]) -> None:
    """/move draw answers "You drew 6♣." alone (the drawer is "you", issue 46): the public
    "drew a card." it replaces is left out of the drawer's reply, while the table shows
    only the public line, with the drawer's name."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 11
    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    member = _member(table, [ann, bob])
    done = await member.slash(channel, "move", action="draw")
    await flush(env)
    drawn = table.drawn_card(table.to_act())
    assert drawn is not None
    text = done.response.content
    name = f"\u2068{table.names[table.to_act()]}\u2069"  # isolated: names are data
    assert f"You drew {legible(Card.parse(drawn).display)}." in text
    assert name not in text
    assert "drew a card" not in text
    assert f"{name} drew a card." in table.recent


async def test_help_explains_the_games_a_turn_and_the_commands(world: dict[str, Any]) -> None:
    """/help answers privately with the games, how a turn works and where the rules are."""
    from bot.games.registry import CATALOG

    env, channel = world["env"], world["channel"]
    shown = await world["members"][0].slash(channel, "help")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    text = (embed.description or "") + " ".join(f.value or "" for f in embed.fields)
    assert all(entry.title in text for entry in CATALOG.values())
    for words in ("/play", "Take turn", "/move", "/rules", "Join"):
        assert words in text
    assert env is not None


async def test_move_names_seats_as_people_see_them(world: dict[str, Any]) -> None:
    """Soi by typing: `/move ask Bob QH` and `ask 2 QH` (seats from 1) reach the engine's
    0-based ask; autocomplete says names; /hand lists moves by name; an unknown name or
    seat number is answered clearly and changes nothing."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    service(env).seed_source = lambda: 3
    opened = await ann.slash(channel, "play", game="soi", target=20, timer="off")
    for member in (bob, cat):
        await member.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    mover = _member(table, [ann, bob, cat])
    legal = table.engine.legal_actions(table.state)
    names = table.names
    hand = await mover.slash(channel, "hand")
    listed = hand.response.embeds[0].fields[0].value
    first = AskFor.of(legal[0])
    assert f"`ask \u2068{names[first.seat]}\u2069 {first.card}`" in listed
    offered = await mover.autocomplete(channel, "move", "action", "")
    assert offered and all(c["name"].startswith(
        f"ask \u2068{names[int(c['value'].split()[1]) - 1]}\u2069 ")
                           for c in offered)
    for text, says in (("ask carl QH", "Nobody called “\u2068carl\u2069”"),
                       ("ask 4 QH", "There is no seat 4: seats are numbered 1 to 3"),
                       ("ask", "Write an ask like this")):
        refused = await mover.slash(channel, "move", action=text)
        assert refused.ephemeral and says in refused.response.content
        assert table.log == []
    first = legal[0]
    target, wanted = first.args
    upper = names[target].upper()
    done = await mover.slash(channel, "move", action=f"ask {upper} {wanted}")
    assert done.ephemeral and table.log and table.log[0] == str(first)

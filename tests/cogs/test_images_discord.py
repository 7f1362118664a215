"""Card images on the Discord table: the table message, the hand (ephemeral/DM only), the
round end, the server's images/four-colour settings and a failing render."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.discord import pictures, publisher
from bot.render.card_text import card
from bot.tables.display import QUIET_WAIT
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    last_cards,
    message_of,
    panel_of,
    service,
    table_in,
    via_panel,
)
from tests.helpers.forge import forge

TABLE_URL = "attachment://table.png"
HAND_URL = "attachment://hand.png"
# A picture is shown by the message (an attachment with its alt text), never as the
# embed's image (which cannot carry alt text): no embed names an attachment.


def image_urls(payload: dict[str, Any]) -> list[str]:
    """The image urls of a payload's embeds."""
    return [(e.get("image") or {}).get("url", "") for e in payload.get("embeds") or []]


def table_edits(env: Any, table: Any, start: int = 0) -> list[dict[str, Any]]:
    """The JSON payloads of the table message's posts and edits since ``start`` (in the
    channel, or through an interaction token of the table message)."""
    found = []
    channel, message_id = table.record.channel_id, table.record.message_id
    table_id = table.id
    for req in env.http_requests[start:]:
        body = req.json
        if not isinstance(body, dict) or req.method not in ("POST", "PATCH"):
            continue
        path = req.path
        if (re.match(rf"/channels/{channel}/messages(/{message_id})?$", path)
                or re.match(r"/webhooks/\d+/[^/]+/messages/@original$", path)) and any(
            f"table #{table_id}" in (e.get("title") or "") for e in body.get("embeds") or []
        ):
            found.append(body)
    return found


async def start_soureh(world: dict[str, Any], seed: int = 2) -> Any:
    """Ann and Bob start a two-player Soureh table; returns the table."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: seed
    opened = await ann.slash(channel, "play", game="soureh", timer="off", threshold=20)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def member_of(world: dict[str, Any], table: Any, seat: int) -> Any:
    """The world member sitting at ``seat``."""
    return next(m for m in world["members"] if m.id == table.seats[seat].user_id)


async def test_table_message_carries_the_table_image_and_updates(world: dict[str, Any]) -> None:
    """With images on, the table message shows table.png (with its alt text, not as the
    embed's image), renewed after a move."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    first = table_edits(env, table)[-1]
    assert image_urls(first) == [""]
    assert [a["filename"] for a in first["attachments"]] == ["table.png"]
    message = message_of(env, table, channel)
    assert not message.embeds[0].image.url and message.attachments[0].description
    start, version = len(env.http_requests), table.version
    await via_panel(env, member_of(world, table, table.to_act()), channel, "draw")
    await env.advance_time(QUIET_WAIT + 1)  # a lone draw shows after the wait
    await flush(env)
    assert table.version > version
    later = table_edits(env, table, start)
    assert later and image_urls(later[-1]) == [""]
    assert [a["filename"] for a in later[-1]["attachments"]] == ["table.png"]
    cache = env.bot.app.images.cache
    assert sum(k.kind == "table" for k in cache.drawn()) >= 2  # a picture of each table seen


async def test_images_off_setting_gives_a_text_only_table(world: dict[str, Any]) -> None:
    """/settings set images:false: the next table edit has no image and no attachment."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    res = await admin.slash(channel, "settings set", images=False)
    assert res.acknowledged
    table = await start_soureh(world)
    payloads = table_edits(env, table)
    assert payloads and all(image_urls(p) == [""] for p in payloads)
    assert all(not p.get("attachments") for p in payloads)
    my = await member_of(world, table, 0).click(message_of(env, table, channel),
                                                 label="My cards")
    hand = panel_of(my)  # answered first, the hand follows privately
    assert hand.ephemeral
    assert not hand.embeds[0].image.url
    assert len(env.bot.app.images.cache) == 0


async def test_images_off_table_edit_makes_one_embed(world: dict[str, Any],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A server without pictures: each table edit makes its text table's embed only, not
    first the embed a picture would go with (issue 42: it was made and thrown away)."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    await admin.slash(channel, "settings set", images=False)
    table = await start_soureh(world)
    made: list[bool] = []
    real = publisher.table_embed

    def counted(seen: Any, *, text_table: bool = False) -> discord.Embed:
        made.append(text_table)
        return real(seen, text_table=text_table)

    monkeypatch.setattr(publisher, "table_embed", counted)
    start = len(env.http_requests)
    await via_panel(env, member_of(world, table, table.to_act()), channel, "draw")
    await env.advance_time(QUIET_WAIT + 1)  # a lone draw shows after the wait
    await flush(env)
    edits = table_edits(env, table, start)
    assert edits and all(e["embeds"][0].get("fields") for e in edits)  # the text table
    assert made and made == [True] * len(made)


async def test_hand_image_is_ephemeral_and_dm_only(world: dict[str, Any]) -> None:
    """My cards and the DM carry hand.png; no public payload carries it."""
    env, channel = world["env"], world["channel"]
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table = await start_soureh(world)
    seat = table.to_act()
    member = member_of(world, table, seat)
    my = await member.click(message_of(env, table, channel), label="My cards")
    hand = panel_of(my)  # answered first, the hand follows privately
    assert hand.ephemeral
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    assert hand.embeds[0].description  # the text stays for screen readers
    await via_panel(env, member, channel, "draw")
    await flush(env)
    dm = last_cards(member, channel)
    assert dm is not None and dm.content and [a.filename for a in dm.attachments] == ["hand.png"]
    audit.step([table])
    public = audit.public_payloads()
    assert public
    for _path, payload in public:
        assert HAND_URL not in image_urls(payload)
        assert all(a.get("filename") != "hand.png" for a in payload.get("attachments") or [])
    hands = [k for k in env.bot.app.images.cache.drawn() if k.kind == "hand"]
    assert hands and all(k.seat is not None for k in hands)


async def test_panel_shows_the_seat_image_refreshed_after_each_move(
    world: dict[str, Any]
) -> None:
    """Take turn's panel carries seat.png (the table as the seat sees it, drawn card
    included); a move that passes the turn answers without a picture, one that keeps it with
    the new seat.png; a step of the panel keeps its picture without uploading it again;
    never public."""
    env, channel = world["env"], world["channel"]
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table = await start_soureh(world)
    for _ in range(3):
        seat = table.to_act()
        member = member_of(world, table, seat)
        opened = await member.click(message_of(env, table, channel), label="Take turn")
        panel = panel_of(opened)
        assert panel.ephemeral
        assert not panel.embeds[0].image.url
        assert panel.embeds[0].description  # the text stays for screen readers
        drawn_version = table.version
        assert [a.filename for a in panel.attachments] == ["seat.png"]
        moved = await member.click(panel, label="Discard")
        assert moved.acknowledged and table.version == drawn_version + 1
        if table.running and table.to_act() == seat:
            # his turn goes on: the edited panel carries the picture of the new version
            assert [a.filename for a in panel.attachments] == ["seat.png"]
            assert panel.attachments[0].description
            assert any(k.kind == "seat" and k.version == table.version and k.seat == seat
                       for k in env.bot.app.images.cache.drawn())
        else:  # his turn has passed: no picture drawn for it (the table message shows it)
            assert panel.attachments == [] and not panel.embeds[0].image.url
            assert not any(k.kind == "seat" and k.version == table.version and k.seat == seat
                           for k in env.bot.app.images.cache.drawn())
    audit.step([table])
    for _path, payload in audit.public_payloads():
        assert "attachment://seat.png" not in image_urls(payload)
        assert all(a.get("filename") != "seat.png" for a in payload.get("attachments") or [])


async def test_four_colour_setting_reaches_the_renderer(world: dict[str, Any]) -> None:
    """/settings set four_colour:true: the cached table image is the four-colour one."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    await admin.slash(channel, "settings set", four_colour=True)
    await start_soureh(world)
    keys = [k for k in env.bot.app.images.cache.drawn() if k.kind == "table"]
    assert keys and all(k.options[0] is True for k in keys)  # (four_colour, theme, names)


async def test_failing_render_still_sends_the_text_table(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A renderer that raises leaves the table message as text, with no image, and logs."""
    env, channel = world["env"], world["channel"]

    def broken(*_args: Any, **_kwargs: Any) -> bytes:
        raise ValueError("renderer rejected the view")

    monkeypatch.setattr(pictures, "cached_table", broken)
    table = await start_soureh(world)
    payloads = table_edits(env, table)
    assert payloads and "round 1" in payloads[-1]["embeds"][0]["title"]
    assert image_urls(payloads[-1]) == [""] and not payloads[-1].get("attachments")
    assert message_of(env, table, channel).embeds[0].fields
    assert any("table image" in r.getMessage() and "ValueError" in r.getMessage()
               for r in caplog.records)


def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for r in component_rows(message) for c in r.get("components", [])]


@pytest.mark.slow
async def test_last_round_button_shows_the_scored_round_to_anyone(world: dict[str, Any]) -> None:
    """No Last round button before a round is scored; after one, anyone (an onlooker too)
    gets the round's summary and its picture (round.png, or round.webp when that is
    smaller than the PNG over 40 KB), ephemerally, while the game goes on."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    assert "Round results" not in _labels(message_of(env, table, channel))
    for _ in range(400):
        if table.rounds or not table.running:
            break
        seat = table.to_act()
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        notation = "discard" if "discard" in legal else legal[0]
        await member_of(world, table, seat).slash(channel, "move", action=notation)
        await flush(env)
    assert table.rounds and table.running, "a round ended and the game goes on"
    message = message_of(env, table, channel)
    assert "Round results" in _labels(message)
    onlooker = world["members"][3]
    shown = await onlooker.click(message, label="Round results")
    assert shown.ephemeral and shown.response is not None
    embed = shown.response.embeds[0]
    assert "round 1" in (embed.title or "") and embed.description
    assert not embed.image.url
    [attached] = shown.response.attachments
    name = attached.filename
    data = await shown.response.attachments[0].read()
    assert name == ("round.webp" if data[:4] == b"RIFF" else "round.png")
    assert data[:4] == b"RIFF" or data[:8] == b"\x89PNG\r\n\x1a\n"


async def test_a_step_of_the_panel_keeps_its_picture_without_uploading_it(
    world: dict[str, Any]
) -> None:
    """Soureh: a step of the panel (back to the decision's first step, no move made) edits
    the panel with the very attachment it had (same id: nothing drawn or uploaded again)."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    member = member_of(world, table, table.to_act())
    panel = panel_of(await member.click(message_of(env, table, channel), label="Take turn"))
    [before] = panel.attachments
    assert before.filename == "seat.png"
    seats_drawn = [k for k in env.bot.app.images.cache.drawn() if k.kind == "seat"]
    sent = len(env.http_requests)
    stepped = await forge(member, panel, f"cr:{table.id}:{table.version}:nav")
    assert stepped.acknowledged
    [after] = panel.attachments
    assert after.id == before.id and after.description == before.description
    edits = [r.json for r in env.http_requests[sent:] if isinstance(r.json, dict)]
    assert edits and all(str(a.get("id")) == str(before.id) for e in edits
                         for a in (e.get("data") or e).get("attachments") or [])
    assert [k for k in env.bot.app.images.cache.drawn() if k.kind == "seat"] == seats_drawn


@pytest.mark.parametrize("game", ["turup", "soi"])
async def test_turup_and_soi_panels_name_the_cards_in_words(world: dict[str, Any],
                                                            game: str) -> None:
    """Turup's and Soi's panels carry no picture (issue 42: the table's picture changes
    every turn, and a second per turn only repeats it and his cards): Take turn's panel
    names every card he holds in words, nothing is drawn for it, and My cards still
    shows them as a picture."""
    env, channel = world["env"], world["channel"]
    ann, *others = world["members"][:3]
    service(env).seed_source = lambda: 3
    opened = await ann.slash(channel, "play", game=game, timer="off")
    for other in others:  # Soi needs three
        await other.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    seat = table.to_act()
    member = member_of(world, table, seat)
    sent = len(env.http_requests)
    panel = panel_of(await member.click(message_of(env, table, channel), label="Take turn"))
    assert panel.attachments == [] and not panel.embeds[0].image.url
    said = panel.embeds[0].description or ""
    hand = [str(c) for c in table.player_view(seat)["hand"]]
    assert hand and all(card(code) in said for code in hand)
    assert not any(k.kind == "seat" for k in env.bot.app.images.cache.drawn())
    payloads = [r.json for r in env.http_requests[sent:] if isinstance(r.json, dict)]
    assert not [a for p in payloads for a in (p.get("data") or p).get("attachments") or []
                if a.get("filename") == "seat.png"]
    mine = await member.click(message_of(env, table, channel), label="My cards")
    assert [a.filename for a in panel_of(mine).attachments] == ["hand.png"]

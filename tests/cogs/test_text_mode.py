"""Text mode (issue 34, ``/display text``): a player who reads words instead of pictures
plays a whole game of each game from the panels' text alone; no picture reaches him
privately; every card he may see is named in words, and every move offered is labelled."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.render.alt.words import card_words
from bot.render.components import Kind, notation_of, parse_custom_id
from storage.user_display import UserDisplay, UserDisplayRepo
from tests.helpers.discord import Audit, component_rows, last_cards, payload_of
from tests.helpers.preview import browser, browser_available, shoot
from tests.helpers.taps import BY_NAME, Panel, message_in, panel_of, seated

pytestmark = pytest.mark.slow

COOP = ("soureh", "pariah")
OPTIONS = {"soureh": {"threshold": 20}, "pariah": {"threshold": 60}, "turup": {"rounds": 1},
           "soi": {"target": 20, "memory": "off"}}


def own_cards(table: Any, seat: int) -> list[str]:
    """Every card the seat may see of his own: coops (both rows) and the drawn card, or
    his hand."""
    view = table.player_view(seat)
    if table.game in COOP:
        row = view["seats"][seat]
        cards = [c for c in (row.get("up") or []) + (row.get("down") or []) if c]
        return cards + ([view["drawn"]] if view.get("drawn") else [])
    return list(view.get("hand") or [])


def text_of(message: Any) -> str:
    """Everything a screen reader reads of a message's embeds."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


STEPS = {"king": "k1", "capture": "tc", "trail": "tc", "ask": "ss"}
"""Where a move the root panel does not list is reached: a step select of its kind."""


def offered(message: Any) -> tuple[set[str], set[str]]:
    """The moves a panel offers at once (its buttons' and selects' notation), and the kinds
    of its step selects; every option must be labelled with words."""
    moves: set[str] = set()
    steps: set[str] = set()
    for row in component_rows(message):
        for item in row["components"]:
            parsed = parse_custom_id(item.get("custom_id") or "")
            if parsed is None:
                continue
            cid = parsed[1]
            labels = [o["label"] for o in item.get("options", [])] or [item.get("label")]
            assert all(label and re.search(r"\w", label) for label in labels), item
            if cid.kind == Kind.ACT and item["type"] == 2:
                moves.add(notation_of(cid.arg))
            elif cid.kind == Kind.ACT:
                moves |= {o["value"] for o in item["options"]}
            else:
                steps.add(str(cid.kind))
    return moves, steps


def private_pictures(audit: Audit, start: int) -> list[str]:
    """Files uploaded in private answers (ephemeral replies, DMs) since ``start``."""
    env = audit.env
    public = {id(p) for _path, p in audit.public_payloads(start)}
    found = []
    for req in env.http_requests[start:]:
        payload = payload_of(req)
        if payload is None or id(payload) in public or req.method not in ("POST", "PATCH"):
            continue
        for attachment in payload.get("attachments") or []:
            if attachment.get("filename"):
                found.append(f"{req.path}: {attachment['filename']}")
    return found


async def test_display_stores_the_choice_and_answers(world: dict[str, Any]) -> None:
    """/display text:True is stored for the player (both choices shown in the answer);
    /display alone shows them unchanged."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    done = await ann.slash(channel, "display", text=True)
    assert done.ephemeral and "in words" in done.response.content
    assert await UserDisplayRepo(env.bot.db).get(ann.id) == UserDisplay(ann.id, text_mode=True)
    shown = await ann.slash(channel, "display")
    assert "in words" in shown.response.content and "two colours" in shown.response.content


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_a_text_mode_player_finishes_a_game(world: dict[str, Any], game: str) -> None:
    """Every player in text mode plays a whole game from the panels: each panel names all
    his own cards in words (no card or face-down symbol, no picture), every legal move is
    offered and labelled, and no private message carries a picture."""
    env, channel, members = world["env"], world["channel"], world["members"]
    for member in members:
        await member.slash(channel, "display", text=True)
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in members})
    start = len(env.http_requests)
    spec = BY_NAME[game]
    table, people = await seated(env, channel, members, game, spec.seed, **OPTIONS[game])
    rng = random.Random(7)
    choose = spec.player() if game != "soi" else (  # Soi: a random asker, for more turns
        lambda t: str(rng.choice(t.engine.legal_actions(t.state))))
    panels = 0
    while table.running:
        seat = table.to_act()
        member = people[table.seats[seat].user_id]
        opened = await member.click(message_in(channel, table.record.message_id),
                                    label="Take turn")
        message = panel_of(opened)
        assert message.ephemeral and not message.attachments
        text = text_of(message)
        colour = game in COOP
        for code in own_cards(table, seat):
            assert card_words(code, colour=colour) in text, (code, text)
        assert not re.search("[🂠♠♥♦♣]", text), text  # every card said in words
        moves, steps = offered(message)
        for action in table.engine.legal_actions(table.state):  # each one reachable
            assert str(action) in moves or STEPS.get(action.word) in steps \
                or (action.call is not None and "call" in steps) \
                or (game == "soi" and "sp" in steps), (str(action), moves, steps)
        panels += 1
        panel = Panel(table, member, message)
        while table.running and table.to_act() == seat:
            before = table.version
            await panel.play(choose(table))
            assert table.version == before + 1
            assert not message.attachments
        audit.step([table])
    await env.settle()
    audit.step([table])
    print(game, "panels", panels)
    assert panels > 1 and table.finished
    assert private_pictures(audit, start) == []
    for user_id, member in people.items():  # the game's end: his final cards in words
        final = last_cards(member, channel)
        seat = table.seat_of(user_id)
        assert final is not None and final.embeds and not final.attachments
        said = text_of(final)
        assert all(card_words(c, colour=game in COOP) in said for c in own_cards(table, seat))


@pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")
@pytest.mark.parametrize("game", ["soureh", "turup"])
async def test_text_mode_panel_on_a_phone(world: dict[str, Any], game: str,
                                          tmp_path: Path) -> None:
    """A text-mode panel at 400 px: no picture, his cards in words."""
    env, channel, members = world["env"], world["channel"], world["members"]
    for member in members:
        await member.slash(channel, "display", text=True)
    table, people = await seated(env, channel, members, game, BY_NAME[game].seed,
                                 **OPTIONS[game])
    seat = table.to_act()
    member = people[table.seats[seat].user_id]
    opened = await member.click(message_in(channel, table.record.message_id),
                                label="Take turn")
    message = panel_of(opened)
    path = tmp_path / "p.png"
    async with browser() as b:
        shot = await shoot(env, channel, member, message, path, width=400, b=b)
    assert card_words(own_cards(table, seat)[0], colour=game in COOP) in shot.text
    assert shot.height < 1400, shot.height


async def test_four_colours_for_one_player_only(world: dict[str, Any]) -> None:
    """/display four_colour:True draws that player's own pictures in four colours; the
    public table and the other players' pictures keep two."""
    env, channel, members = world["env"], world["channel"], world["members"]
    ann = members[0]
    await ann.slash(channel, "display", four_colour=True)
    table, people = await seated(env, channel, members, "soureh", 2, threshold=20)
    for member in people.values():
        await member.click(message_in(channel, table.record.message_id), label="My cards")
    cache = env.bot.app.images.cache.drawn()
    hands = {k.seat: k.options[0] for k in cache if k.kind == "hand"}
    ann_seat = table.seat_of(ann.id)
    assert hands[ann_seat] is True and all(not v for s, v in hands.items() if s != ann_seat)
    assert all(k.options[0] is False for k in cache if k.kind == "table")

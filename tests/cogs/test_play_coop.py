"""Whole games of Soureh and Pariah on Discord, by panel buttons/selects and /move."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games.coop.moves import Give
from bot.render.card_text import card
from bot.render.embeds import table_embed
from tests.helpers.discord import (
    Audit,
    component_rows,
    coop_policy,
    flush,
    last_cards,
    message_of,
    panel_of,
    service,
    table_in,
    text_only,
    typed,
    via_panel,
)

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("game", "seed", "options"),
    [("soureh", 2, {"threshold": 20}), ("pariah", 10, {"threshold": 50})],
)
async def test_coop_game_from_play_to_standings(
    world: dict[str, Any], game: str, seed: int, options: dict[str, int]
) -> None:
    """Two members play a short coop game through every decision point to the standings."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    service(env).seed_source = lambda: seed
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})

    opened = await ann.slash(channel, "play", game=game, timer="off", **options)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    players = {s.user_id: m for m in (ann, bob) for s in table.seats if s.user_id == m.id}
    audit.step([table])

    for seat, s in enumerate(table.seats):
        dm = last_cards(players[s.user_id], channel)
        assert dm is not None
        downs = [card(c) for c in table.hidden_cards(seat)]
        assert all(d in dm.content for d in downs)

    words: Counter[str] = Counter()
    rounds_seen = set()
    turn = 0
    while table.running:
        seat = table.to_act()
        member = players[table.seats[seat].user_id]
        other = players[table.seats[1 - seat].user_id]
        if turn == 1:
            before = table.version
            refused = await other.click(message_of(env, table, channel), label="Take turn")
            assert refused.ephemeral and "not your turn" in refused.response.content
            outsider = await cat.slash(channel, "move", action="draw")
            assert outsider.ephemeral and "not seated" in outsider.response.content
            assert table.version == before
        notation = coop_policy(table)
        words[notation.split()[0]] += 1
        called = notation.split()[-1] in ("declare", "knock")
        words["call"] += called
        before = table.version
        if called or turn % 2 == 0 or notation.split()[0] in ("give", "king", "jack", "queen"):
            await via_panel(env, member, channel, notation)
        else:
            assert (await member.slash(channel, "move", action=typed(table, notation))).acknowledged
        assert table.version == before + 1
        if table.running:
            rounds_seen.add(table.public_view()["round"])
        audit.step([table])
        turn += 1
    await flush(env)
    audit.step([table])

    assert {"draw", "keep", "discard"} <= set(words)
    assert words["call"] > 0, "the game declared or knocked from the panel"
    message = message_of(env, table, channel)
    embed = message.embeds[0]
    assert text_only(embed.to_dict()) == table_embed(table.seen()).to_dict()
    assert not embed.fields and "won the game" in (embed.description or "")
    assert all(name in (embed.description or "") for name in table.names)
    assert audit.public_posts == 0
    if game == "soureh":
        assert len(rounds_seen) > 1, "the test game spans rounds"
    else:
        assert words["give"] + words["jack"] + words["queen"] + words["king"] > 0


def _spoiler(table: Any) -> str:
    """Declare as soon as possible; an opponent of the declarer gives him a card that spoils
    a coop whenever he can; otherwise draw and discard."""
    engine, state = table.engine, table.state
    me = table.to_act()
    actions = engine.legal_actions(state)
    if table.public_view()["phase"] == "reveal":
        return "reveal"
    calls = [a for a in actions if a.call]
    if calls and state.declarer is None:
        return str(calls[0])
    declarer = state.declarer
    if declarer is not None and declarer != me:
        for a in actions:
            if a.word == "give" and Give.of(a).seat == declarer and not a.call:
                valid = engine.apply(state, a).state.valid[declarer]
                if valid is not None and False in valid:
                    return str(a)
    return "discard" if table.public_view()["phase"] == "place" else "draw"


async def test_reveal_turn_looks_the_same_spoiled_or_not(world: dict[str, Any]) -> None:
    """Under the reveal rule a whole Soureh game is played from the panel: the declarer's
    returning turn always shows Draw and Reveal; Reveal with a spoiled coop is refused
    privately with the reason (nothing changes), then Draw plays on; the audit stays clean."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 0
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    opened = await ann.slash(channel, "play", game="soureh", timer="off", threshold=20,
                             declare="reveal")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    players = {s.user_id: m for m in (ann, bob) for s in table.seats if s.user_id == m.id}
    seen = Counter[str]()
    while table.running:
        member = players[table.seats[table.to_act()].user_id]
        notation = _spoiler(table)
        before = table.version
        if notation != "reveal":
            await via_panel(env, member, channel, notation)
            assert table.version == before + 1
            audit.step([table])
            continue
        allowed = "reveal" in {str(a) for a in table.engine.legal_actions(table.state)}
        shown = await member.click(message_of(env, table, channel), label="Take turn")
        labels = [c["label"] for row in component_rows(panel_of(shown))
                  for c in row["components"]]
        assert labels == ["Draw", "Reveal"]
        pressed = await member.click(panel_of(shown), label="Reveal")
        assert pressed.acknowledged
        if allowed:
            seen["revealed"] += 1
            assert table.version == before + 1
        else:
            seen["refused"] += 1
            assert table.version == before
            assert pressed.ephemeral and "can't reveal: your coop" in pressed.response.content
            await member.click(panel_of(shown), label="Draw")
            assert table.version == before + 1
        audit.step([table])
    await flush(env)
    audit.step([table])
    assert seen["revealed"] and seen["refused"], seen
    assert audit.public_posts == 0

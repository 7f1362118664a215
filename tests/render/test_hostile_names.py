"""Hostile display names in every public message (issue 18, point 5): a masked link,
markdown and @everyone show as typed in the lobby, the table embed (its Recent lines),
Last round and Final standings; they neither link, format nor ping."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.render.names import shown
from tests.helpers.discord import Audit, flush, message_of, table_in

HOSTILE = ("[Free Nitro](https://x.y)", "**b** ||s||", "@everyone")
RAW = (re.compile(r"(?<!\\)\[Free Nitro(?<!\\)\]"), re.compile(r"(?<!\\)\*\*b"),
       re.compile(r"(?<!\\)\|\|s"), re.compile(r"@everyone"))


def _texts(payload: dict[str, Any]) -> list[str]:
    texts = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or "",
                  (embed.get("footer") or {}).get("text") or ""]
        for f in embed.get("fields") or []:
            texts += [f["name"], f["value"]]
    return texts


def _check(texts: list[str]) -> None:
    for text in texts:
        for raw in RAW:
            assert raw.search(text) is None, text


def test_shown_escapes_markdown_and_mentions() -> None:
    """The helper escapes a masked link, bold, spoilers and @everyone."""
    assert shown("[Free Nitro](https://x.y)").startswith("\u2068\\[")
    assert shown("**b** ||s||") == "\u2068\\*\\*b\\*\\* \\|\\|s\\|\\|\u2069"
    assert shown("@everyone") == "\u2068@\u200beveryone\u2069"
    assert shown("Ann") == "\u2068Ann\u2069"


@pytest.mark.slow
async def test_hostile_names_in_every_public_message(world: dict[str, Any]) -> None:
    """Three players with hostile names play a whole game (one resigns): no public message
    (lobby, table embed with Recent, Final standings) nor Last round shows raw markdown or
    pings, and the escaped names are on show."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    players = [guild.add_member(env.create_user(name)) for name in HOSTILE]
    audit = Audit(env)
    env.bot.tables.seed_source = lambda: 3
    opened = await players[0].slash(channel, "play", game="turup", rounds=1, timer="off")
    for p in players[1:]:
        await p.click(opened.response, label="Join")
    await players[0].click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    by_id = {p.id: p for p in players}
    await players[2].slash(channel, "resign")
    await flush(env)
    last_round = None
    while table.running:
        seat = table.to_act()
        assert seat is not None
        member = by_id[table.seats[seat].user_id or 0]
        if table.seats[seat].is_computer_held:
            await flush(env)
            continue
        done = await member.slash(channel, "move",
                                  action=str(table.engine.legal_actions(table.state)[0]))
        assert done.acknowledged
        await flush(env)
        if table.running and table.rounds and last_round is None:
            clicked = await players[1].click(message_of(env, table, channel),
                                             label="Round results")
            last_round = clicked.response
    texts = [t for _, payload in audit.public_payloads() for t in _texts(payload)]
    _check(texts)
    assert any(shown(HOSTILE[0]) in t for t in texts)  # the names are there, escaped
    assert any(shown(HOSTILE[1]) in t for t in texts)
    assert any("Game over" in t for _, p in audit.public_payloads()
               for e in p.get("embeds") or [] for t in [str(e)])
    if last_round is not None:
        _check([t for e in last_round.embeds for t in _texts(e.to_dict())])

"""One notation for people under SimCord (issue 37): whole games of each game with Hint,
/move, Replay, Last round and the end messages send no bare black suit, and a hint typed
into /move exactly as shown plays the hinted move."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from bot.games.ai.hint import hint
from bot.games.ai.ismcts import Budget
from bot.notation.seat_words import by_name
from tests.helpers.discord import (
    component_rows,
    flush,
    message_of,
    panel_of,
    payload_of,
    table_in,
)

pytestmark = pytest.mark.slow

SMALL = Budget(iterations=40, seconds=None)  # reproducible: no clock in the hint
BARE = re.compile("[♠♣](?!\ufe0e)")
OPTIONS = {"soureh": {"threshold": 20}, "pariah": {"threshold": 200},
           "turup": {"rounds": 1}, "soi": {"target": 40}}


def texts_of(payload: dict[str, Any]) -> list[str]:
    """Every text a person reads in a payload: content, embeds (title, description, fields,
    footer, author), components' labels, placeholders and options, autocomplete choices."""
    found = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        found += [embed.get("title") or "", embed.get("description") or "",
                  (embed.get("footer") or {}).get("text") or "",
                  (embed.get("author") or {}).get("name") or ""]
        for f in embed.get("fields") or []:
            found += [f.get("name") or "", f.get("value") or ""]
    for row in payload.get("components") or []:
        for item in row.get("components") or []:
            found += [item.get("label") or "", item.get("placeholder") or ""]
            for option in item.get("options") or []:
                found += [option.get("label") or "", option.get("description") or ""]
    for choice in payload.get("choices") or []:
        found.append(choice.get("name") or "")
    return [t for t in found if t]


def bare_suits(env: Any, start: int = 0) -> tuple[int, int, list[str]]:
    """(bare ♠/♣ found, payloads read, a few texts that hold one) over the requests."""
    bare, payloads, where = 0, 0, []
    for request in env.http_requests[start:]:
        payload = payload_of(request)
        if payload is None:
            continue
        payloads += 1
        for text in texts_of(payload):
            found = len(BARE.findall(text))
            bare += found
            if found and os.environ.get("BARE_DUMP"):
                with open(os.environ["BARE_DUMP"], "a") as fh:
                    fh.write(request.path[:40] + " | " + text.replace("\n", " / ")[:300] + "\n")
            if found and len(where) < 5:
                where.append(text[:160])
    return bare, payloads, where


def hint_typed(answer: Any) -> str:
    """The hint's first line as shown (the move to type), without its markdown."""
    first = (answer.embeds[0].description or "").split("\n", 1)[0]
    return first.replace("**", "").replace("`", "")


async def _open(world: dict[str, Any], game: str) -> Any:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    opened = await ann.slash(channel, "play", game=game, timer="off", **OPTIONS[game])
    table = table_in(env, channel)
    for _ in range(2 if game == "soi" else 1):  # Soi is for 3 players or more
        await ann.select(opened.response, ["normal"],
                         custom_id=f"cs:{table.id}:{table.version}:addc")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table


async def _hint_and_type(env: Any, ann: Any, channel: Any, table: Any, *,
                         whole_line: bool) -> tuple[str, bool]:
    """Press Hint on ann's panel and type its move into /move as shown: (typed, played
    the hinted move?)."""
    seat = table.seat_of(ann.id)
    opened = await ann.click(message_of(env, table, channel), label="Take turn")
    panel = panel_of(opened)  # Soureh's and Pariah's Take turn draws first
    wanted = hint(table.engine, table.state, seat, budget=SMALL).action
    pressed = await ann.click(panel, label="Hint")
    await flush(env)
    answer = pressed.response
    first = (answer.embeds[0].description or "").split("\n", 1)[0]
    typed = first.replace("**", "").replace("`", "")
    if not whole_line:
        typed = typed.split(" — ", 1)[0]
    before = len(table.log)
    moved = await ann.slash(channel, "move", action=typed)
    assert moved.acknowledged
    return typed, len(table.log) > before and table.log[before] == str(wanted)


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_a_whole_game_sends_no_bare_black_suit_and_hints_play_as_shown(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """ann plays a whole game against a computer by /move (with suggestions, /hand and a
    refused move on the way), asking for hints (each typed into /move as shown plays the
    hinted move), then opens /rules, Replay, Last round and her review: no payload holds a
    ♠ or ♣ without its text presentation selector."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    env.bot.app.hint_budget = SMALL
    env.bot.app.review_budget = Budget(iterations=10, seconds=None)
    env.bot.tables.seed_source = lambda: 11
    table = await _open(world, game)
    seat = table.seat_of(ann.id)
    rng = random.Random(3)
    hinted: list[tuple[str, bool]] = []
    turns = 0
    while table.running:
        await flush(env)
        if not table.running:
            break
        assert table.to_act() == seat
        turns += 1
        legal = table.engine.legal_actions(table.state)
        if len(hinted) < 6 and turns % 2 == 0:
            hinted.append(await _hint_and_type(env, ann, channel, table,
                                               whole_line=len(hinted) % 2 == 1))
            continue
        move = rng.choice(legal)
        if turns % 5 == 1:  # the other ways a person reads moves: suggestions, /hand, a refusal
            offered = await ann.autocomplete(channel, "move", "action", "")
            assert offered and all(c["name"].count(" — ") <= 1 for c in offered), offered
            await ann.slash(channel, "hand")
            await ann.slash(channel, "move", action="ask nobody 3♠" if game == "soi"
                            else "give 9 1")
            assert table.to_act() == seat
        words = table.entry.look.move_words
        await ann.slash(channel, "move", action=by_name(words, move, table.names))
    await flush(env)
    end = [m for m in channel.history() if m.embeds]
    opened: list[str] = []
    await ann.slash(channel, "rules", game=game)
    for message in reversed(end):
        labels = [c.get("label") for r in component_rows(message) for c in r["components"]]
        for label in ("Replay", "Round results", "Review my game"):
            if label in labels and label not in opened:
                opened.append(label)
                pressed = await ann.click(message, label=label)
                await flush(env)
                page = pressed.response
                if label == "Replay" and page is not None and "Next ▶" in str(
                        component_rows(page)):
                    await ann.click(page, label="Next ▶")
                    await flush(env)
    bare, payloads, where = bare_suits(env)
    played = sum(p for _, p in hinted)
    print(f"{game}: {bare} bare black suits in {payloads} payloads; "
          f"{played} of {len(hinted)} hints typed as shown played the hint")
    assert payloads > 50 and len(hinted) >= 5, hinted
    assert sorted(opened) == ["Replay", "Review my game", "Round results"], opened
    assert bare == 0 and played == len(hinted), (bare, where, hinted)

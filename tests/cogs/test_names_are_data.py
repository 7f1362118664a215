"""Names are data (DESIGN 6a, issue 38 points 2, 3 and 10) under SimCord: four people with
hostile nicknames (a masked link, bold, @everyone, a raw mention, each but the first
holding bidi controls: U+202E, an unclosed U+2067, U+2069 then U+202E) play a hinted
game of Turup at an English and at an Arabic table. In every payload the bot sends
(lobby, table message with its text table, panels and their errors, /move's and /hand's
answers, the hint, round-end and game-end messages, result DMs, Last round, replay pages,
/stats, /history, /leaderboard) no name links, formats,
pings or reorders the text after it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.games.ai.ismcts import Budget
from bot.i18n import FSI, PDI, use_locale
from bot.render.announce import game_end_embed, rating_note, round_end_embed
from bot.render.components import BUTTON_PREFIX, ComponentId, Kind
from bot.render.names import shown
from bot.tables.model import Table
from storage.guild_settings import GuildSettingsRepo
from tests.helpers.discord import flush, message_of, panel_of, payload_of, table_in
from tests.helpers.locales import Locales

pytestmark = pytest.mark.slow

HOSTILE = ("[Free Nitro](https://x.y)", "**bold**\u202e", "@everyone\u2067",
           "<@123>\u2069\u202e")
OPENERS = ("\u2066", "\u2067", FSI)
EMBEDDINGS = set("\u202a\u202b\u202c\u202d\u202e")  # embeddings and overrides: never sent
# what a hostile name must never be in markdown text: raw, so it links, formats or pings
RAW = (re.compile(r"(?<!\\)\[Free Nitro(?<!\\)\]\("), re.compile(r"(?<!\\)\*\*bold"),
       re.compile(r"@everyone"), re.compile(r"<@123>"), re.compile(r"https://x\.y"))
PAIR = re.compile(f"{FSI}([^\u2066-\u2069]*){PDI} (\\S+)")


def _texts(payload: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The payload's markdown texts (content, embeds) and its labels (components)."""
    marked = [payload.get("content") or ""]
    for e in payload.get("embeds") or []:
        marked += [e.get("title") or "", e.get("description") or "",
                   (e.get("footer") or {}).get("text") or "",
                   (e.get("author") or {}).get("name") or ""]
        marked += [t for f in e.get("fields") or [] for t in (f["name"], f["value"])]
    labels: list[str] = []
    for row in payload.get("components") or []:
        for c in row.get("components") or []:
            labels += [c.get("label") or "", c.get("placeholder") or ""]
            labels += [t for o in c.get("options") or []
                       for t in (o.get("label") or "", o.get("description") or "")]
    return marked, labels


def _plain(name: str) -> str:
    return "".join(c for c in name if c not in EMBEDDINGS and not "\u2066" <= c <= "\u2069")


def _bidi_safe(text: str) -> None:
    """No embedding or override; every isolate closed on its own line, none closed twice;
    a name's isolate holds no control and is followed by ordinary text."""
    assert not EMBEDDINGS & set(text), repr(text)
    for line in text.split("\n"):
        depth = 0
        for ch in line:
            depth += ch in OPENERS
            depth -= ch == PDI
            assert depth >= 0, repr(line)
        assert depth == 0, repr(line)
    for name in HOSTILE:
        for found in re.finditer(re.escape(_plain(name)[:6]), text):
            inside = text[max(0, found.start() - 1):]
            assert inside.startswith(FSI) or "\\" in text[max(0, found.start() - 3):
                                                            found.start()], repr(text)


def _no_markup(text: str) -> None:
    for raw in RAW:
        assert raw.search(text) is None, repr(text)


async def _press(member: Any, message: Any, table: Table, kind: Kind, arg: str = "") -> Any:
    """Click ``kind`` on ``message`` by its custom_id (labels are in the table's language)."""
    cid = ComponentId(table.id, table.version, kind, arg).text(BUTTON_PREFIX)
    return await member.click(message, custom_id=cid)


async def _play_hinted_game(world: dict[str, Any], members: list[Any]) -> Table:
    """The members open a two-round Turup table; the first to act presses Hint, the one
    after him Take turn out of turn; they play it out by /move."""
    env, channel = world["env"], world["channel"]
    env.bot.tables.seed_source = lambda: 3
    # hints on (a hinted game's end names who used them); images off: the table message
    # shows the public cards as text, with the names in its fields
    await GuildSettingsRepo(env.bot.db).update(world["guild"].id, hints="always",
                                               images=False)
    opened = await members[0].slash(channel, "play", game="turup", rounds=2, timer="off")
    table = table_in(env, channel)
    for member in members[1:]:
        await _press(member, opened.response, table, Kind.JOIN)
    await _press(members[0], opened.response, table, Kind.START)
    await flush(env)
    by_id = {m.id: m for m in members}
    first = by_id[table.seats[table.to_act() or 0].user_id or 0]
    other = next(m for m in members if m is not first)
    taken = await _press(first, message_of(env, table, channel), table, Kind.TAKE_TURN)
    panel = panel_of(taken)
    await _press(first, panel, table, Kind.HINT)
    await _press(other, message_of(env, table, channel), table, Kind.TAKE_TURN)  # not his turn
    await other.slash(channel, "hand")  # "Waiting: … is to act"
    await flush(env)
    world["scores"] = []
    while table.running:
        seat = table.to_act()
        assert seat is not None
        action = str(table.engine.legal_actions(table.state)[0])
        done = await by_id[table.seats[seat].user_id or 0].slash(channel, "move", action=action)
        assert done.acknowledged
        await flush(env)
        if table.running:
            embed = message_of(env, table, channel).embeds[0]
            world["fields"] = [f.name or "" for f in embed.fields]
            description = embed.description or ""
            world["scores"].append(description.split("\n")[0])
            if table.rounds and "round_end" not in world:
                with use_locale(table.language):
                    world["round_end"] = round_end_embed(table.seen())
    return table


@pytest.mark.parametrize("language", ["en", "ar"])
async def test_hostile_names_are_data_in_every_message(
    world: dict[str, Any], locales: Locales, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At an English and an Arabic table, hostile nicknames neither link, format, ping nor
    reorder anything in any payload; the scores line and the round-end totals keep each
    name's total right after its closed isolate; the hint note, the replay pages and
    /stats show the names escaped and isolated."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    env.bot.app.hint_budget = Budget(iterations=30, seconds=None)
    if language == "ar":
        locales.guild(guild, "ar")
    members = [guild.add_member(env.create_user(name)) for name in HOSTILE]
    start = len(env.http_requests)
    table = await _play_hinted_game(world, members)
    await flush(env)
    replay = await _press(members[1], message_of(env, table, channel), table, Kind.REPLAY, "0")
    await _press(members[3], message_of(env, table, channel), table, Kind.LAST_ROUND)
    stats = await members[2].slash(channel, "stats", member=members[1])
    await members[3].slash(channel, "history")
    await members[0].slash(channel, "leaderboard", game="turup")
    await flush(env)

    everything: list[str] = []
    for request in env.http_requests[start:]:
        payload = payload_of(request)
        if payload is None or request.method not in ("POST", "PATCH"):
            continue
        if "/callback" in request.path and (request.json or {}).get("type") == 8:
            continue
        marked, labels = _texts(payload)
        for text in marked:
            _no_markup(text)
            _bidi_safe(text)
        for text in labels:
            _bidi_safe(text)
        everything += marked
        assert not EMBEDDINGS & set(json.dumps(payload, ensure_ascii=False))

    names = [shown(n) for n in HOSTILE]
    for name in names:  # every name is on show, escaped and isolated
        assert any(name in t for t in everything), name
    # the table message's scores line: each isolated name, then its total, in seat order
    assert world["scores"]
    for line in world["scores"]:
        pairs = PAIR.findall(line.replace("**", ""))
        assert [p for p, _ in pairs] == [n[1:-1] for n in names], repr(line)
    # the text table (images off): a field per seat, headed by its isolated name
    assert all(any(n in f for f in world["fields"]) for n in names), world["fields"]
    # the round-end message: its totals line likewise
    expected = world["round_end"]
    posted = [m for m in channel.history() if m.embeds and m.embeds[0].title == expected.title]
    assert posted, "the round-end message"
    totals = (posted[0].embeds[0].description or "").split("\n")[-1]
    assert [p for p, _ in PAIR.findall(totals)] == [n[1:-1] for n in names], repr(totals)
    # the game-end note names who used hints, escaped and isolated
    hinted = [s.seat for s in table.seats if table.hints.get(s.seat)]
    assert hinted
    with use_locale(table.language):
        end = game_end_embed(table.seen(), rating_note(table.seen(), False))
    posted = [m for m in channel.history() if m.embeds and m.embeds[0].title == end.title]
    assert posted and names[hinted[0]] in (posted[0].embeds[0].description or "")
    assert (posted[0].embeds[0].description or "") == end.description
    # /stats titles the member by his name, escaped and isolated
    assert names[1] in (stats.response.embeds[0].title or "")
    # the replay's first page names the players as dealt
    page = replay.response.embeds[0].description or ""
    assert all(n in page for n in names), repr(page)


def _labels_of(message: Any) -> list[str]:
    """The labels, placeholders and option labels of a message's components."""
    rows = [r if isinstance(r, dict) else r.to_dict() for r in message.components]
    _, labels = _texts({"components": rows})
    return [t for t in labels if t]


@pytest.mark.parametrize("language", ["en", "ar"])
async def test_panel_labels_and_hint_words_isolate_names(
    world: dict[str, Any], locales: Locales, language: str
) -> None:
    """Soi's ask options and Soureh's give options name the players as a label may (not
    escaped: a label is not markdown), isolated and without their controls, within
    Discord's limits; the words a hint gives (``Table.describe``) escape and isolate them."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    if language == "ar":
        locales.guild(guild, "ar")
    members = [guild.add_member(env.create_user(name)) for name in HOSTILE[1:]]
    env.bot.tables.seed_source = lambda: 5
    opened = await members[0].slash(channel, "play", game="soi", timer="off")
    table = table_in(env, channel)
    for member in members[1:]:
        await _press(member, opened.response, table, Kind.JOIN)
    await _press(members[0], opened.response, table, Kind.START)
    await flush(env)
    by_id = {m.id: m for m in members}
    actor = by_id[table.seats[table.to_act() or 0].user_id or 0]
    panel = panel_of(await _press(actor, message_of(env, table, channel), table,
                                  Kind.TAKE_TURN))
    assert panel is not None
    labels = _labels_of(panel)
    others = [s for s in table.seats if s.user_id != actor.id]
    for seat in others:
        label_name = f"{FSI}{_plain(seat.name)}{PDI}"
        assert any(label_name in t for t in labels), (label_name, labels)
    for text in labels:
        assert len(text) <= 150 and not EMBEDDINGS & set(text)
        _bidi_safe(text)
    await members[0].slash(channel, "cancel")
    await flush(env)

    opened = await members[0].slash(channel, "play", game="soureh", timer="off")
    table = table_in(env, channel)
    await _press(members[1], opened.response, table, Kind.JOIN)
    await _press(members[0], opened.response, table, Kind.START)
    await flush(env)
    actor = by_id[table.seats[table.to_act() or 0].user_id or 0]
    await actor.slash(channel, "move", action="draw")
    await flush(env)
    gives = [a for a in table.engine.legal_actions(table.state) if a.word == "give"]
    assert gives
    words = table.describe(gives[0])  # what the hint's answer shows
    target = table.seats[gives[0].args[0]].name
    assert shown(target) in words and not EMBEDDINGS & set(words)
    _bidi_safe(words)
    _no_markup(words)

"""Names are data in every text (issue 43, points 3 and 9) under SimCord: four people with
hostile nicknames (a masked link with bold, ``mo_salah*10``, @everyone with a backtick and
U+202E, a raw mention with an unclosed U+2067 and zero-width characters, a very long
name) play a whole game of each of the four games at an English and at an Arabic table,
half of them in text mode (``/display text``), the others with pictures. In every
payload the bot sends, each text surface shows each name in its own form, once:

- markdown text (contents, embeds: the table message, panels, text mode's words, DMs,
  round and game ends): ``shown(name)``, escaped once, neither linking, formatting nor
  pinging;
- plain text (labels, and a picture's alt text, its attachment's ``description``):
  ``shown(name, markdown=False)``, nothing escaped;
- nowhere an embedding or override, an isolate left open on its line, or a name escaped
  twice."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.i18n import FSI, PDI
from bot.render.components import BUTTON_PREFIX, ComponentId, Kind
from bot.render.names import shown
from bot.tables.model import Table
from storage.guild_settings import GuildSettingsRepo
from tests.helpers.discord import flush, message_of, panel_of, payload_of
from tests.helpers.locales import Locales
from tests.helpers.taps import BY_NAME, Panel

HOSTILE = (
    "[Free Nitro](https://evil.example) **b**",
    "mo_salah*10",
    "@everyone `x`\u202e",
    "<@123>\u2067 z\u200bw\u200c",
    "~~" + "long" * 20 + "~~",
)
EMBEDDINGS = set("\u202a\u202b\u202c\u202d\u202e")  # embeddings and overrides: never sent
OPENERS = ("\u2066", "\u2067", FSI)
# what a hostile name must never be in markdown text: raw, so it links, formats or pings
RAW = (re.compile(r"(?<!\\)\[Free Nitro(?<!\\)\]\("), re.compile(r"(?<!\\)\*\*b"),
       re.compile(r"@everyone"), re.compile(r"<@123>"), re.compile(r"https://evil"),
       re.compile(r"(?<!\\)`x"), re.compile(r"(?<!\\)~~long"))
SEATS = {"soureh": 4, "pariah": 2, "turup": 3, "soi": 4}


def _surfaces(payload: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The payload's markdown texts (content, embeds) and its plain texts (component
    labels, placeholders and options; attachments' descriptions, the alt text)."""
    marked = [payload.get("content") or ""]
    for e in payload.get("embeds") or []:
        marked += [e.get("title") or "", e.get("description") or "",
                   (e.get("footer") or {}).get("text") or "",
                   (e.get("author") or {}).get("name") or ""]
        marked += [t for f in e.get("fields") or [] for t in (f["name"], f["value"])]
    plain: list[str] = [a.get("description") or "" for a in payload.get("attachments") or []]
    for row in payload.get("components") or []:
        for c in row.get("components") or []:
            plain += [c.get("label") or "", c.get("placeholder") or ""]
            plain += [t for o in c.get("options") or []
                      for t in (o.get("label") or "", o.get("description") or "")]
    return [t for t in marked if t], [t for t in plain if t]


def _bidi_safe(text: str) -> None:
    """No embedding or override; every isolate closed on its own line, none closed twice."""
    assert not EMBEDDINGS & set(text), repr(text)
    for line in text.split("\n"):
        depth = 0
        for ch in line:
            depth += ch in OPENERS
            depth -= ch == PDI
            assert depth >= 0, repr(line)
        assert depth == 0, repr(line)


def _once(text: str) -> None:
    """No name escaped twice: none of the names holds a backslash, so an escaped
    backslash (``\\\\``) is an escape escaped again."""
    assert "\\\\" not in text, repr(text)


async def _press(member: Any, message: Any, table: Table, kind: Kind, arg: str = "") -> Any:
    """Click ``kind`` on ``message`` by its custom_id (labels are in the table's language)."""
    cid = ComponentId(table.id, table.version, kind, arg).text(BUTTON_PREFIX)
    return await member.click(message, custom_id=cid)


async def _play(world: dict[str, Any], game: str, members: list[Any]) -> Table:
    """The members sit at a table of ``game`` (pictures on) and play it to its end from
    their panels; each presses My cards once, and Last round once a round is scored."""
    env, channel = world["env"], world["channel"]
    spec = BY_NAME[game]
    env.bot.tables.seed_source = lambda: spec.seed
    opened = await members[0].slash(channel, "play", game=game, timer="off", **spec.options)
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None
    for member in members[1:]:
        await _press(member, opened.response, table, Kind.JOIN)
    await _press(members[0], opened.response, table, Kind.START)
    await flush(env)
    assert table.running
    by_id = {m.id: m for m in members}
    for member in members:
        await _press(member, message_of(env, table, channel), table, Kind.MY_CARDS)
    choose = spec.player()
    looked = False
    while table.running:
        seat = table.to_act()
        assert seat is not None
        member = by_id[table.seats[seat].user_id or 0]
        opened = await _press(member, message_of(env, table, channel), table, Kind.TAKE_TURN)
        panel = Panel(table, member, panel_of(opened))
        while table.running and table.to_act() == seat:
            await panel.play(choose(table))
        await flush(env)
        if table.rounds and not looked and table.running:
            await _press(member, message_of(env, table, channel), table, Kind.LAST_ROUND)
            looked = True
    await env.settle()
    return table


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
async def test_every_text_of_a_whole_game_shows_each_name_safely_once(
    world: dict[str, Any], locales: Locales, game: str, language: str
) -> None:
    """Every payload of a whole game (table message, panels, My cards, DMs, round and game
    ends, Last round), pictures' alt text and text mode's words included: markdown texts
    show each name escaped once and isolated, plain texts (labels, alt text) isolated and
    unescaped; no override, open isolate or live link, format or ping anywhere."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    await GuildSettingsRepo(env.bot.db).update(guild.id, images=True)
    members = [guild.add_member(env.create_user(name)) for name in HOSTILE[:SEATS[game]]]
    if language == "ar":
        locales.guild(guild, "ar")
        for member in members:
            locales.user(member, "ar")
    readers = members[::2]  # text mode: pictures' words in their messages
    for member in readers:
        await member.slash(channel, "display", text=True)
    start = len(env.http_requests)
    table = await _play(world, game, members)
    assert table.finished

    marked_all: list[str] = []
    plain_all: list[str] = []
    for request in env.http_requests[start:]:
        payload = payload_of(request)
        if payload is None or request.method not in ("POST", "PATCH"):
            continue
        assert not EMBEDDINGS & set(json.dumps(payload, ensure_ascii=False))
        marked, plain = _surfaces(payload)
        for text in marked:
            for raw in RAW:
                assert raw.search(text) is None, repr(text)
            _bidi_safe(text)
            _once(text)
        for text in plain:
            _bidi_safe(text)
            _once(text)
        marked_all += marked
        plain_all += plain
    alts = [a.get("description") or "" for r in env.http_requests[start:]
            if (p := payload_of(r)) is not None for a in p.get("attachments") or []]
    assert alts, "the pictures' alt text"
    for name in HOSTILE[:SEATS[game]]:
        assert any(shown(name) in t for t in marked_all), name
        # alt text is plain text: the name isolated, without controls, not escaped
        assert any(shown(name, markdown=False) in a for a in alts), (name, alts[:2])
        assert not any(shown(name) in a for a in alts if shown(name) != shown(
            name, markdown=False)), name
    words = [t for t in marked_all if "\n" in t and any(shown(n) in t for n in HOSTILE)]
    assert words


async def test_a_text_mode_panel_shows_opponents_names_escaped(
    world: dict[str, Any]
) -> None:
    """A text-mode player's panel says the table in words with an opponent's nickname
    ``[Free Nitro](https://evil.example) **b**`` escaped (no live masked link) and the
    U+202E of another's gone; the table picture's alt text has them unescaped."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    await GuildSettingsRepo(env.bot.db).update(guild.id, images=True)
    members = [guild.add_member(env.create_user(name))
               for name in ("ann", HOSTILE[0], HOSTILE[2])]
    for member in members:
        await member.slash(channel, "display", text=True)
    env.bot.tables.seed_source = lambda: 3
    opened = await members[0].slash(channel, "play", game="soi", timer="off")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None
    for member in members[1:]:
        await _press(member, opened.response, table, Kind.JOIN)
    await _press(members[0], opened.response, table, Kind.START)
    await flush(env)
    actor = {m.id: m for m in members}[table.seats[table.to_act() or 0].user_id or 0]
    panel = panel_of(await _press(actor, message_of(env, table, channel), table,
                                  Kind.TAKE_TURN))
    assert not panel.attachments
    said = "\n".join([panel.content or ""] + [
        f"{e.description or ''}\n" + "\n".join(f"{f.name}\n{f.value}" for f in e.fields)
        for e in panel.embeds])
    others = [s.name for s in table.seats if s.user_id != actor.id and s.name != "ann"]
    assert others and all(shown(n) in said for n in others), said
    assert RAW[0].search(said) is None and "\u202e" not in said
    table_alt = message_of(env, table, channel).attachments[0].description or ""
    assert shown(HOSTILE[0], markdown=False) in table_alt
    assert "\u202e" not in table_alt and "\\" not in table_alt

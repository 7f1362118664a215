"""Helpers for driving tables through SimCord: the service, the panel driver, payload
audits. The ``world`` fixture (a guild, a channel, four members) is in tests/conftest.py."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from simcord import Env

from bot.games.cards import ALL_CARDS, Card
from bot.games.turup.look.text import captures as turup_captures
from bot.games.turup.look.text import one_step_moves as turup_one_step
from bot.notation.seat_words import by_number
from bot.render.alt.words import card_words
from bot.render.card_text import card
from bot.tables.model import Table
from bot.tables.service import TableService
from tests.helpers.taps import component_rows as component_rows  # shared with python -m bench
from tests.helpers.taps import coop_policy as coop_policy
from tests.helpers.taps import panel_of as panel_of

CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")

EMBED_LIMITS = {"title": 256, "description": 4096, "footer": 2048}


def service(env: Env) -> TableService:
    """The running bot's table service."""
    svc: TableService = env.bot.tables  # type: ignore[attr-defined]
    return svc


def table_in(env: Env, channel: Any) -> Table:
    """The open table of a channel."""
    table = service(env).in_channel(channel.id)
    assert table is not None, "no open table in that channel"
    return table


def typed(table: Table, notation: Any) -> str:
    """A move in engine notation as a person types it in /move: seats counted from 1
    (``ask 1 QH`` -> ``ask 2 QH``)."""
    action = table.engine.parse_action(table.state, str(notation))
    return by_number(table.entry.look.move_words, action, table.names)


async def flush(env: Env) -> None:
    """Let pending renders, DMs and computer moves finish."""
    await env.settle()


# ----------------------------------------------------------------- limits


def check_embed(embed: dict[str, Any]) -> None:
    """Every Discord embed limit on one embed payload."""
    total = 0
    title = embed.get("title") or ""
    assert len(title) <= 256, title
    desc = embed.get("description") or ""
    assert len(desc) <= 4096
    fields = embed.get("fields") or []
    assert len(fields) <= 25
    for f in fields:
        assert 0 < len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024, f
        total += len(f["name"]) + len(f["value"])
    footer = (embed.get("footer") or {}).get("text") or ""
    assert len(footer) <= 2048
    total += len(title) + len(desc) + len(footer)
    assert total <= 6000


def check_components(rows: list[dict[str, Any]]) -> None:
    """Rows, buttons per row, select options, custom_id and label lengths."""
    assert len(rows) <= 5
    ids = []
    for row in rows:
        items = row.get("components") or []
        assert 1 <= len(items) <= 5
        if any(i.get("type") != 2 for i in items):
            assert len(items) == 1, "a select fills its row"
        for item in items:
            cid = item.get("custom_id")
            if cid is not None:
                assert len(cid) <= 100, cid
                ids.append(cid)
            assert len(item.get("label") or "") <= 80
            options = item.get("options")
            if options is not None:
                assert 1 <= len(options) <= 25
                for o in options:
                    assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
                assert item.get("max_values", 1) <= len(options)
    assert len(ids) == len(set(ids)), "custom_ids must be unique in a message"


def payload_of(request: Any) -> dict[str, Any] | None:
    """The message payload of a request (callback data or message body), if any."""
    body = request.json
    if not isinstance(body, dict):
        return None
    if "/callback" in request.path:
        data = body.get("data")
        return data if isinstance(data, dict) else None
    return body


def check_payload(payload: dict[str, Any]) -> None:
    """All limits of one message payload."""
    assert len(payload.get("content") or "") <= 2000
    embeds = payload.get("embeds") or []
    assert len(embeds) <= 10
    for e in embeds:
        check_embed(e)
    check_components(payload.get("components") or [])


# ----------------------------------------------------------------- audits


@dataclass
class Audit:
    """Walks the recorded requests: limits, one acknowledgement per interaction, and no
    hidden card in a public (channel, non-ephemeral) payload."""

    env: Env
    dm_channels: set[int] = field(default_factory=set)
    seen: int = 0
    callbacks: Counter[str] = field(default_factory=Counter)
    public_posts: int = 0
    public_edits: int = 0
    ever_public: set[str] = field(default_factory=set)

    def _ephemeral(self, req: Any, payload: dict[str, Any]) -> bool:
        if (payload.get("flags") or 0) & 64:
            return True
        backend = self.env.backend
        m = re.match(r"/interactions/(\d+)/[^/]+/callback", req.path)
        if m:
            record = backend.interactions[int(m.group(1))]
            if (req.json or {}).get("type") == 7 and record.source_message_id is not None:
                source = backend.get_message(record.channel_id, record.source_message_id)
                return bool(source.flags & 64)
            return False
        m = re.match(r"/webhooks/\d+/([^/]+)(/messages/(.+))?", req.path)
        if m:
            record = backend.interactions[backend.interaction_tokens[m.group(1)]]
            if m.group(3) == "@original":
                if record.source_message_id is not None \
                        and record.message_id == record.source_message_id:
                    # a component's deferred update: @original is the message clicked
                    source = backend.get_message(record.channel_id, record.source_message_id)
                    return bool(source.flags & 64)
                return bool(record.ephemeral)
            if m.group(3):
                return bool(backend.get_message(record.channel_id, int(m.group(3))).flags & 64)
        return False

    def public_payloads(self, start: int = 0) -> list[tuple[str, dict[str, Any]]]:
        """Channel posts/edits and non-ephemeral interaction replies since ``start``."""
        found = []
        for req in self.env.http_requests[start:]:
            payload = payload_of(req)
            if payload is None or req.method not in ("POST", "PATCH"):
                continue
            if "/callback" in req.path and (req.json or {}).get("type") == 8:
                continue  # autocomplete choices are shown to the typing user only
            if "/callback" in req.path or req.path.startswith("/webhooks/"):
                if not self._ephemeral(req, payload):
                    found.append((req.path, payload))
                continue
            m = re.match(r"/channels/(\d+)/messages", req.path)
            if m and int(m.group(1)) not in self.dm_channels:
                found.append((req.path, payload))
        return found

    def step(self, tables: list[Table]) -> None:
        """Check every request since the last step against the tables' current states."""
        new = self.env.http_requests[self.seen:]
        start = self.seen
        self.seen = len(self.env.http_requests)
        for req in new:
            payload = payload_of(req)
            if payload is not None:
                check_payload(payload)
            m = re.match(r"/interactions/(\d+)/[^/]+/callback", req.path)
            if m:
                self.callbacks[m.group(1)] += 1
                assert self.callbacks[m.group(1)] == 1, "interaction answered twice"
            m = re.match(r"/channels/(\d+)/messages(/\d+)?$", req.path)
            if m and int(m.group(1)) not in self.dm_channels:
                if req.method == "POST":
                    self.public_posts += 1
                elif req.method == "PATCH":
                    self.public_edits += 1
        hidden: set[str] = set()
        for table in tables:
            check_public_view(table)
            self.ever_public |= public_displays(table)
            hidden |= {Card.parse(c).display for c in hidden_cards(table)}
        # a card once shown (a discarded card, a round summary) may have a hidden twin in
        # Soureh's double deck: only cards never public are searched for
        hidden -= self.ever_public
        hidden_words = {card_words(c, colour=colour) for c in _codes_of(hidden)
                        for colour in (False, True)}
        for path, payload in self.public_payloads(start):
            text = json.dumps(payload, ensure_ascii=False)
            for attachment in payload.get("attachments") or []:  # the alt text, in words
                alt = str(attachment.get("description") or "")
                assert len(alt) <= 1024, f"alt text over 1,024 characters in {path}"
                for words in hidden_words:
                    assert not re.search(rf"{re.escape(words)}(?![0-9])", alt), \
                        f"{words} leaked in the alt text in {path}: {alt}"
            for disp in hidden:
                found = re.search(rf"(?<![0-9]){re.escape(disp)}", text)
                assert found is None, f"{disp} leaked in {path}: " + text[
                    max(0, found.start() - 200) : found.end() + 40]


def _codes_of(displays: set[str]) -> set[str]:
    """The codes (``10D``) of cards in display form (``10♦``)."""
    return {str(c) for c in ALL_CARDS if c.display in displays}


DISPLAY = re.compile(r"(?<![0-9])(?:10|[2-9AJQK])[♠♥♦♣]")


def public_displays(table: Table) -> set[str]:
    """Cards (display form) in the public view, the recent public events or the moves
    played (every move is announced: a Soi ask names its card, a Turup capture its cards;
    several quick computer moves can push an ask out of the view between two steps)."""
    if table.state is None:
        return set()
    codes = CARD_CODE.findall(json.dumps(table.public_view()))
    codes += CARD_CODE.findall(" ".join(table.log))
    shown = {Card.parse(c).display for c in codes}
    for text in table.recent:
        shown |= set(DISPLAY.findall(text))
    return shown


def check_public_view(table: Table) -> None:
    """The public view holds no hand, no face-down card (before the end) and no drawn card."""
    if table.state is None:
        return
    view = table.public_view()
    assert view.get("hand") is None and view.get("seat") is None
    assert view.get("drawn") is None
    if table.game in ("soureh", "pariah") and not view.get("over"):
        assert all(s.get("down") is None for s in view["seats"])


def hidden_cards(table: Table) -> set[str]:
    """Cards some seat holds hidden now that appear nowhere in the public view."""
    if table.state is None:
        return set()
    public = set(CARD_CODE.findall(json.dumps(table.public_view())))
    held: set[str] = set()
    for seat in range(len(table.seats)):
        held |= set(table.hidden_cards(seat))
        drawn = table.drawn_card(seat)
        if drawn:
            held.add(drawn)
    return held - public


# ----------------------------------------------------------------- driving


async def via_panel(env: Env, member: Any, channel: Any, notation: str) -> list[Any]:
    """Play ``notation`` for ``member`` by clicking Take turn and using the panel (Take
    turn alone when it draws: drawing is the only move)."""
    table = table_in(env, channel)
    results = []
    drawing = table.public_view().get("phase") == "draw"  # Take turn draws at once
    before = table.version
    opened = await member.click(message_of(env, table, channel), label="Take turn")
    results.append(opened)
    panel_msg = panel_of(opened)
    assert panel_msg is not None and panel_msg.ephemeral
    word, *args = notation.split()
    if drawing:
        assert notation == "draw" and table.version == before + 1, "Take turn drew"
        return results
    version = table.version

    async def click(label: str) -> Any:
        r = await member.click(panel_msg, label=label)
        results.append(r)
        return r

    async def choose(kind: str, value: str, arg: str = "") -> Any:
        cid = f"cs:{table.id}:{version}:{kind}" + (f":{arg}" if arg else "")
        r = await member.select(panel_msg, [value], custom_id=cid)
        results.append(r)
        return r

    def offered(value: str) -> str | None:
        """The custom_id of the panel's select that offers ``value``, if one does."""
        for row in component_rows(panel_msg):
            for c in row["components"]:
                if c["type"] == 3 and value in [o["value"] for o in c["options"]]:
                    return str(c["custom_id"])
        return None

    def has(custom_id: str) -> bool:
        return any(c.get("custom_id") == custom_id
                   for row in component_rows(panel_msg) for c in row["components"])

    async def press(custom_id: str) -> Any:
        r = await member.click(panel_msg, custom_id=custom_id)
        results.append(r)
        return r

    game = table.game
    if game in ("soureh", "pariah"):
        call = args[-1] if args and args[-1] in ("declare", "knock") else ""
        button = f"cr:{table.id}:{version}:a:{notation.replace(' ', '_')}"
        if call and word != "king" and not has(button):
            await press(f"cr:{table.id}:{version}:call")  # the declaration/knock toggle
        if has(button):
            await press(button)
        elif word == "king":
            await choose("k1", f"{args[0]}.{args[1]}")
            await choose("a", notation)
        else:
            select = offered(notation)
            assert select is not None, notation
            r = await member.select(panel_msg, [notation], custom_id=select)
            results.append(r)
    elif game == "turup":
        code = args[0]
        actions = table.engine.legal_actions(table.state)
        moves = turup_one_step(actions)
        if moves is not None:  # every move listed at the root
            index = [str(a) for a in moves].index(notation)
            await choose("a", notation, f"m{index // 25}")
        else:
            await choose("tc", code)
            if word == "trail":
                await click(f"Trail {card(code)}")
            else:
                captures = [str(a) for a in turup_captures(actions, code)]
                await choose("tx", str(captures.index(notation)), code)
    elif game == "soi":
        target, wanted = args
        if has(f"cr:{table.id}:{version}:sp:{target}"):  # the opponent first
            await press(f"cr:{table.id}:{version}:sp:{target}")
        select = offered(notation)
        if select is None:  # his ranks first, then the suit
            rank_select = offered(f"{target}.{wanted[:-1]}")
            assert rank_select is not None, notation
            r = await member.select(panel_msg, [f"{target}.{wanted[:-1]}"],
                                    custom_id=rank_select)
            results.append(r)
            select = offered(notation)
        assert select is not None, notation
        r = await member.select(panel_msg, [notation], custom_id=select)
        results.append(r)
    for r in results:
        assert r.acknowledged
    return results


def text_only(embed: dict[str, Any]) -> dict[str, Any]:
    """An embed payload without its image (to compare with ``table_embed``)."""
    return {k: v for k, v in embed.items() if k != "image"}


async def two_at_a_table(world: dict[str, Any], game: str, seed: int = 3,
                         **options: Any) -> Table:
    """ann opens ``game`` (timer off, ``options``), bob joins, ann starts: the running
    table, its deal ``seed``, once everything the start set off has settled."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: seed
    opened = await ann.slash(channel, "play", game=game, timer="off", **options)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


def cards_sent(member: Any, channel: Any) -> list[Any]:
    """The messages that brought ``member`` their cards privately, oldest first: DMs, and
    the ephemeral follow-ups only they see in the table's channel (a deal's or the game
    end's cards, sent through their fresh interaction instead of a DM)."""
    here = [m for m in channel.history(viewer=member)
            if m.flags.ephemeral and "table #" in (m.content or "")]
    return sorted([*member.user.dm_channel.history(), *here], key=lambda m: m.id)


def last_cards(member: Any, channel: Any) -> Any:
    """The newest of ``cards_sent`` (``None`` if none)."""
    sent = cards_sent(member, channel)
    return sent[-1] if sent else None


def message_of(env: Env, table: Table, channel: Any) -> Any:
    """The table message as the channel holds it."""
    for message in channel.history():
        if message.id == table.record.message_id:
            return message
    raise AssertionError("table message not found")

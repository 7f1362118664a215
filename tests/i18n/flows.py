"""A short Turup game under SimCord, checked to read in a language: every answer is
compared with the same text made under ``use_locale`` (the reader's language for private
answers, the server's for the table), and, once the translators have completed that
language's catalog, checked not to be the English text."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.games.protocol import GameError
from bot.games.turup.look.text import one_step_moves
from bot.i18n import DEFAULT, _, use_locale
from bot.i18n.catalogs import problems
from bot.render.card_text import truncate
from bot.render.components import parse_custom_id
from bot.render.direction import directed
from bot.render.embeds import lobby_embed, table_embed
from bot.render.panels import panel
from tests.helpers.discord import (
    component_rows,
    flush,
    message_of,
    panel_of,
    service,
    table_in,
    text_only,
)

SHOWN = ("title", "description", "fields", "footer")


@cache
def complete(lang: str) -> bool:
    """Has the translators' catalog of ``lang`` every text? (Then nothing may be English.)"""
    return lang != DEFAULT and not problems([lang])


def shown(embed: Any) -> dict[str, Any]:
    data = embed if isinstance(embed, dict) else embed.to_dict()
    return {k: data.get(k) for k in SHOWN}


@dataclass
class Speech:
    """Checks texts against a language."""

    lang: str
    checked: list[str] = field(default_factory=list)

    def same(self, got: Any, make: Any) -> None:
        """``got`` is what ``make()`` says in this language (and not English, once the
        catalog is complete)."""
        with use_locale(self.lang):
            expected = make()
            if isinstance(expected, str) and got != expected:
                expected = directed(expected)  # a reply's lines read right to left
        assert got == expected, (self.lang, got, expected)
        if complete(self.lang):
            with use_locale(DEFAULT):
                english = make()
            assert got != english, f"still English in {self.lang}: {got!r}"
        self.checked.append(str(got)[:60])


def button(message: Any, kind: str) -> str:
    """The custom_id of the message's button of that kind (labels are translated)."""
    for row in component_rows(message):
        for item in row["components"]:
            parsed = parse_custom_id(item.get("custom_id") or "")
            if parsed is not None and parsed[1].kind == kind:
                return str(item["custom_id"])
    raise AssertionError(f"no {kind} button")


async def short_game(world: dict[str, Any], reader: str, server: str) -> tuple[Speech, Speech]:
    """ann and bob play a one-round Turup game; ann reads ``reader``, the table speaks
    ``server``. Returns what was checked: ann's answers, then the public messages."""
    env, channel = world["env"], world["channel"]
    ann, bob, cat = world["members"][:3]
    private, public = Speech(reader), Speech(server)
    service(env).seed_source = lambda: 11

    opened = await ann.slash(channel, "play", game="turup", rounds=1, timer="off")
    table = table_in(env, channel)
    public.same(shown(opened.response.embeds[0]), lambda: shown(lobby_embed(table.seen())))
    await bob.click(opened.response, custom_id=button(opened.response, "join"))
    public.same(shown(opened.response.embeds[0]), lambda: shown(lobby_embed(table.seen())))
    stranger = await cat.click(opened.response, custom_id=button(opened.response, "start"))
    # cat is not the reader: her own Discord client (SimCord's en-US) picks her language
    Speech(DEFAULT).same(stranger.response.content,
                         lambda: _("Only the host can start the game."))
    seated = await ann.click(opened.response, custom_id=button(opened.response, "join"))
    private.same(seated.response.content, lambda: _("You are already seated at this table."))
    await ann.click(opened.response, custom_id=button(opened.response, "start"))
    await flush(env)
    assert table.running

    members = {ann.id: ann, bob.id: bob}
    players = [members[s.user_id] for s in table.seats if s.user_id is not None]
    ann_seat = players.index(ann)
    names = table.names

    # ann out of turn, then an illegal move typed when it is hers
    if table.to_act() != ann_seat:
        to_act = table.to_act()
        assert to_act is not None
        message = message_of(env, table, channel)
        refused = await ann.click(message, custom_id=button(message, "turn"))
        private.same(refused.response.content, lambda: _(
            "It is not your turn — {who} is to act. Press My cards to see yours.",
            who=names[to_act]))
        other = players[to_act]
        await other.slash(channel, "move", action=str(table.engine.legal_actions(table.state)[0]))

    def illegal() -> str:
        try:
            table.engine.parse_action(table.state, "capture 1X")
        except GameError as exc:
            return truncate(str(exc), 500)
        raise AssertionError("capture 1X was accepted")

    moved = await ann.slash(channel, "move", action="capture 1X")
    private.same(moved.response.content, illegal)

    # a turn through ann's panel
    message = message_of(env, table, channel)
    opened_panel = await ann.click(message, custom_id=button(message, "turn"))
    panel_message = panel_of(opened_panel)
    # the picture (an attachment the message shows) shows the hand
    pictured = any(a.filename == "seat.png" for a in panel_message.attachments)
    private.same(shown(panel_message.embeds[0]),
                 lambda: shown(panel(table.seen(), ann_seat, picture=pictured)[0]))
    actions = table.engine.legal_actions(table.state)
    moves = one_step_moves(actions)
    before = table.version
    if moves is not None:
        notation = str(moves[0])
        await ann.select(panel_message, [notation],
                         custom_id=f"cs:{table.id}:{before}:a:m0")
    else:
        await ann.slash(channel, "move", action=str(actions[0]))
    assert table.version == before + 1

    # to the game's end, typing
    while table.running:
        seat = table.to_act()
        assert seat is not None
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        await players[seat].slash(channel, "move", action=legal[0])
    await flush(env)
    final = message_of(env, table, channel)
    public.same(text_only(final.embeds[0].to_dict()), lambda: text_only(
        table_embed(table.seen()).to_dict()))
    return private, public

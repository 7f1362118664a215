"""Every label a lesson shows (buttons, select placeholders and options) has a shape the
game's own panels use at a table (issue 46: no lesson words of its own such as "Put 8♣
in place of your face-down 3♠ in slot 2"): cards, numbers and names left out, each
lesson label's shape is one the game's panels show in played games. A select's marked
option says its whole move as the game's panel words it (``Look.move_label``: "Ask Nikos
for K♠", where the option alone read "K♠" in place of the select's "Ask Nikos for…")."""

from __future__ import annotations

import random
import re
from functools import cache

import discord
import pytest

from bot.games import registry
from bot.games.registry import ENGINES, game
from bot.i18n import LANGUAGES, use_locale
from bot.learning.catalog import lessons, position
from bot.learning.walk import judge
from bot.render.card_text import LABEL_LINE, legible, seen_length
from bot.render.components import Kind, Step, parse_custom_id
from bot.render.names import plain
from bot.render.panels import panel
from bot.tables.model import Table
from cogs.lessons.panel import OPPONENTS, Marker, labels, lesson_table
from cogs.lessons.screens import step_embed
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.learning.test_lessons import PANEL_ID, follow_step, marked

LEARNER = "ana"
NAMES = [LEARNER, *OPPONENTS]
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]\ufe0e?\ufe0f?")
ISOLATES = re.compile("[\u2066-\u2069\u200e\u200f\u061c]")


def shape(label: str) -> str:
    """A label without its cards, numbers and names: "Keep ‹n› · ‹card› out"."""
    text = ISOLATES.sub("", label)
    text = CARD.sub("‹card›", text)
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(plain(name), "‹name›")
    return re.sub(r"\d+", "‹n›", text)


def table_of(name: str, state: object, players: int, variant: dict[str, object]) -> Table:
    """A plain running table at ``state`` (as the table service holds one)."""
    record = TableRecord(id=1, guild_id=1, channel_id=1, message_id=None, host_id=1,
                         game=name, variant=dict(variant), seed=1,
                         status=TableStatus.RUNNING, version=1, timer_seconds=None,
                         deadline=None, end_reason=None, created_at="", started_at=None,
                         ended_at=None)
    seats = [SeatRecord(s, s + 1, NAMES[s]) for s in range(players)]
    return Table(record=record, entry=registry.game(record.game),
                  seats=seats, state=state)


def panel_shapes(table: Table, seat: int) -> set[str]:
    """The shapes of a seat's panel and of each panel step one control away."""
    found: set[str] = set()
    _embed, view = panel(table.seen(), seat)
    found |= {shape(t) for t in labels(view)}
    for item in view.children:
        read = parse_custom_id(getattr(item, "custom_id", None) or "")
        if read is None:
            continue
        cid = read[1]
        if cid.kind == Kind.ACT or cid.kind in game(table.game).look.notations:
            continue
        choices = ([o.value for o in item.options] if isinstance(item, discord.ui.Select)
                   else [cid.arg])
        for choice in choices[:3]:
            _e, deeper = panel(table.seen(), seat, Step(cid.kind, choice))
            found |= {shape(t) for t in labels(deeper)}
    return found


def move_shapes(table: Table, seat: int) -> set[str]:
    """The shapes of the words the game's panel gives each legal move of the seat."""
    words = game(table.game).look.move_label
    if words is None:
        return set()
    view = table.player_view(seat)
    return {shape(legible(words(view, a, table.names)))
            for a in table.engine.legal_actions(table.state)}


@cache
def game_shapes(name: str) -> frozenset[str]:
    """The label shapes of the game's own panels over played games: random legal moves,
    with each of the table options its lessons use (the words of each legal move
    included)."""
    engine = ENGINES[name]
    found: set[str] = set()
    rng = random.Random(46)
    setups = {(item.players, tuple(sorted(item.variant.items()))) for item in lessons()[name]}
    for players, options in sorted(setups, key=str):
        variant = dict(options)
        for _game in range(6):
            built = engine.Variant(**variant) if variant else None
            state = engine.new_game(players=players, seed=rng.randrange(10**6), variant=built)
            table = table_of(name, state, players, variant)
            for _move in range(120):
                seat = engine.to_act(state)
                if seat is None:
                    break
                found |= panel_shapes(table, seat) | move_shapes(table, seat)
                actions = engine.legal_actions(state)
                calls = [a for a in actions if getattr(a, "call", "")]
                action = rng.choice(calls) if calls and rng.random() < 0.5 else \
                    rng.choice(actions)
                state = engine.apply(state, action).state
                table.state = state
    return frozenset(found)


def lesson_shapes(name: str) -> dict[str, set[str]]:
    """Each lesson label's shape, with where it was shown: every panel of every step, the
    panel's own steps the marks lead through included."""
    found: dict[str, set[str]] = {}
    for item in lessons()[name]:
        pos = position(item, 0)
        while not pos.done:
            at: Step | None = None
            for _depth in range(4):
                _embed, view = step_embed(pos, LEARNER, at=at)
                for text in labels(view):
                    found.setdefault(shape(text), set()).add(f"{item.number}.{pos.index + 1}")
                ((kind, arg, values),) = marked(view)
                if kind == Kind.ACT or kind in game(name).look.notations:
                    break
                at = Step(kind, values[0] if values else arg)
            _clicks, move = follow_step(pos)
            pos = judge(pos, move).after
    return found


@pytest.mark.parametrize("name", list(lessons()))
def test_every_lesson_label_has_a_shape_the_games_panels_use(name: str) -> None:
    """No lesson label is worded apart from the game's own panels."""
    own = game_shapes(name)
    strange = {s: where for s, where in lesson_shapes(name).items() if s not in own}
    assert strange == {}


def marked_options(view: discord.ui.View) -> list[tuple[str, str, discord.SelectOption]]:
    """The marked options of a view's selects: (kind, arg, option)."""
    found = []
    for item in view.children:
        read = PANEL_ID.fullmatch(getattr(item, "custom_id", None) or "")
        if isinstance(item, discord.ui.Select) and read is not None:
            found += [(read["kind"], read["arg"] or "", o) for o in item.options if o.default]
    return found


@pytest.mark.parametrize("name", list(lessons()))
def test_a_marked_option_says_its_whole_move(name: str) -> None:
    """In every language, a select's marked option that makes a move reads as the game's
    panel words that move ("Ask Nikos for K♠"), never a card alone: the option shows in
    place of the select's placeholder ("Ask Nikos for…"), so "K♠" alone said nothing."""
    words = game(name).look.move_label
    assert words is not None
    checked = 0
    for lang in LANGUAGES:
        with use_locale(lang):
            for item in lessons()[name]:
                pos = position(item, 0)
                while not pos.done:
                    at: Step | None = None
                    for _depth in range(4):
                        _embed, view = step_embed(pos, LEARNER, at=at)
                        table = lesson_table(pos, LEARNER)
                        for kind, arg, option in marked_options(view):
                            move = Marker(pos, table, "").move_of(kind, arg, [option.value])
                            if not move:
                                continue
                            action = pos.engine.parse_action(pos.state, move)
                            said = words(table.player_view(0), action, table.names)
                            assert option.label == legible(said), (item.number, option.label)
                            assert not CARD.fullmatch(ISOLATES.sub("", option.label))
                            checked += 1
                        ((kind, arg, values),) = marked(view)
                        if kind == Kind.ACT or kind in game(name).look.notations:
                            break
                        at = Step(kind, values[0] if values else arg)
                    _clicks, move = follow_step(pos)
                    pos = judge(pos, move).after
    assert checked > 0


def test_a_give_menu_words_each_give_as_the_panels_buttons_do() -> None:
    """Soureh's give menu (lesson 2, step 2) offers each give in the words of the panel's
    buttons ("Give Nikos's coop 3 · 2♣ out", as "Keep 2 · 3♠ out"), not a sentence ("Put
    5♦ on Nikos's coop 3 in place of 2♣"), within one line of a phone's button in every
    language."""
    pos = position(lessons()["soureh"][1], 1)
    for lang in LANGUAGES:
        with use_locale(lang):
            _embed, view = step_embed(pos, LEARNER)
            gives = [o.label for item in view.children if isinstance(item, discord.ui.Select)
                     for o in item.options]
        assert len(gives) == 3
        assert [g for g in gives if seen_length(g) > LABEL_LINE] == [], lang
        if lang == "en":
            assert {shape(g) for g in gives} == {"Give ‹name›'s coop ‹n› · ‹card› out"}

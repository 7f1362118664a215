"""A lesson's step on the real table: the game's own control panel (``bot.render.panels``)
built from the lesson's engine state, its picture (``seat.png``), one lesson line on top
and the control that leads to the step's move marked.

The panel is the one a seat sees at a table, built on the lesson's position seen as a table
(a :class:`~bot.seen.Seen` of no stored table): its components' custom_ids are rewritten
into the lesson's (``crl:<game>:<lesson>:<version>:<step>:b|s:<kind>[:<arg>]``), so a click
comes back to ``cogs.lessons.cog`` with the panel's own kind and argument. A panel step
that makes no move (the call toggle, Soi's opponent, Turup's card) is shown again as the
game shows it; a move is judged against the lesson's step.

Marking: every button grey but the one that leads to the step's move (**primary**), and in
a select the option that leads to it is the default."""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.pictures import SEAT_PNG, TableImages, in_words
from bot.games.protocol import seen_by
from bot.games.you import second_person
from bot.learning.model import Lesson
from bot.learning.walk import LEARNER, Position
from bot.render.alt import as_text, seat_alt
from bot.render.card_text import legible, truncate
from bot.render.components import (
    BUTTON_PREFIX,
    SELECT_PREFIX,
    Kind,
    Step,
    notation_of,
    parse_custom_id,
)
from bot.render.images import seat_image
from bot.render.names import shown
from bot.render.panels import panel
from bot.seen import RUNNING, SeatSeen, Seen

log = logging.getLogger(__name__)

PREFIX = "crl"  # custom_id prefix of the lessons' components (cogs.lessons.cog routes them)
# The scripted opponents, as many as a lesson's table seats (Turup's lesson 4 seats eight).
OPPONENTS = ("Nikos", "Omar", "Farah", "Amina", "Yusuf", "Elena", "Hodan")  # i18n: not for people
NOTE_EVENTS = 0  # the panel's notes: none (the lesson line says what happened)
DEPTH = 3  # panel steps followed to find the control that leads to a move
OPTION_LIMIT = 100  # Discord's longest select option label


def seat_names(learner: str, players: int) -> list[str]:
    """The learner's own name at seat 0, the scripted opponents after him (as typed)."""
    return [learner, *OPPONENTS[: players - 1]]


def custom_id(lesson: Lesson, index: int, what: str) -> str:
    """``crl:<game>:<lesson>:<version>:<step>:<what>`` (``what``: ``b:<kind>[:<arg>]`` a
    panel button, ``s:<kind>[:<arg>]`` a panel select, ``next``, ``quit``, ``practice``)."""
    return f"{PREFIX}:{lesson.game}:{lesson.number}:{lesson.version}:{index}:{what}"


def lesson_table(pos: Position, learner: str, guild_id: int | None = None) -> Seen:
    """The lesson's position as a running table is seen (never stored), the learner at
    seat 0, its texts' names shown as a channel shows them."""
    lesson = pos.lesson
    key = f"{lesson.game}:{lesson.number}:{lesson.version}:{pos.index}"
    names = seat_names(learner, lesson.players)
    return Seen(
        id=int(hashlib.sha1(key.encode()).hexdigest()[:12], 16), version=pos.index,
        game=pos.entry, status=RUNNING,
        seats=tuple(SeatSeen(seat, None, name) for seat, name in enumerate(names)),
        shown_names=tuple(shown(name) for name in names),
        to_act=pos.to_act, guild_id=guild_id or 0, channel_id=0,
        variant=dict(lesson.variant), views=pos.views())


def notes(pos: Position, table: Seen) -> str | None:
    """What the learner saw happen since his last move, as a panel's notes (``› …``): his
    own events in the second person, as the game writes them to him."""
    names = table.shown_names
    lines = []
    for event in seen_by(pos.events, LEARNER):
        if event.kind in ("deal", "hand"):
            continue
        said = (second_person(event, LEARNER, names, pos.engine.said_to_you)
                if event.seats else None)
        lines.append(f"› {said or event.render(names)}")
    return "\n".join(lines[len(lines) - NOTE_EVENTS:]) or None


@dataclass(frozen=True, slots=True)
class Marker:
    """Finds, on a panel, the controls that lead to one move."""

    pos: Position
    table: Seen
    right: str

    def move_of(self, kind: str, arg: str, values: list[str]) -> str | None:
        """The move a component's choice makes, or ``None`` (a step of the panel)."""
        if kind == Kind.ACT:
            return values[0] if values else notation_of(arg)
        notations = self.table.game.look.notations
        if kind in notations:
            try:
                return notations[kind](self.table, kind, arg, values)
            except (ValueError, IndexError):
                return ""
        return None

    def leads(self, kind: str, arg: str, values: list[str], depth: int = DEPTH) -> bool:
        """Does this choice make the move, or open a panel step with a control that does?"""
        move = self.move_of(kind, arg, values)
        if move is not None:
            return bool(move) and self.pos.same(move, self.right)
        if kind == Kind.ROOT or depth <= 0:
            return False
        try:
            _embed, view = panel(self.table, LEARNER, Step(kind, values[0] if values else arg))
        except Exception:  # a step that does not read: it leads nowhere
            return False
        return any(self.marks(item, depth - 1) for item in view.children)

    def marks(self, item: discord.ui.Item[Any], depth: int = DEPTH) -> bool:
        """Does this component (a button, or an option of a select) lead to the move?"""
        read = parse_custom_id(getattr(item, "custom_id", None) or "")
        if read is None:
            return False
        cid = read[1]
        if isinstance(item, discord.ui.Select):
            return any(self.leads(cid.kind, cid.arg, [o.value], depth) for o in item.options)
        return self.leads(cid.kind, cid.arg, [], depth)


def marked_label(marker: Marker, kind: str, arg: str, option: discord.SelectOption) -> str:
    """A marked option's label: the words the game's panel gives its move ("Ask Nikos for
    K♠", ``Look.move_label``). A select shows its chosen option in place of its
    placeholder, so Soi's "Ask Nikos for…" marked on K♠ read only "K♠"; an option that
    opens a step of the panel (a King's first card) keeps its own words."""
    words = marker.table.game.look.move_label
    move = marker.move_of(kind, arg, [option.value])
    if words is None or not move:
        return option.label
    pos = marker.pos
    action = pos.move(move)
    said = words(marker.table.player_view(LEARNER), action, marker.table.names)
    return truncate(legible(said), OPTION_LIMIT)


def lessonize(pos: Position, table: Seen, view: discord.ui.View) -> discord.ui.View:
    """The panel's view with the lesson's custom_ids and its one marked control; every other
    button grey (the game's own colours would read as marks)."""
    step = pos.step
    marker = Marker(pos, table, step.action) if step is not None else None
    for item in view.children:
        read = parse_custom_id(getattr(item, "custom_id", None) or "")
        if read is None:
            continue
        prefix, cid = read
        what = "b" if prefix == BUTTON_PREFIX else "s"
        assert prefix in (BUTTON_PREFIX, SELECT_PREFIX)
        tail = f"{cid.kind}:{cid.arg}" if cid.arg else cid.kind
        if isinstance(item, discord.ui.Select):
            for option in item.options:
                option.default = marker is not None and marker.leads(
                    cid.kind, cid.arg, [option.value])
                if option.default and marker is not None:
                    option.label = marked_label(marker, cid.kind, cid.arg, option)
            item.custom_id = custom_id(pos.lesson, pos.index, f"{what}:{tail}")
        elif isinstance(item, discord.ui.Button):
            right = marker is not None and marker.leads(cid.kind, cid.arg, [])
            item.style = discord.ButtonStyle.primary if right else discord.ButtonStyle.secondary
            item.custom_id = custom_id(pos.lesson, pos.index, f"{what}:{tail}")
    return view


def step_panel(pos: Position, learner: str, at: Step | None = None, *, picture: bool = False,
               guild_id: int | None = None) -> tuple[discord.Embed, discord.ui.View, Seen]:
    """The game's panel at the lesson's position (at panel step ``at``), lesson ids and
    mark in place; ``picture``: the panel goes with the seat's picture."""
    table = lesson_table(pos, learner, guild_id)
    embed, view = panel(table, LEARNER, at, note=notes(pos, table), picture=picture)
    return embed, lessonize(pos, table, view), table


async def seat_picture(images: TableImages, table: Seen, reader: int | None,
                       embed: discord.Embed) -> list[discord.File]:
    """The learner's ``seat.png`` as the game's panel carries it (the server's images
    setting and the reader's display choices apply); a reader of text gets its words in
    ``embed`` instead (in place of his cards' text). None where the game's panel carries
    no picture (``Pictures.panel``): the lesson shows the panel the game shows."""
    view, names = table.player_view(LEARNER), table.names
    choice = await images.display(reader)
    if choice is not None and choice.text_mode:
        mine = table.game.look.private_text(view)
        in_words(embed, as_text(seat_alt(table.game, view, names)), mine)
        return []
    if not table.game.look.pictures.panel:  # the game's panel has none (Turup, Soi)
        return []
    four = bool(choice and choice.four_colour)
    if table.guild_id:
        settings = await images.settings(table.guild_id)
        if settings is None or not settings.images:
            return []
        four = four or settings.four_colour
    try:
        data = await images.render(("lesson", table.id, table.version, reader, four),
                                   lambda: seat_image(table.game.look.pictures, view,
                                                      names, four_colour=four))
        description = seat_alt(table.game, view, names)
    except Exception as exc:
        log.warning("A lesson's picture failed: %s", type(exc).__name__)
        return []
    return [discord.File(io.BytesIO(data), SEAT_PNG, description=description)]


def labels(view: discord.ui.View) -> Sequence[str]:
    """Every button label, select placeholder and option label of a view (the tests read
    the shapes of a lesson's words)."""
    found: list[str] = []
    for item in view.children:
        if isinstance(item, discord.ui.Button) and item.label:
            found.append(item.label)
        elif isinstance(item, discord.ui.Select):
            found += [item.placeholder or "", *(o.label for o in item.options)]
    return [f for f in found if f]

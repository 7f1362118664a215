"""A lesson's step as the learner sees it: one private embed (what is happening, the
table as his seat sees it, what to do) and its controls, the move to make marked:
a **primary** button, or among many moves a select whose right option is the default.

Only the learner's own seat view is shown (``Engine.player_view``), as at a table.

Names (the learner's own, as he chose it, and the scripted opponents') go in as typed and
are made safe here, once, by ``bot.render.names.shown``: escaped in the embed (markdown),
not in a button label. A learner who reads text instead of pictures (``/display text``)
gets his cards in words, as at a table (the hand's alt text), and every card symbol of
the step said in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.protocol import MOVE_WORDS_GAP, Event
from bot.games.registry import CATALOG
from bot.i18n import N_, _
from bot.learning.catalog import lesson as find
from bot.learning.model import Lesson, Step, cards_named
from bot.learning.walk import Position, options
from bot.render.card_text import card, legible, legible_embed, truncate
from bot.render.names import labelled, shown, shown_all
from bot.render.text_mode import said, your_cards

# The scripted opponents' names (seats 1 to 3): names, the same in every language.
OPPONENTS = ("Nikos", "Omar", "Farah")  # i18n: not for people
MAX_BUTTONS = 10  # two rows of five; more moves than this are offered in a select
EVENT_LINES = 6  # what happened since the learner's last move, at most this many lines
PREFIX = "crl"  # custom_id prefix of the lessons' components (cogs.learn routes them)

STEP_OF = N_("Step {step} of {steps}")
COMPLETE = N_("Lesson complete")


def seat_names(learner: str, players: int) -> list[str]:
    """The learner's own name (as he chose it, not yet made safe) at seat 0, the scripted
    opponents after him."""
    return [learner, *OPPONENTS[: players - 1]]


def say(text: str, names: Sequence[str], *, markdown: bool = True) -> str:
    """A lesson text in the reader's language with its cards and names filled in (names
    made safe by ``shown``: for markdown text, or ``markdown=False`` for a label)."""
    values: dict[str, Any] = {key: card(code) for key, code in cards_named(text).items()}
    values.update({f"p{seat}": shown(name, markdown=markdown)
                   for seat, name in enumerate(names)})
    return _(text, **values)


def move_label(pos: Position, move: str, names: Sequence[str]) -> str:
    """A move in words for its button or option (``Put 8♣ in place of …``); a move the
    engine refuses is named by the lesson's own label."""
    step = pos.step
    for wrong in step.wrong if step is not None else ():
        if wrong.action == move and wrong.label:
            return truncate(say(wrong.label, names, markdown=False), 80)
    if move == "draw":
        return _("Draw")
    action = pos.engine.parse_action(pos.state, move)
    text = Event("describe", pos.engine.describe(pos.state, action)).render(labelled(names))
    words = text.split(MOVE_WORDS_GAP, 1)[-1]
    return truncate(legible(words[:1].upper() + words[1:]), 80)


def custom_id(lesson: Lesson, index: int, what: str) -> str:
    """``crl:<game>:<lesson>:<version>:<step>:<what>`` (``what``: an option's index, ``s``
    for the select, ``next``, ``quit``, ``practice``)."""
    return f"{PREFIX}:{lesson.game}:{lesson.number}:{lesson.version}:{index}:{what}"


def _title(lesson: Lesson) -> str:
    return _("{game} · lesson {number}: {title}", game=_(CATALOG[lesson.game].title),
             number=lesson.number, title=_(lesson.title))


def _happened(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    safe = shown_all(names)  # escaped and isolated: a Latin name never turns Arabic text
    lines = [e.render(safe) for e in events if e.kind not in ("deal", "hand")]
    return [f"· {line}" for line in lines[-EVENT_LINES:]]


def step_embed(pos: Position, learner: str, wrong: str | None = None, *,
               words: bool = False) -> discord.Embed:
    """The step about to be taken, with what just happened; ``wrong`` explains a wrong
    choice just made (the step is offered again); ``words``: for a learner who reads
    text instead of pictures."""
    lesson, step = pos.lesson, pos.step
    assert step is not None
    names = seat_names(learner, lesson.players)
    game = CATALOG[lesson.game]
    parts = []
    if pos.index == 0 and lesson.intro:
        parts.append(say(lesson.intro, names))
    if wrong is None:
        parts += _happened(pos.events, names)
    else:
        parts.append("✗ " + _("Not that one: {why}", why=say(wrong, names)))
    parts.append("👉 " + say(step.say, names))
    embed = discord.Embed(title=_title(lesson), description="\n\n".join(
        p for p in parts if p), colour=game.colour)
    view = pos.view()
    for field in game.look.public_fields(view, names):
        embed.add_field(name=field.name, value=field.value[:1024], inline=field.inline)
    mine = your_cards(game.look.private_text, view, names, words)
    if mine:
        embed.add_field(name=_("Your cards"), value=mine[:1024], inline=False)
    embed.set_footer(text=_(STEP_OF, step=pos.index + 1, steps=len(lesson.steps)))
    return legible_embed(said(embed) if words else embed)  # Arabic lines right to left


@dataclass(frozen=True, slots=True)
class Control:
    """One component of a step: a button, or a select with its options."""

    custom_id: str
    label: str
    primary: bool = False
    options: tuple[tuple[str, str, bool], ...] = ()  # a select's (label, value, default)
    row: int = 0


def step_controls(pos: Position, learner: str) -> list[Control]:
    """The moves on offer (the right one marked) and Quit (never marked)."""
    step: Step | None = pos.step
    assert step is not None
    names = seat_names(learner, pos.lesson.players)
    moves = options(pos)
    right = [m == step.action for m in moves]
    found: list[Control] = []
    if len(moves) <= MAX_BUTTONS:
        found += [Control(custom_id(pos.lesson, pos.index, str(i)),
                          move_label(pos, m, names), primary=right[i], row=i // 5)
                  for i, m in enumerate(moves)]
    else:
        found.append(Control(custom_id(pos.lesson, pos.index, "s"), _("Choose your move…"),
                             options=tuple((move_label(pos, m, names), str(i), right[i])
                                           for i, m in enumerate(moves))))
    found.append(Control(custom_id(pos.lesson, pos.index, "quit"), _("Quit"),
                         row=max(c.row for c in found) + 1))
    return found


def end_embed(pos: Position, learner: str, last: bool, *, words: bool = False) -> discord.Embed:
    """The summary at the end of a lesson (``words``: every card said in words)."""
    lesson = pos.lesson
    names = seat_names(learner, lesson.players)
    game = CATALOG[lesson.game]
    parts = _happened(pos.events, names)
    parts.append("✓ " + say(lesson.summary, names))
    if last:
        parts.append(_("That was the last {game} lesson: try a practice table against the "
                       "computer.", game=_(game.title)))
    embed = discord.Embed(title=_title(lesson), description="\n\n".join(parts),
                          colour=game.colour)
    summary = game.look.round_summary(pos.view(), names)
    if summary:
        embed.add_field(name=_("The round"), value=summary[:1024], inline=False)
    embed.set_footer(text=_(COMPLETE))
    return legible_embed(said(embed) if words else embed)


def end_controls(pos: Position, last: bool) -> list[Control]:
    """Next lesson, or (after the last) a practice table; the one marked control."""
    if last:
        return [Control(custom_id(pos.lesson, pos.index, "practice"),
                        _("Practice against the computer"), primary=True)]
    return [Control(custom_id(pos.lesson, pos.index, "next"),
                    _("Next lesson: {title}", title=_(_next_title(pos.lesson))), primary=True)]


def _next_title(lesson: Lesson) -> str:
    following = find(lesson.game, lesson.number + 1)
    return following.title if following is not None else lesson.title


def as_view(controls: Sequence[Control]) -> discord.ui.View:
    """The controls as a view (routed by ``cogs.learn``'s dynamic items, never stored)."""
    view = discord.ui.View(timeout=None)
    for c in controls:
        if c.options:
            view.add_item(discord.ui.Select(
                custom_id=c.custom_id, placeholder=c.label, row=c.row,
                options=[discord.SelectOption(label=label[:100], value=value, default=default)
                         for label, value, default in c.options]))
        else:
            style = discord.ButtonStyle.primary if c.primary else discord.ButtonStyle.secondary
            view.add_item(discord.ui.Button(custom_id=c.custom_id, label=c.label[:80],
                                            style=style, row=c.row))
    view.stop()
    return view


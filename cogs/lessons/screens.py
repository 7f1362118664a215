"""A lesson's step as the learner sees it: the game's own control panel at the lesson's
position (``cogs.lessons.panel``: the same buttons, labels and picture as at a
table), one lesson line on top and the control that leads to the step's move marked (a
lesson is left as any private message is: Discord's Dismiss message). At the end, the
lesson's summary and what comes next.

Only the learner's own seat view is shown (``Engine.player_view``), as at a table.

Names (the learner's own, as he chose it, and the scripted opponents') go in as typed and
are made safe once, by ``bot.render.names.shown``: the panel's own code does it for its
labels, ``say`` for the lesson's texts. A learner who reads text instead of pictures
(``/display text``) gets the picture's words in place of his cards, every card symbol of
the step said in words (``bot.discord.pictures.in_words``), and the end's cards in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.pictures import TableImages
from bot.games.protocol import DRAW_KINDS, Event
from bot.i18n import N_, _, is_rtl
from bot.learning.model import cards_named
from bot.learning.walk import LEARNER, Position
from bot.render.card_text import card, legible_embed, truncate
from bot.render.components import Step
from bot.render.names import shown, shown_all
from bot.render.text_mode import said
from cogs.lessons.panel import PREFIX, custom_id, seat_names, seat_picture, step_panel

__all__ = ["PREFIX", "as_view", "custom_id", "end_controls", "end_embed", "shown_step",
           "step_embed", "why_wrong"]

EVENT_LINES = 6  # what happened since the learner's last move, at most this many lines

STEP_OF = N_("{step}/{steps}")  # the step's place in its lesson, before the lesson line
# The hand from the step's place to its line, pointing the way the line reads (no bidi
# algorithm turns a hand: right to left, 👉 pointed back at the place)
POINTER = {False: "👉", True: "👈"}
COMPLETE = N_("Lesson complete")


def say(text: str, names: Sequence[str]) -> str:
    """A lesson text in the reader's language with its cards and names filled in (names
    as typed: each made safe here, for markdown text)."""
    values: dict[str, Any] = {key: card(code) for key, code in cards_named(text).items()}
    values.update({f"p{seat}": shown(name) for seat, name in enumerate(names)})
    return _(text, **values)


def _title(pos: Position) -> str:
    lesson = pos.lesson
    return _("{game} · lesson {number}: {title}", game=_(pos.entry.title),
             number=lesson.number, title=_(lesson.title))


# Events the end's round field tells again (how the round ended, each seat's cards and
# score): left out of what happened when the field follows.
SCORED_AGAIN = ("round_end", "hidden")


def _happened(events: Sequence[Event], names: Sequence[str], scored: bool = False) -> list[str]:
    """What happened since the learner's last move, one line a turn (a seat's move after its
    draw takes the draw's line, as a table's Recent lines do: "Nikos drew a card and
    discarded it.", not "Nikos drew a card." before it); ``scored``: the round's field
    follows, so the round's end and the face-down cards are not told twice (on a phone the
    summary and the Next button stay on the first screen)."""
    safe = shown_all(names)  # escaped and isolated: a Latin name never turns Arabic text
    lines: list[str] = []
    drawn: object = None  # the seat whose draw is the last line
    for e in events:
        if e.kind in ("deal", "hand") or (scored and e.kind in SCORED_AGAIN):
            continue
        seat = e.data.get("seat")
        if drawn is not None and seat == drawn and e.kind not in DRAW_KINDS and lines:
            lines.pop()
        lines.append(e.render(safe))
        drawn = seat if e.kind in DRAW_KINDS else None
    return [f"· {line}" for line in lines[-EVENT_LINES:]]


def step_embed(pos: Position, learner: str, wrong: str | None = None, *,
               at: Step | None = None, picture: bool = False, guild_id: int | None = None,
               ) -> tuple[discord.Embed, discord.ui.View]:
    """The step about to be taken: the game's panel with the lesson line on top;
    ``wrong`` (already in words) says why the choice just made was not the step's move
    (the step is offered again); ``at``: a step of the panel (no move made)."""
    lesson, step = pos.lesson, pos.step
    assert step is not None
    names = seat_names(learner, lesson.players)
    embed, view, _table = step_panel(pos, learner, at, picture=picture, guild_id=guild_id)
    top = []
    if wrong is not None:
        top.append("✗ " + _("Not that one: {why}", why=wrong))
    place = _(STEP_OF, step=pos.index + 1, steps=len(lesson.steps))
    top.append(f"**{place}** {POINTER[is_rtl()]} " + say(step.say, names))
    # no title nor footer: on a phone every line counts, and the picture names the game
    embed.title = None
    embed.description = truncate("\n".join(top) + "\n" + (embed.description or ""), 4096)
    return legible_embed(embed), view


def why_wrong(text: str | None, refused: str | None, pos: Position, learner: str) -> str:
    """Why a choice was not the step's move, in words."""
    if text is None:
        return refused or ""
    return say(text, seat_names(learner, pos.lesson.players))


async def shown_step(images: TableImages, pos: Position, learner: str, reader: int | None,
                     guild_id: int | None, wrong: str | None = None, at: Step | None = None,
                     ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The step with the seat's picture, as the game's panel carries it (then his cards
    are not listed again in words); a reader of text gets the picture's words."""
    embed, view = step_embed(pos, learner, wrong, at=at, guild_id=guild_id)
    _e, _v, table = step_panel(pos, learner, at, guild_id=guild_id)
    files = await seat_picture(images, table, reader, embed)
    if files:
        embed, view = step_embed(pos, learner, wrong, at=at, picture=True, guild_id=guild_id)
    return embed, view, files


@dataclass(frozen=True, slots=True)
class Control:
    """One button of a lesson's end: Next lesson or Practice."""

    custom_id: str
    label: str
    primary: bool = False
    row: int = 0


def _after_yours(events: Sequence[Event]) -> Sequence[Event]:
    """The events after the learner's own last move: the end follows the button he just
    pressed, so what he did is not told again (the lines kept for what the others did, and
    for what followed by itself: a reveal, the round's end)."""
    first = 0
    while first < len(events) and events[first].data.get("seat") == LEARNER:
        first += 1
    return events[first:]


def end_embed(pos: Position, learner: str, last: bool, *, words: bool = False) -> discord.Embed:
    """The summary at the end of a lesson (``words``: every card said in words)."""
    lesson = pos.lesson
    names = seat_names(learner, lesson.players)
    game = pos.entry
    summary = game.look.round_summary(pos.view(), names)  # it makes the names safe itself
    happened = _happened(_after_yours(pos.events), names, scored=bool(summary))
    # what happened as one block, one line a move (a blank line between moves made the end
    # of Soureh's lesson 3 688 px tall at 400 px, past a phone's first screen)
    parts = ["\n".join(happened)] if happened else []
    parts.append("✓ " + say(lesson.summary, names))
    if last:
        parts.append(_("That was the last {game} lesson: try a practice table against the "
                       "computer.", game=_(game.title)))
    embed = discord.Embed(title=_title(pos), description="\n\n".join(parts),
                          colour=game.colour)
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
                    _("Next lesson: {title}", title=_(_next_title(pos))), primary=True)]


def _next_title(pos: Position) -> str:
    lesson, found = pos.lesson, pos.entry.lessons
    return found[lesson.number].title if lesson.number < len(found) else lesson.title


def as_view(controls: Sequence[Control]) -> discord.ui.View:
    """The controls as a view (routed by ``cogs.lessons.cog``'s dynamic items, never stored)."""
    view = discord.ui.View(timeout=None)
    for c in controls:
        style = discord.ButtonStyle.primary if c.primary else discord.ButtonStyle.secondary
        view.add_item(discord.ui.Button(custom_id=c.custom_id, label=c.label[:80],
                                        style=style, row=c.row))
    view.stop()
    return view


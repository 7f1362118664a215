"""``/learn``: lessons of each game, private to the learner (ephemeral messages), on
stacked decks against scripted opponents (``bot.learning``).

custom_ids (``cogs.lessons.panel.custom_id``):
``crl:<game>:<lesson>:<version>:<step>:<what>`` — a lesson's step is rebuilt from its deck
and the moves before it, so a click works after a restart. ``<what>`` is a component of the
game's own panel (``b:<kind>[:<arg>]`` a button, ``s:<kind>[:<arg>]`` a select: a move to
judge, or a step of the panel to show), or ``next``, ``quit``, ``practice``. A lesson
changed since its message (another version) or a custom_id that does not read is answered
"out of date", privately, and nothing else happens."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import answer_once
from bot.discord.choices import game_choices
from bot.discord.installs import anywhere
from bot.discord.items import Routed, values_of
from bot.discord.parts import AppBot, app_of
from bot.i18n import N_, _
from bot.learning.catalog import lesson, lessons, next_lesson
from bot.learning.model import Lesson
from bot.learning.walk import judge, position
from bot.render.components import STEP_KINDS, Kind, Step, notation_of
from cogs.lessons.panel import lesson_table
from cogs.lessons.screens import as_view, end_controls, end_embed, shown_step, why_wrong
from storage.lessons import LessonProgressRepo

if TYPE_CHECKING:  # the games' records: the app's (bot.app reads the registry)
    from bot.games.registry import Game

log = logging.getLogger(__name__)

PLAY_COG = "PlayCog"  # i18n: not for people (the cog of /play, cogs.tables.play)


@runtime_checkable
class OpensTables(Protocol):
    """The cog that opens tables (``cogs.tables.play.PlayCog``; an extension is not imported by
    another: discord.py loads each one as its own module)."""

    async def open_table(self, interaction: discord.Interaction[Any], name: str,
                         timer: str | None, chosen: dict[str, Any]) -> None: ...

OUT_OF_DATE = N_("This lesson has changed since this message: start it again with /learn.")
CLOSED = N_("Lesson closed. `/learn` starts it again whenever you like.")
NO_SUCH_LESSON = N_("{game} has lessons 1 to {count}.")
_ID = (r"crl:(?P<game>[a-z]{1,12}):(?P<lesson>[0-9]{1,4}):(?P<version>[0-9a-f]{6}):"
       r"(?P<step>[0-9]{1,4}):")
_PANEL = r"(?P<kind>[a-z0-9]{1,12})(?::(?P<arg>[^\s]{0,80}))?"


def repo_of(interaction: discord.Interaction[Any]) -> LessonProgressRepo:
    return LessonProgressRepo(app_of(interaction).db)


def learner(interaction: discord.Interaction[Any]) -> str:
    """The learner's name as he chose it: the lesson makes it safe where it shows it
    (``bot.render.names.shown``, once)."""
    return interaction.user.display_name


def games_of(interaction: discord.Interaction[Any]) -> Mapping[str, Game]:
    """The app's games (read from the registry once, when the bot was built)."""
    return app_of(interaction).games


def _found(interaction: discord.Interaction[Any], match: re.Match[str]) -> Lesson | None:
    """The lesson a custom_id names, if it is still the same lesson and step."""
    found = lesson(match["game"], int(match["lesson"]), games_of(interaction))
    if found is None or found.version != match["version"] or \
            int(match["step"]) > len(found.steps):
        return None
    return found


async def show_step(interaction: discord.Interaction[Any], item: Lesson, index: int, *,
                    wrong: str | None = None, at: Step | None = None,
                    new: bool = False) -> None:
    """Show step ``index`` of a lesson (or its end), editing the lesson's message; ``at``
    a step of the game's panel (no move made)."""
    entry = games_of(interaction)[item.game]
    pos = position(entry, item, index)
    name = learner(interaction)
    files: list[discord.File] = []
    if pos.done:
        last = item.number == len(entry.lessons)
        await repo_of(interaction).finish(interaction.user.id, item.game, item.number)
        words = await app_of(interaction).images.reads_text(interaction.user.id)
        embed = end_embed(pos, name, last, words=words)
        view = as_view(end_controls(pos, last))
    else:
        embed, view, files = await shown_step(app_of(interaction).images, pos, name,
                                              interaction.user.id, interaction.guild_id,
                                              wrong, at)
    if new:
        await interaction.response.send_message(embed=embed, view=view, files=files,
                                                ephemeral=True)
    else:
        await interaction.response.edit_message(content=None, embed=embed, view=view,
                                                attachments=files)


async def choose(interaction: discord.Interaction[Any], item: Lesson, index: int,
                 kind: str, arg: str, values: list[str]) -> None:
    """The learner used a control of the step's panel: a step of the panel is shown, a
    move is judged (the next step, or why not)."""
    entry = games_of(interaction)[item.game]
    pos = position(entry, item, index)
    table = lesson_table(pos, learner(interaction), interaction.guild_id)
    look = entry.look
    if kind in STEP_KINDS or kind in look.steps:
        choice = values[0] if values else arg
        check = look.steps.get(kind)
        try:
            if check is not None:
                check(table, choice)
        except ValueError:
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        await show_step(interaction, item, index, at=Step(kind, choice))
        return
    if kind == Kind.ACT:
        move = values[0] if values else notation_of(arg)
    elif kind in look.notations:
        try:
            move = look.notations[kind](table, kind, arg, values)
        except (ValueError, IndexError):
            await answer_once(interaction, _(OUT_OF_DATE))
            return
    else:
        await answer_once(interaction, _(OUT_OF_DATE))
        return
    judged = judge(pos, move)
    if judged.right:
        await show_step(interaction, item, index + 1)
    else:
        log.info("Lesson %s %d: a wrong choice at step %d", item.game, item.number, index + 1)
        await show_step(interaction, item, index,
                        wrong=why_wrong(judged.why, judged.refused, pos, learner(interaction)))


class LessonButton(Routed[discord.ui.Button[Any]],
                   template=_ID + r"(?P<what>next|quit|practice|b:" + _PANEL + ")"):
    """A lesson's button: one of the game's panel, Next lesson, Practice or Quit."""

    what = "Lesson button"  # i18n: not for people (a log line)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        match = self.match
        item = _found(interaction, match)
        if item is None:
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        what, index = match["what"], int(match["step"])
        if what == "quit":
            await interaction.response.edit_message(content=_(CLOSED), embed=None, view=None)
        elif what == "next":
            following = lesson(item.game, item.number + 1, games_of(interaction))
            if following is None:
                await answer_once(interaction, _(OUT_OF_DATE))
            else:
                await show_step(interaction, following, 0)
        elif what == "practice":
            await practice(interaction, item.game)
        elif index >= len(item.steps):
            await answer_once(interaction, _(OUT_OF_DATE))
        else:
            await choose(interaction, item, index, match["kind"], match["arg"] or "", [])


class LessonSelect(Routed[discord.ui.Select[Any]], template=_ID + "s:" + _PANEL):
    """A select of the game's panel in a lesson (the right option is its default)."""

    what = "Lesson select"  # i18n: not for people (a log line)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        match = self.match
        item = _found(interaction, match)
        values = values_of(interaction)
        index = int(match["step"])
        if item is None or index >= len(item.steps) or not values:
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        await choose(interaction, item, index, match["kind"], match["arg"] or "", values)


async def practice(interaction: discord.Interaction[Any], game: str) -> None:
    """Open a practice table of ``game`` in this channel (its lobby offers computer
    seats where the server allows them); outside a server, say how."""
    play = interaction.client.get_cog(PLAY_COG) \
        if isinstance(interaction.client, AppBot) else None
    if interaction.guild_id is None or not isinstance(play, OpensTables):
        await interaction.response.send_message(
            _("Open a table in a server channel with `/play game:{game}` and add computer "
              "players in its lobby.", game=game), ephemeral=True)
        return
    await play.open_table(interaction, game, None, {})


def progress_embed(finished: dict[str, set[int]],
                   games: Mapping[str, Game]) -> discord.Embed:
    """Every game's lessons, the finished ones ticked."""
    embed = discord.Embed(title=_("Your lessons"), description=_(
        "`/learn game:` starts your next lesson; `lesson:` picks one (a finished one is "
        "played again)."))
    for name, found in lessons(games).items():
        done = finished.get(name, set())
        lines = [("✅ " if item.number in done else "▫️ ")
                 + _("{number}. {title}", number=item.number, title=_(item.title))
                 for item in found]
        embed.add_field(name=_("{game}: {done}/{count}", game=_(games[name].title),
                               done=len(done & {i.number for i in found}),
                               count=len(found)),
                        value="\n".join(lines), inline=False)
    return embed


class LearnCog(commands.Cog):
    """``/learn``."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot


def learn_cog(bot: AppBot) -> LearnCog:
    """The cog with ``/learn``, its game choices made from ``bot.games`` (read from the
    registry once, when the bot was built)."""

    class Learn(LearnCog, name="LearnCog"):  # i18n: not for people
        @anywhere
        @app_commands.command(name="learn", description=N_("Learn a game step by step, privately"))
        @app_commands.describe(game=N_("The game to learn; leave empty to see your progress"),
                               lesson=N_("The lesson's number (default: your next one)"))
        @app_commands.choices(game=game_choices(bot.games))
        async def learn(self, interaction: discord.Interaction[Any], game: str | None = None,
                        lesson: app_commands.Range[int, 1, 99] | None = None) -> None:
            """Start a lesson, or show the learner's progress."""
            finished = await repo_of(interaction).finished(interaction.user.id)
            games = games_of(interaction)
            if game is None:
                await interaction.response.send_message(embed=progress_embed(finished, games),
                                                        ephemeral=True)
                return
            found = lessons(games).get(game, ())
            number = lesson if lesson is not None else next_lesson(
                game, finished.get(game, set()), games)
            if not 1 <= number <= len(found):
                await interaction.response.send_message(_(NO_SUCH_LESSON, game=_(
                    games[game].title), count=len(found)), ephemeral=True)
                return
            await show_step(interaction, found[number - 1], 0, new=True)

    return Learn(bot)


async def setup(bot: AppBot) -> None:
    bot.add_dynamic_items(LessonButton, LessonSelect)
    await bot.add_cog(learn_cog(bot))

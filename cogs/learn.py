"""``/learn``: lessons of each game, private to the learner (ephemeral messages), on
stacked decks against scripted opponents (``bot.learning``).

custom_ids (``bot.discord.lessons.custom_id``): ``crl:<game>:<lesson>:<version>:<step>:<what>``
— a lesson's step is rebuilt from its deck and the moves before it, so a click works after
a restart; a lesson changed since its message (another version) or a custom_id that does
not read is answered "out of date", privately, and nothing else happens."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import answer_once
from bot.discord.installs import anywhere
from bot.discord.items import Routed, values_of
from bot.discord.lessons import (
    as_view,
    end_controls,
    end_embed,
    step_controls,
    step_embed,
)
from bot.discord.parts import AppBot, app_of
from bot.games.registry import CATALOG
from bot.i18n import N_, _
from bot.learning.catalog import lesson, lessons, next_lesson
from bot.learning.model import Lesson
from bot.learning.walk import judge, options, position
from bot.render.choices import game_choices
from storage.lessons import LessonProgressRepo

log = logging.getLogger(__name__)

PLAY_COG = "PlayCog"  # i18n: not for people (the cog of /play, cogs.play)


@runtime_checkable
class OpensTables(Protocol):
    """The cog that opens tables (``cogs.play.PlayCog``; an extension is not imported by
    another: discord.py loads each one as its own module)."""

    async def open_table(self, interaction: discord.Interaction[Any], name: str,
                         timer: str | None, chosen: dict[str, Any]) -> None: ...

OUT_OF_DATE = N_("This lesson has changed since this message: start it again with /learn.")
CLOSED = N_("Lesson closed. `/learn` starts it again whenever you like.")
NO_SUCH_LESSON = N_("{game} has lessons 1 to {count}.")
_ID = (r"crl:(?P<game>[a-z]{1,12}):(?P<lesson>[0-9]{1,4}):(?P<version>[0-9a-f]{6}):"
       r"(?P<step>[0-9]{1,4}):")


def repo_of(interaction: discord.Interaction[Any]) -> LessonProgressRepo:
    return LessonProgressRepo(app_of(interaction).db)


def learner(interaction: discord.Interaction[Any]) -> str:
    """The learner's name as he chose it: the lesson makes it safe where it shows it
    (``bot.render.names.shown``, once)."""
    return interaction.user.display_name


def _found(match: re.Match[str]) -> Lesson | None:
    """The lesson a custom_id names, if it is still the same lesson and step."""
    found = lesson(match["game"], int(match["lesson"]))
    if found is None or found.version != match["version"] or \
            int(match["step"]) > len(found.steps):
        return None
    return found


async def show_step(interaction: discord.Interaction[Any], item: Lesson, index: int, *,
                    wrong: str | None = None, new: bool = False) -> None:
    """Show step ``index`` of a lesson (or its end), editing the lesson's message."""
    pos = position(item, index)
    name = learner(interaction)
    words = await app_of(interaction).images.reads_text(interaction.user.id)
    if pos.done:
        last = item.number == len(lessons()[item.game])
        await repo_of(interaction).finish(interaction.user.id, item.game, item.number)
        embed = end_embed(pos, name, last, words=words)
        view = as_view(end_controls(pos, last))
    else:
        embed = step_embed(pos, name, wrong, words=words)
        view = as_view(step_controls(pos, name))
    if new:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
    else:
        await interaction.response.edit_message(content=None, embed=embed, view=view)


async def choose(interaction: discord.Interaction[Any], item: Lesson, index: int,
                 choice: int) -> None:
    """The learner chose the step's option ``choice``: the next step, or why not."""
    pos = position(item, index)
    moves = options(pos)
    if not 0 <= choice < len(moves):
        await answer_once(interaction, _(OUT_OF_DATE))
        return
    judged = judge(pos, moves[choice])
    if judged.right:
        await show_step(interaction, item, index + 1)
    else:
        log.info("Lesson %s %d: a wrong choice at step %d", item.game, item.number, index + 1)
        await show_step(interaction, item, index, wrong=judged.why)


class LessonButton(Routed[discord.ui.Button[Any]],
                   template=_ID + r"(?P<what>[0-9]{1,2}|next|quit|practice)"):
    """A lesson's button: a move, Next lesson, Practice or Quit."""

    what = "Lesson button"  # i18n: not for people (a log line)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        match = self.match
        item = _found(match)
        if item is None:
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        what, index = match["what"], int(match["step"])
        if what == "quit":
            await interaction.response.edit_message(content=_(CLOSED), embed=None, view=None)
        elif what == "next":
            following = lesson(item.game, item.number + 1)
            if following is None:
                await answer_once(interaction, _(OUT_OF_DATE))
            else:
                await show_step(interaction, following, 0)
        elif what == "practice":
            await practice(interaction, item.game)
        elif index >= len(item.steps):
            await answer_once(interaction, _(OUT_OF_DATE))
        else:
            await choose(interaction, item, index, int(what))


class LessonSelect(Routed[discord.ui.Select[Any]], template=_ID + "s"):
    """A lesson's select of many moves (the right one is its default)."""

    what = "Lesson select"  # i18n: not for people (a log line)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        match = self.match
        item = _found(match)
        values = values_of(interaction)
        index = int(match["step"])
        if item is None or index >= len(item.steps) or len(values) != 1 or \
                not str(values[0]).isdigit():
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        await choose(interaction, item, index, int(values[0]))


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


def progress_embed(finished: dict[str, set[int]]) -> discord.Embed:
    """Every game's lessons, the finished ones ticked."""
    embed = discord.Embed(title=_("Your lessons"), description=_(
        "`/learn game:` starts your next lesson; `lesson:` picks one (a finished one is "
        "played again)."))
    for name, found in lessons().items():
        done = finished.get(name, set())
        lines = [("✅ " if item.number in done else "▫️ ")
                 + _("{number}. {title}", number=item.number, title=_(item.title))
                 for item in found]
        embed.add_field(name=_("{game}: {done}/{count}", game=_(CATALOG[name].title),
                               done=len(done & {i.number for i in found}),
                               count=len(found)),
                        value="\n".join(lines), inline=False)
    return embed


class LearnCog(commands.Cog):
    """``/learn``."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name="learn", description=N_("Learn a game step by step, privately"))
    @app_commands.describe(game=N_("The game to learn; leave empty to see your progress"),
                           lesson=N_("The lesson's number (default: your next one)"))
    @app_commands.choices(game=game_choices())
    async def learn(self, interaction: discord.Interaction[Any], game: str | None = None,
                    lesson: app_commands.Range[int, 1, 99] | None = None) -> None:
        """Start a lesson, or show the learner's progress."""
        finished = await repo_of(interaction).finished(interaction.user.id)
        if game is None:
            await interaction.response.send_message(embed=progress_embed(finished),
                                                    ephemeral=True)
            return
        found = lessons().get(game, ())
        number = lesson if lesson is not None else next_lesson(game, finished.get(game, set()))
        if not 1 <= number <= len(found):
            await interaction.response.send_message(_(NO_SUCH_LESSON, game=_(
                CATALOG[game].title), count=len(found)), ephemeral=True)
            return
        await show_step(interaction, found[number - 1], 0, new=True)


async def setup(bot: AppBot) -> None:
    bot.add_dynamic_items(LessonButton, LessonSelect)
    await bot.add_cog(LearnCog(bot))

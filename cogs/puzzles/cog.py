"""``/puzzle``: a position from a finished game where the hard player found one move clearly
best (``bot.learning.puzzles``), shown privately as that seat saw it — only what the table
showed and that seat's own cards; the player picks a move and is told in one line whether
it was the best, and why.

Puzzles are found in finished games (of any server: seats are shown as numbers, no names;
newest first, up to two games searched per ``/puzzle`` while fewer than :data:`ENOUGH` are
stored), off the event loop. custom_id: ``crp:<puzzle id>:<move>``; a puzzle is stored, so
it answers after a restart; an id that does not read or names no puzzle is answered "out
of date"."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import answer_once
from bot.discord.choices import game_choices
from bot.discord.installs import anywhere
from bot.discord.items import Routed
from bot.discord.parts import AppBot, app_of
from bot.i18n import N_, _
from bot.learning import puzzles
from bot.learning.puzzles import Puzzle, move_words, offered, verdict
from bot.render.alt.words import spoken
from bot.render.card_text import legible, legible_embed, truncate
from bot.render.names import labelled, shown_all
from bot.render.text_mode import said, your_cards
from storage.puzzles import PuzzleRepo, StoredPuzzle

if TYPE_CHECKING:  # the games' records: the app's (bot.app reads the registry)
    from bot.games.registry import Game

log = logging.getLogger(__name__)

ENOUGH = 200  # stored puzzles of a game beyond which no more games are searched
GAMES_A_CALL = 2  # finished games searched at most by one /puzzle (each up to 6 s)
NONE_YET = N_("No {game} puzzle yet: puzzles come from finished games. Play one and ask "
              "again.")
OUT_OF_DATE = N_("This puzzle is out of date.")
PREFIX = "crp"
LABEL_LIMIT = 80  # Discord cuts a button's label there


def repo_of(interaction: discord.Interaction[Any]) -> PuzzleRepo:
    return PuzzleRepo(app_of(interaction).db)


def seat_names(puzzle: Puzzle, learner: str) -> list[str]:
    """The puzzler's own name (as he chose it: made safe where it is shown, once) at his
    seat; the others as "Seat 2" and so on."""
    return [learner if seat == puzzle.seat else _("Seat {number}", number=seat + 1)
            for seat in range(puzzle.players)]


def games_of(interaction: discord.Interaction[Any]) -> Mapping[str, Game]:
    """The app's games (read from the registry once, when the bot was built)."""
    return app_of(interaction).games


async def search(repo: PuzzleRepo, entry: Game, *,
                 seconds: float = puzzles.SEARCH_SECONDS) -> None:
    """Search the newest finished games of ``entry`` not searched yet (off the event loop),
    up to :data:`GAMES_A_CALL` of them, until one gives a puzzle; each game's search thinks
    at most ``seconds`` (wall clock: a busy machine finds fewer puzzles, never a late one)."""
    game = entry.name
    for found in await repo.unsearched(game, GAMES_A_CALL):
        seats = found.humans or tuple(range(found.players))
        try:
            result = await asyncio.to_thread(
                puzzles.find, entry.engine, found.players, found.seed, found.variant, found.actions,
                seats, random.Random(found.table_id), seconds=seconds)
        except Exception:  # a log the engine no longer reads: no puzzle from it
            log.warning("Table %s could not be searched for a puzzle", found.table_id,
                        exc_info=True)
            result = None
        stored = [] if result is None else [(result[0], result[1].seat, result[1].to_json())]
        await repo.searched(found.table_id, game, stored)
        if stored:
            return


def button_labels(entry: Game, puzzle: Puzzle, state: Any, view: Any,
                  names: list[str]) -> list[str]:
    """The moves on offer as the game's own panel buttons word them ("Keep 2 · 3♠ out",
    "9♦ takes 9♠", "Ask Seat 2 for Q♥"): short enough for a phone, one per move; a game
    whose look has no such words gives the engine's description of the move. Within
    Discord's 80 characters."""
    label = entry.look.move_label
    shown = labelled(names)
    engine = entry.engine
    return [truncate(legible(
        label(view, engine.parse_action(state, move), shown) if label is not None
        else move_words(engine, state, move, shown)), LABEL_LIMIT)
        for move in offered(puzzle)]


def puzzle_message(entry: Game, stored: StoredPuzzle, learner: str, *,
                   words: bool = False) -> tuple[discord.Embed, discord.ui.View]:
    """The position of ``entry``'s puzzle as the puzzler's seat saw it, and its moves as
    buttons (none marked); ``words``: his cards and every card on show in words (he reads
    text, not pictures)."""
    puzzle = Puzzle.from_json(stored.data)
    state = puzzle.state(entry.engine)
    names = seat_names(puzzle, learner)
    game = entry
    view = entry.engine.player_view(state, puzzle.seat)
    embed = discord.Embed(
        title=_("{game} puzzle", game=_(game.title)),
        description=_("From a real game: it is your move. Which one is best?"),
        colour=game.colour)
    for field in game.look.public_fields(view, names):
        embed.add_field(name=field.name, value=field.value[:1024], inline=field.inline)
    mine = your_cards(game, view, names, words)
    embed.add_field(name=_("Your cards"), value=mine[:1024], inline=False)
    if words:
        said(embed)
    legible_embed(embed)  # every line right to left in Arabic, its cards one unit each
    buttons = discord.ui.View(timeout=None)
    for i, label in enumerate(button_labels(entry, puzzle, state, view, names)):
        buttons.add_item(discord.ui.Button(
            custom_id=f"{PREFIX}:{stored.id}:{i}", style=discord.ButtonStyle.secondary,
            label=label))
    buttons.stop()
    return embed, buttons


class PuzzleButton(Routed[discord.ui.Button[Any]],
                   template=r"crp:(?P<id>[0-9]{1,18}):(?P<move>[0-9]{1,2})"):
    """One move of a puzzle."""

    what = "Puzzle button"  # i18n: not for people

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await self._answer(interaction, int(self.match["id"]), int(self.match["move"]))

    @staticmethod
    async def _answer(interaction: discord.Interaction[Any], puzzle_id: int, move: int) -> None:
        stored = await repo_of(interaction).get(puzzle_id)
        puzzle = Puzzle.from_json(stored.data) if stored is not None else None
        entry = games_of(interaction).get(puzzle.game) if puzzle is not None else None
        if stored is None or puzzle is None or entry is None or \
                not 0 <= move < len(puzzle.moves):
            await answer_once(interaction, _(OUT_OF_DATE))
            return
        state = puzzle.state(entry.engine)
        learner = interaction.user.display_name
        right, why = verdict(entry.engine, puzzle, state, offered(puzzle)[move],
                             shown_all(seat_names(puzzle, learner)))
        words = await app_of(interaction).images.reads_text(interaction.user.id)
        embed, _buttons = puzzle_message(entry, stored, learner, words=words)
        embed.description = legible(("✓ " if right else "✗ ") + (spoken(why) if words else why))
        await interaction.response.edit_message(embed=embed, view=None)


class PuzzleCog(commands.Cog):
    """``/puzzle``."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot


def puzzle_cog(bot: AppBot) -> PuzzleCog:
    """The cog with ``/puzzle``, its game choices made from ``bot.games`` (read from the
    registry once, when the bot was built)."""

    class Puzzle(PuzzleCog, name="PuzzleCog"):  # i18n: not for people
        @anywhere
        @app_commands.command(name="puzzle",
                              description=N_("A position from a real game: find the best move"))
        @app_commands.describe(game=N_("The game of the puzzle"))
        @app_commands.choices(game=game_choices(bot.games))
        async def puzzle(self, interaction: discord.Interaction[Any], game: str) -> None:
            """Show a puzzle of ``game`` privately (searching a finished game for more first)."""
            await interaction.response.defer(ephemeral=True, thinking=True)
            repo = repo_of(interaction)
            entry = games_of(interaction)[game]
            if await repo.count(game) < ENOUGH:
                await search(repo, entry)
            stored = await repo.pick(game, random.randrange(1 << 30))
            if stored is None:
                await interaction.followup.send(_(NONE_YET, game=_(entry.title)),
                                                ephemeral=True)
                return
            words = await app_of(interaction).images.reads_text(interaction.user.id)
            embed, view = puzzle_message(entry, stored, interaction.user.display_name,
                                         words=words)
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    return Puzzle(bot)


async def setup(bot: AppBot) -> None:
    bot.add_dynamic_items(PuzzleButton)
    await bot.add_cog(puzzle_cog(bot))
